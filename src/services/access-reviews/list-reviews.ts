import type { Database } from '../../db/client.js';
import type { Prisma } from '../../db/generated/client.js';
import type { AccessReviewStatus } from '../../domain/access-review.js';
import { fetchPage, nameContains, sortedById, type SortedPageQuery } from '../../domain/pagination.js';
import { progressOf, toReviewView } from './review-record.js';

export interface ReviewListQuery extends SortedPageQuery<'createdAt' | 'name'> {
  status?: AccessReviewStatus;
  search?: string;
}

/** A page of campaigns with their progress, counted for the page's campaigns only. */
export function listReviews(db: Database, query: ReviewListQuery) {
  const where: Prisma.AccessReviewWhereInput = {
    ...nameContains(query.search),
    ...(query.status ? { status: query.status } : {}),
  };
  return fetchPage(
    query,
    async (window) => {
      const rows = await db.accessReview.findMany({ where, orderBy: sortedById(query), ...window });
      const progress = await progressOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toReviewView(row, progress.get(row.id)));
    },
    () => db.accessReview.count({ where }),
  );
}
