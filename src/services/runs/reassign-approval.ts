import type { Database, DatabaseClient } from '../../db/client.js';
import { conflict, notFound, validationFailed } from '../../errors/index.js';
import { auditChange, type Caller } from '../caller.js';
import { notifyReassignment } from './notify-reassignment.js';
import { isRunSelf } from './run-self.js';

/**
 * Hands a pending approval from one of its listed approvers to another user, for a decider of
 * any approval (`approval:decide_any`) when an approver is away. The one approver is replaced,
 * so the number of decisions the approval needs stays as it is; roles are left as they are.
 * The workflow reads approvers from the row when a decision comes, so nothing is signalled; the
 * new approver is notified in the app.
 */
export async function reassignApproval(
  db: Database,
  caller: Caller,
  approvalId: string,
  change: { from: string; to: string },
) {
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<
      Array<{ id: string }>
    >`SELECT id FROM approvals WHERE id = ${approvalId}::uuid FOR UPDATE`;
    if (locked.length === 0) throw notFound('Approval');
    const approval = await tx.approval.findUniqueOrThrow({
      where: { id: approvalId },
      include: { run: true, decisions: true },
    });
    if (approval.status !== 'pending') throw conflict(`The approval is already ${approval.status}`);
    if (!approval.approverUserIds.includes(change.from))
      throw validationFailed('from must be one of the approval’s listed approvers (approverUserIds)');
    if (approval.decisions.some((decision) => decision.userId === change.from))
      throw conflict('That approver has already decided; their decision stays');
    if (approval.approverUserIds.includes(change.to)) throw conflict('That user is already an approver of it');
    const to = await activeUser(tx, change.to);
    if (!approval.allowSelfApproval && isRunSelf(approval.run, { id: to.id, email: to.email }))
      throw validationFailed(
        'That user started the run or is its subject, and may not decide its approvals: choose someone else',
      );
    const approverUserIds = approval.approverUserIds.map((id) => (id === change.from ? to.id : id));
    const updated = await tx.approval.update({
      where: { id: approvalId },
      data: { approverUserIds },
      include: { decisions: true },
    });
    await auditChange(
      tx,
      caller,
      'approval.reassigned',
      { type: 'approval', id: approvalId },
      { runId: approval.runId, from: change.from, to: to.id },
    );
    await notifyReassignment(tx, caller, {
      runId: approval.runId,
      to: to.id,
      subject: `Approval handed to you: ${approval.stepName}`,
      work: `the approval "${approval.stepName}" of a run of "${approval.run.definitionName}"; decide it in your inbox`,
    });
    return updated;
  });
}

/** The user work is handed to: one who exists, is active and not deleted (400 otherwise). */
export async function activeUser(tx: DatabaseClient, id: string) {
  const user = await tx.user.findUnique({
    where: { id },
    select: { id: true, email: true, active: true, deletedAt: true },
  });
  if (!user || !user.active || user.deletedAt) throw validationFailed(`User ${id} does not exist or is not active`);
  return user;
}
