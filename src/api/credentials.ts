import type { AccessTokenVerifier } from '../auth/oidc-access-token.js';
import type { OidcConfig } from '../config/index.js';
import type { Database } from '../db/client.js';
import { AppError } from '../errors/index.js';
import { isRole, permissionsOfRoles } from '../permissions/index.js';
import { authenticateApiToken, looksLikeApiToken } from '../services/api-tokens.js';
import { findOrCreateOidcUser, isEmailVerified } from '../services/oidc-users.js';
import { looksLikeScimToken } from '../services/scim-clients.js';
import { confirmProviderSession, type ProviderSessionContext } from '../services/provider-session.js';
import { findLiveSession } from '../services/sessions.js';
import { bearerToken, type CredentialResolver } from './middleware/authenticate.js';
import { isCrossSiteWrite, sessionCookieOf } from './session-cookie.js';

/** `Authorization: Bearer scim_...`: SCIM client tokens open /scim/v2 only, never /api. */
export function scimTokenRefused(): CredentialResolver {
  return async function refuseScimToken(ctx) {
    const token = bearerToken(ctx);
    if (token && looksLikeScimToken(token)) {
      throw new AppError('unauthenticated', 'SCIM client tokens are only accepted under /scim/v2');
    }
    return undefined;
  };
}

/** `Authorization: Bearer fgt_...`: the service's own API tokens. */
export function apiTokenCredential(db: Database): CredentialResolver {
  return async function resolveApiToken(ctx) {
    const token = bearerToken(ctx);
    if (!token || !looksLikeApiToken(token)) return undefined;
    return authenticateApiToken(db, token);
  };
}

/** `Authorization: Bearer <JWT>`: access tokens from the configured identity provider. */
export function oidcAccessTokenCredential(
  db: Database,
  verifier: AccessTokenVerifier,
  oidc: Pick<OidcConfig, 'roleGroups' | 'trustUnverifiedEmail'>,
): CredentialResolver {
  return async function resolveAccessToken(ctx) {
    const token = bearerToken(ctx);
    if (!token || looksLikeApiToken(token)) return undefined;
    const claims = await verifier.verify(token);
    const user = await findOrCreateOidcUser(
      db,
      {
        iss: claims.iss,
        sub: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : undefined,
        emailVerified: isEmailVerified(claims.email_verified),
        name: typeof claims.name === 'string' ? claims.name : undefined,
        groups: Array.isArray(claims.groups) ? claims.groups.filter((g): g is string => typeof g === 'string') : [],
      },
      oidc,
    );
    if (!user.active || user.deletedAt) throw new AppError('unauthenticated', 'This user is inactive');
    return {
      userId: user.id,
      email: user.email,
      roles: user.roles.filter(isRole),
      permissions: permissionsOfRoles(user.roles),
      via: 'oidc_token',
    };
  };
}

/**
 * The console's poll of its own session info: it watches the session without using it, so it
 * asks the provider nothing (a refresh would reset the provider's idle timer, and an open tab
 * would then never idle out).
 */
function isSessionMonitoring(ctx: Parameters<CredentialResolver>[0]): boolean {
  return ctx.method === 'GET' && ctx.path === '/api/auth/session';
}

/**
 * The `svc_sid` cookie of the web sign-in, when the request carries no Authorization header
 * (a bearer credential always wins). A cookie that names no live session is 401 (spec 7), and a
 * state-changing request must come from `publicOrigin` (403 otherwise: CSRF). With a provider,
 * the session is held to the provider's idle window and checked there while it is used
 * (`confirmProviderSession`).
 */
export function sessionCredential(
  db: Database,
  publicOrigin: string,
  provider?: Omit<ProviderSessionContext, 'db' | 'requestId'>,
): CredentialResolver {
  return async function resolveSession(ctx) {
    if (ctx.get('authorization')) return undefined;
    const cookieValue = sessionCookieOf(ctx);
    if (!cookieValue) return undefined;
    if (isCrossSiteWrite(ctx, publicOrigin)) {
      throw new AppError(
        'forbidden',
        `Cross-site request refused: a request authenticated by the session cookie that changes state must come from ${publicOrigin} (Origin header)`,
      );
    }
    const session = await findLiveSession(db, cookieValue);
    if (!session) throw new AppError('unauthenticated', 'Your session has expired or is not known: sign in again');
    const { user } = session;
    if (!user.active || user.deletedAt) throw new AppError('unauthenticated', 'This user is inactive');
    ctx.state.session = provider
      ? await confirmProviderSession({ ...provider, db, requestId: ctx.state.requestId }, session, {
          check: !isSessionMonitoring(ctx),
        })
      : session;
    return {
      userId: user.id,
      email: user.email,
      roles: user.roles.filter(isRole),
      permissions: permissionsOfRoles(user.roles),
      via: 'session',
    };
  };
}
