import { conflict } from '../../errors/index.js';
import { accessReviewWorkflowId } from '../../temporal/access-review-messages.js';
import { workflowInputOf } from './review-workflow.js';
import { withTemporalDeadline } from '../../temporal/client.js';
import type { accessReviewWorkflow } from '../../workflows/access-review.js';
import { auditChange, type Caller } from '../caller.js';
import { activateReview } from './activate-review.js';
import { scheduleRecurrence } from './recurrence.js';
import type { AccessReviewContext } from './review-context.js';
import { loadReview, reviewView, type AccessReviewView } from './review-record.js';

/** A start writes every item of the campaign in its transaction: tens of thousands must fit. */
const START_TRANSACTION_TIMEOUT_MS = 60_000;

/**
 * Starts a draft campaign: writes its first stage's items with their reviewers and
 * recommendations, makes it active with its due date, and starts its workflow, all or nothing. A
 * scope that holds nothing, or an item nobody may review, is a 400 and leaves the draft as it was.
 */
export async function startReview(context: AccessReviewContext, caller: Caller, id: string): Promise<AccessReviewView> {
  const { db, temporal } = context;
  return db.$transaction(
    async (tx) => {
      // The row lock makes a second start wait for this one, then find the campaign active.
      await tx.$queryRaw`SELECT id FROM access_reviews WHERE id = ${id}::uuid FOR UPDATE`;
      const row = await loadReview(tx, id);
      if (row.status !== 'draft') throw conflict(`Only a draft campaign can be started; this one is ${row.status}`);
      const { active, items } = await activateReview(tx, row, caller.principal.userId);
      const workflowId = accessReviewWorkflowId(id);
      await auditChange(
        tx,
        caller,
        'access_review.started',
        { type: 'access_review', id },
        { name: row.name, items, dueAt: active.dueAt!.toISOString(), workflowId },
      );
      // Last, inside the transaction: Temporal down rolls the start back (503). A workflow of the
      // same id can only be one whose start failed to commit: it is replaced.
      const input = workflowInputOf(active);
      await withTemporalDeadline(temporal, () =>
        temporal.workflow.start<typeof accessReviewWorkflow>('accessReviewWorkflow', {
          workflowId,
          taskQueue: context.config.temporal.taskQueue,
          args: [input],
          workflowIdConflictPolicy: 'TERMINATE_EXISTING',
        }),
      );
      if (active.recurrence !== null) await scheduleRecurrence(context, active);
      return reviewView(tx, id);
    },
    { timeout: START_TRANSACTION_TIMEOUT_MS, maxWait: START_TRANSACTION_TIMEOUT_MS },
  );
}
