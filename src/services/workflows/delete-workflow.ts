import type { Database } from '../../db/client.js';
import { conflict } from '../../errors/index.js';
import { auditChange, type Caller } from '../caller.js';
import { assertWorkflowNameFree } from './workflow-name.js';
import {
  concurrentChange,
  loadWorkflow,
  toWorkflowView,
  writeAtRevision,
  type WorkflowView,
} from './workflow-record.js';

/** Soft delete: hidden from the default list, restorable. Any status. */
export async function deleteWorkflow(db: Database, caller: Caller, id: string): Promise<WorkflowView> {
  return db.$transaction(async (tx) => {
    const current = await loadWorkflow(tx, id);
    await writeAtRevision(tx, current, { deletedAt: new Date() });
    await auditChange(
      tx,
      caller,
      'workflow.deleted',
      { type: 'workflow', id },
      { name: current.name, status: current.status },
    );
    return toWorkflowView(await loadWorkflow(tx, id, { includeDeleted: true }));
  });
}

export async function restoreWorkflow(db: Database, caller: Caller, id: string): Promise<WorkflowView> {
  return db.$transaction(async (tx) => {
    const current = await loadWorkflow(tx, id, { includeDeleted: true });
    if (!current.deletedAt) throw conflict('The workflow is not deleted');
    // Another workflow may have taken the name meanwhile: it keeps it.
    await assertWorkflowNameFree(tx, current.name, current.lineageId);
    await writeAtRevision(tx, current, { deletedAt: null });
    await auditChange(tx, caller, 'workflow.restored', { type: 'workflow', id }, { name: current.name });
    return toWorkflowView(await loadWorkflow(tx, id));
  });
}

/**
 * Removes a soft-deleted workflow for good. Clones keep existing with `sourceWorkflowId`
 * cleared (spec 2.2), which the foreign key does in the same statement.
 */
export async function permanentlyDeleteWorkflow(db: Database, caller: Caller, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await loadWorkflow(tx, id, { includeDeleted: true });
    if (!current.deletedAt) {
      throw conflict('Only deleted workflows can be deleted permanently; delete it first (DELETE /api/workflows/:id)');
    }
    const unfinished = await tx.workflowRun.count({
      where: { definitionId: id, status: { in: ['pending', 'running', 'waiting', 'failed'] } },
    });
    if (unfinished > 0)
      throw conflict(`The workflow has ${unfinished} run(s) in progress; wait for them to end or cancel them first`);
    const schedules = await tx.schedule.count({ where: { workflowId: id } });
    if (schedules > 0)
      throw conflict(`The workflow still has ${schedules} schedule(s); delete them first (DELETE /api/schedules/:id)`);
    const clones = await tx.workflowDefinition.findMany({ where: { sourceWorkflowId: id }, select: { id: true } });
    // Only as read: a restore that committed since (it waited on the row, or this on it) has
    // bumped the revision, and the workflow stays.
    const { count } = await tx.workflowDefinition.deleteMany({ where: { id, revision: current.revision } });
    if (count === 0) throw concurrentChange();
    await auditChange(
      tx,
      caller,
      'workflow.permanently_deleted',
      { type: 'workflow', id },
      {
        name: current.name,
        version: current.version,
        clonesUnlinked: clones.map((clone) => clone.id),
      },
    );
  });
}
