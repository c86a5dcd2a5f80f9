import { jsonColumn, Prisma, type DatabaseClient } from '../../db/client.js';
import type { SyncConfig } from '../../db/generated/client.js';
import {
  filterRulesSchema,
  SELECTING_FILTER_RULES,
  selectsRecords,
  SYNC_CONFIG_DEFAULTS,
  type SyncConfigInput,
} from '../../domain/sync.js';
import { validationFailed } from '../../errors/index.js';
import { assertCan } from '../../permissions/index.js';
import { transactionAroundTemporalCall, withTemporalDeadline } from '../../temporal/client.js';
import { auditChange, type Caller } from '../caller.js';
import { loadConnector } from '../connectors/connector-record.js';
import {
  loadSyncConfig,
  loadSyncTarget,
  requireListCommand,
  toSyncConfigView,
  toSyncStatusView,
  type SyncContext,
} from './sync-config-record.js';
import { applySyncSchedule, removeSyncSchedule } from './sync-schedules.js';

/** Serializes config writes of one connector (and makes a missing connector a 404 first). */
async function lockConnector(tx: DatabaseClient, connectorId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM connectors WHERE id = ${connectorId}::uuid FOR UPDATE`;
  await loadConnector(tx, connectorId);
}

const nullableJson = (value: unknown) =>
  value === undefined ? undefined : value === null ? Prisma.DbNull : jsonColumn(value);

/** The columns of the fields sent; absent fields stay undefined, so Prisma leaves them alone. */
function columnsOf(input: SyncConfigInput) {
  return {
    enabled: input.enabled,
    strategy: input.strategy,
    cronSchedule: input.cronSchedule,
    filterRules: nullableJson(input.filterRules),
    syncAllUsers: input.syncAllUsers,
    staleRetention: input.staleRetention,
    attributeMappings: nullableJson(input.attributeMappings),
    userMatchStrategy: input.userMatchStrategy,
    userMatchFallbackStrategies: nullableJson(input.userMatchFallbackStrategies),
    issuerSourcePath: input.issuerSourcePath,
    postSyncWorkflowId: input.postSyncWorkflowId,
    syncTriggerMode: input.syncTriggerMode,
    createUsers: input.createUsers,
    deactivateUsers: input.deactivateUsers,
    deactivateDisabledUsers: input.deactivateDisabledUsers,
    createUserDefaults: nullableJson(input.createUserDefaults),
    deactivationMaxCount: input.deactivationThreshold?.maxCount,
    deactivationMaxPercent: input.deactivationThreshold?.maxPercent,
  };
}

/**
 * A config's automation starts runs of its postSyncWorkflowId (spec 6.3), so naming one needs
 * `workflow:start` besides `connector:manage` (403); the workflow must exist (400).
 */
async function checkPostSyncWorkflow(
  tx: DatabaseClient,
  caller: Caller,
  workflowId: string | null | undefined,
): Promise<void> {
  if (!workflowId) return;
  assertCan(caller.principal, 'workflow:start', 'set postSyncWorkflowId');
  const workflow = await tx.workflowDefinition.findFirst({ where: { id: workflowId, deletedAt: null } });
  if (!workflow)
    throw validationFailed(`postSyncWorkflowId: workflow ${workflowId} does not exist`, {
      field: 'postSyncWorkflowId',
    });
}

/**
 * Saving a config makes the caller the person its automation's runs count as started by
 * (`updatedBy`, spec 6.3), so saving one whose automation starts runs (a postSyncWorkflowId and a
 * trigger mode other than `none`) needs `workflow:start` of the caller itself (403), whatever the
 * change: a token narrower than its owner may not start runs in the owner's name, as it may not
 * enable a schedule.
 */
function checkAutomationInitiator(
  caller: Caller,
  saved: { postSyncWorkflowId: string | null; syncTriggerMode: string },
): void {
  if (saved.postSyncWorkflowId && saved.syncTriggerMode !== 'none')
    assertCan(caller.principal, 'workflow:start', 'save a sync config whose automation starts runs');
}

/**
 * A user config copies the whole directory only when asked to (spec sync rule 3): without a filter
 * rule that selects records it needs `syncAllUsers: true` (400).
 */
export function checkUserSelection(saved: Pick<SyncConfig, 'resourceType' | 'syncAllUsers' | 'filterRules'>): void {
  if (saved.resourceType !== 'user' || saved.syncAllUsers) return;
  if (selectsRecords(filterRulesSchema.nullable().parse(saved.filterRules))) return;
  throw validationFailed(
    `A user sync config syncs the whole directory only when syncAllUsers is true: set filterRules with ${SELECTING_FILTER_RULES.join(', ')} to choose the users, or syncAllUsers: true`,
    { field: 'filterRules' },
  );
}

/**
 * Writes the fields sent over the stored config, or over the defaults when none is stored: the
 * config as saving `input` makes it (a preview writes it in a transaction it rolls back).
 */
export async function writeSyncConfigRow(
  tx: DatabaseClient,
  caller: Caller,
  key: { connectorId: string; resourceType: string },
  input: SyncConfigInput,
): Promise<{ existing: SyncConfig | null; row: SyncConfig }> {
  const where = { connectorId_resourceType: key };
  const existing = await tx.syncConfig.findUnique({ where });
  const row = existing
    ? await tx.syncConfig.update({ where, data: { ...columnsOf(input), updatedBy: caller.principal.userId } })
    : await tx.syncConfig.create({
        data: { ...key, ...columnsOf({ ...SYNC_CONFIG_DEFAULTS, ...input }), updatedBy: caller.principal.userId },
      });
  return { existing, row };
}

export async function listSyncConfigs(db: DatabaseClient, connectorId: string) {
  await loadConnector(db, connectorId);
  const rows = await db.syncConfig.findMany({ where: { connectorId }, orderBy: { resourceType: 'asc' } });
  return rows.map(toSyncConfigView);
}

export async function getSyncConfig(db: DatabaseClient, connectorId: string, type: string) {
  const { resourceType } = await loadSyncTarget(db, connectorId, type);
  return toSyncConfigView(await loadSyncConfig(db, connectorId, resourceType));
}

export async function getSyncStatus(db: DatabaseClient, connectorId: string, type: string) {
  const { resourceType } = await loadSyncTarget(db, connectorId, type);
  const row = await loadSyncConfig(db, connectorId, resourceType);
  return { connectorId, resourceType, ...toSyncStatusView(row) };
}

/**
 * Creates the config of a connector and resource type with the defaults of spec 2.8 for what is
 * not sent, or changes only the fields sent; then makes its Temporal Schedule match. The
 * Temporal write happens inside the transaction, so a refused schedule leaves no config change.
 */
export async function putSyncConfig(
  context: SyncContext,
  caller: Caller,
  connectorId: string,
  type: string,
  input: SyncConfigInput,
): Promise<{ created: boolean; config: ReturnType<typeof toSyncConfigView> }> {
  return context.db.$transaction(async (tx) => {
    await lockConnector(tx, connectorId);
    const { connector, resourceType } = await loadSyncTarget(tx, connectorId, type);
    requireListCommand(connector, context.connectors, resourceType);
    await checkPostSyncWorkflow(tx, caller, input.postSyncWorkflowId);
    const { existing, row } = await writeSyncConfigRow(tx, caller, { connectorId, resourceType }, input);
    checkUserSelection(row);
    checkAutomationInitiator(caller, row);
    await auditChange(
      tx,
      caller,
      existing ? 'sync_config.updated' : 'sync_config.created',
      { type: 'sync_config', id: row.id },
      { connectorId, connectorName: connector.name, resourceType, changed: Object.keys(input) },
    );
    await withTemporalDeadline(context.temporal, () =>
      applySyncSchedule(context.temporal, context.config.temporal.taskQueue, row),
    );
    return { created: !existing, config: toSyncConfigView(row) };
  }, transactionAroundTemporalCall(context.temporal));
}

/** Removes a config and its Temporal Schedule; the synced records stay. */
export async function deleteSyncConfig(
  context: SyncContext,
  caller: Caller,
  connectorId: string,
  type: string,
): Promise<void> {
  await context.db.$transaction(async (tx) => {
    await lockConnector(tx, connectorId);
    const { connector, resourceType } = await loadSyncTarget(tx, connectorId, type);
    const row = await loadSyncConfig(tx, connectorId, resourceType);
    await tx.syncConfig.delete({ where: { id: row.id } });
    await auditChange(
      tx,
      caller,
      'sync_config.deleted',
      { type: 'sync_config', id: row.id },
      { connectorId, connectorName: connector.name, resourceType },
    );
    await withTemporalDeadline(context.temporal, () => removeSyncSchedule(context.temporal, connectorId, resourceType));
  }, transactionAroundTemporalCall(context.temporal));
}
