import type { Database, DatabaseClient } from '../../db/client.js';
import type { Connector } from '../../db/generated/client.js';
import type { RunnableConnector } from '../../connectors/execute-command.js';
import type { ConnectorHandler } from '../../connectors/handler.js';
import type { HandlerRegistry } from '../../connectors/registry.js';
import type { ConnectorRuntime } from '../../connectors/runtime.js';
import { jsonObject } from '../../domain/common.js';
import { configSchemaSchema, type ConnectorConfigSchema } from '../../domain/connector.js';
import { openSecrets } from '../../connectors/secret-box.js';
import { secretTextsOf } from '../../connectors/secret-scrubber.js';
import { AppError, notFound } from '../../errors/index.js';
import { fetchPage, sortedById, type SortedPageQuery } from '../../domain/pagination.js';
import { containsIgnoringCase } from '../../domain/text-match.js';
import { linkedUserRecords } from '../sync/linked-user-record.js';
import { connectorAccounts } from './connector-accounts.js';

/** The configSchema a connector of `handler`'s type gets when none is given: all its commands. */
export function configSchemaOf(handler: ConnectorHandler): ConnectorConfigSchema {
  return {
    commands: Object.fromEntries(
      Object.entries(handler.commands).map(([name, spec]) => [
        name,
        {
          description: spec.description,
          parameters: spec.parameters,
          idempotent: spec.idempotent,
          ...(spec.syncCapable ? { syncCapable: true } : {}),
        },
      ]),
    ),
  };
}

/** A connector as the API shows it: secret names, never secret values. */
export function toConnectorView(row: Connector, registry: HandlerRegistry) {
  const config = jsonObject.parse(row.config);
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    description: row.description,
    version: row.version,
    configSchema: configSchemaSchema.parse(row.configSchema),
    config,
    secretKeys: row.secretKeys,
    enabled: row.enabled,
    executionModel: row.executionModel,
    managedBySystem: row.managedBySystem,
    warnings: registry.get(row.type)?.handler.configWarnings?.(config) ?? [],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export type ConnectorView = ReturnType<typeof toConnectorView>;

export async function loadConnector(db: DatabaseClient, id: string): Promise<Connector> {
  const row = await db.connector.findUnique({ where: { id } });
  if (!row) throw notFound('Connector');
  return row;
}

/** The connector's secrets, decrypted; a clear error when the key is missing or wrong. */
export function secretsOf(row: Connector, runtime: ConnectorRuntime): Record<string, unknown> {
  if (!row.sealedSecrets) return {};
  if (!runtime.secretKey) {
    throw new AppError('service_unavailable', `Connector ${row.name} has secrets but CONNECTOR_SECRET_KEY is not set`);
  }
  return openSecrets(row.sealedSecrets, runtime.secretKey);
}

/**
 * What the execution layer needs: declared commands, the full connection settings, and the lookup
 * of the records its users are linked to and its account links (read from `db` when a command asks).
 */
export function runnableConnector(db: DatabaseClient, row: Connector, runtime: ConnectorRuntime): RunnableConnector {
  const secrets = secretsOf(row, runtime);
  return {
    name: row.name,
    enabled: row.enabled,
    commands: configSchemaSchema.parse(row.configSchema).commands,
    connection: { ...jsonObject.parse(row.config), ...secrets },
    secrets: secretTextsOf(secrets),
    linkedUserRecord: linkedUserRecords(db, row.id),
    accounts: connectorAccounts(db, row.id),
  };
}

/** A page of connectors, filtered by type and enabled, matched on the name with `search`. */
export function listConnectors(
  db: Database,
  registry: HandlerRegistry,
  query: SortedPageQuery & { type?: string; enabled?: boolean; search?: string },
) {
  const where = {
    type: query.type,
    enabled: query.enabled,
    name: query.search ? containsIgnoringCase(query.search) : undefined,
  };
  return fetchPage(
    query,
    async (window) =>
      (await db.connector.findMany({ where, orderBy: sortedById(query), ...window })).map((row) =>
        toConnectorView(row, registry),
      ),
    () => db.connector.count({ where }),
  );
}
