import { ScheduleNotFoundError, ScheduleOverlapPolicy, type Client, type ScheduleOptions } from '@temporalio/client';
import type { Database } from '../../db/client.js';
import { createUnlessExists, deleteIfPresent, startsOnQueue } from '../../temporal/schedule-ownership.js';
import type { SyncConfig } from '../../db/generated/client.js';
import { SYNC_SCHEDULE_PREFIX, syncScheduleId } from '../../domain/sync.js';

/**
 * The Temporal Schedules of sync configs (sync item 5): an enabled config with a cron schedule
 * has one, id `cr-sync-<connector id>-<resource type>`, starting `scheduledSyncWorkflow`, which
 * starts the pass under the config's one workflow id (so it never runs beside a manual pass).
 */

type ScheduledConfig = Pick<SyncConfig, 'connectorId' | 'resourceType' | 'enabled' | 'cronSchedule'>;

export function wantsSchedule(row: ScheduledConfig): row is ScheduledConfig & { cronSchedule: string } {
  return row.enabled && row.cronSchedule !== null;
}

export function syncScheduleOptions(
  row: ScheduledConfig & { cronSchedule: string },
  taskQueue: string,
): ScheduleOptions {
  return {
    scheduleId: syncScheduleId(row.connectorId, row.resourceType),
    spec: { cronExpressions: [row.cronSchedule] },
    action: {
      type: 'startWorkflow',
      workflowType: 'scheduledSyncWorkflow',
      taskQueue,
      args: [{ connectorId: row.connectorId, resourceType: row.resourceType }],
    },
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 minute' },
  };
}

/** Creates, updates or deletes the config's Temporal Schedule so that it matches `row`. */
export async function applySyncSchedule(
  temporal: Client,
  taskQueue: string,
  row: ScheduledConfig,
): Promise<'created' | 'updated' | 'absent'> {
  const scheduleId = syncScheduleId(row.connectorId, row.resourceType);
  if (!wantsSchedule(row)) {
    await deleteIfPresent(temporal, scheduleId);
    return 'absent';
  }
  const options = syncScheduleOptions(row, taskQueue);
  const update = () =>
    temporal.schedule.getHandle(scheduleId).update((previous) => ({
      ...previous,
      spec: options.spec,
      action: options.action,
      policies: options.policies,
    }));
  try {
    await update();
    return 'updated';
  } catch (error) {
    if (!(error instanceof ScheduleNotFoundError)) throw error;
  }
  if (await createUnlessExists(temporal, options)) return 'created';
  // Created meanwhile by another writer (a second API process, or the startup repair).
  await update();
  return 'updated';
}

/** Removes the Temporal Schedule of a config, if it has one. */
export function removeSyncSchedule(temporal: Client, connectorId: string, resourceType: string): Promise<void> {
  return deleteIfPresent(temporal, syncScheduleId(connectorId, resourceType));
}

async function hasScheduledConfig(db: Database, scheduleId: string): Promise<boolean> {
  const rows = await db.syncConfig.findMany({
    where: { enabled: true, cronSchedule: { not: null } },
    select: { connectorId: true, resourceType: true },
  });
  return rows.some((row) => syncScheduleId(row.connectorId, row.resourceType) === scheduleId);
}

/**
 * Startup repair (sync item 5): every enabled config with a cron gets its Temporal Schedule
 * back, or brought up to date; sync schedules of this task queue without such a config are removed.
 */
export async function reconcileSyncSchedules(context: {
  db: Database;
  temporal: Client;
  taskQueue: string;
}): Promise<{ recreated: string[]; updated: string[]; removed: string[] }> {
  const rows = await context.db.syncConfig.findMany({ where: { enabled: true, cronSchedule: { not: null } } });
  const wanted = new Map(rows.map((row) => [syncScheduleId(row.connectorId, row.resourceType), row]));
  const existing = new Set<string>();
  for await (const summary of context.temporal.schedule.list()) {
    if (summary.scheduleId.startsWith(SYNC_SCHEDULE_PREFIX)) existing.add(summary.scheduleId);
  }
  const removed: string[] = [];
  for (const scheduleId of existing) {
    if (wanted.has(scheduleId) || !(await startsOnQueue(context.temporal, scheduleId, context.taskQueue))) continue;
    // A config saved since the rows were read has just made this schedule: keep it.
    if (await hasScheduledConfig(context.db, scheduleId)) continue;
    await deleteIfPresent(context.temporal, scheduleId);
    removed.push(scheduleId);
  }
  const recreated: string[] = [];
  const updated: string[] = [];
  for (const [scheduleId, row] of wanted) {
    // The list is eventually consistent: applySyncSchedule asks for the schedule itself.
    const outcome = await applySyncSchedule(context.temporal, context.taskQueue, row);
    (outcome === 'created' ? recreated : updated).push(scheduleId);
  }
  return { recreated, updated, removed };
}
