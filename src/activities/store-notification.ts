import { randomUUID } from 'node:crypto';
import { Prisma, type DatabaseClient } from '../db/client.js';
import { personEntry } from '../services/runs/resolve-people.js';

/** A notification step's in-app notification; (runId, sequence, recipient) is its idempotency key. */
export interface StepNotification {
  runId: string;
  sequence: number;
  /** The recipient as the step names it: a user id, an email or a role. */
  recipient: string;
  subject: string | null;
  message: string;
}

/** Whom a stored notification is for: one user, or the holders of a role. */
export type NotificationAudience = { userId: string } | { role: string };

/**
 * Stores a step's notification once: a retried attempt finds it stored and leaves it. Answers
 * whom it is for, or undefined when the recipient names no active user (nothing is stored then).
 * One statement reads the user and inserts the row, a round trip instead of two on every
 * notification step.
 */
export async function storeStepNotification(
  db: DatabaseClient,
  notification: StepNotification,
): Promise<NotificationAudience | undefined> {
  const named = personEntry(notification.recipient);
  const insert = (userId: Prisma.Sql, role: string | null) => Prisma.sql`
    INSERT INTO notifications (id, run_id, sequence, recipient, recipient_user_id, recipient_role, subject, message, created_at)
    SELECT ${randomUUID()}::uuid, ${notification.runId}::uuid, ${notification.sequence}, ${notification.recipient},
      ${userId}, ${role}, ${notification.subject}, ${notification.message}, ${new Date()}`;
  const onceOnly = Prisma.sql`ON CONFLICT (run_id, sequence, recipient) DO NOTHING`;
  if (named.kind === 'role') {
    await db.$executeRaw`${insert(Prisma.sql`NULL`, named.role)} ${onceOnly}`;
    return { role: named.role };
  }
  const match = named.kind === 'id' ? Prisma.sql`id = ${named.id}::uuid` : Prisma.sql`email = ${named.email}`;
  // A data-modifying WITH runs whether or not the query reads it: the row is inserted when the
  // user exists, and the query answers the user either way.
  const [user] = await db.$queryRaw<Array<{ id: string }>>`
    WITH recipient AS (SELECT id FROM users WHERE ${match} AND deleted_at IS NULL AND active),
    stored AS (${insert(Prisma.sql`recipient.id`, null)} FROM recipient ${onceOnly})
    SELECT id FROM recipient`;
  return user ? { userId: user.id } : undefined;
}
