import { z } from 'zod';
import type { CommandSpec, ConnectorHandler } from '../handler.js';
import { jsonSchemaOf, parseParameters } from './command-parameters.js';
import { parseDuration } from '../../domain/duration.js';
import { durationSchema } from '../../domain/step-types.js';
import { failure, failureFromError } from './handler-results.js';

/**
 * The `delay` built-in handler: waits in process for a duration. In workflow runs a delay step
 * never reaches it; the workflow turns the step into a durable Temporal timer that survives worker
 * restarts. This handler serves direct calls (a connector test, a call outside a workflow), where
 * the caller's signal bounds the wait.
 */

const waitParameters = z
  .object({
    duration: durationSchema,
  })
  .strict();

const COMMANDS = {
  test: {
    description: 'Succeeds at once: the handler needs no outside system.',
    idempotent: true,
    parameters: { type: 'object', additionalProperties: false },
  },
  wait: {
    description: 'Waits for the duration, then succeeds with the time waited. Has no effect outside the call.',
    idempotent: true,
    parameters: jsonSchemaOf(waitParameters),
  },
} as const satisfies Record<string, CommandSpec>;

// setTimeout cannot wait longer than this at once (about 24.8 days).
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createDelayHandler(): ConnectorHandler {
  return {
    name: 'delay',
    version: '1.0.0',
    description: 'Pauses for a duration (in workflows a durable timer; this handler serves direct calls).',
    defaultCommand: 'wait',
    commands: COMMANDS,
    async execute(request, context) {
      try {
        if (request.config.command === 'test') return { success: true, data: {} };
        if (request.config.command !== 'wait')
          return failure('unknown_command', `The delay connector has no command ${request.config.command}`);
        const parameters = parseParameters(waitParameters, request.config.parameters);
        if (!parameters.ok) return parameters.result;
        const durationMs = parseDuration(parameters.value.duration);

        const started = performance.now();
        const completed = await sleep(durationMs, context.signal);
        const waitedMs = Math.round(performance.now() - started);
        if (!completed)
          return failure('timeout', `The wait of ${parameters.value.duration} was cut short after ${waitedMs} ms`);
        return { success: true, data: { waitedMs } };
      } catch (error) {
        return failureFromError(error, []);
      }
    },
  };
}

/** Resolves true after `ms`, or false as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const deadline = Date.now() + ms;
    let timer: NodeJS.Timeout;
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const schedule = () => {
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        signal.removeEventListener('abort', onAbort);
        resolve(true);
      } else {
        timer = setTimeout(schedule, Math.min(remaining, MAX_TIMER_MS));
      }
    };
    signal.addEventListener('abort', onAbort, { once: true });
    schedule();
  });
}
