import { createHash, randomBytes } from 'node:crypto';
import type { ProviderTokens } from '../auth/oidc-login.js';
import type { OidcConfig } from '../config/index.js';
import { openSecrets, sealSecrets } from '../connectors/secret-box.js';
import type { Database, DatabaseClient } from '../db/client.js';
import type { Session, User } from '../db/generated/client.js';

/** Spec 5 item 1 and 8: the service-side session lives 24 hours from login or extend. */
export const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;
/** How long a login may take between the redirect to the provider and the callback. */
export const LOGIN_ATTEMPT_LIFETIME_SECONDS = 10 * 60;
// last_seen_at is a hint for administrators, not a timer: one write a minute per session is enough.
const LAST_SEEN_RESOLUTION_MS = 60_000;

/** SHA-256 of a random secret with 256 bits of entropy: a fast hash is right for such values. */
export function hashSecret(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

/** A fresh random value for a cookie; the database keeps only its hash. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Provider-side values the session remembers from a token response. */
function providerColumns(tokens: ProviderTokens, secretKey: Buffer | undefined, now: Date) {
  return {
    accessToken: tokens.accessToken,
    ...(tokens.refreshToken && secretKey
      ? { refreshTokenSealed: sealSecrets({ refreshToken: tokens.refreshToken }, secretKey) }
      : {}),
    providerIdleSeconds: tokens.refreshExpiresIn ?? null,
    providerIdleExpiresAt: tokens.refreshExpiresIn ? new Date(now.getTime() + tokens.refreshExpiresIn * 1000) : null,
    // A token response is the provider's word that its session is alive: a check in itself.
    providerCheckedAt: now,
  };
}

/** Stores the provider's answer to a check of the session (a refresh-token grant), leaving the local TTL as it is. */
export function recordProviderAnswer(
  db: DatabaseClient,
  session: Session,
  input: { tokens: ProviderTokens; secretKey?: Buffer; now?: Date },
): Promise<Session> {
  return db.session.update({
    where: { id: session.id },
    data: providerColumns(input.tokens, input.secretKey, input.now ?? new Date()),
  });
}

/** Whole seconds from `now` to `moment`, 0 once it has passed (a session cookie's Max-Age). */
export function secondsBetween(now: Date, moment: Date): number {
  return Math.max(0, Math.floor((moment.getTime() - now.getTime()) / 1000));
}

/**
 * How long after its sign-in a session can be extended at most when OIDC_SESSION_MAX_SECONDS is
 * not set. Without a ceiling, a session extended once a day would live for ever, outliving the
 * person's removal at a provider that hands out no refresh token (whose grant is what extending
 * checks), and a stolen cookie with it.
 */
export const SESSION_CEILING_SECONDS = 7 * 24 * 60 * 60;

/**
 * When a session started or extended at `now` ends: the local TTL, cut at its ceiling, which
 * cannot be extended (spec 8): `auth_time` (or the sign-in, when the provider sent none) plus
 * OIDC_SESSION_MAX_SECONDS when that is set, the sign-in plus SESSION_CEILING_SECONDS otherwise.
 * Every request checks `expiresAt`, so the server enforces it.
 */
function sessionEnd(
  now: Date,
  session: { authTime: Date | null; signedInAt: Date },
  sessionMaxSeconds: number | undefined,
): Date {
  const localEnd = now.getTime() + SESSION_LIFETIME_SECONDS * 1000;
  const ceiling = sessionMaxSeconds
    ? (session.authTime ?? session.signedInAt).getTime() + sessionMaxSeconds * 1000
    : session.signedInAt.getTime() + SESSION_CEILING_SECONDS * 1000;
  return new Date(Math.min(localEnd, ceiling));
}

/**
 * Stores a new session for `userId` and returns the raw cookie value (shown only here). Without
 * `tokens` (a development-mode sign-in link) the session has no provider side.
 */
export async function createSession(
  db: DatabaseClient,
  input: { userId: string; tokens?: ProviderTokens; secretKey?: Buffer; sessionMaxSeconds?: number; now?: Date },
): Promise<{ session: Session; cookieValue: string }> {
  const now = input.now ?? new Date();
  const cookieValue = newSecret();
  const authTimeClaim = input.tokens?.claims?.auth_time;
  const authTime = typeof authTimeClaim === 'number' ? new Date(authTimeClaim * 1000) : null;
  const session = await db.session.create({
    data: {
      tokenHash: hashSecret(cookieValue),
      userId: input.userId,
      ...(input.tokens ? providerColumns(input.tokens, input.secretKey, now) : {}),
      authTime,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: sessionEnd(now, { authTime, signedInAt: now }, input.sessionMaxSeconds),
    },
  });
  return { session, cookieValue };
}

/** The unexpired session behind a cookie value, with its user; undefined for unknown or expired ones. */
export async function findLiveSession(
  db: Database,
  cookieValue: string,
  now = new Date(),
): Promise<(Session & { user: User }) | undefined> {
  const session = await db.session.findUnique({
    where: { tokenHash: hashSecret(cookieValue) },
    include: { user: true },
  });
  if (!session || session.expiresAt <= now) return undefined;
  if (now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    await db.session.updateMany({ where: { id: session.id }, data: { lastSeenAt: now } });
  }
  return session;
}

/** The provider's refresh token of a session, if it kept one. */
export function refreshTokenOf(session: Session, secretKey: Buffer | undefined): string | undefined {
  if (!session.refreshTokenSealed || !secretKey) return undefined;
  const { refreshToken } = openSecrets(session.refreshTokenSealed, secretKey);
  return typeof refreshToken === 'string' ? refreshToken : undefined;
}

/**
 * Resets the local TTL to 24 hours, never past the provider's maximum, and records the provider's
 * answer to the keep-alive.
 */
export function extendSession(
  db: DatabaseClient,
  session: Session,
  input: { tokens?: ProviderTokens; secretKey?: Buffer; sessionMaxSeconds?: number; now?: Date },
): Promise<Session> {
  const now = input.now ?? new Date();
  return db.session.update({
    where: { id: session.id },
    data: {
      ...(input.tokens ? providerColumns(input.tokens, input.secretKey, now) : {}),
      lastSeenAt: now,
      expiresAt: sessionEnd(
        now,
        { authTime: session.authTime, signedInAt: session.createdAt },
        input.sessionMaxSeconds,
      ),
    },
  });
}

export async function deleteSession(db: DatabaseClient, id: string): Promise<void> {
  await db.session.deleteMany({ where: { id } });
}

/** Deletes expired sessions, abandoned logins and expired sign-in links; returns how many of each went. */
export async function purgeExpiredSessions(
  db: Database,
  now = new Date(),
): Promise<{ sessions: number; loginAttempts: number; signInLinks: number }> {
  const sessions = await db.session.deleteMany({ where: { expiresAt: { lte: now } } });
  const loginAttempts = await db.loginAttempt.deleteMany({ where: { expiresAt: { lte: now } } });
  const signInLinks = await db.signInLink.deleteMany({ where: { expiresAt: { lte: now } } });
  return { sessions: sessions.count, loginAttempts: loginAttempts.count, signInLinks: signInLinks.count };
}

/** Spec 2.12, in seconds. */
export interface SessionInfo {
  maxSessionLifetime: number;
  maxIdleSessionLifetime: number;
  remainingSessionLifetime: number;
  remainingIdleLifetime: number;
  /** The local session's remaining time: the field's name is the spec's (2.12), kept for its clients. */
  flohSessionTtl: number;
}

/**
 * Combines the provider's session details with the local TTL (spec 2.12, 4.1). The idle values
 * come from the provider's `refresh_expires_in` (Keycloak); the maximum from the ID token's
 * `auth_time` plus OIDC_SESSION_MAX_SECONDS (the provider's SSO session maximum). Whatever the
 * provider does not tell falls back to the local TTL.
 */
export function sessionInfo(
  session: Pick<Session, 'expiresAt' | 'authTime' | 'providerIdleSeconds' | 'providerIdleExpiresAt'>,
  oidc: Pick<OidcConfig, 'sessionMaxSeconds'>,
  now = new Date(),
): SessionInfo {
  const secondsUntil = (moment: Date) => secondsBetween(now, moment);
  const localRemaining = secondsUntil(session.expiresAt);
  const providerMaxEnd =
    session.authTime && oidc.sessionMaxSeconds
      ? new Date(session.authTime.getTime() + oidc.sessionMaxSeconds * 1000)
      : undefined;
  const idleKnown = session.providerIdleSeconds !== null && session.providerIdleExpiresAt !== null;
  return {
    maxSessionLifetime: providerMaxEnd ? oidc.sessionMaxSeconds! : SESSION_LIFETIME_SECONDS,
    maxIdleSessionLifetime: idleKnown ? session.providerIdleSeconds! : SESSION_LIFETIME_SECONDS,
    remainingSessionLifetime: providerMaxEnd ? secondsUntil(providerMaxEnd) : localRemaining,
    remainingIdleLifetime: idleKnown ? secondsUntil(session.providerIdleExpiresAt!) : localRemaining,
    flohSessionTtl: localRemaining,
  };
}
