import { WorkflowNotFoundError } from '@temporalio/client';
import { conflict } from '../../errors/index.js';
import { accessReviewWorkflowId } from '../../temporal/access-review-messages.js';
import { transactionAroundTemporalCall, withTemporalDeadline } from '../../temporal/client.js';
import { deleteIfPresent } from '../../temporal/schedule-ownership.js';
import { auditChange, type Caller } from '../caller.js';
import { recurrenceScheduleId } from './recurrence.js';
import { reviewView, loadReview, type AccessReviewView } from './review-record.js';
import type { AccessReviewContext } from './review-context.js';

/**
 * Stops a draft or active campaign without removing anything: its items keep their decisions and
 * take no more, and an active campaign's workflow is cancelled. Audited as `access_review.cancelled`.
 */
export function cancelReview(context: AccessReviewContext, caller: Caller, id: string): Promise<AccessReviewView> {
  const { db, temporal } = context;
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM access_reviews WHERE id = ${id}::uuid FOR UPDATE`;
    const row = await loadReview(tx, id);
    if (row.status !== 'draft' && row.status !== 'active') {
      throw conflict(`Only a draft or active campaign can be cancelled; this one is ${row.status}`);
    }
    await tx.accessReview.update({ where: { id }, data: { status: 'cancelled', closedAt: new Date() } });
    const undecided = await tx.accessReviewItem.count({ where: { reviewId: id, decision: null } });
    await auditChange(
      tx,
      caller,
      'access_review.cancelled',
      { type: 'access_review', id },
      { name: row.name, previousStatus: row.status, undecided },
    );
    // A recurring campaign cancelled starts no more.
    if (row.recurrence !== null) {
      await withTemporalDeadline(temporal, () => deleteIfPresent(temporal, recurrenceScheduleId(id)));
    }
    if (row.status === 'active') {
      // Inside the transaction: Temporal down is a 503 and the campaign stays active. Cancelling an
      // execution that has ended already (its due date passed) changes nothing.
      const handle = temporal.workflow.getHandle(accessReviewWorkflowId(id));
      await withTemporalDeadline(temporal, () => handle.cancel()).catch((error: unknown) => {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      });
    }
    return reviewView(tx, id);
  }, transactionAroundTemporalCall(temporal));
}
