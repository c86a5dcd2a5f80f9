import type { Schema } from '../../api/client';

export type AccessReview = Schema<'AccessReview'>;

/** "12 of 40 decided": how far a campaign's reviewers have got. */
export function decidedOf(review: AccessReview): string {
  return `${review.progress.decided} of ${review.progress.total} decided`;
}
