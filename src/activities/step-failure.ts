import { randomUUID } from 'node:crypto';
import { internalErrorMessage, messageForPeople } from '../errors/index.js';
import type { Logger } from '../logging/logger.js';

/** A step activity's failed result: what the run shows, and the reference of an internal one. */
export interface StepFailure {
  success: false;
  error: string;
  code: string;
  /** Set when the error was internal: its details are in the worker's log under this id. */
  reference?: string;
}

/**
 * The failed result of a step activity that caught `error`. An error written for people keeps its
 * message; any other is logged whole under a fresh reference and the step shows a fixed sentence
 * with that reference, so what any reader of the run sees never carries a driver's message,
 * server paths or code. `code` is the step's stable error code either way.
 */
export function stepFailure(
  logger: Logger,
  error: unknown,
  code: string,
  context: Record<string, unknown>,
): StepFailure {
  const message = messageForPeople(error);
  if (message !== undefined) return { success: false, error: message, code };
  const reference = randomUUID();
  logger.error({ err: error, reference, code, ...context }, 'a run step failed on an internal error');
  return { success: false, error: internalErrorMessage(reference), code, reference };
}
