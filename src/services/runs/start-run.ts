import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { actorOf, recordAudit, type AuditActor } from '../../audit/index.js';
import type { Config } from '../../config/index.js';
import { jsonColumn, type Database, type DatabaseClient } from '../../db/client.js';
import type { RunWorkflowInput } from '../../domain/run.js';
import type { TRIGGER_TYPES, WorkflowView } from '../../domain/workflow-definition.js';
import { checkRunVariables, describeVariableProblems } from '../../engine/run-variables.js';
import { AppError, validationFailed } from '../../errors/index.js';
import { withinTransaction } from '../../temporal/client.js';
import { runWorkflowId } from '../../temporal/messages.js';
import {
  DefinitionIdAttribute,
  DefinitionNameAttribute,
  RunStatusAttribute,
  SubjectAttribute,
} from '../../temporal/search-attributes.js';
import type { Caller } from '../caller.js';
import { requireRunnableDefinition } from '../workflows/validation.js';
import { definitionOf, loadWorkflow, toWorkflowView } from '../workflows/workflow-record.js';
import { loadRun } from './run-record.js';

export const DEPRECATED_START_MESSAGE =
  'Deprecated workflows cannot start new runs; create a new version of the workflow and start that instead';

export interface RunsContext {
  db: Database;
  temporal: Client;
  config: Readonly<Config>;
}

export type TriggerType = (typeof TRIGGER_TYPES)[number];
/** What started a run: a trigger of the definition, or a sync config's automation (spec 6.3). */
export type RunOrigin = TriggerType | 'connector_sync';

/** Who starts a run and through what; `runId` fixes the id (idempotent starts). */
export interface RunStartOrigin {
  actor: AuditActor;
  trigger: RunOrigin;
  runId?: string;
  requestId?: string;
}

/**
 * Why `workflow` may not start a run through `trigger` now, or undefined when it may: deprecated
 * workflows start no runs (spec 3.1), and each trigger needs its type in `trigger.types`.
 */
export function startRefusal(workflow: WorkflowView, trigger: TriggerType): string | undefined {
  if (workflow.status === 'deprecated') return DEPRECATED_START_MESSAGE;
  if (!workflow.trigger.types.includes(trigger))
    return `This workflow cannot be started by the ${trigger} trigger (its trigger types are ${workflow.trigger.types.join(', ')})`;
  return undefined;
}

/**
 * Checks that the interpreter can run the definition and that the variables fit it (400s),
 * snapshots the definition, and writes the run row and its audit entry. Returns what the run's
 * Temporal workflow is started with. Shared by every trigger.
 */
export async function recordNewRun(
  tx: DatabaseClient,
  workflow: WorkflowView,
  variables: Record<string, unknown>,
  origin: RunStartOrigin,
): Promise<RunWorkflowInput> {
  const definition = requireRunnableDefinition(definitionOf(workflow));
  const problems = checkRunVariables(workflow.variables, variables, { requireAll: true });
  const problem = describeVariableProblems(problems);
  if (problem) throw validationFailed(`Cannot start the run: ${problem}`, problems);
  // Optional variables the caller left out exist, as null, so configs may refer to them.
  variables = { ...Object.fromEntries(workflow.variables.map((variable) => [variable.name, null])), ...variables };
  const subjectValue = workflow.subjectVariable ? variables[workflow.subjectVariable] : undefined;
  const subject = subjectValue === undefined || subjectValue === null ? null : String(subjectValue);
  const runId = origin.runId ?? randomUUID();
  const startedBy = origin.actor.type === 'user' ? origin.actor.userId : null;
  await tx.workflowRun.create({
    data: {
      id: runId,
      definitionId: workflow.id,
      definitionName: workflow.name,
      definitionVersion: workflow.version,
      definitionSnapshot: jsonColumn(definition),
      isTestRun: workflow.status === 'draft',
      status: 'pending',
      variables: jsonColumn(variables),
      subject,
      startedBy,
      temporalWorkflowId: runWorkflowId(runId),
    },
  });
  await recordAudit(tx, {
    action: 'run.started',
    actor: origin.actor,
    target: { type: 'run', id: runId },
    metadata: {
      definitionId: workflow.id,
      definitionName: workflow.name,
      version: workflow.version,
      testRun: workflow.status === 'draft',
      trigger: origin.trigger,
    },
    requestId: origin.requestId,
  });
  return { runId, definitionId: workflow.id, definition, variables, startedBy, subject };
}

/** Search attributes and memo that make a run findable in the Temporal UI. */
export function runVisibility(workflow: Pick<WorkflowView, 'id' | 'name' | 'version'>, subject: string | null) {
  return {
    memo: { definitionName: workflow.name, definitionVersion: workflow.version },
    typedSearchAttributes: [
      { key: DefinitionIdAttribute, value: workflow.id },
      { key: DefinitionNameAttribute, value: workflow.name },
      { key: RunStatusAttribute, value: 'pending' },
      ...(subject ? [{ key: SubjectAttribute, value: subject }] : []),
    ],
  };
}

/**
 * Starts a run through a trigger: refuses deprecated workflows (400, spec 7) and workflows
 * without that trigger type, checks the variables, and starts it (`startRecordedRun`). Drafts
 * may be started: their runs are test runs.
 */
export async function startRunBy(
  context: RunsContext,
  definitionId: string,
  variables: Record<string, unknown>,
  origin: { actor: AuditActor; trigger: TriggerType; requestId?: string },
) {
  const workflow = toWorkflowView(await loadWorkflow(context.db, definitionId));
  const refusal = startRefusal(workflow, origin.trigger);
  if (refusal) throw new AppError('validation_failed', refusal);
  const runId = await startRecordedRun(runStarter(context), workflow, variables, origin);
  return loadRun(context.db, runId);
}

/** What starting a run needs: the database, the Temporal client and the runs' task queue. */
export interface RunStarter {
  db: Database;
  temporal: Client;
  taskQueue: string;
}

export function runStarter(context: RunsContext): RunStarter {
  return { db: context.db, temporal: context.temporal, taskQueue: context.config.temporal.taskQueue };
}

/** `startRunInTransaction` in a transaction of its own. Returns the run id. */
export function startRecordedRun(
  deps: RunStarter,
  workflow: WorkflowView,
  variables: Record<string, unknown>,
  origin: RunStartOrigin,
): Promise<string> {
  return deps.db.$transaction((tx) => startRunInTransaction(deps, tx, workflow, variables, origin));
}

/**
 * Writes the run row in the caller's transaction and starts its Temporal workflow before that
 * transaction commits, so a run never exists without its execution or the other way round.
 * Returns the run id. Callers check first whether the workflow may be started this way.
 */
export async function startRunInTransaction(
  deps: Pick<RunStarter, 'temporal' | 'taskQueue'>,
  tx: DatabaseClient,
  workflow: WorkflowView,
  variables: Record<string, unknown>,
  origin: RunStartOrigin,
): Promise<string> {
  const input = await recordNewRun(tx, workflow, variables, origin);
  await withinTransaction(deps.temporal, () =>
    deps.temporal.workflow.start('runWorkflow', {
      workflowId: runWorkflowId(input.runId),
      taskQueue: deps.taskQueue,
      args: [input],
      ...runVisibility(workflow, input.subject),
    }),
  );
  return input.runId;
}

/** `POST /api/workflows/:id/start`: the manual trigger, by the caller. */
export function startRun(
  context: RunsContext,
  caller: Caller,
  definitionId: string,
  variables: Record<string, unknown>,
) {
  return startRunBy(context, definitionId, variables, {
    actor: actorOf(caller.principal),
    trigger: 'manual',
    requestId: caller.requestId,
  });
}
