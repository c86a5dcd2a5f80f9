import {
  ApplicationFailure,
  CancellationScope,
  condition,
  isCancellation,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  sleep,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { parseDuration } from '../domain/duration.js';
import {
  RUN_ABANDONED_CODE,
  type ErrorEnvelope,
  type RunStatus,
  type RunWorkflowInput,
  type RunWorkflowResult,
} from '../domain/run.js';
import type { WorkflowStep } from '../domain/workflow-definition.js';
import { evaluateCondition } from '../engine/expressions.js';
import { indexSteps, nextStepId } from '../engine/graph.js';
import { interpolateDeep } from '../engine/interpolation.js';
import { routeAfter } from '../engine/run-routing.js';
import {
  approvalDecidedSignal,
  resumeRunSignal,
  runStateQuery,
  taskCompletedSignal,
  variablesUpdatedSignal,
} from '../temporal/messages.js';
import { RunStatusAttribute } from '../temporal/search-attributes.js';

// Deterministic workflow code only: every effect goes through an activity, every wait through
// the SDK. The graph walk itself (next step, interpolation, conditions, onError) is the pure
// engine, shared with the validator and unit-tested without a server.

const retry = { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '30s', maximumAttempts: 10 };
const stepWork = proxyActivities<Activities>({ startToCloseTimeout: '2 minutes', retry });
// Connector calls heartbeat while the remote answers: a worker that died mid-call is noticed after
// 15 s (not 2 minutes) and the call runs again elsewhere, with the same idempotency key.
const connectorWork = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '15 seconds',
  retry,
});
// The projection writes are short idempotent database upserts: as local activities they run in
// this worker without a round trip through the Temporal server per write.
const projection = proxyLocalActivities<Activities>({ startToCloseTimeout: '30 seconds', retry });

interface StepOutcome {
  outcome: string;
  output?: Record<string, unknown>;
  error?: ErrorEnvelope;
  /** Set for steps that wait for a person. */
  waited?: boolean;
}

/** A failed run waits this long for retry, skip or cancel before it closes for good. */
const FAILED_RUN_RETENTION = '30 days';

/** Failure types of a closed run execution: failed and not resumed, or abandoned on an internal error. */
const RUN_FAILED = 'RunFailed';
const RUN_ABANDONED = 'RunAbandoned';

export async function runWorkflow(input: RunWorkflowInput): Promise<RunWorkflowResult> {
  const { runId, definition } = input;
  const variables: Record<string, unknown> = { ...input.variables };
  const outputs: Record<string, unknown> = {};
  const decidedApprovals = new Map<string, 'approved' | 'rejected'>();
  const completedTasks = new Map<string, Record<string, unknown>>();
  let status: RunStatus = 'pending';
  let currentStepId: string | null = null;
  let resume: 'retry' | 'skip' | undefined;

  setHandler(approvalDecidedSignal, ({ approvalId, outcome }) => void decidedApprovals.set(approvalId, outcome));
  setHandler(taskCompletedSignal, ({ taskId, values }) => void completedTasks.set(taskId, values));
  setHandler(variablesUpdatedSignal, ({ variables: changes }) => void Object.assign(variables, changes));
  setHandler(resumeRunSignal, ({ action }) => {
    if (status === 'failed') resume = action;
  });
  setHandler(runStateQuery, () => ({ status, currentStepId, variables }));

  async function setStatus(
    next: RunStatus,
    extra: { failedStepId?: string | null; error?: ErrorEnvelope | null } = {},
  ) {
    status = next;
    upsertSearchAttributes([{ key: RunStatusAttribute, value: next }]);
    await projection.markRun({ runId, status: next, currentStepId, variables, ...extra });
  }

  // A function, so TypeScript does not narrow `status` across awaits where signals may change it.
  const isWaiting = () => status === 'waiting';

  const scope = () => ({
    ...variables,
    run: { id: runId, startedBy: input.startedBy, definitionId: input.definitionId },
    steps: outputs,
  });

  async function waitForDecision(step: WorkflowStep, sequence: number): Promise<StepOutcome> {
    const config = interpolateDeep(step.config, scope()) as {
      approvers: string[];
      mode?: 'any' | 'all' | { atLeast: number };
      timeout?: string;
      allowSelfApproval?: boolean;
      message?: string;
      escalation?: { after: string; addApprovers?: string[]; notify?: string[] };
    };
    const timeoutMs = config.timeout ? parseDuration(config.timeout) : undefined;
    const opened = await stepWork.openApproval({
      runId,
      sequence,
      stepId: step.id,
      stepName: step.name,
      approvers: config.approvers.map(String),
      mode: config.mode ?? 'any',
      allowSelfApproval: config.allowSelfApproval ?? false,
      message: config.message,
      timeoutMs,
    });
    if (opened.problem) return { outcome: 'error', error: { message: opened.problem, code: 'invalid_approvers' } };
    await setStatus('waiting');
    const decided = () => decidedApprovals.has(opened.approvalId);
    let remaining = timeoutMs;
    if (config.escalation) {
      const after = parseDuration(config.escalation.after);
      if (remaining === undefined || after < remaining) {
        if (!(await condition(decided, after))) {
          await stepWork.escalateApproval({
            approvalId: opened.approvalId,
            addApprovers: config.escalation.addApprovers ?? [],
          });
          for (const recipient of config.escalation.notify ?? []) {
            await stepWork.sendNotification({
              runId,
              sequence,
              recipient,
              message: `Approval "${step.name}" is waiting for a decision`,
              workflowName: definition.name,
            });
          }
        }
        remaining = remaining === undefined ? undefined : remaining - after;
      }
    }
    const inTime = remaining === undefined ? (await condition(decided), true) : await condition(decided, remaining);
    if (!inTime) {
      const closed = await stepWork.closeApproval({ approvalId: opened.approvalId, status: 'timed_out' });
      if (closed.status === 'approved' || closed.status === 'rejected')
        decidedApprovals.set(opened.approvalId, closed.status);
      else return { outcome: 'timeout', output: { approvalId: opened.approvalId }, waited: true };
    }
    const outcome = decidedApprovals.get(opened.approvalId)!;
    return { outcome, output: { approvalId: opened.approvalId, decision: outcome }, waited: true };
  }

  async function waitForTask(step: WorkflowStep, sequence: number): Promise<StepOutcome> {
    const config = interpolateDeep(step.config, scope()) as {
      assignee: string;
      title?: string;
      instructions?: string;
      fields?: Array<{ name: string; type: string; label?: string; required?: boolean }>;
      timeout?: string;
    };
    const timeoutMs = config.timeout ? parseDuration(config.timeout) : undefined;
    const opened = await stepWork.openTask({
      runId,
      sequence,
      stepId: step.id,
      title: config.title ?? step.name,
      instructions: config.instructions,
      assignee: String(config.assignee),
      fields: (config.fields ?? []).map((field) => ({ ...field, required: field.required ?? true })),
      timeoutMs,
    });
    if (opened.problem) return { outcome: 'error', error: { message: opened.problem, code: 'invalid_assignee' } };
    await setStatus('waiting');
    const done = () => completedTasks.has(opened.taskId);
    const inTime = timeoutMs === undefined ? (await condition(done), true) : await condition(done, timeoutMs);
    if (!inTime) {
      const closed = await stepWork.closeTask({ taskId: opened.taskId, status: 'timed_out' });
      if (closed.status !== 'completed' || !closed.result) return { outcome: 'timeout', waited: true };
      completedTasks.set(opened.taskId, closed.result);
    }
    const values = completedTasks.get(opened.taskId)!;
    Object.assign(variables, values);
    return { outcome: 'success', output: { taskId: opened.taskId, values }, waited: true };
  }

  async function execute(step: WorkflowStep, sequence: number, attempt: number): Promise<StepOutcome> {
    try {
      switch (step.type) {
        case 'start':
        case 'end':
          return { outcome: 'success' };
        case 'condition':
          return { outcome: evaluateCondition(String(step.config.expression), scope()) ? 'true' : 'false' };
        case 'delay':
          await sleep(parseDuration(String(step.config.duration)));
          return { outcome: 'success' };
        case 'notification': {
          const variablesInScope = scope();
          const config = interpolateDeep(step.config, variablesInScope) as {
            recipientId: unknown;
            template?: string;
            subject?: string;
            message?: string;
          };
          const sent = await stepWork.sendNotification({
            runId,
            sequence,
            recipient: String(config.recipientId),
            subject: config.subject,
            message: config.message ?? step.name,
            workflowName: definition.name,
            template: config.template,
            variables: variablesInScope,
          });
          return sent.success
            ? { outcome: 'success' }
            : { outcome: 'error', error: { message: sent.error ?? 'failed', code: sent.code } };
        }
        case 'connector': {
          const config = step.config as {
            connector: string;
            command: string;
            parameters?: Record<string, unknown>;
            simulateFailure?: boolean | string;
            outputVariable?: string;
          };
          const result = await connectorWork.runConnectorStep({
            runId,
            sequence,
            attempt,
            stepId: step.id,
            connector: config.connector,
            command: config.command,
            parameters: interpolateDeep(config.parameters ?? {}, scope()),
            simulateFailure: config.simulateFailure,
            variables,
          });
          if (!result.success)
            return {
              outcome: 'error',
              output: result.data,
              error: { message: result.error ?? 'Connector call failed', code: result.code },
            };
          if (config.outputVariable) variables[config.outputVariable] = result.data ?? {};
          return { outcome: 'success', output: result.data };
        }
        case 'role_grant':
        case 'role_revoke': {
          const config = interpolateDeep(step.config, scope()) as {
            role: string;
            subject: unknown;
            onDuplicate?: 'skip' | 'error';
          };
          const result = await stepWork.changeRole({
            runId,
            action: step.type === 'role_grant' ? 'grant' : 'revoke',
            subject: String(config.subject),
            role: config.role,
            onDuplicate: config.onDuplicate ?? 'skip',
          });
          return result.success
            ? { outcome: 'success', output: result.data }
            : {
                outcome: 'error',
                output: result.data,
                error: { message: result.error ?? 'failed', code: result.code },
              };
        }
        case 'approval':
          return await waitForDecision(step, sequence);
        case 'task':
          return await waitForTask(step, sequence);
        default:
          return { outcome: 'error', error: { message: `Unknown step type ${step.type}`, code: 'unknown_step_type' } };
      }
    } catch (error) {
      if (isCancellation(error)) throw error;
      // Interpolation and expression errors are definition or data problems: the step fails.
      return {
        outcome: 'error',
        error: { message: error instanceof Error ? error.message : String(error), code: 'step_error' },
      };
    }
  }

  try {
    return await interpret();
  } catch (error) {
    if (isCancellation(error)) {
      await CancellationScope.nonCancellable(async () => {
        await projection.cancelRunArtifacts({ runId });
        await setStatus('cancelled');
      });
      throw error;
    }
    if (error instanceof ApplicationFailure && error.type === RUN_FAILED) throw error;
    throw await abandon(error);
  }

  async function interpret(): Promise<RunWorkflowResult> {
    await setStatus('running');
    const steps = indexSteps(definition.steps);
    const start = definition.steps.find((step) => step.type === 'start');
    if (!start) throw new Error('The definition has no start step');
    let stepId = start.id;
    let sequence = 0;
    for (;;) {
      const step = steps.get(stepId);
      if (!step) {
        await setStatus('failed', {
          failedStepId: stepId,
          error: { message: `Step ${stepId} does not exist`, code: 'unknown_step' },
        });
        return await closeFailed();
      }
      sequence += 1;
      currentStepId = step.id;
      let attempt = 1;
      for (;;) {
        await projection.startStep({
          runId,
          sequence,
          attempt,
          stepId: step.id,
          stepName: step.name,
          stepType: step.type,
          // Approval and task steps spend their time waiting for a person.
          status: step.type === 'approval' || step.type === 'task' ? 'waiting' : 'running',
          input: step.config,
        });
        const result = await execute(step, sequence, attempt);
        if (result.waited && isWaiting()) await setStatus('running');
        if (result.output) outputs[step.id] = result.output;
        const route = routeAfter(step, result.outcome, { onError: definition.onError, attempt });
        const failedHere = result.outcome === 'error' && route.action !== 'goto';
        const finishStep = (status: 'completed' | 'failed' | 'skipped') =>
          projection.finishStep({
            runId,
            sequence,
            attempt,
            status,
            outcome: result.outcome,
            // A connector step's row already holds its request and response, written by its activity.
            output: step.type === 'connector' ? undefined : result.output,
            error: result.error,
          });
        await finishStep(
          route.action === 'skip' ? 'skipped' : failedHere || route.action === 'fail' ? 'failed' : 'completed',
        );
        if (route.action === 'retry') {
          await sleep(route.delayMs);
          attempt += 1;
          continue;
        }
        if (route.action === 'complete') {
          currentStepId = null;
          await setStatus('completed');
          return { status: 'completed', variables };
        }
        if (route.action === 'goto' || route.action === 'skip') {
          stepId = route.stepId;
          break;
        }
        // Cleared before the run shows as failed, so a resume that arrives right after is kept.
        resume = undefined;
        await setStatus('failed', {
          failedStepId: step.id,
          error: result.error ?? { message: route.reason, code: 'no_transition' },
        });
        const action = await waitForResume();
        if (action === undefined) return await closeFailed();
        await setStatus('running', { failedStepId: null, error: null });
        if (action === 'skip') {
          const success = nextStepId(step, 'success');
          if (!success) {
            await setStatus('failed', {
              failedStepId: step.id,
              error: { message: `Step ${step.id} has no success path to skip to`, code: 'no_transition' },
            });
            return await closeFailed();
          }
          // The timeline shows the operator's decision on the failed step, its error kept. Patched:
          // executions that took a skip before this write existed replay without it.
          if (patched('record-manual-skip')) await finishStep('skipped');
          stepId = success;
        }
        break;
      }
    }
  }

  async function waitForResume(): Promise<'retry' | 'skip' | undefined> {
    const resumed = await condition(() => resume !== undefined, FAILED_RUN_RETENTION);
    return resumed ? resume : undefined;
  }

  /** A failed run nobody resumed ends as a failed Temporal execution. */
  async function closeFailed(): Promise<RunWorkflowResult> {
    throw ApplicationFailure.create({
      message: `Run ${runId} failed at step ${currentStepId ?? 'unknown'} and was not resumed`,
      type: RUN_FAILED,
      nonRetryable: true,
    });
  }

  /**
   * An error the interpreter did not expect (a broken invariant, or an activity that exhausted its
   * retries) fails the run for good, with the reason in the projection for the diagnosis. Thrown
   * as a plain Error it would instead fail the workflow task, which Temporal retries forever
   * while the run shows `running`.
   */
  async function abandon(error: unknown): Promise<ApplicationFailure> {
    const reason = error instanceof Error ? error.message : String(error);
    const message = `The run stopped on an internal error and cannot be resumed: ${reason}`;
    try {
      await setStatus('failed', { failedStepId: currentStepId, error: { message, code: RUN_ABANDONED_CODE } });
    } catch (recordError) {
      // The projection cannot be written (its activity gave up too); the execution still fails.
      if (isCancellation(recordError)) throw recordError;
    }
    return ApplicationFailure.nonRetryable(message, RUN_ABANDONED, reason);
  }
}
