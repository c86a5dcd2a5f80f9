/**
 * The JSON Schema pattern of text without the NUL character. Every request refuses NUL in its path,
 * query and JSON body (middleware/input-limits.ts: PostgreSQL text cannot hold it), so the
 * description says so on each request string; clients and test generators then know it in advance.
 */
export const NUL_FREE_PATTERN = '^[^\\u0000]*$';

type Schema = Record<string, unknown>;
type Operation = {
  parameters?: Array<{ schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

const COMPONENT_PREFIX = '#/components/schemas/';
const COMBINATIONS = ['allOf', 'anyOf', 'oneOf'] as const;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Adds NUL_FREE_PATTERN to every free-form string of the requests of a generated OpenAPI document
 * (parameters and bodies, through the components they refer to), in place. Strings with a format,
 * an enum or a pattern of their own are left alone: they admit no NUL already.
 */
export function markRequestStringsNulFree(document: object): void {
  const { paths, components: { schemas: components = {} } = {} } = document as {
    paths?: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, Schema> };
  };
  const visitedComponents = new Set<string>();
  const visit = (schema: unknown): void => {
    if (!isSchema(schema)) return;
    const reference = schema.$ref;
    if (typeof reference === 'string' && reference.startsWith(COMPONENT_PREFIX)) {
      const name = reference.slice(COMPONENT_PREFIX.length);
      if (visitedComponents.has(name)) return;
      visitedComponents.add(name);
      return visit(components[name]);
    }
    if (schema.type === 'string' && !('format' in schema) && !('enum' in schema) && !('pattern' in schema)) {
      schema.pattern = NUL_FREE_PATTERN;
    }
    if (isSchema(schema.properties)) Object.values(schema.properties).forEach(visit);
    visit(schema.items);
    visit(schema.additionalProperties);
    for (const combination of COMBINATIONS) {
      const parts = schema[combination];
      if (Array.isArray(parts)) parts.forEach(visit);
    }
  };
  for (const item of Object.values(paths ?? {})) {
    for (const operation of Object.values(item)) {
      for (const parameter of operation.parameters ?? []) visit(parameter.schema);
      for (const media of Object.values(operation.requestBody?.content ?? {})) visit(media.schema);
    }
  }
}
