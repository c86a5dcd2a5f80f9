import type { Middleware } from 'koa';
import { AppError } from '../../errors/index.js';
import { can, type Permission } from '../../permissions/index.js';
import type { AppState } from '../context.js';

/** Refuses callers that lack `permission` with a 403 that names it. Runs after `authenticate()`. */
export function requirePermission(permission: Permission): Middleware<AppState> {
  return async function checkPermission(ctx, next) {
    const { principal } = ctx.state;
    if (!principal) throw new AppError('unauthenticated', 'Authentication required');
    if (!can(principal, permission)) {
      throw new AppError('forbidden', `Missing permission ${permission}`, { details: { permission } });
    }
    await next();
  };
}
