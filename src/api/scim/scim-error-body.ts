import { isDatabaseUnavailable } from '../../db/client.js';
import { isAppError } from '../../errors/index.js';
import { isScimError, SCIM_ERROR_SCHEMA, type ScimErrorBody, type ScimType } from '../../scim/scim-errors.js';

/**
 * The SCIM error body of anything thrown while serving a SCIM request: SCIM errors as they are,
 * the service's own client errors with their status, a database outage as a detail-free 503,
 * everything else as a detail-free 500.
 */
export function scimErrorBodyOf(thrown: unknown): ScimErrorBody {
  if (isScimError(thrown)) return body(thrown.status, thrown.message, thrown.scimType);
  if (isDatabaseUnavailable(thrown)) return body(503, 'The service is temporarily unavailable; retry later');
  if (isAppError(thrown) && thrown.expose) {
    return body(thrown.status, thrown.message, thrown.code === 'conflict' ? 'uniqueness' : undefined);
  }
  const { status, expose, message } = (thrown ?? {}) as { status?: number; expose?: boolean; message?: string };
  if (expose && typeof status === 'number' && status < 500) return body(status, message ?? 'Bad request');
  return body(500, 'Internal server error');
}

function body(status: number, detail: string, scimType?: ScimType): ScimErrorBody {
  return { schemas: [SCIM_ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail };
}
