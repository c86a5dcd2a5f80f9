import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { itemHistoryEntrySchema, type DelegateItemInput, type ItemHistoryEntry } from '../../domain/access-review.js';
import { conflict, validationFailed } from '../../errors/index.js';
import { auditChange, type Caller } from '../caller.js';
import {
  lockOwnItem,
  requireActive,
  requireCurrentStage,
  subjectsOf,
  toItemView,
  type AccessReviewItemView,
} from './item-record.js';

/**
 * Hands one undecided item to another reviewer, recorded in the item's history and audited in the
 * same transaction. Never to the item's subject (nobody reviews their own access), nor to the
 * caller or the reviewer it already has.
 */
export function delegateItem(
  db: Database,
  caller: Caller,
  reviewId: string,
  itemId: string,
  input: DelegateItemInput,
): Promise<AccessReviewItemView> {
  return db.$transaction(async (tx) => {
    const item = await lockOwnItem(tx, caller.principal, reviewId, itemId);
    requireActive(item.review);
    requireCurrentStage(item.review, [item]);
    if (item.decision !== null) throw conflict('The item is decided already; only undecided items are delegated');
    if (input.userId === item.subjectUserId) {
      throw validationFailed('userId: an item is never delegated to its subject', { field: 'userId' });
    }
    if (input.userId === caller.principal.userId || input.userId === item.reviewerId) {
      throw validationFailed('userId: the item is yours or theirs already; name someone else', { field: 'userId' });
    }
    const delegate = await tx.user.findFirst({ where: { id: input.userId, active: true, deletedAt: null } });
    if (!delegate) throw validationFailed(`userId: no active user with id ${input.userId}`, { field: 'userId' });

    const entry: ItemHistoryEntry = {
      type: 'delegated',
      fromUserId: item.reviewerId,
      toUserId: input.userId,
      byUserId: caller.principal.userId,
      at: new Date().toISOString(),
      comment: input.comment,
    };
    const history = [...z.array(itemHistoryEntrySchema).parse(item.history), entry];
    const updated = await tx.accessReviewItem.update({
      where: { id: itemId },
      data: { reviewerId: input.userId, history },
    });
    await auditChange(
      tx,
      caller,
      'access_review.item_delegated',
      { type: 'access_review_item', id: itemId },
      { reviewId, fromUserId: item.reviewerId, toUserId: input.userId, subjectUserId: item.subjectUserId },
    );
    return toItemView(updated, item.review, (await subjectsOf(tx, [updated])).get(updated.subjectUserId));
  });
}
