import { recordRunStarted } from '../../metrics/operation-metrics.js';
import { randomUUID } from 'node:crypto';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { actorOf, recordAudit, type AuditActor } from '../../audit/index.js';
import type { Config } from '../../config/index.js';
import { parseSecretKey } from '../../connectors/secret-box.js';
import { jsonColumn, type Database, type DatabaseClient } from '../../db/client.js';
import type { RunWorkflowInput } from '../../domain/run.js';
import type { TRIGGER_TYPES, WorkflowDefinitionInput, WorkflowView } from '../../domain/workflow-definition.js';
import { checkRunVariables, describeVariableProblems } from '../../engine/run-variables.js';
import { AppError, validationFailed } from '../../errors/index.js';
import { isTemporalUnavailable, withTemporalDeadline } from '../../temporal/client.js';
import { runWorkflowId } from '../../temporal/messages.js';
import { runVisibility } from '../../temporal/search-attributes.js';
import type { Caller } from '../caller.js';
import { requireRunnableDefinition } from '../workflows/validation.js';
import { definitionOf, loadWorkflow, toWorkflowView } from '../workflows/workflow-record.js';
import { requireInitiatorMayStart } from './initiator-check.js';
import { assertMayStartTestRun } from './test-run-starter.js';
import { insertRunWithAudit } from './insert-run.js';
import { loadRun, recordedRunOf, type RunRow } from './run-record.js';
import { sealSecretVariables } from './secret-variables.js';
import { resolveUserVariables } from './user-variables.js';

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

/**
 * Who starts a run and through what; `runId` fixes the id (idempotent starts). `initiatedBy` is
 * the person behind a start no person makes: who last set up the schedule, the sync config or the
 * entitlement, who issued the webhook secret.
 */
export interface RunStartOrigin {
  actor: AuditActor;
  initiatedBy?: string | null;
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

/** How many workflow revisions `runnableDefinitionOf` keeps checked definitions of. */
const CHECKED_DEFINITIONS = 500;
const checkedDefinitions = new Map<string, WorkflowDefinitionInput>();

/**
 * The definition a run of `workflow` starts with, checked as runnable (a 400 when it is not). Every
 * write of a workflow bumps its revision (`writeAtRevision`), so a revision's definition never
 * changes: it is parsed and checked once per revision and process, not once per start, which was
 * a tenth of the CPU time of a start. Callers only read the definition they get.
 */
function runnableDefinitionOf(workflow: WorkflowView): WorkflowDefinitionInput {
  const key = `${workflow.id}@${workflow.revision}`;
  const checked = checkedDefinitions.get(key);
  if (checked) return checked;
  const definition = requireRunnableDefinition(definitionOf(workflow));
  if (checkedDefinitions.size >= CHECKED_DEFINITIONS)
    checkedDefinitions.delete(checkedDefinitions.keys().next().value!);
  checkedDefinitions.set(key, definition);
  return definition;
}

/**
 * Checks that the interpreter can run the definition and that the variables fit it (400s), and
 * that the person a trigger starts the run for may still start runs (403); snapshots the
 * definition, and writes the run row and its audit entry. Returns what the run's Temporal
 * workflow is started with, and the row as written. Shared by every trigger.
 */
export async function recordNewRun(
  db: DatabaseClient,
  workflow: WorkflowView,
  variables: Record<string, unknown>,
  origin: RunStartOrigin,
  secretKey?: Buffer,
): Promise<{ input: RunWorkflowInput; row: RunRow }> {
  const definition = runnableDefinitionOf(workflow);
  const problems = checkRunVariables(workflow.variables, variables, { requireAll: true });
  const problem = describeVariableProblems(problems);
  if (problem) throw validationFailed(`Cannot start the run: ${problem}`, problems);
  variables = await resolveUserVariables(db, workflow.variables, variables, 'Cannot start the run');
  if (origin.initiatedBy) await requireInitiatorMayStart(db, origin.initiatedBy);
  // Optional variables the caller left out exist, as null, so configs may refer to them.
  variables = { ...Object.fromEntries(workflow.variables.map((variable) => [variable.name, null])), ...variables };
  const subject = subjectOf(workflow.subjectVariable, variables);
  const runId = origin.runId ?? randomUUID();
  // From here on the run row, the workflow's input and its history hold secret values sealed only.
  variables = sealSecretVariables(workflow.variables, variables, runId, secretKey);
  const startedBy = origin.actor.type === 'user' ? origin.actor.userId : null;
  const row = await insertRunWithAudit(
    db,
    {
      id: runId,
      definitionId: workflow.id,
      definitionName: workflow.name,
      definitionVersion: workflow.version,
      definitionSnapshot: jsonColumn(definition),
      isTestRun: workflow.status === 'draft',
      variables: jsonColumn(variables),
      subject,
      startedBy,
      initiatedBy: origin.initiatedBy ?? null,
      temporalWorkflowId: runWorkflowId(runId),
    },
    {
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
    },
  );
  return { input: { runId, definitionId: workflow.id, definition, variables, startedBy, subject }, row };
}

/** Who or what a run is about: the value of the definition's subject variable, as text. */
export function subjectOf(subjectVariable: string | null | undefined, variables: Record<string, unknown>) {
  const value = subjectVariable ? variables[subjectVariable] : undefined;
  return value === undefined || value === null ? null : String(value);
}

/**
 * Starts a run through a trigger: refuses deprecated workflows (400, spec 7) and workflows
 * without that trigger type, checks the variables, and starts it (`startRecordedRun`). Drafts
 * may be started: their runs are test runs. `check` refuses a start the trigger's own rules forbid.
 */
export async function startRunBy(
  context: RunsContext,
  definitionId: string,
  variables: Record<string, unknown>,
  origin: RunStartOrigin & { trigger: TriggerType },
  check?: (workflow: WorkflowView) => Promise<void>,
) {
  const workflow = toWorkflowView(await loadWorkflow(context.db, definitionId));
  const refusal = startRefusal(workflow, origin.trigger);
  if (refusal) throw new AppError('validation_failed', refusal);
  await check?.(workflow);
  return startRecordedRun(runStarter(context), workflow, variables, origin);
}

/** What starting a run needs: the database, the Temporal client and the runs' task queue. */
export interface RunStarter {
  db: Database;
  temporal: Client;
  taskQueue: string;
  /** Seals secret variables (CONNECTOR_SECRET_KEY); without it a start that has any is a 400. */
  secretKey?: Buffer;
}

export function runStarter(context: RunsContext): RunStarter {
  return {
    db: context.db,
    temporal: context.temporal,
    taskQueue: context.config.temporal.taskQueue,
    secretKey: runSecretKey(context),
  };
}

/** The key that seals secret run variables: the connector secret key, when it is set. */
export function runSecretKey(context: Pick<RunsContext, 'config'>): Buffer | undefined {
  const { secretKey } = context.config.connectors;
  return secretKey ? parseSecretKey(secretKey) : undefined;
}

/** A recorded run and the facts of its workflow its Temporal execution is started with. */
export type RecordedRun = ReturnType<typeof recordedRunOf>;

/**
 * Starts the Temporal execution of a recorded (committed) run under its deterministic workflow id.
 * Idempotent: an execution of that id, running or closed, means the run was started already
 * (ids are never reused, so a closed one is not started twice).
 */
export async function startRunExecution(deps: Pick<RunStarter, 'temporal' | 'taskQueue'>, run: RecordedRun) {
  try {
    await withTemporalDeadline(deps.temporal, () =>
      deps.temporal.workflow.start('runWorkflow', {
        workflowId: runWorkflowId(run.input.runId),
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        taskQueue: deps.taskQueue,
        args: [run.input],
        ...runVisibility(run.workflow, run.input.subject),
      }),
    );
    recordRunStarted(run.workflow.name);
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

/**
 * Commits the run row (status pending) and its audit entry first, then starts the Temporal
 * execution, so the workflow's first projection write always finds the row committed. When the
 * start fails the run is withdrawn in a compensating write (its row removed, `run.start_failed`
 * audited) and the caller gets a 503; should that write fail too, the pending row is started by
 * the worker's reconciliation (`startStalledRuns`). A start that failed on the way back (a
 * deadline passed after Temporal took it) may have landed: a run its execution has written to
 * meanwhile is not withdrawn but answered, and an execution that lands after the withdrawal finds
 * no row and runs no step. Returns the run's row as it was committed (status `pending`, no steps
 * yet), or as it stands when it was not withdrawn.
 */
export async function startRecordedRun(
  deps: RunStarter,
  workflow: WorkflowView,
  variables: Record<string, unknown>,
  origin: RunStartOrigin,
): Promise<RunRow> {
  // One statement writes the row and its audit entry, so they commit together without a transaction.
  const { input, row } = await recordNewRun(deps.db, workflow, variables, origin, deps.secretKey);
  try {
    await startRunExecution(deps, { input, workflow });
  } catch (error) {
    if (!(await withdrawRun(deps.db, input.runId, origin, error))) return loadRun(deps.db, input.runId);
    throw new AppError('service_unavailable', 'The run could not be started: Temporal is unavailable; try again');
  }
  return row;
}

/**
 * The compensating write of a run whose execution could not be started: removes the run while it
 * is still pending. Answers false, and changes nothing, when it is no longer pending: its
 * execution started after all and wrote its first status (or a cancel came first).
 */
async function withdrawRun(db: Database, runId: string, origin: RunStartOrigin, cause: unknown): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.workflowRun.deleteMany({ where: { id: runId, status: 'pending' } });
    if (count === 0) return false;
    await recordAudit(tx, {
      action: 'run.start_failed',
      actor: origin.actor,
      target: { type: 'run', id: runId },
      metadata: { trigger: origin.trigger, reason: cause instanceof Error ? cause.message : String(cause) },
      requestId: origin.requestId,
    });
    return true;
  });
}

/**
 * Records a run in the caller's transaction, for callers whose own change and the run must commit
 * together. The caller starts the execution with `startRunExecution` once that transaction has
 * committed; a crash or a Temporal outage in between leaves a pending run, which the worker's
 * reconciliation starts (`startStalledRuns`). Callers check first whether the workflow may be
 * started this way.
 */
export async function recordRunInTransaction(
  tx: DatabaseClient,
  workflow: WorkflowView,
  variables: Record<string, unknown>,
  origin: RunStartOrigin,
  secretKey?: Buffer,
): Promise<RecordedRun> {
  return { input: (await recordNewRun(tx, workflow, variables, origin, secretKey)).input, workflow };
}

/** `POST /api/workflows/:id/start`: the manual trigger, by the caller; a draft's test run only by its editors. */
export function startRun(
  context: RunsContext,
  caller: Caller,
  definitionId: string,
  variables: Record<string, unknown>,
) {
  return startRunBy(
    context,
    definitionId,
    variables,
    { actor: actorOf(caller.principal), trigger: 'manual', requestId: caller.requestId },
    (workflow) => assertMayStartTestRun(context.db, caller.principal, workflow),
  );
}

/**
 * Starts the executions of runs recorded in a transaction that has now committed. A failure
 * leaves them pending for the worker's reconciliation, and is a 503 for the caller.
 */
export async function startRecordedRuns(deps: Pick<RunStarter, 'temporal' | 'taskQueue'>, runs: RecordedRun[]) {
  try {
    for (const run of runs) await startRunExecution(deps, run);
  } catch {
    throw new AppError(
      'service_unavailable',
      'Temporal is unavailable: the recorded runs start when it is back (within minutes); do not send this again',
    );
  }
}

/** Pending runs older than this without an execution are started by the reconciliation. */
export const STALLED_RUN_AGE_MS = 60_000;

/**
 * The reconciliation of the commit-then-start design: starts every run still pending after
 * `STALLED_RUN_AGE_MS` (its start failed or its starter crashed after the commit). A run whose
 * execution exists already is left as it is (the start is idempotent). A run Temporal refuses to
 * start is passed over, so it does not hold up the ones after it; while Temporal cannot be
 * reached, the pass stops. Returns the ids started and those refused, with Temporal's reason.
 */
export async function startStalledRuns(
  deps: RunStarter,
  now = new Date(),
): Promise<{ started: string[]; refused: Array<{ runId: string; reason: string }> }> {
  const rows = await deps.db.workflowRun.findMany({
    where: { status: 'pending', startedAt: { lt: new Date(now.getTime() - STALLED_RUN_AGE_MS) } },
    orderBy: { startedAt: 'asc' },
    take: 500,
  });
  const started: string[] = [];
  const refused: Array<{ runId: string; reason: string }> = [];
  for (const row of rows) {
    try {
      await startRunExecution(deps, recordedRunOf(row));
      started.push(row.id);
    } catch (error) {
      if (isTemporalUnavailable(error)) throw error;
      refused.push({ runId: row.id, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return { started, refused };
}
