import type { ConnectorResult } from '../handler.js';
import { secretScrubber } from '../secret-scrubber.js';
import { OutboundError } from './outbound-request.js';

/** Small shared pieces for building built-in handler results that never leak secrets. */

/** A failure result, with every secret replaced in the message. */
export function failure(code: string, error: string, secrets: readonly string[] = [], data?: Record<string, unknown>) {
  const result: ConnectorResult = { success: false, error: secretScrubber(secrets).text(error), code };
  if (data !== undefined) result.data = data;
  return result;
}

/** Thrown inside a handler to end the call with this code; `execute` turns it into a result. */
export class CommandFailure extends Error {
  override readonly name = 'CommandFailure';
  constructor(
    readonly code: string,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** A failure result for anything a handler caught, keeping the code of errors that have one. */
export function failureFromError(error: unknown, secrets: readonly string[]): ConnectorResult {
  if (error instanceof CommandFailure) return failure(error.code, error.message, secrets, error.data);
  if (error instanceof OutboundError) return failure(error.code, error.message, secrets);
  const message = error instanceof Error ? error.message : String(error);
  return failure('internal_error', `Unexpected error: ${message}`, secrets);
}

/** Validation problems of a zod-style issue list as text: paths and messages, never the values. */
export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues.map((issue) => `${issue.path.map(String).join('.') || 'value'} ${issue.message}`).join('; ');
}
