import { WorkflowNotFoundError, type Client, type WorkflowHandle } from '@temporalio/client';
import { jsonColumn, Prisma, type Database, type DatabaseClient } from '../../db/client.js';
import { jsonObject } from '../../domain/common.js';
import { FINAL_RUN_STATUSES, OPEN_RUN_STATUSES } from '../../domain/run-statuses.js';
import { workflowDefinitionInputSchema } from '../../domain/workflow-definition.js';
import { checkRunVariables, describeVariableProblems } from '../../engine/run-variables.js';
import { conflict, notFound, validationFailed } from '../../errors/index.js';
import { transactionAroundTemporalCall, withTemporalDeadline } from '../../temporal/client.js';
import { resumeRunSignal, variablesUpdatedSignal } from '../../temporal/messages.js';
import { auditChange, type Caller } from '../caller.js';
import { loadRun } from './run-record.js';
import { EXECUTION_ENDED, whileExecutionIsOpen } from './run-execution.js';
import { sealSecretVariables } from './secret-variables.js';
import { runSecretKey, subjectOf, type RunsContext } from './start-run.js';
import { resolveUserVariables } from './user-variables.js';

/**
 * Cancels a run through Temporal cancellation; the workflow closes its open approvals and tasks
 * and ends as cancelled. A finished run (completed or cancelled) is a 409.
 */
export async function cancelRun(context: RunsContext, caller: Caller, runId: string) {
  const run = await loadRun(context.db, runId);
  if ((FINAL_RUN_STATUSES as readonly string[]).includes(run.status))
    throw conflict(`The run is already ${run.status}`);
  const handle = context.temporal.workflow.getHandle(run.temporalWorkflowId);
  // A pending run may have no execution yet (its start failed, or it was recorded while Temporal
  // was down): it is cancelled here, or the reconciliation would start it later.
  if (run.status === 'pending' && !(await executionExists(context.temporal, handle))) {
    await cancelUnstartedRun(context.db, caller, runId);
    return loadRun(context.db, runId);
  }
  await whileExecutionIsOpen(context.temporal, async () => {
    // Temporal accepts the cancellation of an execution that has ended, and nothing happens; a
    // failed run's may have (nobody resumed it in time, or it stopped on an internal error).
    if (run.status === 'failed' && (await handle.describe()).status.name !== 'RUNNING') throw conflict(EXECUTION_ENDED);
    await handle.cancel();
  });
  await auditChange(context.db, caller, 'run.cancel_requested', { type: 'run', id: runId }, { status: run.status });
  return loadRun(context.db, runId);
}

async function executionExists(temporal: Client, handle: WorkflowHandle): Promise<boolean> {
  try {
    await withTemporalDeadline(temporal, () => handle.describe());
    return true;
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return false;
    throw error;
  }
}

/** Cancels a run that never started an execution, unless it started meanwhile (then 409: try again). */
async function cancelUnstartedRun(db: Database, caller: Caller, runId: string) {
  await db.$transaction(async (tx) => {
    const { count } = await tx.workflowRun.updateMany({
      where: { id: runId, status: 'pending' },
      data: { status: 'cancelled', completedAt: new Date() },
    });
    if (count === 0) throw conflict('The run started meanwhile; cancel it again');
    await auditChange(tx, caller, 'run.cancel_requested', { type: 'run', id: runId }, { status: 'pending' });
  });
}

/**
 * Resumes a failed run: `retry` runs the failed step again; `skip` marks it skipped and goes on.
 * The run row is locked and marked `running` with the signal, so of two resumes at once the
 * second is a 409 rather than a second answer (and audit entry) for an action the run did not
 * take; the workflow then writes its own status after the lock is released.
 */
export async function resumeRun(context: RunsContext, caller: Caller, runId: string, action: 'retry' | 'skip') {
  const { db, temporal } = context;
  await db.$transaction(async (tx) => {
    await lockRun(tx, runId);
    const run = await tx.workflowRun.findUniqueOrThrow({ where: { id: runId } });
    if (run.status !== 'failed') throw conflict(`Only failed runs can be resumed; this run is ${run.status}`);
    await tx.workflowRun.update({
      where: { id: runId },
      data: { status: 'running', failedStepId: null, error: Prisma.DbNull, completedAt: null },
    });
    await auditChange(
      tx,
      caller,
      `run.${action === 'retry' ? 'retried' : 'step_skipped'}`,
      { type: 'run', id: runId },
      { failedStepId: run.failedStepId },
    );
    // Inside the transaction, under the deadline: with Temporal down nothing is written (503).
    await whileExecutionIsOpen(temporal, () =>
      temporal.workflow.getHandle(run.temporalWorkflowId).signal(resumeRunSignal, { action }),
    );
  }, transactionAroundTemporalCall(temporal));
  return loadRun(db, runId);
}

/** Locks a run's row for the rest of the transaction; 404 when there is none. */
async function lockRun(tx: DatabaseClient, runId: string): Promise<void> {
  const locked = await tx.$queryRaw<
    Array<{ id: string }>
  >`SELECT id FROM workflow_runs WHERE id = ${runId}::uuid FOR UPDATE`;
  if (locked.length === 0) throw notFound('Run');
}

/**
 * Changes run variables while the run is pending, running or waiting (409 otherwise), checked
 * against the definition's variable types, delivered to the workflow as a signal (durable once
 * the call returns) and mirrored in the projection.
 */
export async function updateRunVariables(
  context: RunsContext,
  caller: Caller,
  runId: string,
  changes: Record<string, unknown>,
) {
  const { db, temporal } = context;
  return db.$transaction(async (tx) => {
    // Lock, then read: a concurrent edit merges into what the one before it wrote.
    await lockRun(tx, runId);
    const run = await tx.workflowRun.findUniqueOrThrow({ where: { id: runId } });
    if (!(OPEN_RUN_STATUSES as readonly string[]).includes(run.status)) {
      throw conflict(
        `Run variables can only be edited while the run is pending, running or waiting; it is ${run.status}`,
      );
    }
    const definition = workflowDefinitionInputSchema.parse(run.definitionSnapshot);
    const problems = checkRunVariables(definition.variables, changes, { requireAll: false });
    const problem = describeVariableProblems(problems);
    if (problem) throw validationFailed(`Cannot update the variables: ${problem}`, problems);
    changes = await resolveUserVariables(tx, definition.variables, changes, 'Cannot update the variables');
    // Sealed before the signal: its payload is kept in the run's history.
    changes = sealSecretVariables(definition.variables, changes, runId, runSecretKey(context));
    const merged = { ...jsonObject.parse(run.variables), ...changes };
    // The subject follows its variable: who may not decide the run's approvals depends on it.
    await tx.workflowRun.update({
      where: { id: runId },
      data: { variables: jsonColumn(merged), subject: subjectOf(definition.subjectVariable, merged) },
    });
    await auditChange(
      tx,
      caller,
      'run.variables_updated',
      { type: 'run', id: runId },
      { changed: Object.keys(changes) },
    );
    // Inside the transaction, under the deadline: with Temporal down the change rolls back (503).
    await whileExecutionIsOpen(temporal, () =>
      temporal.workflow.getHandle(run.temporalWorkflowId).signal(variablesUpdatedSignal, { variables: changes }),
    );
    return runId;
  }, transactionAroundTemporalCall(temporal));
}
