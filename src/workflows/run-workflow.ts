import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  condition,
  isCancellation,
  log,
  patched,
  setHandler,
  sleep,
  upsertSearchAttributes,
  uuid4,
} from '@temporalio/workflow';
import {
  ENDLESS_LOOP_CODE,
  RUN_ABANDONED_CODE,
  RUN_CANCELLED_BEFORE_START,
  RUN_WITHDRAWN,
  type ErrorEnvelope,
  type RunWorkflowInput,
  type RunWorkflowResult,
} from '../domain/run.js';
import type { RunStatus } from '../domain/run-statuses.js';
import { isStepType } from '../domain/step-types.js';
import { INTERNAL_ERROR_CODE, internalErrorMessage, messageForPeople } from '../errors/index.js';
import type { WorkflowStep } from '../domain/workflow-definition.js';
import { indexSteps, nextStepId, STEP_TYPES_WITHOUT_EFFECTS } from '../engine/graph.js';
import { routeAfter } from '../engine/run-routing.js';
import {
  approvalDecidedSignal,
  resumeRunSignal,
  runStateQuery,
  taskCompletedSignal,
  variablesUpdatedSignal,
} from '../temporal/messages.js';
import { RunStatusAttribute } from '../temporal/search-attributes.js';
import {
  carryingProjection,
  projection,
  projectionWriter,
  stepWork,
  StepInputTooLarge,
  withinPayloadLimit,
  type ProjectionWriter,
  type StepWork,
} from './run-activities.js';
import { brokenInvariant, isBrokenInvariant, type StepOutcome } from './steps/step-module.js';
import { STEP_MODULES } from './steps/step-modules.js';

// Deterministic workflow code only: every effect goes through an activity, every wait through
// the SDK. This loop walks the graph with the pure engine (next step, onError), shared with the
// validator and unit-tested without a server; each step type's behaviour is its module in steps/.

/**
 * Step types that begin with a step-work activity: it carries the writes gathered before the
 * step and stores them first, so no local activity stores them before it is scheduled.
 */
const BEGIN_WITH_STEP_WORK: ReadonlySet<string> = new Set([
  'notification',
  'connector',
  'role_grant',
  'role_revoke',
  'account_reconciliation',
  'approval',
  'task',
]);

/** A failed run waits this long for retry, skip or cancel before it closes for good. */
const FAILED_RUN_RETENTION = '30 days';

/** Failure types of a closed run execution: failed and not resumed, or abandoned on an internal error. */
const RUN_FAILED = 'RunFailed';
const RUN_ABANDONED = 'RunAbandoned';

/**
 * A projection write refused because the run was cancelled while pending, before this execution
 * started, or withdrawn when its start was reported failed (activities/projection-batch.ts): no
 * step ran, and none may. A local activity's failure reaches the workflow as it was thrown, a
 * step-work activity's as the cause of an ActivityFailure.
 */
function isRefusedBeforeStart(error: unknown): boolean {
  const failure = error instanceof ActivityFailure ? error.cause : error;
  return (
    failure instanceof ApplicationFailure &&
    (failure.type === RUN_CANCELLED_BEFORE_START || failure.type === RUN_WITHDRAWN)
  );
}

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

  // Set by `interpret` before the first write: executions started before the projection writes
  // were gathered replay with one local activity per write.
  let writer: ProjectionWriter = projectionWriter(false);
  // Set with the writer: executions started before step work carried the writes replay with a
  // local activity before each such step.
  let work: StepWork = withinPayloadLimit(stepWork);
  let carrying = false;

  async function setStatus(
    next: RunStatus,
    extra: { failedStepId?: string | null; error?: ErrorEnvelope | null } = {},
  ) {
    status = next;
    upsertSearchAttributes([{ key: RunStatusAttribute, value: next }]);
    await writer.write({ kind: 'run', runId, status: next, currentStepId, variables, ...extra });
  }

  // A function, so TypeScript does not narrow `status` across awaits where signals may change it.
  const isWaiting = () => status === 'waiting';

  const scope = () => ({
    ...variables,
    run: { id: runId, startedBy: input.startedBy, definitionId: input.definitionId },
    steps: outputs,
  });

  async function execute(step: WorkflowStep, sequence: number, attempt: number): Promise<StepOutcome> {
    if (!isStepType(step.type))
      return { outcome: 'error', error: { message: `Unknown step type ${step.type}`, code: 'unknown_step_type' } };
    try {
      return await STEP_MODULES[step.type].execute({
        runId,
        workflowName: definition.name,
        step,
        sequence,
        attempt,
        scope: scope(),
        variables,
        decidedApprovals,
        completedTasks,
        markWaiting: async () => {
          await setStatus('waiting');
          await writer.flush();
        },
        work,
      });
    } catch (error) {
      if (isCancellation(error) || isBrokenInvariant(error) || isRefusedBeforeStart(error)) throw error;
      // Interpolation and expression errors, and inputs too large to send, are definition or
      // data problems: the step fails. Any other error's text (an activity that gave up, say)
      // goes to the worker's log only, under the reference the step shows.
      const message = messageForPeople(error);
      if (message !== undefined)
        return {
          outcome: 'error',
          error: { message, code: error instanceof StepInputTooLarge ? error.code : 'step_error' },
        };
      const reference = uuid4();
      log.error('A run step failed on an internal error', { runId, stepId: step.id, reference, error });
      return {
        outcome: 'error',
        error: { message: internalErrorMessage(reference), code: INTERNAL_ERROR_CODE, reference },
      };
    }
  }

  try {
    return await interpret();
  } catch (error) {
    if (isCancellation(error)) {
      await CancellationScope.nonCancellable(async () => {
        await writer.flush();
        await projection.cancelRunArtifacts({ runId });
        await setStatus('cancelled');
        await writer.flush();
      });
      throw error;
    }
    if (error instanceof ApplicationFailure && error.type === RUN_FAILED) throw error;
    if (isRefusedBeforeStart(error)) {
      // The database shows the run cancelled already, or has no run; the status attribute follows.
      status = 'cancelled';
      upsertSearchAttributes([{ key: RunStatusAttribute, value: status }]);
      return { status, variables };
    }
    throw await abandon(error);
  }

  async function interpret(): Promise<RunWorkflowResult> {
    writer = projectionWriter(patched('gathered-projection-writes'));
    carrying = patched('step-work-carries-projection');
    if (carrying) work = carryingProjection(writer, withinPayloadLimit(stepWork));
    await setStatus('running');
    const steps = indexSteps(definition.steps);
    const start = definition.steps.find((step) => step.type === 'start');
    if (!start) throw brokenInvariant('The definition has no start step');
    let stepId = start.id;
    let sequence = 0;
    // The steps without effects walked through since the run last waited. Nothing can change the
    // variables while it does not wait, so coming back to one of them means a loop without end.
    const walkedSinceWait = new Set<string>();
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
        // Asked only once a loop is found, so no other run records the patch, and executions
        // that went round before this check existed replay as they ran.
        if (walkedSinceWait.has(step.id) && patched('endless-loop-check')) {
          await setStatus('failed', {
            failedStepId: step.id,
            error: {
              message: `The run came back to step ${step.id} without waiting for anything on the way: the conditions on that loop see the same values every time, so it would never exit`,
              code: ENDLESS_LOOP_CODE,
            },
          });
          return await closeFailed();
        }
        await writer.write({
          kind: 'startStep',
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
        // A step that calls activities or waits finds its row, and the writes before it, stored.
        if (!STEP_TYPES_WITHOUT_EFFECTS.has(step.type) && !(carrying && BEGIN_WITH_STEP_WORK.has(step.type)))
          await writer.flush();
        const result = await execute(step, sequence, attempt);
        if (STEP_TYPES_WITHOUT_EFFECTS.has(step.type)) walkedSinceWait.add(step.id);
        else walkedSinceWait.clear();
        if (result.waited && isWaiting()) await setStatus('running');
        if (result.output) outputs[step.id] = result.output;
        const route = routeAfter(step, result.outcome, { onError: definition.onError, attempt });
        const failedHere = result.outcome === 'error' && route.action !== 'goto';
        const finishStep = (status: 'completed' | 'failed' | 'skipped') =>
          writer.write({
            kind: 'finishStep',
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
          await writer.flush();
          await sleep(route.delayMs);
          walkedSinceWait.clear();
          attempt += 1;
          continue;
        }
        if (route.action === 'complete') {
          currentStepId = null;
          await setStatus('completed');
          await writer.flush();
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
        walkedSinceWait.clear();
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
    await writer.flush();
    const resumed = await condition(() => resume !== undefined, FAILED_RUN_RETENTION);
    return resumed ? resume : undefined;
  }

  /** A failed run nobody resumed ends as a failed Temporal execution. */
  async function closeFailed(): Promise<RunWorkflowResult> {
    await writer.flush();
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
   *
   * Its open approvals, tasks and steps are closed first (nobody can act on them any more), after
   * the writes gathered so far, which could open a step again. Should those writes fail too (the
   * database gone for longer than the retries last), the run-status search attribute is set back
   * to `running`, which is what the projection still shows: the reconciliation of ended
   * executions (`closeRunsWithEndedExecutions`) then closes the run and its work once the
   * database is back.
   */
  async function abandon(error: unknown): Promise<ApplicationFailure> {
    const reason = error instanceof Error ? error.message : String(error);
    // A broken invariant says what is wrong with the definition; other errors' text stays in the log.
    const shown = isBrokenInvariant(error) ? reason : messageForPeople(error);
    const reference = shown === undefined ? uuid4() : undefined;
    if (reference) log.error('A run stopped on an internal error', { runId, reference, error });
    const message = `The run stopped on an internal error and cannot be resumed: ${shown ?? internalErrorMessage(reference!)}`;
    const failure = {
      failedStepId: currentStepId,
      error: { message, code: RUN_ABANDONED_CODE, ...(reference ? { reference } : {}) },
    };
    if (patched('abandon-closes-open-work')) {
      try {
        await writer.flush();
        await projection.cancelRunArtifacts({ runId });
        await setStatus('failed', failure);
        await writer.flush();
      } catch (recordError) {
        if (isCancellation(recordError)) throw recordError;
        upsertSearchAttributes([{ key: RunStatusAttribute, value: 'running' }]);
      }
    } else {
      try {
        await setStatus('failed', failure);
        await writer.flush();
      } catch (recordError) {
        // The projection cannot be written (its activity gave up too); the execution still fails.
        if (isCancellation(recordError)) throw recordError;
      }
    }
    return ApplicationFailure.nonRetryable(message, RUN_ABANDONED, reason);
  }
}
