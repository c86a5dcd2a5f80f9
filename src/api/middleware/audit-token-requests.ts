import type { Middleware } from 'koa';
import { actorOf, createAuditBatches } from '../../audit/index.js';
import type { Database } from '../../db/client.js';
import { isAppError } from '../../errors/index.js';
import type { AppState } from '../context.js';

/**
 * Spec 2.11: every request made with an API token is audited with the token's name and prefix.
 * A write that records its own audit entry (it called `markSelfAudited`) carries that metadata
 * there, but its entry commits only with the write: so the claim counts only once the request
 * has succeeded, after the write's transaction committed. Every other request, failed writes
 * included, gets one `api_token.request` entry with the method, route and outcome, written on
 * outside any transaction of the request, by group commit (`createAuditBatches`, docs/audit.md):
 * the answer waits for the batch its entry is in, which one INSERT writes for every request that
 * arrived meanwhile.
 */
export function auditTokenRequests(db: Database): Middleware<AppState> {
  const record = createAuditBatches(db);
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
      const auditedByItsWrite = ctx.state.audited === true && status < 400;
      if (!auditedByItsWrite) {
        await record({
          action: 'api_token.request',
          actor: actorOf(principal),
          metadata: { method: ctx.method, path: ctx.path, status },
          requestId: ctx.state.requestId,
        });
      }
    }
  };
}
