import type { DatabaseClient } from '../../db/client.js';
import type { AccessReview } from '../../db/generated/client.js';
import { validationFailed } from '../../errors/index.js';
import { resolveReview } from './check-references.js';
import { generateItems } from './generate-items.js';
import { definitionOf } from './review-record.js';

const DAY_MS = 86_400_000;

/**
 * Makes a draft campaign active in the caller's transaction: writes its first stage's items with
 * their reviewers and recommendations, and sets its start, due date and acting person. A scope
 * that holds nothing, or an item nobody may review, is a 400 and the transaction rolls back.
 * Answers the campaign as it now is and how many items it got.
 */
export async function activateReview(tx: DatabaseClient, row: AccessReview, actingUserId: string | null) {
  const resolved = await resolveReview(tx, definitionOf(row));
  const items = await generateItems(tx, row.id, resolved.scope, resolved.reviewers);
  if (items === 0) throw validationFailed('The scope holds no access to review: nobody holds what it names');
  const unassigned = await tx.accessReviewItem.count({ where: { reviewId: row.id, reviewerId: null } });
  if (unassigned > 0) {
    throw validationFailed(
      `${unassigned} of ${items} items have no possible reviewer (nobody reviews their own access): add fallbackUserIds or other reviewers`,
      { field: 'reviewers', unassigned },
    );
  }
  const startedAt = new Date();
  const dueAt = new Date(startedAt.getTime() + row.dueInDays * DAY_MS);
  const active = await tx.accessReview.update({
    where: { id: row.id },
    data: { status: 'active', startedAt, dueAt, actingUserId },
  });
  return { active, items };
}
