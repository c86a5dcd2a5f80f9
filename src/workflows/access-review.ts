import { condition, continueAsNew, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import {
  closeAccessReviewSignal,
  remediateAccessReviewSignal,
  type AccessReviewWorkflowInput,
  type AccessReviewWorkflowResult,
} from '../temporal/access-review-messages.js';

// Retried until the database answers: a campaign's close is never given up half-way. A removal's
// own failure is recorded on its item, not thrown, so these retries repeat no removal.
const reviews = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '15 seconds',
  retry: { initialInterval: '1s', maximumInterval: '1 minute' },
});

/** Removal batches one execution runs before continuing as new: each adds a handful of events. */
const BATCHES_PER_EXECUTION = 200;

/** Waits until `at` (ISO 8601) or until `stop` holds; answers whether `stop` ended the wait. */
function waitUntil(at: string, stop: () => boolean): Promise<boolean> {
  // Date.now() is the workflow's own clock here, the same on every replay.
  return condition(stop, Math.max(Date.parse(at) - Date.now(), 1));
}

/**
 * One campaign's workflow: it holds the campaign's timers, never its items, which stay in
 * PostgreSQL. It waits until the due date or a close signal; at a due date with the `escalate`
 * policy it escalates what is unanswered and waits the grace days; then it settles the campaign,
 * carries out its removals in batches, and closes it for good, or waits for an administrator's go,
 * retry or final close when removals wait or failed.
 */
export async function accessReviewWorkflow(input: AccessReviewWorkflowInput): Promise<AccessReviewWorkflowResult> {
  const { reviewId } = input;
  let closeAsked = false;
  let wakes = 0;
  setHandler(closeAccessReviewSignal, () => {
    closeAsked = true;
    wakes += 1;
  });
  setHandler(remediateAccessReviewSignal, () => {
    wakes += 1;
  });
  let endedBy = input.endedBy ?? 'close';
  if (input.phase !== 'closing') {
    if (!(await waitUntil(input.dueAt, () => closeAsked))) {
      endedBy = 'due_date';
      const extendedTo = await reviews.escalateUnansweredReviewItems(reviewId);
      if (extendedTo && (await waitUntil(extendedTo, () => closeAsked))) endedBy = 'close';
    }
    if (!(await reviews.settleAccessReview(reviewId)).closing) return { endedBy: 'cancel' };
  }
  let batches = 0;
  for (;;) {
    // Read before the round, so a go or close that arrives while it runs starts another.
    const seen = wakes;
    let more = true;
    while (more) {
      if (batches === BATCHES_PER_EXECUTION) {
        return continueAsNew<typeof accessReviewWorkflow>({ ...input, phase: 'closing', endedBy });
      }
      more = (await reviews.remediateAccessReviewItems(reviewId)).more;
      batches += 1;
    }
    if (await reviews.finishAccessReview(reviewId)) return { endedBy };
    await condition(() => wakes > seen);
  }
}
