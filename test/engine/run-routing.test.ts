import { describe, expect, it } from '@jest/globals';
import type { WorkflowStep } from '../../src/domain/workflow-definition.js';
import { MAX_STEP_ATTEMPTS, retryDelayMs, routeAfter } from '../../src/engine/run-routing.js';

const step = (type: string, transitions: Record<string, string>): WorkflowStep => ({
  id: 'x',
  name: 'x',
  type,
  config: {},
  transitions: Object.entries(transitions).map(([on, goto]) => ({ on, goto })),
});

describe('the interpreter routes each outcome', () => {
  it('completes at an end step', () => {
    expect(routeAfter(step('end', {}), 'success', { onError: 'stop', attempt: 1 })).toEqual({ action: 'complete' });
  });

  it('follows a transition for the outcome, including error transitions, whatever the strategy', () => {
    const connector = step('connector', { success: 'a', error: 'b' });
    expect(routeAfter(connector, 'success', { onError: 'stop', attempt: 1 })).toEqual({ action: 'goto', stepId: 'a' });
    expect(routeAfter(connector, 'error', { onError: 'retry', attempt: 1 })).toEqual({ action: 'goto', stepId: 'b' });
  });

  it('stop: an error without a transition fails the run', () => {
    expect(routeAfter(step('connector', { success: 'a' }), 'error', { onError: 'stop', attempt: 1 }).action).toBe(
      'fail',
    );
  });

  it('skip: continues on the success path, or fails when there is none', () => {
    expect(routeAfter(step('connector', { success: 'a' }), 'error', { onError: 'skip', attempt: 1 })).toEqual({
      action: 'skip',
      stepId: 'a',
    });
    expect(routeAfter(step('connector', {}), 'error', { onError: 'skip', attempt: 1 }).action).toBe('fail');
  });

  it('retry: retries with growing delays up to the limit, then fails', () => {
    const connector = step('connector', { success: 'a' });
    expect(routeAfter(connector, 'error', { onError: 'retry', attempt: 1 })).toEqual({
      action: 'retry',
      delayMs: 1000,
    });
    expect(routeAfter(connector, 'error', { onError: 'retry', attempt: 2 })).toEqual({
      action: 'retry',
      delayMs: 2000,
    });
    expect(routeAfter(connector, 'error', { onError: 'retry', attempt: MAX_STEP_ATTEMPTS }).action).toBe('fail');
    expect(retryDelayMs(10)).toBe(30_000);
  });

  it('fails on an outcome other than error that has no transition', () => {
    const route = routeAfter(step('approval', { approved: 'a' }), 'rejected', { onError: 'skip', attempt: 1 });
    expect(route).toEqual({ action: 'fail', reason: 'Step x has no transition for outcome "rejected"' });
  });
});
