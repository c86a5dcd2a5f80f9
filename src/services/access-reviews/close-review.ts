import { conflict } from '../../errors/index.js';
import { transactionAroundTemporalCall } from '../../temporal/client.js';
import { auditChange, type Caller } from '../caller.js';
import { reviewView, type AccessReviewView } from './review-record.js';
import { signalReviewWorkflow } from './review-workflow.js';
import { lockReview } from './settle-review.js';
import type { AccessReviewContext } from './review-context.js';

/**
 * Closes a campaign. An active one stops taking decisions now (status `closing`, the caller
 * recorded as who closed it and as whom its removals act); its workflow then settles what is
 * undecided by the campaign's policy, carries out the revokes and freezes the report. A closing
 * one whose removals wait for a go or failed is closed for good as it stands. Audited as
 * `access_review.close_requested`; anything else is a 409.
 */
export function closeReview(context: AccessReviewContext, caller: Caller, id: string): Promise<AccessReviewView> {
  const { db, temporal } = context;
  return db.$transaction(async (tx) => {
    const row = await lockReview(tx, id);
    const userId = caller.principal.userId;
    const now = new Date();
    if (row.status === 'active') {
      await tx.accessReview.update({
        where: { id },
        data: { status: 'closing', closedAt: now, closedBy: userId, actingUserId: userId },
      });
    } else if (row.status === 'closing') {
      await tx.accessReview.update({ where: { id }, data: { finishRequestedAt: now } });
    } else {
      throw conflict(`Only an active or closing campaign can be closed; this one is ${row.status}`);
    }
    await auditChange(
      tx,
      caller,
      'access_review.close_requested',
      { type: 'access_review', id },
      { name: row.name, previousStatus: row.status, final: row.status === 'closing' },
    );
    await signalReviewWorkflow(context, row, 'closeAccessReview');
    return reviewView(tx, id);
  }, transactionAroundTemporalCall(temporal));
}
