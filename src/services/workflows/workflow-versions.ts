import type { Database, DatabaseClient } from '../../db/client.js';
import { diffDefinitions, type DefinitionDiff } from '../../engine/diff-definitions.js';
import { conflict, validationFailed } from '../../errors/index.js';
import { auditChange, type Caller } from '../caller.js';
import { definitionColumns } from './edit-workflow.js';
import { assertProjectAuthority } from './project-authority.js';
import { definitionOf, loadWorkflow, toWorkflowView, workflowInclude, type WorkflowView } from './workflow-record.js';

/**
 * A new draft cloned from an active or deprecated workflow (spec 4.2): same definition, project
 * and workflow set, the source's version number, and `sourceWorkflowId` pointing back.
 */
export async function createWorkflowVersion(db: Database, caller: Caller, sourceId: string): Promise<WorkflowView> {
  return db.$transaction((tx) => insertWorkflowVersion(tx, caller, sourceId));
}

/** Clones a published workflow into a new draft inside the caller's transaction. */
export async function insertWorkflowVersion(
  tx: DatabaseClient,
  caller: Caller,
  sourceId: string,
): Promise<WorkflowView> {
  const source = await loadWorkflow(tx, sourceId);
  await assertProjectAuthority(tx, caller.principal, source.projectId);
  if (source.status === 'draft') {
    throw conflict('Versions are created from published workflows; edit this draft directly');
  }
  const definition = definitionOf(toWorkflowView(source));
  const clone = await tx.workflowDefinition.create({
    data: {
      ...definitionColumns(definition),
      projectId: source.projectId,
      workflowSetId: source.workflowSetId,
      status: 'draft',
      version: source.version,
      lineageId: source.lineageId,
      sourceWorkflowId: source.id,
      createdBy: caller.principal.userId,
    },
    include: workflowInclude,
  });
  await auditChange(
    tx,
    caller,
    'workflow.version_created',
    { type: 'workflow', id: clone.id },
    {
      sourceWorkflowId: source.id,
      newWorkflowId: clone.id,
      version: source.version,
    },
  );
  return toWorkflowView(clone);
}

const MAX_CHAIN_LENGTH = 1000;

/** The first workflow of the version chain `id` belongs to. */
async function chainRoot(db: DatabaseClient, id: string): Promise<string> {
  let current = id;
  for (let hops = 0; hops < MAX_CHAIN_LENGTH; hops += 1) {
    const row = await db.workflowDefinition.findUnique({ where: { id: current }, select: { sourceWorkflowId: true } });
    if (!row?.sourceWorkflowId) return current;
    current = row.sourceWorkflowId;
  }
  return current;
}

/** What changed from version `againstId` to version `id` of the same chain. */
export async function diffWorkflowVersions(
  db: Database,
  id: string,
  againstId: string,
): Promise<DefinitionDiff & { from: string; to: string }> {
  const [to, from] = await Promise.all([loadWorkflow(db, id), loadWorkflow(db, againstId)]);
  const [toRoot, fromRoot] = await Promise.all([chainRoot(db, to.id), chainRoot(db, from.id)]);
  if (toRoot !== fromRoot) {
    throw validationFailed('The two workflows are not versions of the same workflow (their version chains differ)');
  }
  return {
    from: from.id,
    to: to.id,
    ...diffDefinitions(definitionOf(toWorkflowView(from)), definitionOf(toWorkflowView(to))),
  };
}
