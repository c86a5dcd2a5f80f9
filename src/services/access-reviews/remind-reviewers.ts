import type { Database } from '../../db/client.js';
import type { Mailer } from '../../notifications/mailer.js';
import { lockReviewIfAny } from './settle-review.js';

/** The `recipient` key of a round's notifications: how a repeated round finds what it stored. */
const roundKey = (reviewId: string, round: number) => `access-review:${reviewId}:reminder:${round}`;

/**
 * Round `round` of a campaign's reminders: an in-app notification to each reviewer with undecided
 * items (how many, and the due date), stored once per round in one transaction with the count of
 * rounds sent; then, when SMTP is set, the email copy of each one not emailed yet, marked as it
 * goes. A round repeated after a crash stores nothing again and emails only what was not.
 * Answers how many reviewers were reminded.
 */
export async function remindReviewers(
  db: Database,
  mailer: Mailer | undefined,
  reviewId: string,
  round: number,
): Promise<number> {
  const recipient = roundKey(reviewId, round);
  const stored = await db.$transaction(async (tx) => {
    const review = await lockReviewIfAny(tx, reviewId);
    if (review?.status !== 'active' || review.remindersSent >= round) return null;
    const due = review.dueAt!.toISOString().slice(0, 10);
    const written = await tx.$executeRaw`
      INSERT INTO notifications (id, recipient, recipient_user_id, subject, message, created_at)
      SELECT gen_random_uuid(), ${recipient}, i.reviewer_id, ${`Access review: ${review.name}`},
        count(*) || ' of your items in the access review "' || ${review.name} || '" wait for your decision (due '
          || ${due} || '). Open your review queue to keep or revoke them.',
        now()
      FROM access_review_items i JOIN users r ON r.id = i.reviewer_id AND r.active AND r.deleted_at IS NULL
      WHERE i.review_id = ${reviewId}::uuid AND i.decision IS NULL
      GROUP BY i.reviewer_id`;
    await tx.accessReview.update({ where: { id: reviewId }, data: { remindersSent: round } });
    return written;
  });
  if (mailer) await emailRound(db, mailer, recipient);
  return stored ?? 0;
}

async function emailRound(db: Database, mailer: Mailer, recipient: string): Promise<void> {
  const unsent = await db.notification.findMany({ where: { recipient, emailedAt: null } });
  for (const notification of unsent) {
    const reviewer = await db.user.findUnique({
      where: { id: notification.recipientUserId! },
      select: { email: true },
    });
    if (reviewer?.email) {
      await mailer.send({
        to: [reviewer.email],
        subject: notification.subject ?? 'Access review',
        message: notification.message,
        workflowName: 'Access reviews',
      });
    }
    await db.notification.update({ where: { id: notification.id }, data: { emailedAt: new Date() } });
  }
}
