import { randomUUID } from 'node:crypto';
import { jsonColumn, type Database, type DatabaseClient } from '../../db/client.js';
import { WORKFLOW_DEFINITION_FIELDS, type WorkflowDefinitionInput } from '../../domain/workflow-definition.js';
import { AppError, conflict, validationFailed } from '../../errors/index.js';
import { can } from '../../permissions/index.js';
import { auditChange, type Caller } from '../caller.js';
import { resolvePlacement } from './placement.js';
import { assertProjectAuthority } from './project-authority.js';
import { requireValidDefinition } from './validation.js';
import { assertWorkflowNameFree } from './workflow-name.js';
import {
  definitionOf,
  loadWorkflow,
  toWorkflowView,
  workflowInclude,
  writeAtRevision,
  type WorkflowView,
} from './workflow-record.js';

/** The columns a definition fills (placement resolved separately). */
export function definitionColumns(definition: WorkflowDefinitionInput) {
  return {
    name: definition.name,
    description: definition.description,
    category: definition.category,
    subjectVariable: definition.subjectVariable ?? null,
    trigger: jsonColumn(definition.trigger),
    variables: jsonColumn(definition.variables),
    steps: jsonColumn(definition.steps),
    onError: definition.onError,
    debugLogging: definition.debugLogging,
  };
}

/** Creates a draft (version 0) after lenient validation. */
export async function createWorkflow(db: Database, caller: Caller, input: unknown): Promise<WorkflowView> {
  const definition = requireValidDefinition(input, { strict: false });
  return db.$transaction((tx) => insertWorkflow(tx, caller, definition));
}

/** Inserts a validated draft inside the caller's transaction (used by the API and by configuration import). */
export async function insertWorkflow(
  tx: DatabaseClient,
  caller: Caller,
  definition: WorkflowDefinitionInput,
): Promise<WorkflowView> {
  const placement = await resolvePlacement(tx, definition);
  // A new workflow starts its own version chain.
  const id = randomUUID();
  await assertWorkflowNameFree(tx, definition.name, id);
  const row = await tx.workflowDefinition.create({
    data: {
      ...definitionColumns(definition),
      ...placement,
      id,
      lineageId: id,
      status: 'draft',
      createdBy: caller.principal.userId,
    },
    include: workflowInclude,
  });
  await auditChange(tx, caller, 'workflow.created', { type: 'workflow', id: row.id }, { name: row.name });
  return toWorkflowView(row);
}

/**
 * How an edit names what it changes: a whole definition (`PUT` without a revision: every field
 * must be sent), or some fields on top of the stored ones (`PATCH`, or `PUT` carrying the
 * revision it replaces). A field left out is never cleared: it is either required or kept.
 */
export type DraftEdit = { kind: 'replace' | 'patch'; expectedRevision?: number };

/**
 * Edits a draft. Only drafts are editable, by callers with authority over its project (403). The write is conditional on the revision the caller
 * saw (`expectedRevision`, from If-Match: 412 when stale) or else the one just read, so two
 * concurrent edits cannot both win.
 */
export async function updateWorkflow(
  db: Database,
  caller: Caller,
  id: string,
  input: unknown,
  edit: DraftEdit,
): Promise<WorkflowView> {
  const partial = edit.kind === 'patch' || edit.expectedRevision !== undefined;
  return db.$transaction(async (tx) => {
    const current = await loadWorkflow(tx, id);
    assertDraft(current.status);
    assertRevision(current.revision, edit.expectedRevision);
    if (!partial) assertWholeDefinition(input);
    const merged = partial && isObject(input) ? { ...definitionOf(toWorkflowView(current)), ...input } : input;
    const definition = requireValidDefinition(merged, { strict: false });
    // Fields merged from `current` are written only over `current`: a change in between is refused.
    return replaceDraft(tx, caller, id, definition, partial ? current.revision : undefined);
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A whole definition names every field; a 400 lists those it leaves out. */
function assertWholeDefinition(input: unknown): void {
  if (!isObject(input)) return; // the validator describes what is wrong with it
  const missing = WORKFLOW_DEFINITION_FIELDS.filter((field) => !(field in input));
  if (missing.length === 0) return;
  throw validationFailed(
    `A PUT replaces the whole definition, and this one leaves out: ${missing.join(', ')}. Send every field (null for no project, workflow set or subject variable), send If-Match with the revision you read to change only some, or use PATCH`,
    { missing },
  );
}

/** A stale If-Match is a 412: the caller's copy is not the stored one. */
export function assertRevision(current: number, expected: number | undefined): void {
  if (expected !== undefined && expected !== current) {
    throw new AppError(
      'precondition_failed',
      `The workflow is at revision ${current}, not ${expected}: it was changed since you read it; reload it and apply your change again`,
      { details: { revision: current } },
    );
  }
}

/** Replaces a draft's validated definition inside the caller's transaction. */
export async function replaceDraft(
  tx: DatabaseClient,
  caller: Caller,
  id: string,
  definition: WorkflowDefinitionInput,
  expectedRevision?: number,
): Promise<WorkflowView> {
  const current = await loadWorkflow(tx, id);
  assertDraft(current.status);
  // Editing a draft is authoring in its project, as creating a version of it is.
  await assertProjectAuthority(tx, caller.principal, current.projectId);
  assertRevision(current.revision, expectedRevision);
  const placement = await resolvePlacement(tx, definition);
  // The definition names the project and set; naming others moves the draft, which is what
  // workflow:move (admins) is for: with workflow:update alone, a draft stays where it is.
  const moved = placement.projectId !== current.projectId || placement.workflowSetId !== current.workflowSetId;
  if (moved && !can(caller.principal, 'workflow:move'))
    throw new AppError(
      'forbidden',
      'Changing the project or workflow set of a workflow needs workflow:move (POST /api/workflows/:id/move); send its current project and workflowSet',
      { details: { permission: 'workflow:move' } },
    );
  if (definition.name !== current.name) await assertWorkflowNameFree(tx, definition.name, current.lineageId);
  await writeAtRevision(tx, current, { ...definitionColumns(definition), ...placement }, { status: 'draft' });
  await auditChange(tx, caller, 'workflow.updated', { type: 'workflow', id }, { name: definition.name });
  return toWorkflowView(await loadWorkflow(tx, id));
}

/** Moves a workflow (of any status) to another project and workflow set, or out of any. */
export async function moveWorkflow(
  db: Database,
  caller: Caller,
  id: string,
  target: { project: string | null; workflowSet: string | null },
): Promise<WorkflowView> {
  return db.$transaction(async (tx) => {
    const current = await loadWorkflow(tx, id);
    const placement = await resolvePlacement(tx, target);
    await writeAtRevision(tx, current, placement);
    await auditChange(
      tx,
      caller,
      'workflow.moved',
      { type: 'workflow', id },
      {
        from: { project: current.project?.name ?? null, workflowSet: current.workflowSet?.name ?? null },
        to: target,
      },
    );
    return toWorkflowView(await loadWorkflow(tx, id));
  });
}

export function assertDraft(status: string): void {
  if (status !== 'draft') {
    throw conflict(
      `This workflow is ${status} and cannot be edited; create a new version (POST /api/workflows/:id/create-version) and edit that draft`,
    );
  }
}
