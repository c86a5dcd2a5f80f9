import { ScheduleNotFoundError, type Client } from '@temporalio/client';
import type { Database } from '../../src/db/client.js';
import { temporalScheduleId } from '../../src/services/schedules/manage-schedules.js';

/** Removes the Temporal Schedules of the database's schedule rows (the dev server outlives a test). */
export async function removeTemporalSchedules(temporal: Client, db: Database): Promise<void> {
  for (const row of await db.schedule.findMany()) {
    await temporal.schedule
      .getHandle(temporalScheduleId(row.id))
      .delete()
      .catch((error: unknown) => {
        if (!(error instanceof ScheduleNotFoundError)) throw error;
      });
  }
}
