/**
 * A JSON Schema as the tool list shows it: without what a model does not need and every session
 * pays for in its context. `$schema` is the same for every tool; a `pattern` beside a `format`
 * (zod writes the whole UUID and date-time regular expressions) says nothing the format does not;
 * `additionalProperties: {}`, `propertyNames: { type: "string" }` and the safe-integer bounds are
 * what JSON Schema assumes anyway; and the bounds of numbers and of the length of strings and
 * arrays are left to validation, whose error names the bound.
 */
const LEFT_OUT = new Set(['$schema', 'minLength', 'maxLength', 'minItems', 'maxItems', 'minimum', 'maximum']);

const isEmptySchema = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;

function leftOut(key: string, value: unknown, node: Record<string, unknown>): boolean {
  if (LEFT_OUT.has(key)) return true;
  if (key === 'pattern') return typeof node.format === 'string';
  if (key === 'additionalProperties') return isEmptySchema(value);
  if (key === 'propertyNames') return JSON.stringify(value) === '{"type":"string"}';
  return false;
}

export function compactJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(compactJsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const node = schema as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !leftOut(key, value, node))
      .map(([key, value]) => [key, compactJsonSchema(value)]),
  );
}
