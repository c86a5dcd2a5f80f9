import { ResultCodeError } from 'ldapts';
import { ConnectorError, isConnectorError, type ConnectorErrorCode } from '../../connector-error.js';

/**
 * LDAP result codes (RFC 4511 appendix A) and connection failures as the stable codes of the
 * connector layer. `busy`, `unavailable` and `timeout` are marked retryable: the same call may
 * succeed once the server recovers; the others need a changed call or directory.
 */

const BY_RESULT_CODE: ReadonlyMap<number, ConnectorErrorCode> = new Map([
  [3, 'timeout'], // timeLimitExceeded
  [4, 'size_limit'], // sizeLimitExceeded
  [11, 'size_limit'], // adminLimitExceeded
  [8, 'insufficient_access'], // strongerAuthRequired
  [13, 'insufficient_access'], // confidentialityRequired
  [16, 'constraint_violation'], // noSuchAttribute
  [19, 'constraint_violation'], // constraintViolation
  [20, 'already_exists'], // attributeOrValueExists
  [21, 'invalid_parameters'], // invalidAttributeSyntax
  [32, 'no_such_object'],
  [34, 'invalid_parameters'], // invalidDNSyntax
  [48, 'invalid_credentials'], // inappropriateAuthentication
  [49, 'invalid_credentials'],
  [50, 'insufficient_access'], // insufficientAccessRights
  [51, 'busy'],
  [52, 'unavailable'],
  [53, 'constraint_violation'], // unwillingToPerform
  [64, 'constraint_violation'], // namingViolation
  [65, 'constraint_violation'], // objectClassViolation
  [66, 'constraint_violation'], // notAllowedOnNonLeaf
  [67, 'constraint_violation'], // notAllowedOnRDN
  [68, 'already_exists'], // entryAlreadyExists
  [69, 'constraint_violation'], // objectClassModsProhibited
  [80, 'unavailable'], // other: servers answer it when their backend is down
]);

export const RETRYABLE_CODES: ReadonlySet<ConnectorErrorCode> = new Set(['busy', 'unavailable', 'timeout']);

/** The LDAP result code of an error from ldapts, or undefined for other errors. */
export function ldapResultCode(error: unknown): number | undefined {
  return error instanceof ResultCodeError ? error.code : undefined;
}

/** Whether `error` says the connection itself is gone or never came up (not an answer of the server). */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof ResultCodeError || isConnectorError(error)) return false;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string' && /^(E[A-Z]+|ERR_SSL|ERR_TLS)/.test(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return /Socket error|Connection closed|Socket connection not established|Connection timeout|socket hang up/i.test(
    message,
  );
}

/** A ConnectorError for anything an LDAP operation threw; `what` names the operation for the message. */
export function ldapFailure(error: unknown, what: string): ConnectorError {
  if (isConnectorError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  const resultCode = ldapResultCode(error);
  let code: ConnectorErrorCode;
  if (resultCode !== undefined) code = BY_RESULT_CODE.get(resultCode) ?? 'constraint_violation';
  else if (/timed out|timeout/i.test(message)) code = 'timeout';
  else if (isTlsFailure(error)) code = 'network_error';
  else if (isConnectionFailure(error)) code = 'unavailable';
  else code = 'internal_error';
  const detail =
    resultCode !== undefined ? ` (LDAP result ${resultCode}${message ? `: ${message}` : ''})` : `: ${message}`;
  const hint =
    code === 'size_limit'
      ? ': the server limits how many entries the bind account may read; raise its limit for paged searches (OpenLDAP: size.prtotal=unlimited)'
      : '';
  return new ConnectorError(code, `${what} failed${detail}${hint}`, {
    cause: error,
    retryable: RETRYABLE_CODES.has(code),
    ...(resultCode !== undefined ? { data: { ldapResultCode: resultCode } } : {}),
  });
}

/** A certificate the client would not trust: not worth retrying, and not the server being down. */
export function isTlsFailure(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  return /CERT|SELF_SIGNED|ERR_TLS|ERR_SSL|HOSTNAME/.test(code);
}
