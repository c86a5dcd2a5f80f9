import { recordAudit } from '../audit/index.js';
import { newLoginChecks, type OidcLoginClient, type ProviderTokens } from '../auth/oidc-login.js';
import type { OidcConfig } from '../config/index.js';
import type { Database, DatabaseClient } from '../db/client.js';
import type { Session, User } from '../db/generated/client.js';
import { AppError, isAppError, validationFailed } from '../errors/index.js';
import { findOrCreateOidcUser, isEmailVerified } from './oidc-users.js';
import {
  createSession,
  deleteSession,
  extendSession,
  hashSecret,
  LOGIN_ATTEMPT_LIFETIME_SECONDS,
  refreshTokenOf,
  sessionInfo,
  type SessionInfo,
} from './sessions.js';

export interface WebLoginContext {
  db: Database;
  client: OidcLoginClient;
  oidc: OidcConfig;
  /** CONNECTOR_SECRET_KEY: seals the provider's refresh tokens at rest; without it they are not kept. */
  secretKey?: Buffer;
  requestId?: string;
}

/**
 * A same-origin path to return to after sign-in: starts with one `/`, and resolves to the
 * service's own origin (no `//host`, no `/\host`, no scheme). Anything else is refused, so the
 * login cannot be used as an open redirect.
 */
export function checkReturnTo(returnTo: string | undefined): string {
  if (returnTo === undefined || returnTo === '') return '/';
  const base = 'https://flowgate.invalid';
  const resolved = URL.canParse(returnTo, base) ? new URL(returnTo, base) : undefined;
  const unsafe = !returnTo.startsWith('/') || /[\\\u0000-\u001f]/.test(returnTo) || returnTo.startsWith('//');
  const target = resolved && `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // The parser collapses dot segments (`/.//evil.com` is `//evil.com`), so the result is checked too.
  if (unsafe || !target || resolved.origin !== base || target.startsWith('//')) {
    throw validationFailed('returnTo must be a path on this site, such as /runs', { field: 'returnTo' });
  }
  return target;
}

/** Starts a login: remembers state, nonce and PKCE verifier in PostgreSQL, returns where to send the browser. */
export async function startLogin(
  context: Pick<WebLoginContext, 'db' | 'client'>,
  returnTo: string | undefined,
): Promise<{ url: string; state: string }> {
  const checks = newLoginChecks();
  const target = checkReturnTo(returnTo);
  const url = await context.client.authorizationUrl(checks);
  await context.db.loginAttempt.create({
    data: {
      stateHash: hashSecret(checks.state),
      nonce: checks.nonce,
      codeVerifier: checks.codeVerifier,
      returnTo: target,
      expiresAt: new Date(Date.now() + LOGIN_ATTEMPT_LIFETIME_SECONDS * 1000),
    },
  });
  return { url: url.href, state: checks.state };
}

export interface CallbackInput {
  state?: string;
  /** The raw query string of the callback, passed on to openid-client as it came. */
  query: string;
  /** The `state` this browser was given at login (the short-lived login cookie). */
  browserState?: string;
  /** The session cookie the browser still holds, if any: signing in again replaces that session. */
  previousCookie?: string;
}

/**
 * Completes a login: consumes the login attempt (a replayed `state` finds nothing), exchanges the
 * code, verifies the ID token, finds or creates the user (roles from `groups` in the ID token or
 * else userinfo) and stores a session. A failure is audited as `auth.login_failed` and answered
 * 401 (503 when the provider is down).
 */
export async function completeLogin(
  context: WebLoginContext,
  input: CallbackInput,
): Promise<{ cookieValue: string; returnTo: string; user: User; session: Session }> {
  try {
    return await signIn(context, input);
  } catch (error) {
    await recordAudit(context.db, {
      action: 'auth.login_failed',
      actor: { type: 'system' },
      metadata: { reason: isAppError(error) ? error.message : 'internal error' },
      requestId: context.requestId,
    });
    throw error;
  }
}

async function signIn(
  context: WebLoginContext,
  input: CallbackInput,
): Promise<{ cookieValue: string; returnTo: string; user: User; session: Session }> {
  const { db, client } = context;
  if (!input.state) throw new AppError('unauthenticated', 'Sign-in failed: the callback carries no state');
  if (input.browserState !== input.state) {
    throw new AppError('unauthenticated', 'Sign-in failed: this sign-in was not started in this browser');
  }
  // Deleting the attempt is what makes a state single-use, even between API processes: of two
  // callbacks with one state, only one deletes the row (DELETE ... RETURNING).
  const [attempt] = await db.$queryRaw<Array<{ nonce: string; codeVerifier: string; returnTo: string }>>`
    DELETE FROM login_attempts WHERE state_hash = ${hashSecret(input.state)} AND expires_at > now()
    RETURNING nonce, code_verifier AS "codeVerifier", return_to AS "returnTo"`;
  if (!attempt) {
    throw new AppError('unauthenticated', 'Sign-in failed: unknown, expired or already used state; sign in again');
  }
  const tokens = await client.completeLogin(input.query, { ...attempt, state: input.state });
  const claims = await identityClaims(client, tokens);
  const user = await findOrCreateOidcUser(db, claims, context.oidc);
  if (!user.active || user.deletedAt) throw new AppError('unauthenticated', 'Sign-in failed: this user is inactive');
  const { session, cookieValue } = await db.$transaction(async (tx) => {
    if (input.previousCookie) await tx.session.deleteMany({ where: { tokenHash: hashSecret(input.previousCookie) } });
    const created = await createSession(tx, {
      userId: user.id,
      tokens,
      secretKey: context.secretKey,
      sessionMaxSeconds: context.oidc.sessionMaxSeconds,
    });
    await recordAudit(tx, {
      action: 'auth.login',
      actor: { type: 'user', userId: user.id },
      target: { type: 'session', id: created.session.id },
      metadata: { via: 'session', iss: claims.iss },
      requestId: context.requestId,
    });
    return created;
  });
  return { cookieValue, returnTo: attempt.returnTo, user, session };
}

/**
 * Identity claims of the login: the ID token's, with `groups`, email, `email_verified` and name
 * from userinfo when the ID token lacks them.
 */
async function identityClaims(client: OidcLoginClient, tokens: ProviderTokens & { claims: Record<string, unknown> }) {
  const { claims } = tokens;
  const iss = String(claims.iss);
  const sub = String(claims.sub);
  const needsUserInfo =
    !Array.isArray(claims.groups) || typeof claims.email !== 'string' || claims.email_verified === undefined;
  const userInfo = needsUserInfo ? await client.userInfo(tokens.accessToken, sub) : {};
  const pick = (name: string) => (claims[name] !== undefined ? claims[name] : userInfo[name]);
  const groups = Array.isArray(claims.groups) ? claims.groups : userInfo.groups;
  const email = pick('email');
  const name = pick('name');
  return {
    iss,
    sub,
    email: typeof email === 'string' ? email : undefined,
    emailVerified: isEmailVerified(verifiedClaimOf(claims, userInfo, email)),
    name: typeof name === 'string' ? name : undefined,
    groups: Array.isArray(groups) ? groups.filter((group): group is string => typeof group === 'string') : [],
  };
}

/**
 * The `email_verified` that speaks for `email`: the ID token's when it says, else userinfo's when
 * userinfo names the same address (a provider may verify only what userinfo answers).
 */
function verifiedClaimOf(claims: Record<string, unknown>, userInfo: Record<string, unknown>, email: unknown) {
  if (claims.email === email && claims.email_verified !== undefined) return claims.email_verified;
  return userInfo.email === email ? userInfo.email_verified : undefined;
}

/** Ends a session: deletes it and answers the provider's RP-initiated logout URL, when it has one. */
export async function logout(
  context: Pick<WebLoginContext, 'db' | 'requestId'> & { client?: OidcLoginClient },
  session: Session | undefined,
  postLogoutRedirectUri: string,
): Promise<{ endSessionUrl: string | null }> {
  if (!session) return { endSessionUrl: null };
  await context.db.$transaction(async (tx) => {
    await deleteSession(tx, session.id);
    await recordAudit(tx, {
      action: 'auth.logout',
      actor: { type: 'user', userId: session.userId },
      target: { type: 'session', id: session.id },
      requestId: context.requestId,
    });
  });
  const endSessionUrl = await context.client?.endSessionUrl(postLogoutRedirectUri).catch(() => undefined); // the local session is over either way; the provider's page is a courtesy
  return { endSessionUrl: endSessionUrl ?? null };
}

/**
 * Spec 4.1 extend: a refresh-token grant resets the provider's idle timer, then the local TTL
 * goes back to 24 hours. A refresh token the provider refuses (revoked, idle-expired) ends the
 * session: 401. A provider that is down leaves the session as it was: 503.
 *
 * The session row is locked for the whole exchange: providers that rotate refresh tokens treat
 * the reuse of a spent one as theft and revoke the grant, so two tabs extending at once must not
 * both send the token they read. The second one waits, then uses the rotated token.
 */
export async function extendWebSession(context: WebLoginContext, sessionId: string): Promise<SessionInfo> {
  const outcome = await context.db.$transaction(
    async (tx): Promise<{ info: SessionInfo } | { ended: string }> => {
      await tx.$queryRaw`SELECT id FROM sessions WHERE id = ${sessionId}::uuid FOR UPDATE`;
      const session = await tx.session.findUnique({ where: { id: sessionId } });
      if (!session || session.expiresAt <= new Date()) return { ended: 'Your session has ended: sign in again' };
      const refreshToken = refreshTokenOf(session, context.secretKey);
      let tokens: ProviderTokens | undefined;
      if (refreshToken) {
        try {
          tokens = await context.client.refresh(refreshToken);
        } catch (error) {
          if (!isAppError(error) || error.code !== 'unauthenticated') throw error;
          await deleteSession(tx, session.id); // committed: the transaction itself succeeds
          return { ended: `Your session has ended at the identity provider: ${error.message}` };
        }
      }
      const updated = await extendSession(tx, session, {
        tokens,
        secretKey: context.secretKey,
        sessionMaxSeconds: context.oidc.sessionMaxSeconds,
      });
      return finishExtension(tx, updated, {
        providerKeepAlive: tokens !== undefined,
        oidc: context.oidc,
        requestId: context.requestId,
      });
    },
    // The provider call is inside; Prisma's default of 5 s could be shorter than its time limit.
    { timeout: context.oidc.timeoutMs * 2 + 5000, maxWait: context.oidc.timeoutMs * 2 + 5000 },
  );
  if ('ended' in outcome) throw new AppError('unauthenticated', outcome.ended);
  return outcome.info;
}

/**
 * Extend of a session without a provider side (a development-mode sign-in link): the local TTL
 * goes back to 24 hours, never past the session's ceiling (spec 2.12: every value falls back to
 * the local TTL when no provider tells one).
 */
export async function extendLocalSession(
  context: Pick<WebLoginContext, 'db' | 'requestId'>,
  sessionId: string,
): Promise<SessionInfo> {
  const outcome = await context.db.$transaction(async (tx): Promise<{ info: SessionInfo } | { ended: string }> => {
    const session = await tx.session.findUnique({ where: { id: sessionId } });
    if (!session || session.expiresAt <= new Date()) return { ended: 'Your session has ended: sign in again' };
    const updated = await extendSession(tx, session, {});
    return finishExtension(tx, updated, { providerKeepAlive: false, oidc: {}, requestId: context.requestId });
  });
  if ('ended' in outcome) throw new AppError('unauthenticated', outcome.ended);
  return outcome.info;
}

/**
 * The end both extends share: a session pushed to its ceiling is over (deleted, so the caller
 * answers 401); otherwise the extension is audited and the new session info answered.
 */
async function finishExtension(
  tx: DatabaseClient,
  updated: Session,
  extension: { providerKeepAlive: boolean; oidc: Parameters<typeof sessionInfo>[1]; requestId?: string },
): Promise<{ info: SessionInfo } | { ended: string }> {
  if (updated.expiresAt <= new Date()) {
    await deleteSession(tx, updated.id);
    return { ended: 'Your session has reached its longest lifetime, which extending cannot pass: sign in again' };
  }
  await recordAudit(tx, {
    action: 'auth.session_extended',
    actor: { type: 'user', userId: updated.userId },
    target: { type: 'session', id: updated.id },
    metadata: { providerKeepAlive: extension.providerKeepAlive },
    requestId: extension.requestId,
  });
  return { info: sessionInfo(updated, extension.oidc) };
}
