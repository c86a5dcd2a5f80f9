import type { Database } from '../../db/client.js';
import { conflict, notFound } from '../../errors/index.js';
import { auditChange, type Caller } from '../caller.js';
import { notifyReassignment } from './notify-reassignment.js';
import { activeUser } from './reassign-approval.js';
import { concealTask } from './secret-variables.js';

/**
 * Hands an open task to another user, for a completer of any task (`task:complete_any`) when its
 * assignee is away; it is then theirs alone (an assigned role is replaced). The workflow reads
 * the assignee from the row when the completion comes, so nothing is signalled; the new assignee
 * is notified in the app.
 */
export async function reassignTask(db: Database, caller: Caller, taskId: string, change: { to: string }) {
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<
      Array<{ id: string }>
    >`SELECT id FROM tasks WHERE id = ${taskId}::uuid FOR UPDATE`;
    if (locked.length === 0) throw notFound('Task');
    const task = await tx.task.findUniqueOrThrow({ where: { id: taskId } });
    if (task.status !== 'open') throw conflict(`The task is already ${task.status}`);
    const to = await activeUser(tx, change.to);
    const updated = await tx.task.update({
      where: { id: taskId },
      data: { assigneeUserId: to.id, assigneeRole: null },
    });
    await auditChange(
      tx,
      caller,
      'task.reassigned',
      { type: 'task', id: taskId },
      { runId: task.runId, from: task.assigneeUserId ?? task.assigneeRole, to: to.id },
    );
    const run = await tx.workflowRun.findUniqueOrThrow({ where: { id: task.runId }, select: { definitionName: true } });
    await notifyReassignment(tx, caller, {
      runId: task.runId,
      to: to.id,
      subject: `Task handed to you: ${task.title}`,
      work: `the task "${task.title}" of a run of "${run.definitionName}"; complete it in your inbox`,
    });
    return concealTask(updated);
  });
}
