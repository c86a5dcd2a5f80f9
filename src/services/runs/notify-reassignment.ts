import type { DatabaseClient } from '../../db/client.js';
import type { Caller } from '../caller.js';

/**
 * Tells the person work was handed to, with an in-app notification in the reassignment's
 * transaction (read by `GET /api/notifications`, like a notification step's). Nobody is told
 * when the caller handed the work to themselves. No email: creating an approval or task sends
 * none either.
 */
export async function notifyReassignment(
  tx: DatabaseClient,
  caller: Caller,
  notice: { runId: string; to: string; subject: string; work: string },
): Promise<void> {
  if (notice.to === caller.principal.userId) return;
  const by = await tx.user.findUnique({
    where: { id: caller.principal.userId },
    select: { displayName: true, email: true },
  });
  const who = by?.displayName ?? by?.email ?? 'An administrator';
  await tx.notification.create({
    data: {
      runId: notice.runId,
      recipient: notice.to,
      recipientUserId: notice.to,
      subject: notice.subject,
      message: `${who} handed you ${notice.work}.`,
    },
  });
}
