import { ParentClosePolicy, proxyActivities, startChild, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { accessReviewWorkflowId } from '../temporal/access-review-messages.js';
import type { accessReviewWorkflow } from './access-review.js';

const reviews = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '1s', maximumInterval: '1 minute', maximumAttempts: 10 },
});

/**
 * What a recurring campaign's schedule starts at each firing: the next campaign, made and started
 * in the database by an activity keyed by this firing's workflow id, then its own workflow as an
 * abandoned child, which goes on after this one ends.
 */
export async function recurringAccessReviewWorkflow(originId: string): Promise<{ reviewId: string | null }> {
  const input = await reviews.createRecurringReview(originId, workflowInfo().workflowId);
  if (!input) return { reviewId: null };
  await startChild<typeof accessReviewWorkflow>('accessReviewWorkflow', {
    workflowId: accessReviewWorkflowId(input.reviewId),
    args: [input],
    parentClosePolicy: ParentClosePolicy.ABANDON,
  });
  return { reviewId: input.reviewId };
}
