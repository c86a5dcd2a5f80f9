import { Ajv, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
/** A JSON Schema document, as connectors declare their commands' parameters. */
type JsonSchema = Record<string, unknown>;

// ajv-formats is CommonJS with `exports.default`; under NodeNext its callable sits on `.default`.
const addFormats = formats.default;

const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false });
addFormats(ajv);

/**
 * Compiled validators by the text of their schema. A connector's schema is read afresh from the
 * database for each call, so caching by object would compile (and ajv would keep) one validator
 * per call; by text, each schema is compiled once. Bounded, the oldest leaving ajv's own cache too.
 */
const MAX_COMPILED_SCHEMAS = 500;
const compiled = new Map<string, { schema: JsonSchema; validate: ValidateFunction }>();

/** Why `schema` cannot check parameters (not a JSON Schema ajv can compile), or undefined. */
export function parameterSchemaProblem(schema: JsonSchema): string | undefined {
  return ajv.validateSchema(schema) ? undefined : ajv.errorsText(ajv.errors, { dataVar: 'schema' });
}

function validatorOf(schema: JsonSchema): ValidateFunction {
  const key = JSON.stringify(schema);
  const known = compiled.get(key);
  if (known) return known.validate;
  const validate = ajv.compile(schema);
  if (compiled.size >= MAX_COMPILED_SCHEMAS) {
    const [oldestKey, oldest] = compiled.entries().next().value!;
    compiled.delete(oldestKey);
    ajv.removeSchema(oldest.schema);
  }
  compiled.set(key, { schema, validate });
  return validate;
}

/** One finding of a parameter schema: where (path segments below the parameters), which keyword, what. */
export interface ParameterError {
  path: string[];
  keyword: string;
  /** The schema keywords the finding comes through (`anyOf`, `properties`, ...), outermost first. */
  schemaPath: string[];
  message: string;
}

/**
 * The findings of `schema` on `parameters` (filling schema defaults in place), empty when they are
 * fine; a schema ajv cannot compile (an unresolvable `$ref`, say) is a string saying so, never an
 * exception. Each finding names the parameter it is about where ajv knows it.
 */
export function parameterErrors(schema: JsonSchema, parameters: Record<string, unknown>): ParameterError[] | string {
  let validate: ValidateFunction;
  try {
    validate = validatorOf(schema);
  } catch (error) {
    return `the command's parameter schema cannot be used (${error instanceof Error ? error.message : String(error)})`;
  }
  if (validate(parameters)) return [];
  return (validate.errors ?? []).map((error) => {
    const path = error.instancePath ? error.instancePath.slice(1).split('/').map(unescapePointer) : [];
    const where = path.length > 0 ? path.join('.') : 'parameters';
    // ajv's message names a missing property but not an extra one.
    const extra = (error.params as { additionalProperty?: unknown }).additionalProperty;
    const message = `${where} ${error.message ?? 'is invalid'}${typeof extra === 'string' ? ` (${extra})` : ''}`;
    return { path, keyword: error.keyword, schemaPath: error.schemaPath.split('/').slice(1), message };
  });
}

const unescapePointer = (segment: string) => segment.replaceAll('~1', '/').replaceAll('~0', '~');

/**
 * Checks command parameters against their JSON Schema (filling schema defaults in place).
 * Returns a readable list of problems, or undefined when the parameters are fine.
 */
export function parameterProblems(schema: JsonSchema, parameters: Record<string, unknown>): string | undefined {
  const errors = parameterErrors(schema, parameters);
  if (typeof errors === 'string') return errors;
  return errors.length === 0 ? undefined : errors.map((error) => error.message).join('; ');
}

/**
 * The parameter names a schema declares (its top-level `properties`), or undefined when it admits
 * others: `additionalProperties` allowing them explicitly, or `patternProperties`. A schema that
 * declares names and says nothing of others is read as closed, so a misspelt name is caught.
 */
export function declaredParameterNames(schema: JsonSchema): ReadonlySet<string> | undefined {
  const properties = schema.properties;
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) return undefined;
  const others = schema.additionalProperties;
  if ((others !== undefined && others !== false) || schema.patternProperties !== undefined) return undefined;
  return new Set(Object.keys(properties));
}
