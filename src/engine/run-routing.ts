import type { WorkflowDefinitionInput, WorkflowStep } from '../domain/workflow-definition.js';
import { nextStepId } from './graph.js';

/** How many times the `retry` error strategy runs a failing step before giving up. */
export const MAX_STEP_ATTEMPTS = 3;

/** What the interpreter does after a step produced an outcome. */
export type Route =
  | { action: 'goto'; stepId: string }
  | { action: 'complete' }
  | { action: 'retry'; delayMs: number }
  | { action: 'skip'; stepId: string }
  | { action: 'fail'; reason: string };

/** Backoff before attempt `attempt + 1`: 1 s, 2 s, 4 s, ... capped at 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** (attempt - 1));
}

/**
 * The rule of the run interpreter, pure: an outcome with a transition follows it; an `error`
 * without one applies the workflow's `onError` (`stop` fails the run, `skip` marks the step
 * skipped and takes its `success` path, `retry` retries with backoff up to MAX_STEP_ATTEMPTS and
 * then stops); any other outcome without a transition fails the run.
 */
export function routeAfter(
  step: WorkflowStep,
  outcome: string,
  context: { onError: WorkflowDefinitionInput['onError']; attempt: number },
): Route {
  if (step.type === 'end') return { action: 'complete' };
  const next = nextStepId(step, outcome);
  if (next) return { action: 'goto', stepId: next };
  if (outcome !== 'error')
    return { action: 'fail', reason: `Step ${step.id} has no transition for outcome "${outcome}"` };
  switch (context.onError) {
    case 'skip': {
      const success = nextStepId(step, 'success');
      return success
        ? { action: 'skip', stepId: success }
        : { action: 'fail', reason: `Step ${step.id} failed and has no success path to skip to` };
    }
    case 'retry':
      return context.attempt < MAX_STEP_ATTEMPTS
        ? { action: 'retry', delayMs: retryDelayMs(context.attempt) }
        : { action: 'fail', reason: `Step ${step.id} failed ${context.attempt} times` };
    case 'stop':
      return { action: 'fail', reason: `Step ${step.id} failed` };
  }
}
