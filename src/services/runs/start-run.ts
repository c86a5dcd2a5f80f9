import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { Config } from '../../config/index.js';
import { jsonColumn, type Database } from '../../db/client.js';
import type { RunWorkflowInput } from '../../domain/run.js';
import { checkRunVariables, describeVariableProblems } from '../../engine/run-variables.js';
import { AppError, validationFailed } from '../../errors/index.js';
import { runWorkflowId } from '../../temporal/messages.js';
import {
  DefinitionIdAttribute,
  DefinitionNameAttribute,
  RunStatusAttribute,
  SubjectAttribute,
} from '../../temporal/search-attributes.js';
import { auditChange, type Caller } from '../caller.js';
import { definitionOf, loadWorkflow, toWorkflowView } from '../workflows/workflow-record.js';
import { loadRun } from './run-record.js';

export const DEPRECATED_START_MESSAGE =
  'Deprecated workflows cannot start new runs; create a new version of the workflow and start that instead';

export interface RunsContext {
  db: Database;
  temporal: Client;
  config: Readonly<Config>;
}

/**
 * Starts a run (spec 4.2 start): refuses deprecated workflows with 400, checks the variables,
 * snapshots the definition into the run, and starts its Temporal workflow in the same database
 * transaction as the run row, so a run never exists without its execution or the other way round.
 * Drafts may be started: their runs are test runs.
 */
export async function startRun(
  context: RunsContext,
  caller: Caller,
  definitionId: string,
  variables: Record<string, unknown>,
) {
  const { db, temporal, config } = context;
  const workflow = toWorkflowView(await loadWorkflow(db, definitionId));
  if (workflow.status === 'deprecated') throw new AppError('validation_failed', DEPRECATED_START_MESSAGE);
  const problem = describeVariableProblems(checkRunVariables(workflow.variables, variables, { requireAll: true }));
  if (problem)
    throw validationFailed(
      `Cannot start the run: ${problem}`,
      checkRunVariables(workflow.variables, variables, { requireAll: true }),
    );

  const definition = definitionOf(workflow);
  const subject =
    workflow.subjectVariable && variables[workflow.subjectVariable] !== undefined
      ? String(variables[workflow.subjectVariable])
      : null;
  const runId = randomUUID();
  const workflowId = runWorkflowId(runId);
  await db.$transaction(async (tx) => {
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
        startedBy: caller.principal.userId,
        temporalWorkflowId: workflowId,
      },
    });
    await auditChange(
      tx,
      caller,
      'run.started',
      { type: 'run', id: runId },
      {
        definitionId: workflow.id,
        definitionName: workflow.name,
        version: workflow.version,
        testRun: workflow.status === 'draft',
      },
    );
    const input: RunWorkflowInput = {
      runId,
      definitionId: workflow.id,
      definition,
      variables,
      startedBy: caller.principal.userId,
      subject,
    };
    await temporal.workflow.start('runWorkflow', {
      workflowId,
      taskQueue: config.temporal.taskQueue,
      args: [input],
      memo: { definitionName: workflow.name, definitionVersion: workflow.version },
      typedSearchAttributes: [
        { key: DefinitionIdAttribute, value: workflow.id },
        { key: DefinitionNameAttribute, value: workflow.name },
        { key: RunStatusAttribute, value: 'pending' },
        ...(subject ? [{ key: SubjectAttribute, value: subject }] : []),
      ],
    });
  });
  return loadRun(db, runId);
}
