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

/**
 * Checks command parameters against their JSON Schema (filling schema defaults in place).
 * Returns a readable list of problems, or undefined when the parameters are fine. A schema ajv
 * cannot compile (an unresolvable `$ref`, say) is a problem too, never an exception.
 */
export function parameterProblems(schema: JsonSchema, parameters: Record<string, unknown>): string | undefined {
  let validate: ValidateFunction;
  try {
    validate = validatorOf(schema);
  } catch (error) {
    return `the command's parameter schema cannot be used (${error instanceof Error ? error.message : String(error)})`;
  }
  if (validate(parameters)) return undefined;
  return (validate.errors ?? [])
    .map(
      (error) =>
        `${error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : 'parameters'} ${error.message ?? 'is invalid'}`,
    )
    .join('; ');
}
