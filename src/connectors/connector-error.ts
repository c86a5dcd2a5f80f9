/**
 * The one error of the connector layer. Handlers, the outbound HTTP client and the SSRF guard
 * throw it from deep inside their logic; each handler's boundary turns it into
 * `{ success: false, error, code }`, so no caller of a handler ever sees a throw. Code that reacts
 * to it switches on `code`.
 */

/** Machine-readable failure codes, returned as `ConnectorResult.code`. */
export type ConnectorErrorCode =
  // Any connector
  | 'invalid_parameters'
  | 'invalid_configuration'
  | 'unknown_command'
  | 'aborted'
  | 'internal_error'
  // Outbound HTTP (the SSRF guard, timeouts, size cap) and the services behind it
  | 'destination_refused'
  | 'network_error'
  | 'timeout'
  | 'response_too_large'
  | 'invalid_response'
  | 'http_status'
  | 'authentication_failed'
  | 'forbidden'
  | 'conflict'
  // Directories and databases (the simulated connectors)
  | 'not_found'
  | 'already_exists'
  | 'invalid_credentials'
  | 'account_disabled'
  | 'password_change_required'
  | 'constraint_violation'
  | 'password_policy'
  // LDAP servers (the ldap handler), and people named by their Flowgate user id
  | 'no_such_object'
  | 'insufficient_access'
  | 'busy'
  | 'unavailable'
  | 'size_limit'
  | 'not_linked'
  // SCIM targets (the scim handler)
  | 'invalid_request'
  | 'precondition_failed'
  | 'rate_limited'
  | 'not_supported';

export class ConnectorError extends Error {
  override readonly name = 'ConnectorError';
  /** Returned as the failure result's `data`, for failures that carry details. */
  readonly data?: Record<string, unknown>;
  /** The same call may succeed later (the remote was busy, down or slow): `retryable` on the result. */
  readonly retryable?: boolean;

  constructor(
    readonly code: ConnectorErrorCode,
    message: string,
    options: { cause?: unknown; data?: Record<string, unknown>; retryable?: boolean } = {},
  ) {
    super(message, { cause: options.cause });
    if (options.data !== undefined) this.data = options.data;
    if (options.retryable) this.retryable = true;
  }
}

/** True for a `ConnectorError`, also one from another realm (jest runs modules in separate realms). */
export function isConnectorError(error: unknown): error is ConnectorError {
  return (
    error instanceof Error && error.name === 'ConnectorError' && typeof (error as { code?: unknown }).code === 'string'
  );
}
