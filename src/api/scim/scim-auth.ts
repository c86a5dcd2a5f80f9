import type { Middleware } from 'koa';
import type { Database } from '../../db/client.js';
import { authenticateScimClient, looksLikeScimToken, type ScimClientIdentity } from '../../services/scim-clients.js';
import type { AppState } from '../context.js';
import { isAppError } from '../../errors/index.js';
import { ScimError } from '../../scim/scim-errors.js';

export interface ScimState extends AppState {
  /** Set by `authenticateScimCaller()`. */
  scimClient?: ScimClientIdentity;
}

/**
 * Only SCIM client tokens open /scim/v2: API tokens and identity-provider tokens are refused
 * here just as SCIM tokens are refused under /api.
 */
export function authenticateScimCaller(db: Database): Middleware<ScimState> {
  return async function authenticateScimCallerMiddleware(ctx, next) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'));
    const token = match?.[1];
    if (!token) throw unauthenticated('Authentication required: send Authorization: Bearer <SCIM token>');
    if (!looksLikeScimToken(token)) throw unauthenticated('Only SCIM client tokens are accepted here');
    try {
      ctx.state.scimClient = await authenticateScimClient(db, token);
    } catch (error) {
      // Only a refused credential is a 401; a database outage or a bug keeps its own status.
      if (isAppError(error) && error.code === 'unauthenticated') throw unauthenticated(error.message);
      throw error;
    }
    await next();
  };
}

function unauthenticated(detail: string): ScimError {
  return new ScimError(401, detail);
}
