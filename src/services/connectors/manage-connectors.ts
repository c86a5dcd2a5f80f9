import { jsonColumn, Prisma, type Database, type DatabaseClient } from '../../db/client.js';
import type { Connector } from '../../db/generated/client.js';
import { executeConnectorCommand } from '../../connectors/execute-command.js';
import type { ConnectorRuntime } from '../../connectors/runtime.js';
import type { ConnectorHandler } from '../../connectors/handler.js';
import { sealSecrets } from '../../connectors/secret-box.js';
import { jsonObject } from '../../domain/common.js';
import type { ConnectorConfigSchema } from '../../domain/connector.js';
import { conflict, isAppError, validationFailed } from '../../errors/index.js';
import { auditChange, type Caller } from '../caller.js';
import { invalidateCache } from '../sync/record-cache.js';
import { withUniqueName } from '../unique-names.js';
import {
  configSchemaOf,
  loadConnector,
  runnableConnector,
  secretsOf,
  toConnectorView,
  type ConnectorView,
} from './connector-record.js';
import { normalizedConfig, refuseUrlSettingsInSecrets } from './connector-urls.js';
import { destinationsOf, requireSecretsForNewDestinations } from './credential-destinations.js';

export interface ConnectorInput {
  name: string;
  type: string;
  description?: string;
  version?: string;
  configSchema?: ConnectorConfigSchema;
  config?: Record<string, unknown>;
  /** Secret settings to set; a null value removes that setting. */
  secrets?: Record<string, unknown>;
  enabled?: boolean;
  executionModel?: 'built_in' | 'custom';
}

/** The handler for `type`, checked against the declared execution model and command list. */
function checkedHandler(
  runtime: ConnectorRuntime,
  input: Pick<ConnectorInput, 'type' | 'executionModel' | 'configSchema'>,
) {
  const registered = runtime.registry.get(input.type);
  if (!registered) {
    const available = runtime.registry
      .list()
      .map((entry) => entry.handler.name)
      .join(', ');
    throw validationFailed(`No connector handler named "${input.type}"; available: ${available}`, { field: 'type' });
  }
  if (input.executionModel && input.executionModel !== registered.origin) {
    throw validationFailed(
      `Handler "${input.type}" is ${registered.origin}; executionModel must be ${registered.origin}`,
      {
        field: 'executionModel',
      },
    );
  }
  const unknown = Object.keys(input.configSchema?.commands ?? {}).filter(
    (name) => !Object.hasOwn(registered.handler.commands, name),
  );
  if (unknown.length > 0) {
    throw validationFailed(`Handler "${input.type}" does not implement: ${unknown.join(', ')}`, {
      field: 'configSchema',
    });
  }
  return registered;
}

/** A config as stored: refused with 400 when the handler finds it unusable, URL settings normalized. */
function checkedConfig(handler: ConnectorHandler | undefined, config: Record<string, unknown>) {
  const problem = handler?.configProblem?.(config);
  if (problem) throw validationFailed(problem.message, { field: problem.field });
  return normalizedConfig(handler, config);
}

/** Merges secret changes into the current secrets and seals the result. */
function sealedSecretColumns(
  runtime: ConnectorRuntime,
  current: Record<string, unknown>,
  changes: Record<string, unknown> | undefined,
) {
  if (!changes || Object.keys(changes).length === 0) return {};
  const merged = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  const keys = Object.keys(merged).sort();
  if (keys.length === 0) return { sealedSecrets: null, secretKeys: [] };
  if (!runtime.secretKey) {
    throw validationFailed(
      'Connector secrets cannot be stored: set CONNECTOR_SECRET_KEY (32 bytes, base64) on the service',
    );
  }
  return { sealedSecrets: sealSecrets(merged, runtime.secretKey), secretKeys: keys };
}

export function createConnector(
  db: Database,
  runtime: ConnectorRuntime,
  caller: Caller,
  input: ConnectorInput,
): Promise<ConnectorView> {
  const registered = checkedHandler(runtime, input);
  return withUniqueName('A connector', input.name, () =>
    db.$transaction((tx) => insertConnector(tx, runtime, caller, input, registered)),
  );
}

/** Inserts a connector inside the caller's transaction (used by the API and by configuration import). */
export async function insertConnector(
  tx: DatabaseClient,
  runtime: ConnectorRuntime,
  caller: Caller,
  input: ConnectorInput,
  registered = checkedHandler(runtime, input),
): Promise<ConnectorView> {
  const config = checkedConfig(registered.handler, input.config ?? {});
  refuseUrlSettingsInSecrets(registered.handler, input.secrets);
  const row = await tx.connector.create({
    data: {
      name: input.name,
      type: input.type,
      description: input.description ?? registered.handler.description,
      version: input.version ?? registered.handler.version,
      configSchema: jsonColumn(input.configSchema ?? configSchemaOf(registered.handler)),
      config: jsonColumn(config),
      ...sealedSecretColumns(runtime, {}, input.secrets),
      enabled: input.enabled ?? true,
      executionModel: registered.origin,
      createdBy: caller.principal.userId,
    },
  });
  await auditChange(
    tx,
    caller,
    'connector.created',
    { type: 'connector', id: row.id },
    {
      name: row.name,
      type: row.type,
      secretNames: row.secretKeys,
      destinations: [...destinationsOf(config)].sort(),
    },
  );
  return toConnectorView(row, runtime.registry);
}

export type ConnectorChanges = Partial<Omit<ConnectorInput, 'type' | 'executionModel'>>;

export function updateConnector(
  db: Database,
  runtime: ConnectorRuntime,
  caller: Caller,
  id: string,
  changes: ConnectorChanges,
): Promise<ConnectorView> {
  return withUniqueName('A connector', changes.name, () =>
    db.$transaction((tx) => changeConnector(tx, runtime, caller, id, changes)),
  );
}

/** Applies changes to a connector inside the caller's transaction. */
export async function changeConnector(
  tx: DatabaseClient,
  runtime: ConnectorRuntime,
  caller: Caller,
  id: string,
  changes: ConnectorChanges,
): Promise<ConnectorView> {
  const current = await loadConnector(tx, id);
  if (changes.configSchema) checkedHandler(runtime, { type: current.type, configSchema: changes.configSchema });
  const handler = runtime.registry.get(current.type)?.handler;
  const config = changes.config ? checkedConfig(handler, changes.config) : undefined;
  refuseUrlSettingsInSecrets(handler, changes.secrets);
  const currentSecrets = changes.secrets ? secretsOf(current, runtime) : {};
  const addedDestinations = requireSecretsForNewDestinations(current, {
    config,
    secrets: changes.secrets,
    currentSecrets,
  });
  const row = await tx.connector.update({
    where: { id },
    data: {
      name: changes.name,
      description: changes.description,
      version: changes.version,
      enabled: changes.enabled,
      configSchema: changes.configSchema ? jsonColumn(changes.configSchema) : undefined,
      config: config ? jsonColumn(config) : undefined,
      ...sealedSecretColumns(runtime, currentSecrets, changes.secrets),
    },
  });
  // New settings may reach another system: what the record cache holds may no longer be true.
  if (changes.config || changes.secrets) await invalidateCache(tx, id);
  await auditChange(
    tx,
    caller,
    'connector.updated',
    { type: 'connector', id },
    {
      name: row.name,
      changed: Object.keys(changes).filter((key) => key !== 'secrets'),
      changedSecretNames: Object.keys(changes.secrets ?? {}).sort(),
      // Where the connector connects after the change, and which of those places are new.
      destinations: [...destinationsOf(jsonObject.parse(row.config))].sort(),
      ...(addedDestinations.length > 0 ? { destinationsAdded: addedDestinations } : {}),
    },
  );
  return toConnectorView(row, runtime.registry);
}

/** Names of active workflows with a connector step on `connectorName`. */
async function activeWorkflowsUsing(db: DatabaseClient, connectorName: string): Promise<string[]> {
  const pattern = JSON.stringify([{ type: 'connector', config: { connector: connectorName } }]);
  const rows = await db.$queryRaw<Array<{ name: string }>>(Prisma.sql`
    SELECT name FROM workflow_definitions
    WHERE status = 'active' AND deleted_at IS NULL AND steps @> ${pattern}::jsonb
    ORDER BY name`);
  return rows.map((row) => row.name);
}

/** Deletes a connector unless an active workflow or an entitlement still uses it (409). */
export async function deleteConnector(db: Database, caller: Caller, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await loadConnector(tx, id);
    if (current.managedBySystem)
      throw conflict(
        `Connector ${current.name} is registered by the service and cannot be deleted; disable it instead`,
      );
    const workflows = await activeWorkflowsUsing(tx, current.name);
    if (workflows.length > 0) {
      throw conflict(`Connector ${current.name} is used by active workflows: ${workflows.join(', ')}`, { workflows });
    }
    const entitlements = await tx.entitlement.findMany({ where: { connectorId: id }, select: { name: true } });
    if (entitlements.length > 0) {
      throw conflict(
        `Connector ${current.name} is used by entitlements: ${entitlements.map((e) => e.name).join(', ')}`,
      );
    }
    await tx.connector.delete({ where: { id } });
    await auditChange(
      tx,
      caller,
      'connector.deleted',
      { type: 'connector', id },
      { name: current.name, type: current.type },
    );
  });
}

/** Runs the handler's test (default) command: `{ success, latencyMs, error? }`. Audited. */
export async function testConnector(db: Database, runtime: ConnectorRuntime, caller: Caller, id: string) {
  const row = await loadConnector(db, id);
  const handler = runtime.registry.get(row.type)?.handler;
  const command = handler?.commands.test ? 'test' : (handler?.defaultCommand ?? 'test');
  const result = await runCommand(db, row, runtime, command);
  await auditChange(
    db,
    caller,
    'connector.tested',
    { type: 'connector', id },
    { name: row.name, command, success: result.success },
  );
  return { success: result.success, latencyMs: result.latencyMs, ...(result.error ? { error: result.error } : {}) };
}

async function runCommand(db: Database, row: Connector, runtime: ConnectorRuntime, command: string) {
  let connector;
  try {
    connector = runnableConnector(db, row, runtime);
  } catch (error) {
    return {
      success: false,
      latencyMs: 0,
      error: isAppError(error) ? error.message : 'Connector secrets are unreadable',
    };
  }
  return executeConnectorCommand(runtime.registry.get(row.type)?.handler, connector, {
    command,
    parameters: {},
    variables: {},
    stepId: 'connector-test',
    instanceId: `test:${row.id}`,
    timeoutMs: runtime.timeoutMs,
  });
}

/**
 * Makes sure every simulated connector exists as a connector record (spec 2.6: registered
 * automatically). Existing records are left as administrators configured them. One insert that
 * skips the names already taken, so API processes starting at the same time never collide.
 */
export async function registerSimulatedConnectors(db: Database, runtime: ConnectorRuntime): Promise<void> {
  await db.connector.createMany({
    data: runtime.simulatedConnectorNames.map((name) => {
      const handler = runtime.registry.get(name)!.handler;
      return {
        name,
        type: name,
        description: handler.description,
        version: handler.version,
        configSchema: jsonColumn(configSchemaOf(handler)),
        executionModel: 'built_in',
        managedBySystem: true,
      };
    }),
    skipDuplicates: true,
  });
}
