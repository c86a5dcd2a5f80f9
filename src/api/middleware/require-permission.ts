import type { Middleware } from 'koa';
import { AppError } from '../../errors/index.js';
import { assertCan, type Permission } from '../../permissions/index.js';
import type { AppState } from '../context.js';

/** Refuses callers that lack `permission` with a 403 that names it. Runs after `authenticate()`. */
export function requirePermission(permission: Permission): Middleware<AppState> {
  return async function checkPermission(ctx, next) {
    const { principal } = ctx.state;
    if (!principal) throw new AppError('unauthenticated', 'Authentication required');
    assertCan(principal, permission);
    await next();
  };
}
