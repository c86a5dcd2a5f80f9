import type { Client } from '@temporalio/client';
import { pollUntil } from './poll.js';

/**
 * Waits until workflow `workflowId` has recorded a result of its local activity `activity`: the
 * marker is written with the commands of the workflow task that ran it, so what the workflow did
 * with the answer is in the history too. False when that did not happen within pollUntil's wait.
 */
export function localActivityRecorded(temporal: Client, workflowId: string, activity: string): Promise<boolean> {
  const handle = temporal.workflow.getHandle(workflowId);
  const ofActivity = `"activity_type":"${activity}"`;
  return pollUntil(
    async () => {
      const events = (await handle.fetchHistory()).events ?? [];
      return events.some((event) =>
        (event.markerRecordedEventAttributes?.details?.data?.payloads ?? []).some(
          (payload) => payload.data && Buffer.from(payload.data).toString('utf8').includes(ofActivity),
        ),
      );
    },
    (done) => done,
  );
}
