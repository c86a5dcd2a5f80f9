import { ScheduleAlreadyRunning, ScheduleNotFoundError, type Client, type ScheduleOptions } from '@temporalio/client';

// Startup reconciliations of Temporal Schedules run in every API and worker process at once, and
// one Temporal namespace may serve more than one deployment: these helpers let each of them act
// only on its own schedules and tolerate the others' races.

/** Whether the schedule starts its workflows on `taskQueue` (false when it is gone). */
export async function startsOnQueue(temporal: Client, scheduleId: string, taskQueue: string): Promise<boolean> {
  try {
    const { action } = await temporal.schedule.getHandle(scheduleId).describe();
    return action.type === 'startWorkflow' && action.taskQueue === taskQueue;
  } catch (error) {
    if (error instanceof ScheduleNotFoundError) return false;
    throw error;
  }
}

/** Deletes the schedule; one that is already gone is fine. */
export async function deleteIfPresent(temporal: Client, scheduleId: string): Promise<void> {
  await temporal.schedule
    .getHandle(scheduleId)
    .delete()
    .catch((error: unknown) => {
      if (!(error instanceof ScheduleNotFoundError)) throw error;
    });
}

/** Creates the schedule; answers false when another process created it first. */
export async function createUnlessExists(temporal: Client, options: ScheduleOptions): Promise<boolean> {
  try {
    await temporal.schedule.create(options);
    return true;
  } catch (error) {
    // By name, not instanceof: jest loads the client in more than one realm.
    if ((error as Error).name !== ScheduleAlreadyRunning.name) throw error;
    return false;
  }
}
