import { ScheduleOverlapPolicy, type Client, type ScheduleOptions } from '@temporalio/client';
import { createUnlessExists } from '../../temporal/schedule-ownership.js';

/** The service's own housekeeping schedules; their ids do not start with SCHEDULE_ID_PREFIX. */
export const PURGE_SESSIONS_SCHEDULE_ID = 'flowgate-system-purge-sessions';
export const EXPIRE_ROLES_SCHEDULE_ID = 'flowgate-system-expire-role-assignments';
export const RESYNC_ROLES_SCHEDULE_ID = 'flowgate-system-resync-role-holders';
export const AUDIT_RETENTION_SCHEDULE_ID = 'flowgate-system-audit-retention';

/**
 * A schedule starting `workflowType` every `every` (15 minutes by default), with no catch-up of
 * firings missed while down. A firing while the last run still runs is skipped, unless `overlap`
 * says otherwise.
 */
function periodic(
  scheduleId: string,
  workflow: { type: string; id: string },
  taskQueue: string,
  {
    every = '15 minutes',
    overlap = ScheduleOverlapPolicy.SKIP,
  }: { every?: string; overlap?: ScheduleOverlapPolicy } = {},
): ScheduleOptions {
  return {
    scheduleId,
    spec: { intervals: [{ every }] },
    action: { type: 'startWorkflow', workflowType: workflow.type, workflowId: workflow.id, taskQueue, args: [] },
    policies: { catchupWindow: '1 minute', overlap },
  };
}

/**
 * The housekeeping schedules, in the order `ensureSystemSchedules` creates them:
 * - sessions: expired ones are already refused, so the purge only keeps the table small;
 * - business role assignments past their expiry are revoked: one outlives its expiry by at most
 *   the interval plus the sweep's own time;
 * - holders of business roles whose entitlements changed are brought in line. An edit of a role
 *   triggers it at once (`requestRoleResync`); the firings retry what failed. A trigger during a
 *   sweep is buffered, so a sweep that began before the edit is followed by one after it;
 * - audit entries older than the worker's AUDIT_RETENTION_DAYS are removed, once a day (a worker
 *   without the setting keeps them).
 */
export function systemScheduleOptions(taskQueue: string): ScheduleOptions[] {
  return [
    periodic(
      PURGE_SESSIONS_SCHEDULE_ID,
      { type: 'purgeExpiredSessionsWorkflow', id: 'flowgate-purge-sessions' },
      taskQueue,
    ),
    periodic(
      EXPIRE_ROLES_SCHEDULE_ID,
      { type: 'expireRoleAssignmentsWorkflow', id: 'flowgate-expire-role-assignments' },
      taskQueue,
    ),
    periodic(
      RESYNC_ROLES_SCHEDULE_ID,
      { type: 'resyncRoleHoldersWorkflow', id: 'flowgate-resync-role-holders' },
      taskQueue,
      { overlap: ScheduleOverlapPolicy.BUFFER_ONE },
    ),
    periodic(
      AUDIT_RETENTION_SCHEDULE_ID,
      { type: 'applyAuditRetentionWorkflow', id: 'flowgate-audit-retention' },
      taskQueue,
      { every: '1 day' },
    ),
  ];
}

/**
 * Creates the housekeeping schedules that are missing, at API start (next to
 * `reconcileSchedules`). Several API processes starting at once create each one once.
 */
export async function ensureSystemSchedules(temporal: Client, taskQueue: string): Promise<string[]> {
  const created: string[] = [];
  for (const options of systemScheduleOptions(taskQueue)) {
    if (await createUnlessExists(temporal, options)) created.push(options.scheduleId);
  }
  return created;
}
