import { STATUS_CODES } from 'node:http';
import type { Middleware } from 'koa';
import {
  isDatabaseUnavailable,
  isForeignKeyViolation,
  isLockUnavailable,
  isTransactionExpired,
} from '../../db/client.js';
import { SecretKeyError } from '../../connectors/secret-box.js';
import { AppError, isAppError } from '../../errors/index.js';
import { isTemporalUnavailable } from '../../temporal/client.js';
import type { Logger } from '../../logging/logger.js';
import type { AppState } from '../context.js';

export interface ErrorBody {
  statusCode: number;
  error: string;
  code: string;
  message: string;
  details?: unknown;
}

/**
 * Registered first: turns every error into the one JSON shape. Client errors show their message;
 * server errors show a generic one and are logged with the request id, never sent with a stack.
 */
export function errorHandler(logger: Logger): Middleware<AppState> {
  return async function handleErrors(ctx, next) {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        throw new AppError('not_found', `No route for ${ctx.method} ${ctx.path}`);
      }
    } catch (thrown) {
      const error = toAppError(thrown);
      if (error.status >= 500) {
        logger.error(
          { err: thrown, requestId: ctx.state.requestId, method: ctx.method, path: ctx.path },
          'request failed',
        );
      }
      const body: ErrorBody = {
        statusCode: error.status,
        error: STATUS_CODES[error.status] ?? 'Error',
        code: error.code,
        message: error.expose ? error.message : 'Internal server error',
      };
      if (error.expose && error.details !== undefined) body.details = error.details;
      if (error.expose && error.headers) ctx.set(error.headers);
      ctx.status = error.status;
      ctx.body = body;
    }
  };
}

// Koa and its middleware throw http-errors style objects (`status`, `expose`); map the ones a
// client can cause onto our codes and treat everything else as internal.
function toAppError(thrown: unknown): AppError {
  if (isAppError(thrown)) return thrown;
  // A dependency that is down is the service's state, not a bug: 503, so callers retry later.
  if (isDatabaseUnavailable(thrown))
    return new AppError('service_unavailable', 'The database is unavailable; retry later', { cause: thrown });
  // A transaction that outlived its time budget (statements slowed by load, a slow Temporal call
  // inside it) was rolled back whole: nothing was saved, and the same request may be sent again.
  if (isTransactionExpired(thrown))
    return new AppError('service_unavailable', 'The change took too long and was not saved; retry', {
      cause: thrown,
    });
  if (isTemporalUnavailable(thrown))
    return new AppError('service_unavailable', 'The workflow engine (Temporal) is unavailable; retry later', {
      cause: thrown,
    });
  // Sealed secrets the configured key cannot open (the key was changed): the operator's setup,
  // not the caller's input nor a bug.
  if (thrown instanceof SecretKeyError)
    return new AppError('service_unavailable', `${thrown.message}; the operator must restore the key`, {
      cause: thrown,
    });
  if (isRecordNotFound(thrown)) return new AppError('not_found', 'Not found', { cause: thrown });
  // The services check what a write refers to before writing; a foreign key that fails all the
  // same means another write committed meanwhile (a workflow added to a project being deleted).
  if (isForeignKeyViolation(thrown))
    return new AppError(
      'conflict',
      'A record this request refers to, or one that refers to it, was added or deleted at the same time; try again',
      { cause: thrown },
    );
  // A write whose transaction limits its lock waits (limitLockWait) met another write holding
  // the same rows for longer.
  if (isLockUnavailable(thrown))
    return new AppError('conflict', 'Another request is changing the same records right now; try again', {
      cause: thrown,
    });
  const { status, expose, message } = (thrown ?? {}) as { status?: number; expose?: boolean; message?: string };
  if (expose && typeof status === 'number') {
    switch (status) {
      case 401:
        return new AppError('unauthenticated', message ?? 'Unauthenticated');
      case 403:
        return new AppError('forbidden', message ?? 'Forbidden');
      case 404:
        return new AppError('not_found', message ?? 'Not found');
      case 409:
        return new AppError('conflict', message ?? 'Conflict');
      case 413:
        return new AppError('payload_too_large', message ?? 'Payload too large');
      case 415:
        return new AppError('unsupported_media_type', message ?? 'Unsupported media type');
      default:
        if (status >= 400 && status < 500) return new AppError('validation_failed', message ?? 'Bad request');
    }
  }
  return new AppError('internal', 'Internal server error', { cause: thrown });
}

/**
 * Prisma's "a record the operation needs does not exist" (P2025), thrown by `...OrThrow` reads and
 * by updates of a missing row: the id in the request names nothing, which is a 404, not a 500.
 * Checked by name and code, which survive realms (see src/errors).
 */
function isRecordNotFound(thrown: unknown): boolean {
  const { name, code } = (thrown ?? {}) as { name?: unknown; code?: unknown };
  return name === 'PrismaClientKnownRequestError' && code === 'P2025';
}
