import type { Database } from '../../db/client.js';
import type { Prisma } from '../../db/generated/client.js';
import type { AccessKind, RemediationStatus, ReviewDecision } from '../../domain/access-review.js';
import { fetchPage, sortedById, type SortedPageQuery } from '../../domain/pagination.js';
import { AppError, notFound } from '../../errors/index.js';
import { can, type Principal } from '../../permissions/index.js';
import { seesAllItems, subjectsOf, toItemView } from './item-record.js';
import { loadReview } from './review-record.js';

export interface ItemListQuery extends SortedPageQuery<'createdAt'> {
  reviewerId?: string;
  decision?: ReviewDecision | 'pending';
  stage?: number;
  userId?: string;
  accessKind?: AccessKind;
  accessRef?: string;
  remediation?: RemediationStatus;
}

function filtersOf(query: ItemListQuery): Prisma.AccessReviewItemWhereInput {
  return {
    ...(query.reviewerId ? { reviewerId: query.reviewerId } : {}),
    ...(query.decision ? { decision: query.decision === 'pending' ? null : query.decision } : {}),
    ...(query.stage ? { stage: query.stage } : {}),
    ...(query.userId ? { subjectUserId: query.userId } : {}),
    ...(query.accessKind ? { accessKind: query.accessKind } : {}),
    ...(query.accessRef ? { accessRef: query.accessRef } : {}),
    ...(query.remediation ? { remediationStatus: query.remediation } : {}),
  };
}

/**
 * A page of a campaign's items. Holders of review:read or review:manage see them all; anyone else
 * only the items put to them, and a campaign without any is a 404 to them.
 */
export async function listItems(db: Database, principal: Principal, reviewId: string, query: ItemListQuery) {
  const review = await loadReview(db, reviewId);
  const where: Prisma.AccessReviewItemWhereInput = { reviewId, ...filtersOf(query) };
  if (!seesAllItems(principal)) {
    if (!can(principal, 'review:decide'))
      throw new AppError('forbidden', 'Needs review:read, or review:decide for your own items');
    const own = await db.accessReviewItem.count({ where: { reviewId, reviewerId: principal.userId } });
    if (own === 0) throw notFound('Access review');
    where.reviewerId = principal.userId;
  }
  return fetchPage(
    query,
    async (window) => {
      const items = await db.accessReviewItem.findMany({ where, orderBy: sortedById(query), ...window });
      const subjects = await subjectsOf(db, items);
      return items.map((item) => toItemView(item, review, subjects.get(item.subjectUserId)));
    },
    () => db.accessReviewItem.count({ where }),
  );
}

/** A page of the caller's undecided items in active campaigns, the oldest first by default. */
export async function listMyItems(db: Database, principal: Principal, query: SortedPageQuery<'createdAt'>) {
  const where: Prisma.AccessReviewItemWhereInput = {
    reviewerId: principal.userId,
    decision: null,
    review: { status: 'active' },
  };
  return fetchPage(
    query,
    async (window) => {
      const items = await db.accessReviewItem.findMany({
        where,
        include: { review: { select: { id: true, name: true, status: true, dueAt: true } } },
        orderBy: sortedById(query),
        ...window,
      });
      const subjects = await subjectsOf(db, items);
      return items.map((item) => toItemView(item, item.review, subjects.get(item.subjectUserId)));
    },
    () => db.accessReviewItem.count({ where }),
  );
}
