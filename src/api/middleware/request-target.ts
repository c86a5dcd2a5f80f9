import type { Middleware } from 'koa';
import { AppError } from '../../errors/index.js';

/**
 * Refuses a request target that is not a URL with 400. Node's HTTP parser lets through absolute
 * targets whose host is no host at all (`GET http://[/api/health`), on which Koa's `ctx.path`
 * throws: every middleware after this one may read the path, the error handler's log included.
 */
export function requireUrlTarget(): Middleware {
  return async function refuseTargetsThatAreNoUrl(ctx, next) {
    try {
      void ctx.path;
    } catch {
      throw new AppError('validation_failed', 'The request target is not a URL');
    }
    await next();
  };
}
