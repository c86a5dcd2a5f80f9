import { Ajv, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
import type { JsonSchema } from './handler.js';

// ajv-formats is CommonJS with `exports.default`; under NodeNext its callable sits on `.default`.
const addFormats = formats.default;

const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false });
addFormats(ajv);
const compiled = new WeakMap<JsonSchema, ValidateFunction>();

/**
 * Checks command parameters against their JSON Schema (filling schema defaults in place).
 * Returns a readable list of problems, or undefined when the parameters are fine.
 */
export function parameterProblems(schema: JsonSchema, parameters: Record<string, unknown>): string | undefined {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(parameters)) return undefined;
  return (validate.errors ?? [])
    .map(
      (error) =>
        `${error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : 'parameters'} ${error.message ?? 'is invalid'}`,
    )
    .join('; ');
}
