import type { Middleware } from 'koa';
import { actorOf, recordAudit } from '../../audit/index.js';
import type { Database } from '../../db/client.js';
import { isAppError } from '../../errors/index.js';
import type { AppState } from '../context.js';

/**
 * Spec 2.11: every request made with an API token is audited with the token's name and prefix.
 * Requests that record their own audit entry (writes) already carry that metadata there; the
 * rest get one `api_token.request` entry with the method, route and outcome.
 */
export function auditTokenRequests(db: Database): Middleware<AppState> {
  return async function auditTokenRequest(ctx, next) {
    const { principal } = ctx.state;
    if (principal?.via !== 'api_token') return next();
    let status = 500;
    try {
      await next();
      status = ctx.status;
    } catch (error) {
      status = isAppError(error) ? error.status : 500;
      throw error;
    } finally {
      if (!ctx.state.audited) {
        await recordAudit(db, {
          action: 'api_token.request',
          actor: actorOf(principal),
          metadata: { method: ctx.method, path: ctx.path, status },
          requestId: ctx.state.requestId,
        });
      }
    }
  };
}
