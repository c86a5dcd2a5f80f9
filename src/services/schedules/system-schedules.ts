import type { Client, ScheduleOptions } from '@temporalio/client';
import { createUnlessExists } from '../../temporal/schedule-ownership.js';

/** The service's own housekeeping schedules; their ids do not start with SCHEDULE_ID_PREFIX. */
export const PURGE_SESSIONS_SCHEDULE_ID = 'flowgate-system-purge-sessions';

/** Every 15 minutes: expired sessions are already refused, so the purge only keeps the table small. */
export function purgeSessionsScheduleOptions(taskQueue: string): ScheduleOptions {
  return {
    scheduleId: PURGE_SESSIONS_SCHEDULE_ID,
    spec: { intervals: [{ every: '15 minutes' }] },
    action: {
      type: 'startWorkflow',
      workflowType: 'purgeExpiredSessionsWorkflow',
      workflowId: 'flowgate-purge-sessions',
      taskQueue,
      args: [],
    },
    policies: { catchupWindow: '1 minute' },
  };
}

/**
 * Creates the housekeeping schedules that are missing, at API start (next to
 * `reconcileSchedules`). Several API processes starting at once create each one once.
 */
export async function ensureSystemSchedules(temporal: Client, taskQueue: string): Promise<string[]> {
  const created: string[] = [];
  for (const options of [purgeSessionsScheduleOptions(taskQueue)]) {
    if (await createUnlessExists(temporal, options)) created.push(options.scheduleId);
  }
  return created;
}
