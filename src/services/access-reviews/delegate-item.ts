import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { itemHistoryEntrySchema, type DelegateItemInput, type ItemHistoryEntry } from '../../domain/access-review.js';
import { conflict, validationFailed } from '../../errors/index.js';
import { auditChange, type Caller } from '../caller.js';
import { activeEmailOf } from '../users/user-record.js';
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
    const field = input.email === undefined ? 'userId' : 'email';
    const delegate = await tx.user.findFirst({
      where:
        input.email === undefined
          ? { id: input.userId, active: true, deletedAt: null }
          : { activeEmail: activeEmailOf(input.email), active: true },
    });
    if (!delegate)
      throw validationFailed(`${field}: no active user with ${field === 'email' ? 'email' : 'id'} ${input[field]}`, {
        field,
      });
    if (delegate.id === item.subjectUserId) {
      throw validationFailed(`${field}: an item is never delegated to its subject`, { field });
    }
    if (delegate.id === caller.principal.userId || delegate.id === item.reviewerId) {
      throw validationFailed(`${field}: the item is yours or theirs already; name someone else`, { field });
    }

    const entry: ItemHistoryEntry = {
      type: 'delegated',
      fromUserId: item.reviewerId,
      toUserId: delegate.id,
      byUserId: caller.principal.userId,
      at: new Date().toISOString(),
      comment: input.comment,
    };
    const history = [...z.array(itemHistoryEntrySchema).parse(item.history), entry];
    const updated = await tx.accessReviewItem.update({
      where: { id: itemId },
      data: { reviewerId: delegate.id, history },
    });
    await auditChange(
      tx,
      caller,
      'access_review.item_delegated',
      { type: 'access_review_item', id: itemId },
      { reviewId, fromUserId: item.reviewerId, toUserId: delegate.id, subjectUserId: item.subjectUserId },
    );
    return toItemView(updated, item.review, (await subjectsOf(tx, [updated])).get(updated.subjectUserId));
  });
}
