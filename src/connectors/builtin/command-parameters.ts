import { z } from 'zod';
import type { ConnectorResult, JsonSchema } from '../handler.js';
import { describeIssues, failure } from './handler-results.js';

/**
 * A built-in command's parameters are defined once, as a zod schema: it parses them in the handler
 * and its JSON Schema form is what the command's `CommandSpec` publishes.
 */

/** The JSON Schema of what a caller may send (`io: 'input'`: defaults make fields optional). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; result: ConnectorResult };

/** Parameters parsed by `schema`, or an `invalid_parameters` failure naming paths (never values). */
export function parseParameters<T extends z.ZodType>(
  schema: T,
  parameters: unknown,
  secrets: readonly string[] = [],
): Parsed<z.output<T>> {
  const parsed = schema.safeParse(parameters);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, result: failure('invalid_parameters', describeIssues(parsed.error.issues), secrets) };
}
