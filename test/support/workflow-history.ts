import type { Client } from '@temporalio/client';
import { pollUntil } from './poll.js';

/**
 * Waits until workflow `workflowId` has run an `activity` it scheduled and then finished a
 * workflow task after it, so whatever the workflow did with the activity's answer is done. False
 * when that did not happen within pollUntil's wait.
 */
export function activityActedOn(temporal: Client, workflowId: string, activity: string): Promise<boolean> {
  const handle = temporal.workflow.getHandle(workflowId);
  return pollUntil(
    async () => {
      const events = (await handle.fetchHistory()).events ?? [];
      const scheduled = events.find(
        (event) => event.activityTaskScheduledEventAttributes?.activityType?.name === activity,
      );
      if (!scheduled) return false;
      const completedAt = events.findIndex(
        (event) =>
          Number(event.activityTaskCompletedEventAttributes?.scheduledEventId ?? -1) === Number(scheduled.eventId),
      );
      return completedAt >= 0 && events.slice(completedAt).some((event) => event.workflowTaskCompletedEventAttributes);
    },
    (done) => done,
  );
}
