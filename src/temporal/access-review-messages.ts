import { defineSignal } from '@temporalio/workflow';

// Workflow-safe: what a campaign's workflow is started with and the messages it understands,
// shared by the workflow and the services that start and close campaigns. Items never travel
// here: they stay in PostgreSQL.

export interface AccessReviewWorkflowInput {
  reviewId: string;
  /** ISO 8601: the workflow's timer runs until then. */
  dueAt: string;
}

/** How a campaign's waiting ended: its due date passed, or it was closed before. */
export interface AccessReviewWorkflowResult {
  endedBy: 'due_date' | 'close';
}

/** Asks the campaign's workflow to stop waiting for its due date and close now. */
export const closeAccessReviewSignal = defineSignal('closeAccessReview');

/** The Temporal workflow id of a campaign: one workflow per campaign. */
export function accessReviewWorkflowId(reviewId: string): string {
  return `access-review-${reviewId}`;
}
