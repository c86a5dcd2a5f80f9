import { z } from 'zod';
import type { DatabaseClient } from '../../db/client.js';
import type { AccessReviewItem } from '../../db/generated/client.js';
import {
  ACCESS_KINDS,
  REMEDIATION_STATUSES,
  REVIEW_DECISIONS,
  itemHistoryEntrySchema,
  itemRecommendationsSchema,
} from '../../domain/access-review.js';
import { AppError, notFound } from '../../errors/index.js';
import { can, type Principal } from '../../permissions/index.js';

// Built once: an item's columns are read back through them for every item of every page.
const historySchema = z.array(itemHistoryEntrySchema);
const kindSchema = z.enum(ACCESS_KINDS);
const decisionSchema = z.enum(REVIEW_DECISIONS).nullable();
const remediationSchema = z.enum(REMEDIATION_STATUSES).nullable();

/** The campaign fields an item's view shows beside it. */
export interface ItemReview {
  id: string;
  name: string;
  status: string;
  dueAt: Date | null;
}

export interface ItemSubject {
  id: string;
  displayName: string | null;
  email: string | null;
}

export function toItemView(item: AccessReviewItem, review: ItemReview, subject: ItemSubject | undefined) {
  const overdue =
    item.decision === null && review.status === 'active' && review.dueAt !== null && review.dueAt < new Date();
  return {
    id: item.id,
    review: { id: review.id, name: review.name, dueAt: review.dueAt },
    subject: subject ?? { id: item.subjectUserId, displayName: null, email: null },
    access: {
      kind: kindSchema.parse(item.accessKind),
      ref: item.accessRef,
      label: item.accessLabel,
    },
    reviewerId: item.reviewerId,
    stage: item.stage,
    decision: decisionSchema.parse(item.decision),
    decidedByPolicy: item.decidedByPolicy,
    comment: item.comment,
    decidedBy: item.decidedBy,
    decidedAt: item.decidedAt,
    overdue,
    history: historySchema.parse(item.history),
    recommendations: itemRecommendationsSchema.parse(item.recommendations),
    remediationStatus: remediationSchema.parse(item.remediationStatus),
    remediationError: item.remediationError,
    remediationResult: item.remediationResult as Record<string, unknown> | null,
    remediatedAt: item.remediatedAt,
    createdAt: item.createdAt,
  };
}
export type AccessReviewItemView = ReturnType<typeof toItemView>;

/** The subjects of `items`, by id, in one query. */
export async function subjectsOf(db: DatabaseClient, items: AccessReviewItem[]): Promise<Map<string, ItemSubject>> {
  const ids = [...new Set(items.map((item) => item.subjectUserId))];
  const users = await db.user.findMany({
    where: { id: { in: ids } },
    select: { id: true, displayName: true, email: true },
  });
  return new Map(users.map((user) => [user.id, user]));
}

/** Whether `principal` follows every item of every campaign (not only the items put to them). */
export const seesAllItems = (principal: Principal) => can(principal, 'review:read') || can(principal, 'review:manage');

/**
 * Keeps the campaign's status from changing (a cancel or close takes the row FOR UPDATE) until the
 * caller's transaction ends, so a decision never lands after the campaign stopped taking them.
 * Taken before any item lock, in the order a close takes them, and in the weakest mode: decisions
 * do not wait for each other.
 */
export async function holdReview(tx: DatabaseClient, reviewId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM access_reviews WHERE id = ${reviewId}::uuid FOR KEY SHARE`;
}

/**
 * Locks one item of a campaign for a change and checks that `principal` may act on it: its
 * reviewer, or a holder of review:manage. Anyone else gets the same 404 as for an item that does
 * not exist, so items put to others stay unseen. Nobody acts on their own access.
 */
export async function lockOwnItem(tx: DatabaseClient, principal: Principal, reviewId: string, itemId: string) {
  await holdReview(tx, reviewId);
  await tx.$queryRaw`SELECT id FROM access_review_items WHERE id = ${itemId}::uuid FOR UPDATE`;
  const item = await tx.accessReviewItem.findFirst({ where: { id: itemId, reviewId }, include: { review: true } });
  if (!item || (item.reviewerId !== principal.userId && !can(principal, 'review:manage'))) {
    throw notFound('Access review item');
  }
  if (item.subjectUserId === principal.userId) {
    throw new AppError('forbidden', 'Nobody reviews their own access: this item is about you');
  }
  return item;
}

/** 409 unless the campaign is active: decisions and delegations happen between start and close. */
export function requireActive(review: { status: string }): void {
  if (review.status !== 'active') {
    throw new AppError('conflict', `Items are decided while their campaign is active; this one is ${review.status}`);
  }
}

/** Items are decided and delegated while their stage is the campaign's current one (409 otherwise). */
export function requireCurrentStage(review: { currentStage: number }, items: ReadonlyArray<{ stage: number }>): void {
  const past = items.filter((item) => item.stage !== review.currentStage).length;
  if (past > 0) {
    throw new AppError(
      'conflict',
      `${past === 1 ? "The item's stage has" : `${past} of the items' stages have`} ended: the campaign is at stage ${review.currentStage}`,
    );
  }
}
