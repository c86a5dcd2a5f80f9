import { auditRow } from '../../audit/index.js';
import { Prisma, type Database, type DatabaseClient } from '../../db/client.js';
import { loadReview } from './review-record.js';

const DAY_MS = 86_400_000;

/** Locks a campaign's row for a change of its status and reads it; null when there is none. */
export async function lockReviewIfAny(tx: DatabaseClient, id: string) {
  await tx.$queryRaw`SELECT id FROM access_reviews WHERE id = ${id}::uuid FOR UPDATE`;
  return tx.accessReview.findUnique({ where: { id } });
}

/** Locks a campaign's row for a change of its status and reads it; 404 when there is none. */
export async function lockReview(tx: DatabaseClient, id: string) {
  await lockReviewIfAny(tx, id);
  return loadReview(tx, id);
}

/**
 * Hands every undecided item of a campaign to the person `target` names for it (an expression on
 * the item `u`; null leaves the item where it is), recorded in its history with `comment` and
 * audited as `access_review.item_escalated` by the campaign itself. Answers how many moved.
 */
async function escalateUndecided(
  tx: DatabaseClient,
  reviewId: string,
  target: Prisma.Sql,
  reason: 'unanswered' | 'overdue',
  comment: string,
): Promise<number> {
  const entry = { type: 'escalated', byUserId: null, at: new Date().toISOString(), comment };
  const escalated = await tx.$queryRaw<Array<{ id: string; from_user_id: string | null; to_user_id: string }>>`
    UPDATE access_review_items i
    SET reviewer_id = c.target,
      history = i.history || jsonb_build_array(${JSON.stringify(entry)}::jsonb
        || jsonb_build_object('fromUserId', c.from_user_id, 'toUserId', c.target))
    FROM (
      SELECT u.id, u.reviewer_id AS from_user_id, ${target} AS target
      FROM access_review_items u
      WHERE u.review_id = ${reviewId}::uuid AND u.decision IS NULL) c
    WHERE i.id = c.id AND c.target IS NOT NULL AND c.target IS DISTINCT FROM c.from_user_id
    RETURNING i.id, c.from_user_id, c.target AS to_user_id`;
  await tx.auditLog.createMany({
    data: escalated.map((item) =>
      auditRow({
        action: 'access_review.item_escalated',
        actor: { type: 'system' },
        target: { type: 'access_review_item', id: item.id },
        metadata: { reviewId, fromUserId: item.from_user_id, toUserId: item.to_user_id, reason },
      }),
    ),
  });
  return escalated.length;
}

/** The first of `userIds` who is active and not the subject of the item `u`. */
const firstOf = (userIds: string[]) => Prisma.sql`(
  SELECT t.user_id FROM unnest(${userIds}::uuid[]) WITH ORDINALITY AS t(user_id, position)
    JOIN users tu ON tu.id = t.user_id AND tu.active AND tu.deleted_at IS NULL
  WHERE t.user_id <> u.subject_user_id ORDER BY t.position LIMIT 1)`;

/** The active manager of the item `u`'s reviewer, unless that is its subject. */
const reviewersManager = Prisma.sql`(
  SELECT m.id FROM users r JOIN users m ON m.id = r.manager_id AND m.active AND m.deleted_at IS NULL
  WHERE r.id = u.reviewer_id AND m.id <> u.subject_user_id)`;

/**
 * At the due date of a campaign whose policy is `escalate`: hands every undecided item to the
 * first of escalateToUserIds who is not its subject, and moves the due date by
 * unansweredGraceDays. Answers the new due date (ISO 8601), or null when there is nothing to
 * escalate (another policy, a campaign no longer active). Done once: a repeat answers the date
 * the first set.
 */
export async function escalateUnanswered(db: Database, reviewId: string): Promise<string | null> {
  return db.$transaction(async (tx) => {
    const review = await lockReviewIfAny(tx, reviewId);
    if (review?.status !== 'active' || review.whenUnanswered !== 'escalate') return null;
    if (review.escalatedAt) return review.dueAt!.toISOString();
    const now = new Date();
    await escalateUndecided(
      tx,
      reviewId,
      firstOf(review.escalateToUserIds),
      'unanswered',
      'Unanswered at the due date',
    );
    const dueAt = new Date(now.getTime() + review.unansweredGraceDays * DAY_MS);
    await tx.accessReview.update({ where: { id: reviewId }, data: { escalatedAt: now, dueAt } });
    return dueAt.toISOString();
  });
}

/**
 * escalateAfterDays after the start: hands every item still undecided to the first of
 * escalateToUserIds who is not its subject, or without any, to its reviewer's manager. Done once
 * per campaign, and only while it is active; answers how many items moved.
 */
export async function escalateOverdue(db: Database, reviewId: string): Promise<number> {
  return db.$transaction(async (tx) => {
    const review = await lockReviewIfAny(tx, reviewId);
    if (review?.status !== 'active' || review.overdueEscalatedAt || review.escalateAfterDays === null) return 0;
    const target = review.escalateToUserIds.length > 0 ? firstOf(review.escalateToUserIds) : reviewersManager;
    const moved = await escalateUndecided(
      tx,
      reviewId,
      target,
      'overdue',
      `Undecided ${review.escalateAfterDays} day${review.escalateAfterDays === 1 ? '' : 's'} after the start`,
    );
    await tx.accessReview.update({ where: { id: reviewId }, data: { overdueEscalatedAt: new Date() } });
    return moved;
  });
}

export interface Settlement {
  /** False when the campaign was cancelled (or never started): nothing is removed. */
  closing: boolean;
  /** Undecided items the policy decided. */
  unanswered: number;
  /** Revokes to carry out (or waiting for an administrator's go). */
  removals: number;
}

/**
 * Stops taking decisions on a campaign (status `closing`, when its due date rather than a person
 * closed it) and settles it once: what is still undecided takes the campaign's policy (`keep`, or
 * `revoke`; `escalate` keeps what its escalation round left unanswered), marked as decided by the
 * policy, and every revoke becomes a removal, `pending` or, without autoRemediate, `awaiting_go`.
 * One transaction, so a repeat after a crash finds it settled and changes nothing.
 */
export async function settleReview(db: Database, reviewId: string): Promise<Settlement> {
  return db.$transaction(async (tx) => {
    const review = await lockReviewIfAny(tx, reviewId);
    if (!review || review.status === 'draft' || review.status === 'cancelled') {
      return { closing: false, unanswered: 0, removals: 0 };
    }
    const now = new Date();
    if (review.status === 'active') {
      await tx.accessReview.update({ where: { id: reviewId }, data: { status: 'closing', closedAt: now } });
    }
    if (review.settledAt) {
      const removals = await tx.accessReviewItem.count({ where: { reviewId, decision: 'revoke' } });
      return { closing: true, unanswered: 0, removals };
    }
    const unanswered = await tx.accessReviewItem.updateMany({
      where: { reviewId, decision: null },
      data: {
        decision: review.whenUnanswered === 'revoke' ? 'revoke' : 'keep',
        decidedByPolicy: true,
        decidedAt: now,
      },
    });
    const removals = await tx.accessReviewItem.updateMany({
      where: { reviewId, decision: 'revoke', remediationStatus: null },
      data: { remediationStatus: review.autoRemediate ? 'pending' : 'awaiting_go' },
    });
    await tx.accessReview.update({ where: { id: reviewId }, data: { settledAt: now } });
    return { closing: true, unanswered: unanswered.count, removals: removals.count };
  });
}
