import { z } from 'zod';
import type { DatabaseClient } from '../../db/client.js';
import type { Prisma } from '../../db/generated/client.js';
import { RUN_STATUSES } from '../../domain/run-statuses.js';
import { errorEnvelopeSchema, type RunWorkflowInput } from '../../domain/run.js';
import { workflowDefinitionInputSchema, type WorkflowView } from '../../domain/workflow-definition.js';
import { notFound } from '../../errors/index.js';
import { jsonObject } from '../../domain/common.js';
import { concealVariables } from './secret-variables.js';

export const runInclude = {
  steps: { orderBy: [{ sequence: 'asc' }, { attempt: 'asc' }] },
} as const satisfies Prisma.WorkflowRunInclude;
export type RunRow = Prisma.WorkflowRunGetPayload<{ include: typeof runInclude }>;
type RunStepRow = RunRow['steps'][number];

const errorEnvelope = errorEnvelopeSchema.nullable().catch(null);
const runStatus = z.enum(RUN_STATUSES);

export function toStepView(step: RunStepRow) {
  return {
    sequence: step.sequence,
    attempt: step.attempt,
    stepId: step.stepId,
    name: step.stepName,
    type: step.stepType,
    status: step.status,
    outcome: step.outcome,
    error: errorEnvelope.parse(step.error),
    startedAt: step.startedAt,
    completedAt: step.completedAt,
  };
}

/**
 * The columns of a run's summary: lists read no more (the definition snapshot, the largest
 * column, stays in the database).
 */
export const runSummarySelect = {
  id: true,
  definitionId: true,
  definitionName: true,
  definitionVersion: true,
  isTestRun: true,
  status: true,
  variables: true,
  subject: true,
  startedBy: true,
  initiatedBy: true,
  currentStepId: true,
  failedStepId: true,
  error: true,
  temporalWorkflowId: true,
  startedAt: true,
  completedAt: true,
} as const satisfies Prisma.WorkflowRunSelect;
type RunSummaryRow = Prisma.WorkflowRunGetPayload<{ select: typeof runSummarySelect }>;

/** A run as lists show it: the run row without its steps (the run page has them). */
export function toRunSummary(row: RunSummaryRow, temporalUiUrl: string | undefined, namespace: string) {
  return {
    id: row.id,
    definitionId: row.definitionId,
    definitionName: row.definitionName,
    definitionVersion: row.definitionVersion,
    isTestRun: row.isTestRun,
    status: runStatus.parse(row.status),
    variables: concealVariables(jsonObject.parse(row.variables)),
    subject: row.subject,
    startedBy: row.startedBy,
    initiatedBy: row.initiatedBy,
    currentStepId: row.currentStepId,
    failedStepId: row.failedStepId,
    error: errorEnvelope.parse(row.error),
    temporalWorkflowId: row.temporalWorkflowId,
    temporalUiLink: temporalUiUrl
      ? `${temporalUiUrl.replace(/\/$/, '')}/namespaces/${encodeURIComponent(namespace)}/workflows/${encodeURIComponent(row.temporalWorkflowId)}`
      : null,
    startedAt: row.startedAt,
    completedAt: row.completedAt,
  };
}

/** A run as the API shows it, with its step timeline in execution order. */
export function toRunView(row: RunRow, temporalUiUrl: string | undefined, namespace: string) {
  return { ...toRunSummary(row, temporalUiUrl, namespace), steps: row.steps.map(toStepView) };
}

export async function loadRun(db: DatabaseClient, id: string): Promise<RunRow> {
  const row = await db.workflowRun.findUnique({ where: { id }, include: runInclude });
  if (!row) throw notFound('Run');
  return row;
}

type RunFacts = Pick<
  RunRow,
  | 'id'
  | 'definitionId'
  | 'definitionName'
  | 'definitionVersion'
  | 'definitionSnapshot'
  | 'variables'
  | 'startedBy'
  | 'subject'
>;

/** What a recorded run's Temporal execution is started with, from its row (a start retried or reconciled). */
export function recordedRunOf(row: RunFacts): {
  input: RunWorkflowInput;
  workflow: Pick<WorkflowView, 'id' | 'name' | 'version'>;
} {
  return {
    input: {
      runId: row.id,
      definitionId: row.definitionId,
      definition: workflowDefinitionInputSchema.parse(row.definitionSnapshot),
      variables: jsonObject.parse(row.variables),
      startedBy: row.startedBy,
      subject: row.subject,
    },
    workflow: { id: row.definitionId, name: row.definitionName, version: row.definitionVersion },
  };
}
