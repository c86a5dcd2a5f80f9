/** Machine-readable failure codes of the simulated connectors, returned as `ConnectorResult.code`. */
export type SimulatedConnectorErrorCode =
  | 'invalid_parameters'
  | 'unknown_command'
  | 'not_found'
  | 'already_exists'
  | 'invalid_credentials'
  | 'account_disabled'
  | 'password_change_required'
  | 'constraint_violation'
  | 'password_policy'
  | 'aborted'
  | 'internal_error';

/**
 * A command's expected failure. Commands throw it from deep inside their logic; the connector
 * boundary turns it into `{ success: false, error, code }`, so no caller ever sees a throw.
 */
export class CommandError extends Error {
  override readonly name = 'CommandError';

  constructor(
    readonly code: SimulatedConnectorErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** True for a `CommandError`, also one from another realm (jest runs modules in separate realms). */
export function isCommandError(error: unknown): error is CommandError {
  return (
    error instanceof Error && error.name === 'CommandError' && typeof (error as { code?: unknown }).code === 'string'
  );
}
