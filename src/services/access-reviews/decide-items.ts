import { actorOf, auditRow } from '../../audit/index.js';
import type { Database, DatabaseClient } from '../../db/client.js';
import type { BulkDecideInput, DecideItemInput } from '../../domain/access-review.js';
import { AppError, validationFailed } from '../../errors/index.js';
import { auditChange, type Caller } from '../caller.js';
import {
  holdReview,
  lockOwnItem,
  requireActive,
  requireCurrentStage,
  subjectsOf,
  toItemView,
  type AccessReviewItemView,
} from './item-record.js';
import { loadReview } from './review-record.js';

/** A revoke always needs its reason; a keep needs one when the campaign says so. */
function requireComment(input: DecideItemInput, requireCommentToKeep: boolean): void {
  if (input.comment) return;
  if (input.decision === 'revoke') throw validationFailed('A revoke needs a comment saying why', { field: 'comment' });
  if (requireCommentToKeep) {
    throw validationFailed('This campaign needs a comment on every keep', { field: 'comment' });
  }
}

const decidedData = (caller: Caller, input: DecideItemInput, at: Date) => ({
  decision: input.decision,
  comment: input.comment,
  decidedBy: caller.principal.userId,
  decidedAt: at,
});

/**
 * Records a reviewer's decision on one item, with its audit entry in the same transaction. The
 * decision may be changed while the campaign is active; each change is audited with the one before.
 */
export function decideItem(
  db: Database,
  caller: Caller,
  reviewId: string,
  itemId: string,
  input: DecideItemInput,
): Promise<AccessReviewItemView> {
  return db.$transaction(async (tx) => {
    const item = await lockOwnItem(tx, caller.principal, reviewId, itemId);
    requireActive(item.review);
    requireCurrentStage(item.review, [item]);
    requireComment(input, item.review.requireCommentToKeep);
    const updated = await tx.accessReviewItem.update({
      where: { id: itemId },
      data: decidedData(caller, input, new Date()),
    });
    await auditChange(
      tx,
      caller,
      'access_review.item_decided',
      { type: 'access_review_item', id: itemId },
      {
        reviewId,
        decision: input.decision,
        previousDecision: item.decision,
        subjectUserId: item.subjectUserId,
        access: { kind: item.accessKind, ref: item.accessRef, label: item.accessLabel },
      },
    );
    return toItemView(updated, item.review, (await subjectsOf(tx, [updated])).get(updated.subjectUserId));
  });
}

async function lockItems(tx: DatabaseClient, reviewId: string, itemIds: string[]) {
  await tx.$queryRaw`
    SELECT id FROM access_review_items WHERE review_id = ${reviewId}::uuid AND id = ANY(${itemIds}::uuid[])
    ORDER BY id FOR UPDATE`;
  return tx.accessReviewItem.findMany({ where: { reviewId, id: { in: itemIds } } });
}

/**
 * Decides several of the caller's own items of one campaign at once, all or nothing: an item that
 * is not theirs (review:manage included) refuses the whole request. One audit entry per item.
 */
export function bulkDecide(db: Database, caller: Caller, reviewId: string, input: BulkDecideInput) {
  return db.$transaction(async (tx) => {
    await holdReview(tx, reviewId);
    const review = await loadReview(tx, reviewId);
    const items = await lockItems(tx, reviewId, input.itemIds);
    const userId = caller.principal.userId;
    const foreign = input.itemIds.length - items.filter((item) => item.reviewerId === userId).length;
    if (foreign > 0) {
      throw new AppError(
        'not_found',
        `${foreign} of the ${input.itemIds.length} items are not yours to decide in this campaign; none was decided`,
        { details: { notYours: foreign } },
      );
    }
    if (items.some((item) => item.subjectUserId === userId)) {
      throw new AppError('forbidden', 'Nobody reviews their own access');
    }
    requireActive(review);
    requireCurrentStage(review, items);
    requireComment(input, review.requireCommentToKeep);
    const at = new Date();
    await tx.accessReviewItem.updateMany({
      where: { id: { in: input.itemIds } },
      data: decidedData(caller, input, at),
    });
    await tx.auditLog.createMany({
      data: items.map((item) =>
        auditRow({
          action: 'access_review.item_decided',
          actor: actorOf(caller.principal),
          target: { type: 'access_review_item', id: item.id },
          requestId: caller.requestId,
          metadata: {
            reviewId,
            decision: input.decision,
            previousDecision: item.decision,
            subjectUserId: item.subjectUserId,
            access: { kind: item.accessKind, ref: item.accessRef, label: item.accessLabel },
            bulk: true,
          },
        }),
      ),
    });
    return { decided: items.length, decision: input.decision };
  });
}
