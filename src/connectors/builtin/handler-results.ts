import type { ConnectorResult } from '../handler.js';
import { isConnectorError } from '../connector-error.js';
import { secretScrubber } from '../secret-scrubber.js';

/** Small shared pieces for building built-in handler results that never leak secrets. */

/** A failure result, with every secret replaced in the message. */
export function failure(code: string, error: string, secrets: readonly string[] = [], data?: Record<string, unknown>) {
  const result: ConnectorResult = { success: false, error: secretScrubber(secrets).text(error), code };
  if (data !== undefined) result.data = data;
  return result;
}

/** A failure result for anything a handler caught, keeping the code of errors that have one. */
export function failureFromError(error: unknown, secrets: readonly string[]): ConnectorResult {
  if (isConnectorError(error)) {
    const result = failure(error.code, error.message, secrets, error.data);
    if (error.retryable === true) result.retryable = true;
    return result;
  }
  const message = error instanceof Error ? error.message : String(error);
  return failure('internal_error', `Unexpected error: ${message}`, secrets);
}

/** Validation problems of a zod-style issue list as text: paths and messages, never the values. */
export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues.map((issue) => `${issue.path.map(String).join('.') || 'value'} ${issue.message}`).join('; ');
}
