import type { AccessReview } from '../../db/generated/client.js';
import { accessReviewWorkflowId, type AccessReviewWorkflowInput } from '../../temporal/access-review-messages.js';
import { withTemporalDeadline } from '../../temporal/client.js';
import type { accessReviewWorkflow } from '../../workflows/access-review.js';
import type { AccessReviewContext } from './review-context.js';

/** What a campaign's row gives its workflow to start from. */
export function workflowInputOf(review: AccessReview): AccessReviewWorkflowInput {
  return {
    reviewId: review.id,
    dueAt: (review.dueAt ?? new Date()).toISOString(),
    phase: review.status === 'active' ? 'open' : 'closing',
    startedAt: review.startedAt?.toISOString(),
    reminderEveryDays: review.reminderEveryDays,
    escalateAfterDays: review.escalateAfterDays,
    remindersSent: review.remindersSent,
    overdueEscalated: review.overdueEscalatedAt !== null,
    stages: 1 + (Array.isArray(review.stages) ? review.stages.length : 0),
    currentStage: review.currentStage,
  };
}

/**
 * Sends `signal` to a campaign's workflow, starting the workflow first when it is gone (ended by
 * an operator, or lost to a start whose commit failed), so a close or a go always finds one to act
 * on. Called inside the transaction of the change it announces: Temporal down rolls it back (503).
 */
export function signalReviewWorkflow(
  context: AccessReviewContext,
  review: AccessReview,
  signal: 'closeAccessReview' | 'remediateAccessReview',
): Promise<unknown> {
  const { temporal } = context;
  const input = workflowInputOf(review);
  return withTemporalDeadline(temporal, () =>
    temporal.workflow.signalWithStart<typeof accessReviewWorkflow, []>('accessReviewWorkflow', {
      workflowId: accessReviewWorkflowId(review.id),
      taskQueue: context.config.temporal.taskQueue,
      args: [input],
      signal,
    }),
  );
}
