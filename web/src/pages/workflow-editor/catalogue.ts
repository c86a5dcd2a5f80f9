/**
 * What the editor builds steps from: the step types (`GET /api/workflows/step-types`, OpenAPI
 * `StepTypes`), and, for those who may read them, the connectors with their commands and the
 * handlers' parameter schemas (`GET /api/connectors`, `GET /api/connectors/handlers`).
 */
import type { Page } from '../../components/Pagination';
import { useApiGet } from '../../components/async';
import { useCan } from '../../session/me';
import type { ConnectorHandler, JsonSchema } from '../connectors/connector-types';

export interface StepTypeInfo {
  type: string;
  description: string;
  outcomes: string[];
  configSchema: JsonSchema;
}

export interface StepTypes {
  transitionOutcomes: string[];
  stepTypes: StepTypeInfo[];
}

export interface ConnectorCommandDeclaration {
  description?: string;
  parameters?: JsonSchema;
}

export interface ConnectorSummary {
  name: string;
  type: string;
  description: string;
  configSchema: { commands: Record<string, ConnectorCommandDeclaration> };
}

export interface ConnectorCatalogue {
  connectors: ConnectorSummary[];
  handlers: ConnectorHandler[];
}

/** The connectors a step may name, or null without `connector:read` (names are then typed). */
export function useConnectorCatalogue(): ConnectorCatalogue | null {
  const can = useCan();
  const readable = can('connector:read');
  const connectors = useApiGet<Page<ConnectorSummary>>(
    readable ? '/api/connectors?pageSize=100&sortBy=name&sortOrder=asc' : null,
  );
  const handlers = useApiGet<ConnectorHandler[]>(readable ? '/api/connectors/handlers' : null);
  if (!connectors.data || !handlers.data) return null;
  return { connectors: connectors.data.data, handlers: handlers.data };
}

/**
 * A command's parameter schema: the connector's own declaration, else its handler's (the one a
 * run's call is checked against when the connector declares none).
 */
export function parameterSchemaOf(
  catalogue: ConnectorCatalogue,
  connectorName: string,
  command: string,
): JsonSchema | undefined {
  const connector = catalogue.connectors.find((candidate) => candidate.name === connectorName);
  if (!connector) return undefined;
  const declared = Object.hasOwn(connector.configSchema.commands, command)
    ? connector.configSchema.commands[command]
    : undefined;
  if (declared?.parameters) return declared.parameters;
  const handler = catalogue.handlers.find((candidate) => candidate.name === connector.type);
  return handler && Object.hasOwn(handler.commands, command) ? handler.commands[command]?.parameters : undefined;
}
