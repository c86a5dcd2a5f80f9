import { defineSignal } from '@temporalio/workflow';

// Workflow-safe: what a campaign's workflow is started with and the messages it understands,
// shared by the workflow and the services that start and close campaigns. Items never travel
// here: they stay in PostgreSQL, and the signals only wake the workflow to read them.

export interface AccessReviewWorkflowInput {
  reviewId: string;
  /** ISO 8601: the workflow's timer runs until then. */
  dueAt: string;
  /**
   * `open` (absent: the same) while decisions are taken; `closing` once they no longer are: a
   * workflow continued as new, or started again for a campaign whose workflow was gone.
   */
  phase?: 'open' | 'closing';
  /** Carried across a continue-as-new: what ended the decisions. */
  endedBy?: AccessReviewWorkflowResult['endedBy'];
  /**
   * The timers besides the due date, counted from `startedAt` (ISO 8601): a round of reminders
   * every `reminderEveryDays`, and the escalation of what is undecided `escalateAfterDays` after
   * the start. Absent: none (workflows started before they existed).
   */
  startedAt?: string;
  reminderEveryDays?: number | null;
  escalateAfterDays?: number | null;
  /** Carried across a continue-as-new: reminder rounds sent, and whether the escalation happened. */
  remindersSent?: number;
  overdueEscalated?: boolean;
  /**
   * How many stages the campaign has (absent: one), sharing the time from `startedAt` to `dueAt`
   * equally, and the one under way.
   */
  stages?: number;
  currentStage?: number;
}

/** How a campaign's waiting ended: its due date passed, it was closed before, or cancelled. */
export interface AccessReviewWorkflowResult {
  endedBy: 'due_date' | 'close' | 'cancel';
}

/** Asks the campaign's workflow to close now, or, once closing, to close for good. */
export const closeAccessReviewSignal = defineSignal('closeAccessReview');

/** Tells a closing campaign's workflow that removals were given their go or a retry. */
export const remediateAccessReviewSignal = defineSignal('remediateAccessReview');

/** The Temporal workflow id of a campaign: one workflow per campaign. */
export function accessReviewWorkflowId(reviewId: string): string {
  return `access-review-${reviewId}`;
}
