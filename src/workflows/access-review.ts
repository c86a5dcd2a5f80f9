import { condition, continueAsNew, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
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

const DAY_MS = 86_400_000;

/** Waits until `at` (ISO 8601, or epoch ms) or until `stop` holds; answers whether `stop` ended the wait. */
function waitUntil(at: string | number, stop: () => boolean): Promise<boolean> {
  // Date.now() is the workflow's own clock here, the same on every replay.
  const when = typeof at === 'number' ? at : Date.parse(at);
  return condition(stop, Math.max(when - Date.now(), 1));
}

/**
 * The campaign while it takes decisions: until its due date or a close, with the end of each stage
 * but the last (the stages share the time equally), a round of reminders every reminderEveryDays
 * and the escalation of what is undecided escalateAfterDays after the start, each an activity at
 * its time. Continues as new when the history grows long
 * (a long campaign reminding daily).
 */
async function whileOpen(
  input: AccessReviewWorkflowInput,
  closeAsked: () => boolean,
): Promise<'close' | 'due_date' | { continued: AccessReviewWorkflowInput }> {
  const due = Date.parse(input.dueAt);
  const started = input.startedAt === undefined ? undefined : Date.parse(input.startedAt);
  const stages = started === undefined ? 1 : (input.stages ?? 1);
  let stage = input.currentStage ?? 1;
  const stageEnd = () => (stage < stages ? started! + Math.round(((due - started!) * stage) / stages) : due);
  const every = started !== undefined && input.reminderEveryDays ? input.reminderEveryDays * DAY_MS : undefined;
  let remindersSent = input.remindersSent ?? 0;
  let escalateAt =
    started !== undefined && input.escalateAfterDays && !input.overdueEscalated
      ? started + input.escalateAfterDays * DAY_MS
      : undefined;
  for (;;) {
    const nextReminder = every === undefined ? Infinity : started! + (remindersSent + 1) * every;
    if (await waitUntil(Math.min(stageEnd(), nextReminder, escalateAt ?? Infinity), closeAsked)) return 'close';
    const now = Date.now();
    if (now >= due) return 'due_date';
    if (now >= stageEnd()) {
      await reviews.advanceReviewStage(input.reviewId, stage);
      stage += 1;
    }
    if (escalateAt !== undefined && now >= escalateAt) {
      await reviews.escalateOverdueReviewItems(input.reviewId);
      escalateAt = undefined;
    }
    if (now >= nextReminder) {
      remindersSent += 1;
      await reviews.remindReviewers(input.reviewId, remindersSent);
    }
    if (workflowInfo().continueAsNewSuggested) {
      return {
        continued: { ...input, remindersSent, overdueEscalated: escalateAt === undefined, currentStage: stage },
      };
    }
  }
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
    const decided = await whileOpen(input, () => closeAsked);
    if (typeof decided === 'object') return continueAsNew<typeof accessReviewWorkflow>(decided.continued);
    if (decided === 'due_date') {
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
