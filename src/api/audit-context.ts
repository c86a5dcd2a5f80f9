import { AppError } from '../errors/index.js';
import type { Principal } from '../permissions/index.js';
import type { AppContext } from './context.js';

/**
 * Marks the request as one whose write records its own audit entry, and returns its caller: the
 * generic per-request token audit then adds no second row when the write succeeds; a failed write
 * rolls its entry back, and then the generic row is written all the same.
 */
export function markSelfAudited(ctx: AppContext): { principal: Principal; requestId: string } {
  const { principal, requestId } = ctx.state;
  if (!principal) throw new AppError('unauthenticated', 'Authentication required');
  ctx.state.audited = true;
  return { principal, requestId };
}

/** The authenticated principal; routes behind `authenticate()` always have one. */
export function principalOf(ctx: AppContext): Principal {
  const { principal } = ctx.state;
  if (!principal) throw new AppError('unauthenticated', 'Authentication required');
  return principal;
}
