/**
 * The one error model of the service. Code that reacts to an error switches on `code`, which is
 * stable across realms (jest runs tests in separate ones, where `instanceof` can lie).
 */
export type ErrorCode =
  | 'validation_failed'
  | 'invalid_json'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'precondition_failed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'too_many_requests'
  | 'headers_too_large'
  | 'service_unavailable'
  | 'internal';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  validation_failed: 400,
  invalid_json: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  headers_too_large: 431,
  service_unavailable: 503,
  internal: 500,
};

export interface AppErrorOptions {
  details?: unknown;
  cause?: unknown;
  /** Response headers that belong to the refusal (`Retry-After` of a 429). */
  headers?: Record<string, string>;
}

export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  /**
   * Whether the message may be shown to the client: client errors expose theirs, and so does
   * 503, whose messages say which dependency is down (never internals) so callers know to retry.
   */
  readonly expose: boolean;
  readonly details?: unknown;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.status = STATUS_BY_CODE[code];
    this.expose = this.status < 500 || code === 'service_unavailable';
    this.details = options.details;
    this.headers = options.headers;
  }
}

export function isAppError(error: unknown): error is AppError {
  return (
    error instanceof Error &&
    error.name === 'AppError' &&
    typeof (error as Partial<AppError>).code === 'string' &&
    (error as Partial<AppError>).code! in STATUS_BY_CODE
  );
}

export const notFound = (what: string): AppError => new AppError('not_found', `${what} not found`);

export const conflict = (message: string, details?: unknown): AppError =>
  new AppError('conflict', message, { details });

export const validationFailed = (message: string, details?: unknown): AppError =>
  new AppError('validation_failed', message, { details });
