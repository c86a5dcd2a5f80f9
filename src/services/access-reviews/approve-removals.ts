import type { ApproveRemovalsInput } from '../../domain/access-review.js';
import { AppError, conflict } from '../../errors/index.js';
import { transactionAroundTemporalCall } from '../../temporal/client.js';
import { auditChange, type Caller } from '../caller.js';
import { reviewView, type AccessReviewView } from './review-record.js';
import { signalReviewWorkflow } from './review-workflow.js';
import { lockReview } from './settle-review.js';
import type { AccessReviewContext } from './review-context.js';

const WAITING = ['awaiting_go', 'failed'];

/**
 * Gives the go to a closing campaign's removals that wait for one, and retries those that failed:
 * all of them, or the items named. They become `pending`, act as the caller from now on, and the
 * campaign's workflow carries them out. Audited as `access_review.removals_approved`. An item
 * named that waits for nothing refuses the whole request.
 */
export function approveRemovals(
  context: AccessReviewContext,
  caller: Caller,
  id: string,
  input: ApproveRemovalsInput,
): Promise<AccessReviewView> {
  const { db, temporal } = context;
  return db.$transaction(async (tx) => {
    const row = await lockReview(tx, id);
    if (row.status !== 'closing') {
      throw conflict(`Removals are carried out while a campaign is closing; this one is ${row.status}`);
    }
    const where = {
      reviewId: id,
      remediationStatus: { in: WAITING },
      ...(input.itemIds ? { id: { in: input.itemIds } } : {}),
    };
    const waiting = await tx.accessReviewItem.groupBy({ by: ['remediationStatus'], where, _count: { _all: true } });
    const count = (status: string) => waiting.find((group) => group.remediationStatus === status)?._count._all ?? 0;
    const total = count('awaiting_go') + count('failed');
    if (input.itemIds && total < input.itemIds.length) {
      throw new AppError(
        'conflict',
        `${input.itemIds.length - total} of the ${input.itemIds.length} items have no removal waiting for a go or failed; none was approved`,
        { details: { notWaiting: input.itemIds.length - total } },
      );
    }
    if (total === 0) throw conflict('No removal of this campaign waits for a go or failed');
    await tx.accessReviewItem.updateMany({
      where,
      data: { remediationStatus: 'pending', remediationError: null, remediatedAt: null },
    });
    await tx.accessReview.update({ where: { id }, data: { actingUserId: caller.principal.userId } });
    await auditChange(
      tx,
      caller,
      'access_review.removals_approved',
      { type: 'access_review', id },
      { name: row.name, approved: count('awaiting_go'), retried: count('failed') },
    );
    await signalReviewWorkflow(context, row, 'remediateAccessReview');
    return reviewView(tx, id);
  }, transactionAroundTemporalCall(temporal));
}
