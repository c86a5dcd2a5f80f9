import type { Middleware } from 'koa';
import type { RouterContext } from '@koa/router';
import { AppError } from '../../errors/index.js';
import type { AppState } from '../context.js';

/**
 * Registered after the routers: a path that exists under other methods answers 405 with an
 * `Allow` header (and OPTIONS answers 204 with it), instead of the 404 of an unknown path.
 */
export function methodNotAllowed(): Middleware<AppState> {
  return async function refuseOtherMethods(ctx, next) {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    const layers = (ctx as unknown as Partial<Pick<RouterContext, 'matched'>>).matched ?? [];
    const allowed = [...new Set(layers.flatMap((layer) => layer.methods))];
    if (allowed.length === 0) return;
    ctx.set('allow', allowed.join(', '));
    if (ctx.method === 'OPTIONS') {
      ctx.status = 204;
      return;
    }
    throw new AppError('method_not_allowed', `${ctx.method} is not allowed here; allowed: ${allowed.join(', ')}`);
  };
}
