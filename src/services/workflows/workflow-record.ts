import { z } from 'zod';
import type { DatabaseClient } from '../../db/client.js';
import type { Prisma } from '../../db/generated/client.js';
import {
  CATEGORIES,
  ERROR_STRATEGIES,
  TRIGGER_TYPES,
  WORKFLOW_STATUSES,
  stepSchema,
  variableSchema,
  workflowDefinitionFieldsSchema,
  type WorkflowDefinitionInput,
  type WorkflowSummary,
  type WorkflowView,
} from '../../domain/workflow-definition.js';
import { AppError, conflict, notFound } from '../../errors/index.js';

export type { WorkflowSummary, WorkflowView };

export const workflowInclude = {
  project: { select: { name: true } },
  workflowSet: { select: { name: true } },
} as const satisfies Prisma.WorkflowDefinitionInclude;

export type WorkflowRow = Prisma.WorkflowDefinitionGetPayload<{ include: typeof workflowInclude }>;

// The JSON columns hold what the validator accepted; they are parsed again on the way out
// rather than cast, so a hand-edited row fails loudly instead of spreading bad data.
const storedTrigger = z.object({ types: z.array(z.enum(TRIGGER_TYPES)) });
const storedGraph = z.object({
  variables: z.array(variableSchema),
  steps: z.array(stepSchema),
});
const category = z.enum(CATEGORIES);
const workflowStatus = z.enum(WORKFLOW_STATUSES);
const errorStrategy = z.enum(ERROR_STRATEGIES);

/** A stored workflow without its variables and steps, as lists show it. */
export function toWorkflowSummary(row: Omit<WorkflowRow, 'variables' | 'steps'>): WorkflowSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    project: row.project?.name ?? null,
    workflowSet: row.workflowSet?.name ?? null,
    category: category.parse(row.category),
    status: workflowStatus.parse(row.status),
    subjectVariable: row.subjectVariable,
    trigger: storedTrigger.parse(row.trigger),
    onError: errorStrategy.parse(row.onError),
    debugLogging: row.debugLogging,
    version: row.version,
    revision: row.revision,
    sourceWorkflowId: row.sourceWorkflowId,
    previousVersion: row.sourceWorkflowId
      ? { id: row.sourceWorkflowId, href: `/api/workflows/${row.sourceWorkflowId}` }
      : null,
    createdBy: row.createdBy,
    publishedAt: row.publishedAt,
    deletedAt: row.deletedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toWorkflowView(row: WorkflowRow): WorkflowView {
  const graph = storedGraph.parse({ variables: row.variables, steps: row.steps });
  return { ...toWorkflowSummary(row), variables: graph.variables, steps: graph.steps };
}

/** The definition fields of a stored workflow, as the validator and clones take them. */
export function definitionOf(view: WorkflowView): WorkflowDefinitionInput {
  return workflowDefinitionFieldsSchema.strip().parse(view);
}

/**
 * Writes `data` to the workflow only if nobody else wrote it since `current` was read (and, with
 * `expected`, only in that state); bumps the revision. A lost race is a 409.
 */
export async function writeAtRevision(
  db: DatabaseClient,
  current: Pick<WorkflowRow, 'id' | 'revision'>,
  data: Prisma.WorkflowDefinitionUncheckedUpdateManyInput,
  expected: Prisma.WorkflowDefinitionWhereInput = {},
): Promise<void> {
  const { count } = await db.workflowDefinition.updateMany({
    where: { ...expected, id: current.id, revision: current.revision },
    data: { ...data, revision: { increment: 1 } },
  });
  if (count === 0) throw concurrentChange();
}

export function concurrentChange(): AppError {
  return conflict('The workflow was changed by another request at the same time; reload it and try again');
}

/** A workflow by id; soft-deleted ones only when asked for. */
export async function loadWorkflow(
  db: DatabaseClient,
  id: string,
  options: { includeDeleted?: boolean } = {},
): Promise<WorkflowRow> {
  const row = await db.workflowDefinition.findUnique({ where: { id }, include: workflowInclude });
  if (!row || (row.deletedAt && !options.includeDeleted)) throw notFound('Workflow');
  return row;
}
