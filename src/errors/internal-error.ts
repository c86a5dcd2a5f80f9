import { isAppError } from './app-error.js';

/**
 * Errors whose messages are written for the people who read runs: they say what in the
 * definition, the data or the remote system went wrong. Recognised by name, which holds across
 * realms (jest runs modules in separate ones).
 */
const WRITTEN_FOR_PEOPLE: ReadonlySet<string> = new Set([
  'ConnectorError',
  'ExpressionError',
  'InterpolationError',
  'SecretKeyError',
  'StepInputTooLarge',
]);

/**
 * The error code of a step that stopped on an error whose text is not for people. Not the
 * abandoned run's `internal_error` (RUN_ABANDONED_CODE), which says the run can never be resumed.
 */
export const INTERNAL_ERROR_CODE = 'unexpected_error';

/**
 * The message of `error` when it may be shown to whoever reads the run, else undefined: the text
 * of any other exception (a database driver's, a library's) can name server paths, queries and
 * code, and belongs in the worker's log only.
 */
export function messageForPeople(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  if (isAppError(error)) return error.expose ? error.message : undefined;
  return WRITTEN_FOR_PEOPLE.has(error.name) ? error.message : undefined;
}

/** What a run shows in place of an internal error's text: the reference its log entry carries. */
export function internalErrorMessage(reference: string): string {
  return `Stopped on an unexpected internal error; the worker's log has its details under reference ${reference}`;
}
