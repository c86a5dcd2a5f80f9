import type { Middleware } from 'koa';
import { AppError } from '../../errors/index.js';
import type { Principal } from '../../permissions/index.js';
import { clientLabelsOf } from '../client-labels.js';
import type { AppContext, AppState } from '../context.js';

/**
 * One way of proving identity. A resolver returns `undefined` when the request does not carry
 * its kind of credential (so the next resolver is asked), a principal when the credential is
 * good, and throws `unauthenticated` when it is its kind but bad.
 */
export type CredentialResolver = (ctx: AppContext) => Promise<Principal | undefined>;

/** Resolves the caller from the first resolver that recognises the request's credential. */
export function authenticate(resolvers: readonly CredentialResolver[]): Middleware<AppState> {
  return async function authenticateCaller(ctx, next) {
    // Only the credential check is guarded; errors from downstream must keep their own status.
    let principal: Principal | undefined;
    for (const resolve of resolvers) {
      principal = await resolve(ctx);
      if (principal) break;
    }
    if (!principal) {
      throw new AppError('unauthenticated', 'Authentication required: send Authorization: Bearer <token>');
    }
    const labels = clientLabelsOf(ctx, principal);
    ctx.state.principal = labels ? { ...principal, labels } : principal;
    await next();
  };
}

/** The bearer credential of the request, if any. */
export function bearerToken(ctx: AppContext): string | undefined {
  const header = ctx.get('authorization');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
