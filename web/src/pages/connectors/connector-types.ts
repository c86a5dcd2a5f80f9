/** The shapes of the connector routes (OpenAPI schemas Connector and ConnectorHandler). */

export interface ConnectorDetail {
  id: string;
  name: string;
  type: string;
  description: string;
  version: string;
  config: Record<string, unknown>;
  secretKeys: string[];
  enabled: boolean;
  executionModel: 'built_in' | 'custom';
  managedBySystem: boolean;
  warnings: string[];
  createdAt: string;
  updatedAt: string;
}

/** JSON Schema as `GET /api/connectors/handlers` answers it. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  default?: unknown;
  description?: string;
  anyOf?: JsonSchema[];
}

export interface HandlerCommand {
  description: string;
  idempotent: boolean;
  syncCapable: boolean;
  writes: boolean;
  parameters: JsonSchema;
}

export interface ConnectorHandler {
  name: string;
  version: string;
  description: string;
  executionModel: 'built_in' | 'custom';
  defaultCommand: string;
  commands: Record<string, HandlerCommand>;
  settings: { schema: JsonSchema; secrets: string[] } | null;
}

export interface ConnectorTestResult {
  success: boolean;
  latencyMs: number;
  error?: string;
}
