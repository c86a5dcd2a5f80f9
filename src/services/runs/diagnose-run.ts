import type { Database } from '../../db/client.js';
import {
  ENDLESS_LOOP_CODE,
  errorEnvelopeSchema,
  EXECUTION_ENDED_CODE,
  PAYLOAD_TOO_LARGE_CODE,
  RUN_ABANDONED_CODE,
} from '../../domain/run.js';
import { workflowDefinitionInputSchema } from '../../domain/workflow-definition.js';
import { nextStepId } from '../../engine/graph.js';
import { jsonObject } from '../../domain/common.js';
import { loadRun, toStepView } from './run-record.js';
import { concealVariables } from './secret-variables.js';
import { runWaits } from './run-waits.js';

/** Failures that another try may fix (the outside system was down, slow or said no for now). */
const TRANSIENT_CODES = new Set([
  'timeout',
  'network_error',
  'http_status',
  'connector_unavailable',
  'handler_error',
  'simulated_failure',
  'provisioning_failed',
  'response_too_large',
  // Directory servers (the ldap handler): overloaded or unreachable for now.
  'busy',
  'unavailable',
]);
/** Failures only a changed definition fixes. */
const DEFINITION_CODES = new Set([
  'invalid_parameters',
  'unknown_command',
  'unknown_connector',
  'unknown_step_type',
  'no_transition',
  'step_error',
  'invalid_approvers',
  'invalid_assignee',
  'unknown_recipient',
  'unknown_step',
  'connector_disabled',
  'handler_missing',
  PAYLOAD_TOO_LARGE_CODE,
]);

/** Why a failed run whose execution has ended cannot be retried or skipped, by its error code. */
const ENDED_RUN_REASONS = new Map<string, string>([
  [
    RUN_ABANDONED_CODE,
    'The run stopped on an internal error and its execution has ended, so it cannot be retried or skipped: fix the workflow (or report the error) and start a new run',
  ],
  [
    ENDLESS_LOOP_CODE,
    "The run went round a loop of conditions that never exits, and its execution has ended, so it cannot be retried or skipped: put a step that waits (a task, an approval, a delay) or changes the variables (a connector's outputVariable) on the loop, or fix its conditions, in a new version, and start a new run",
  ],
  [
    EXECUTION_ENDED_CODE,
    "The run's Temporal execution ended outside the service (terminated in the Temporal UI, say), so it cannot be retried or skipped: start a new run",
  ],
]);

export interface SuggestedAction {
  /** `retry` and `skip` are the run's routes (POST /api/runs/:id/retry or skip). */
  action: 'retry' | 'skip' | 'fix_workflow';
  /** Why, in words that suit a person reading the console as much as an API client. */
  reason: string;
}

/** Next actions for a failed run, chosen from what actually went wrong. */
export function suggestActions(
  failure: { code?: string; message: string } | null,
  canSkip: boolean,
): SuggestedAction[] {
  if (!failure) return [];
  const code = failure.code ?? '';
  const final = ENDED_RUN_REASONS.get(code);
  if (final) return [{ action: 'fix_workflow', reason: final }];
  const actions: SuggestedAction[] = [];
  if (DEFINITION_CODES.has(code)) {
    actions.push({
      action: 'fix_workflow',
      reason: `The step's configuration is wrong (${code}): fix it in a new version of the workflow, publish it and start a new run`,
    });
  }
  if (TRANSIENT_CODES.has(code) || !DEFINITION_CODES.has(code)) {
    actions.push({
      action: 'retry',
      reason: `The failure (${code || 'unknown'}) may be temporary: a retry runs the failed step again with the current variables`,
    });
  }
  if (canSkip)
    actions.push({
      action: 'skip',
      reason: 'A skip marks the failed step skipped and continues on its success path',
    });
  return actions;
}

const errorEnvelope = errorEnvelopeSchema.nullable().catch(null);

/**
 * The audit entries about a run: those whose target it is, and those whose metadata names it
 * (`runId`, or `sourceRunId` for a run started from it). Each part is written as its index
 * reads it (the metadata ones are expression indexes), which an OR of Prisma's JSON path
 * filters is not: that read the whole audit log.
 */
async function auditEntriesAbout(db: Database, runId: string) {
  const ids = await db.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM audit_logs WHERE target_type = 'run' AND target_id = ${runId}
    UNION SELECT id FROM audit_logs WHERE metadata ? 'runId' AND metadata->>'runId' = ${runId}
    UNION SELECT id FROM audit_logs WHERE metadata ? 'sourceRunId' AND metadata->>'sourceRunId' = ${runId}`;
  return db.auditLog.findMany({
    where: { id: { in: ids.map((row) => row.id) } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}

/** The failure analysis of spec 2.3. */
export async function diagnoseRun(db: Database, runId: string) {
  const run = await loadRun(db, runId);
  const definition = workflowDefinitionInputSchema.parse(run.definitionSnapshot);
  const failedExecution = [...run.steps].reverse().find((step) => step.status === 'failed');
  const failedStep = definition.steps.find((step) => step.id === (run.failedStepId ?? failedExecution?.stepId));
  const failure = errorEnvelope.parse(failedExecution?.error ?? run.error);
  const audit = await auditEntriesAbout(db, runId);
  return {
    run: {
      id: run.id,
      status: run.status,
      isTestRun: run.isTestRun,
      startedBy: run.startedBy,
      startedAt: run.startedAt,
      completedAt: run.completedAt,
      temporalWorkflowId: run.temporalWorkflowId,
      error: errorEnvelope.parse(run.error),
    },
    definition: {
      id: run.definitionId,
      name: run.definitionName,
      version: run.definitionVersion,
      onError: definition.onError,
      stepCount: definition.steps.length,
    },
    steps: run.steps.map(toStepView),
    failedStep:
      run.status === 'failed' && failedStep
        ? {
            id: failedStep.id,
            name: failedStep.name,
            type: failedStep.type,
            config: failedStep.config,
            transitions: failedStep.transitions,
            attempts: run.steps.filter((step) => step.stepId === failedStep.id && step.status === 'failed').length,
            error: failure,
          }
        : null,
    auditTrail: audit.map((entry) => ({
      action: entry.action,
      actorType: entry.actorType,
      actorId: entry.actorId,
      metadata: entry.metadata,
      createdAt: entry.createdAt,
    })),
    variables: concealVariables(jsonObject.parse(run.variables)),
    waitingFor: await runWaits(db, run),
    suggestedActions:
      run.status === 'failed'
        ? suggestActions(failure, failedStep ? nextStepId(failedStep, 'success') !== undefined : false)
        : [],
  };
}
