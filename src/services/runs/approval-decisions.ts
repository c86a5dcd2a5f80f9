import type { DatabaseClient } from '../../db/client.js';

export interface DecisionView {
  userId: string;
  displayName: string | null;
  email: string | null;
  decision: string;
  comment: string | null;
  decidedAt: Date;
}

/**
 * Who decided each approval of a run, how and with what comment, by the sequence of its step:
 * part of the run's record, so whoever may read the run reads them (the approvals list shows
 * only one's own).
 */
export async function approvalDecisionsOf(db: DatabaseClient, runId: string): Promise<Map<number, DecisionView[]>> {
  const approvals = await db.approval.findMany({
    where: { runId },
    select: { sequence: true, decisions: { orderBy: { decidedAt: 'asc' } } },
  });
  const userIds = [...new Set(approvals.flatMap((approval) => approval.decisions.map((decision) => decision.userId)))];
  const users = new Map(
    (
      await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, displayName: true, email: true } })
    ).map((user) => [user.id, user]),
  );
  return new Map(
    approvals.map((approval) => [
      approval.sequence,
      approval.decisions.map((decision) => ({
        userId: decision.userId,
        displayName: users.get(decision.userId)?.displayName ?? null,
        email: users.get(decision.userId)?.email ?? null,
        decision: decision.decision,
        comment: decision.comment,
        decidedAt: decision.decidedAt,
      })),
    ]),
  );
}
