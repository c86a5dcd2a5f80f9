/**
 * What the editor builds steps from: the step types (`GET /api/workflows/step-types`, OpenAPI
 * `StepTypes`), and, for those who may read them, the connectors with their commands and the
 * handlers' parameter schemas (`GET /api/connectors`, `GET /api/connectors/handlers`).
 */
import type { Schema } from '../../api/client';
import { useApiGet } from '../../components/async';
import { useCan } from '../../session/me';
import type { ConnectorHandler, JsonSchema } from '../connectors/connector-types';

export type StepTypeInfo = Schema<'StepTypes'>['stepTypes'][number];

export interface ConnectorCatalogue {
  connectors: Array<Schema<'Connector'>>;
  handlers: ConnectorHandler[];
}

/** The connectors a step may name, or null without `connector:read` (names are then typed). */
export function useConnectorCatalogue(): ConnectorCatalogue | null {
  const can = useCan();
  const readable = can('connector:read');
  const connectors = useApiGet(readable ? '/api/connectors' : null, {
    query: { pageSize: 100, sortBy: 'name', sortOrder: 'asc' },
  });
  const handlers = useApiGet(readable ? '/api/connectors/handlers' : null);
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
