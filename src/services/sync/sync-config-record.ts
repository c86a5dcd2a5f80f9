import type { Client } from '@temporalio/client';
import { z } from 'zod';
import type { Config } from '../../config/index.js';
import { LIST_COMMANDS } from '../../connectors/handler.js';
import type { ConnectorRuntime } from '../../connectors/runtime.js';
import type { Database, DatabaseClient } from '../../db/client.js';
import type { Connector, SyncConfig } from '../../db/generated/client.js';
import { jsonObject } from '../../domain/common.js';
import {
  attributeMappingRuleSchema,
  filterRulesSchema,
  heldDeactivationsSchema,
  privilegedLeaversSchema,
  SYNC_RESOURCE_TYPES,
  SYNC_STATUSES,
  SYNC_STRATEGIES,
  syncScheduleId,
  syncStatsSchema,
  USER_MATCH_STRATEGIES,
  type SyncResourceType,
} from '../../domain/sync.js';
import { postSyncOutcomeSchema } from '../../domain/sync-matches.js';
import { AppError, validationFailed } from '../../errors/index.js';
import { configSchemaSchema } from '../../domain/connector.js';
import { loadConnector } from '../connectors/connector-record.js';

/** What the sync use cases need: the database, Temporal, the task queue and the connector handlers. */
export interface SyncContext {
  db: Database;
  temporal: Client;
  config: Readonly<Config>;
  connectors: ConnectorRuntime;
}

/**
 * The unfinished pass of a config, committed with each page so that a pass interrupted by a
 * worker crash or a connector failure continues where it stopped.
 */
export const passProgressSchema = z.object({
  startedAt: z.iso.datetime(),
  strategy: z.enum(SYNC_STRATEGIES),
  /** ISO timestamp passed as `modifiedSince` (incremental passes after a successful one). */
  modifiedSince: z.string().nullable(),
  pagesProcessed: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  totalUpstreamRecords: z.number().int(),
  /** Records kept by the filter rules so far (for maxRecords). */
  kept: z.number().int(),
  /** The connector has no more pages (or maxRecords was reached). */
  listed: z.boolean(),
});

export type PassProgress = z.output<typeof passProgressSchema>;

export function isSyncResourceType(type: string): type is SyncResourceType {
  return (SYNC_RESOURCE_TYPES as readonly string[]).includes(type);
}

/** The resource type of a path, or 404 for any other. */
export function requireResourceType(type: string): SyncResourceType {
  if (isSyncResourceType(type)) return type;
  throw new AppError('not_found', `Resource type "${type}" not found; sync knows ${SYNC_RESOURCE_TYPES.join(', ')}`);
}

/** 400 unless the connector declares and its handler implements the list command of `type`. */
export function requireListCommand(connector: Connector, runtime: ConnectorRuntime, type: SyncResourceType): void {
  const command = LIST_COMMANDS[type];
  const declared = Object.hasOwn(configSchemaSchema.parse(connector.configSchema).commands, command);
  const handler = runtime.registry.get(connector.type)?.handler;
  const implemented = handler !== undefined && Object.hasOwn(handler.commands, command);
  if (!declared || !implemented) {
    throw validationFailed(
      `Connector ${connector.name} (${connector.type}) has no ${command} command, so it cannot sync ${type} records`,
      { field: 'resourceType', command },
    );
  }
}

/** The connector (404 when unknown) and the checked resource type (404 when unknown). */
export async function loadSyncTarget(
  db: DatabaseClient,
  connectorId: string,
  type: string,
): Promise<{ connector: Connector; resourceType: SyncResourceType }> {
  const connector = await loadConnector(db, connectorId);
  return { connector, resourceType: requireResourceType(type) };
}

export async function loadSyncConfig(
  db: DatabaseClient,
  connectorId: string,
  resourceType: SyncResourceType,
): Promise<SyncConfig> {
  const row = await db.syncConfig.findUnique({ where: { connectorId_resourceType: { connectorId, resourceType } } });
  if (!row) throw new AppError('not_found', `No ${resourceType} sync config on this connector`);
  return row;
}

// Readers of the stored enum and JSON columns, built once rather than for every row read.
const stored = {
  strategy: z.enum(SYNC_STRATEGIES),
  attributeMappings: z.array(attributeMappingRuleSchema).nullable(),
  userMatchStrategy: z.enum(USER_MATCH_STRATEGIES),
  userMatchFallbackStrategies: z.array(z.enum(USER_MATCH_STRATEGIES)).nullable(),
  lastSyncStatus: z.enum(SYNC_STATUSES),
};

/** A sync config as the API shows it (spec 2.8 fields, then the read-only status fields). */
export function toSyncConfigView(row: SyncConfig) {
  const scheduled = row.enabled && row.cronSchedule !== null;
  return {
    id: row.id,
    connectorId: row.connectorId,
    resourceType: row.resourceType,
    enabled: row.enabled,
    strategy: stored.strategy.parse(row.strategy),
    cronSchedule: row.cronSchedule,
    filterRules: filterRulesSchema.nullable().parse(row.filterRules),
    syncAllUsers: row.syncAllUsers,
    staleRetention: row.staleRetention,
    attributeMappings: stored.attributeMappings.parse(row.attributeMappings),
    userMatchStrategy: stored.userMatchStrategy.parse(row.userMatchStrategy),
    userMatchFallbackStrategies: stored.userMatchFallbackStrategies.parse(row.userMatchFallbackStrategies),
    issuerSourcePath: row.issuerSourcePath,
    postSyncWorkflowId: row.postSyncWorkflowId,
    syncTriggerMode: row.syncTriggerMode,
    createUsers: row.createUsers,
    deactivateUsers: row.deactivateUsers,
    deactivateDisabledUsers: row.deactivateDisabledUsers,
    createUserDefaults: jsonObject.nullable().parse(row.createUserDefaults),
    deactivationThreshold: { maxCount: row.deactivationMaxCount, maxPercent: row.deactivationMaxPercent },
    scheduleId: scheduled ? syncScheduleId(row.connectorId, row.resourceType) : null,
    ...toSyncStatusView(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The read-only status fields of a config (spec 2.8, 3.4). */
export function toSyncStatusView(row: SyncConfig) {
  return {
    lastSyncAt: row.lastSyncAt,
    lastSyncStatus: stored.lastSyncStatus.parse(row.lastSyncStatus),
    lastSyncError: row.lastSyncError,
    lastSyncStats: syncStatsSchema.nullable().parse(row.lastSyncStats),
    lastSyncCursor: row.lastSyncCursor,
    lastSuccessfulSyncAt: row.lastSuccessfulSyncAt,
    lastPostSync: postSyncOutcomeSchema.nullable().parse(row.lastPostSync),
    heldDeactivations: heldDeactivationsSchema.nullable().parse(row.heldDeactivations),
    privilegedLeavers: privilegedLeaversSchema.nullable().parse(row.privilegedLeavers),
  };
}
