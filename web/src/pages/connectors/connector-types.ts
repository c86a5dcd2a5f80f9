/** The shapes of the connector routes (OpenAPI schemas Connector and ConnectorHandler). */
import type { ResponseOf, Schema } from '../../api/client';

export type ConnectorDetail = Schema<'Connector'>;
export type ConnectorHandler = Schema<'ConnectorHandler'>;
export type ConnectorTestResult = ResponseOf<'POST', '/api/connectors/{id}/test'>;

/** JSON Schema as the console reads it: the handlers' settings and parameters, the step types' config. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  default?: unknown;
  description?: string;
  anyOf?: JsonSchema[];
}

/**
 * The parts of `value` the console reads as JSON Schema, each kept only when it has the right
 * shape: the API declares its JSON Schemas as plain objects.
 */
export function jsonSchemaOf(value: unknown): JsonSchema {
  if (!isRecord(value)) return {};
  const schema: JsonSchema = {};
  const { type, properties, required, enum: choices, description, anyOf } = value;
  if (typeof type === 'string' || isStringList(type)) schema.type = type;
  if (isRecord(properties))
    schema.properties = Object.fromEntries(
      Object.entries(properties).map(([name, part]) => [name, jsonSchemaOf(part)]),
    );
  if (isStringList(required)) schema.required = required;
  if (Array.isArray(choices)) schema.enum = choices;
  if ('default' in value) schema.default = value.default;
  if (typeof description === 'string') schema.description = description;
  if (Array.isArray(anyOf)) schema.anyOf = anyOf.map(jsonSchemaOf);
  return schema;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
