import type { Client } from '@temporalio/client';
import { recordAudit } from '../../audit/index.js';
import { jsonColumn, type Database, type DatabaseClient } from '../../db/client.js';
import { OPEN_RUN_STATUSES } from '../../domain/run-statuses.js';
import { EXECUTION_ENDED_CODE } from '../../domain/run.js';
import { runWorkflowId } from '../../temporal/messages.js';
import { RunStatusAttribute } from '../../temporal/search-attributes.js';

/** How far back the reconciliation looks for executions that ended outside the service. */
export const ENDED_EXECUTIONS_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;

/** Closes a run's open approvals, tasks and step rows as cancelled: nobody can act on them any more. */
export async function closeRunArtifacts(db: DatabaseClient, runId: string, now = new Date()): Promise<void> {
  await db.approval.updateMany({ where: { runId, status: 'pending' }, data: { status: 'cancelled', decidedAt: now } });
  await db.task.updateMany({ where: { runId, status: 'open' }, data: { status: 'cancelled' } });
  await db.runStep.updateMany({
    where: { runId, status: { in: ['running', 'waiting'] } },
    data: { status: 'cancelled', completedAt: now },
  });
}

/**
 * The reconciliation of runs whose Temporal execution ended without the interpreter (terminated
 * in the Temporal UI, timed out, or stopped by Temporal's history limits): such a run
 * would show pending, running or waiting for ever. Temporal's visibility finds them, as closed
 * executions whose run-status attribute (which the interpreter keeps current) is not final; each
 * becomes `failed` with code `execution_ended`, its open work closed, in one transaction, audited
 * as `run.execution_ended`. Idempotent; returns the ids of the runs it closed.
 */
export async function closeRunsWithEndedExecutions(
  deps: { db: Database; temporal: Client; taskQueue: string },
  now = new Date(),
): Promise<string[]> {
  const since = new Date(now.getTime() - ENDED_EXECUTIONS_LOOKBACK_MS).toISOString();
  const query = [
    `WorkflowType = 'runWorkflow'`,
    `TaskQueue = '${deps.taskQueue.replace(/'/g, "\\'")}'`,
    `ExecutionStatus != 'Running'`,
    `CloseTime > '${since}'`,
    `${RunStatusAttribute.name} IN (${OPEN_RUN_STATUSES.map((status) => `'${status}'`).join(', ')})`,
  ].join(' AND ');
  const closed: string[] = [];
  for await (const execution of deps.temporal.workflow.list({ query })) {
    const runId = execution.workflowId.replace(/^run-/, '');
    if (runWorkflowId(runId) !== execution.workflowId) continue;
    // A reset ends an execution and goes on in a new one under the same workflow id.
    const latest = await deps.temporal.workflow.getHandle(execution.workflowId).describe();
    if (latest.status.name === 'RUNNING') continue;
    const executionStatus = execution.status.name;
    const ended = await deps.db.$transaction(async (tx) => {
      const { count } = await tx.workflowRun.updateMany({
        where: { id: runId, status: { in: [...OPEN_RUN_STATUSES] } },
        data: {
          status: 'failed',
          completedAt: now,
          error: jsonColumn({
            code: EXECUTION_ENDED_CODE,
            message: `The run's Temporal execution ended outside the service (${executionStatus.toLowerCase()}, for instance terminated in the Temporal UI), so the run cannot go on or be resumed; start a new run`,
          }),
        },
      });
      if (count === 0) return false;
      await closeRunArtifacts(tx, runId, now);
      await recordAudit(tx, {
        action: 'run.execution_ended',
        actor: { type: 'system' },
        target: { type: 'run', id: runId },
        metadata: { executionStatus, temporalRunId: execution.runId },
      });
      return true;
    });
    if (ended) closed.push(runId);
  }
  return closed;
}
