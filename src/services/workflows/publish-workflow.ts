import type { HandlerRegistry } from '../../connectors/registry.js';
import type { Database, DatabaseClient } from '../../db/client.js';
import { AppError, conflict, validationFailed } from '../../errors/index.js';
import { assertCan } from '../../permissions/index.js';
import { auditChange, type Caller } from '../caller.js';
import { assertDraft } from './edit-workflow.js';
import { assertProjectAuthority } from './project-authority.js';
import { assertPublisherVouches } from './publisher-authority.js';
import { loadValidationFacts, requireValidDefinition } from './validation.js';
import {
  definitionOf,
  loadWorkflow,
  toWorkflowView,
  writeAtRevision,
  type WorkflowRow,
  type WorkflowView,
} from './workflow-record.js';

/** Another active version of the workflow just published, which keeps taking new runs. */
export interface ActiveVersion {
  id: string;
  version: number;
  href: string;
}

/** The published workflow, and the other versions of it still active (spec 9: offer to deprecate them). */
export type PublishedWorkflow = WorkflowView & { otherActiveVersions: ActiveVersion[]; notice?: string };

/**
 * Draft → active (spec 3.1), by callers with authority over its project: strict validation must
 * pass (connector steps checked against the registered connectors), `version` goes up by one, and
 * with `deprecatePreviousVersionId` that version is deprecated in the same transaction. The caller
 * vouches for the steps that change access (`registry` tells which connector commands write).
 * Versions of the same workflow left active are named in the answer.
 */
export async function publishWorkflow(
  db: Database,
  caller: Caller,
  id: string,
  options: { deprecatePreviousVersionId?: string },
  registry: HandlerRegistry,
): Promise<PublishedWorkflow> {
  return db.$transaction(async (tx) => {
    const published = await publishDraft(tx, caller, id, options, registry);
    const { lineageId } = await loadWorkflow(tx, id);
    const others = await tx.workflowDefinition.findMany({
      where: { lineageId, status: 'active', deletedAt: null, id: { not: id } },
      select: { id: true, version: true },
      orderBy: [{ version: 'desc' }, { publishedAt: 'desc' }],
    });
    const otherActiveVersions = others.map((row) => ({ ...row, href: `/api/workflows/${row.id}` }));
    if (otherActiveVersions.length === 0) return { ...published, otherActiveVersions };
    const named = otherActiveVersions.map((row) => `version ${row.version} (${row.id})`).join(', ');
    return {
      ...published,
      otherActiveVersions,
      notice: `Also active: ${named}. Both take new runs until you deprecate the older one (POST /api/workflows/:id/deprecate), or publish with deprecatePreviousVersionId next time.`,
    };
  });
}

/** Publishes a draft inside the caller's transaction (used by the API and by configuration import). */
export async function publishDraft(
  tx: DatabaseClient,
  caller: Caller,
  id: string,
  options: { deprecatePreviousVersionId?: string },
  registry: HandlerRegistry,
): Promise<WorkflowView> {
  const current = await loadWorkflow(tx, id);
  assertDraft(current.status);
  await assertProjectAuthority(tx, caller.principal, current.projectId);
  const definition = requireValidDefinition(definitionOf(toWorkflowView(current)), {
    strict: true,
    ...(await loadValidationFacts(tx)),
  });
  await assertPublisherVouches(tx, caller.principal, definition, registry);

  const previousId = options.deprecatePreviousVersionId;
  let previous: WorkflowRow | undefined;
  if (previousId !== undefined) {
    if (previousId === id) throw conflict('A workflow cannot deprecate itself when published');
    previous = await loadWorkflow(tx, previousId).catch(() => {
      throw new AppError('not_found', `Workflow ${previousId} to deprecate not found`);
    });
    if (previous.lineageId !== current.lineageId) {
      throw validationFailed(
        `Workflow ${previousId} is not a version of this workflow (another version chain); deprecatePreviousVersionId names an earlier version of the workflow being published`,
      );
    }
    // A deprecated one is already where it should be: the publish goes on without touching it.
    if (previous.status === 'deprecated') previous = undefined;
    // Deprecating it is the deprecate transition, with its own rules (spec 3.1).
    else assertCan(caller.principal, 'workflow:update', 'deprecate the previous version');
  }

  await writeAtRevision(
    tx,
    current,
    { status: 'active', version: { increment: 1 }, publishedAt: new Date(), publishedBy: caller.principal.userId },
    { status: 'draft' },
  );
  await auditChange(
    tx,
    caller,
    'workflow.published',
    { type: 'workflow', id },
    {
      version: current.version + 1,
      sourceWorkflowId: current.sourceWorkflowId,
      deprecatedWorkflowId: previous?.id ?? null,
    },
  );

  if (previous) {
    // Refused after the publish's write, in the same transaction: a refusal rolls both back.
    await deprecateActive(
      tx,
      caller,
      previous,
      id,
      (status) => `Workflow ${previous.id} is ${status}, not active, so it cannot be deprecated; nothing was published`,
    );
  }
  return toWorkflowView(await loadWorkflow(tx, id));
}

/** Active → deprecated: existing runs go on, new runs are refused. Needs project authority. */
export async function deprecateWorkflow(
  db: Database,
  caller: Caller,
  id: string,
  options: { replacedBy?: string } = {},
): Promise<WorkflowView> {
  return db.$transaction(async (tx) => {
    const current = await loadWorkflow(tx, id);
    await deprecateActive(
      tx,
      caller,
      current,
      options.replacedBy ?? null,
      (status) => `Only active workflows can be deprecated; this one is ${status}`,
    );
    return toWorkflowView(await loadWorkflow(tx, id));
  });
}

/**
 * The deprecate transition (spec 3.1) inside the caller's transaction, for `deprecateWorkflow`
 * and for a publish that replaces an active version: project authority, active workflows only
 * (409 with `notActive`'s message), audited `workflow.deprecated`.
 */
async function deprecateActive(
  tx: DatabaseClient,
  caller: Caller,
  row: WorkflowRow,
  replacedBy: string | null,
  notActive: (status: string) => string,
): Promise<void> {
  await assertProjectAuthority(tx, caller.principal, row.projectId);
  if (row.status !== 'active') throw conflict(notActive(row.status));
  await writeAtRevision(tx, row, { status: 'deprecated' }, { status: 'active' });
  await auditChange(
    tx,
    caller,
    'workflow.deprecated',
    { type: 'workflow', id: row.id },
    { workflowId: row.id, replacedBy },
  );
}

/**
 * Active or deprecated → draft, guarded by typing the workflow's name. Recommended against for
 * production workflows (spec 9): create a new version instead.
 */
export async function revertWorkflowToDraft(
  db: Database,
  caller: Caller,
  id: string,
  confirmationName: string,
): Promise<WorkflowView> {
  return db.$transaction(async (tx) => {
    const current = await loadWorkflow(tx, id);
    if (confirmationName !== current.name) {
      throw new AppError(
        'validation_failed',
        `The confirmation name does not match the workflow name "${current.name}"`,
      );
    }
    if (current.status === 'draft') throw conflict('The workflow is already a draft');
    // Like deprecating, reverting stops the workflow's real runs (a draft's are test runs), and
    // reverting a deprecated one undoes a deprecation: both need authority over its project.
    await assertProjectAuthority(tx, caller.principal, current.projectId);
    await writeAtRevision(tx, current, { status: 'draft' });
    await auditChange(
      tx,
      caller,
      'workflow.reverted_to_draft',
      { type: 'workflow', id },
      { from: current.status, version: current.version },
    );
    return toWorkflowView(await loadWorkflow(tx, id));
  });
}
