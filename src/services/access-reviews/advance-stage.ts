import type { Database } from '../../db/client.js';
import { resolveReview } from './check-references.js';
import { advanceItems } from './generate-items.js';
import { definitionOf } from './review-record.js';
import { lockReviewIfAny } from './settle-review.js';

/**
 * Ends stage `stage` of a campaign and opens the next: what is undecided in it takes the campaign's
 * policy (`revoke` revokes it; `keep` and `escalate` keep it, so the next stage sees it), and each
 * kept item becomes an item of the next stage, put to that stage's reviewers. A later stage sees
 * only what the one before kept. Done once per stage, in one transaction; answers how many items
 * the next stage got, or null when there was nothing to do (another stage, a campaign no longer
 * active, no later stage).
 */
export async function advanceStage(db: Database, reviewId: string, stage: number): Promise<number | null> {
  return db.$transaction(async (tx) => {
    const review = await lockReviewIfAny(tx, reviewId);
    if (review?.status !== 'active' || review.currentStage !== stage) return null;
    const resolved = await resolveReview(tx, definitionOf(review));
    const next = resolved.laterStages[stage - 1];
    if (!next) return null;
    await tx.accessReviewItem.updateMany({
      where: { reviewId, stage, decision: null },
      data: {
        decision: review.whenUnanswered === 'revoke' ? 'revoke' : 'keep',
        decidedByPolicy: true,
        decidedAt: new Date(),
      },
    });
    const written = await advanceItems(tx, reviewId, stage, next);
    await tx.accessReview.update({ where: { id: reviewId }, data: { currentStage: stage + 1 } });
    return written;
  });
}
