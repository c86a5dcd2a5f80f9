import { recordAudit } from '../audit/index.js';
import type { OidcLoginClient } from '../auth/oidc-login.js';
import type { OidcConfig } from '../config/index.js';
import type { Database, DatabaseClient } from '../db/client.js';
import type { Session } from '../db/generated/client.js';
import { AppError, isAppError } from '../errors/index.js';
import type { Logger } from '../logging/logger.js';
import { deleteSession, recordProviderAnswer, refreshTokenOf } from './sessions.js';

export interface ProviderSessionContext {
  db: Database;
  client: OidcLoginClient;
  oidc: Pick<OidcConfig, 'sessionCheckSeconds' | 'timeoutMs'>;
  /** CONNECTOR_SECRET_KEY: without it no refresh token is kept, so the provider cannot be asked. */
  secretKey?: Buffer;
  logger: Logger;
  requestId?: string;
}

/**
 * Whether the provider is due to be asked about `session`: OIDC_SESSION_CHECK_SECONDS after the
 * last check, or half the provider's idle window when that is shorter, so a session in use never
 * idles out at the provider between two checks.
 */
export function providerCheckDue(
  session: Pick<Session, 'refreshTokenSealed' | 'providerCheckedAt' | 'providerIdleSeconds' | 'createdAt'>,
  context: Pick<ProviderSessionContext, 'oidc' | 'secretKey'>,
  now: Date,
): boolean {
  if (!session.refreshTokenSealed || !context.secretKey) return false;
  const idleHalf = session.providerIdleSeconds ? session.providerIdleSeconds / 2 : Infinity;
  const intervalMs = Math.min(context.oidc.sessionCheckSeconds, idleHalf) * 1000;
  return now.getTime() - (session.providerCheckedAt ?? session.createdAt).getTime() >= intervalMs;
}

/**
 * The session of a request that uses it, held to the provider's rules on the server: past the
 * provider's idle window it is over (401), and when a check is due a refresh-token grant asks the
 * provider whether its session still stands (which also resets the provider's idle timer, since
 * the person is active). A refused refresh (user disabled or logged out at the provider, session
 * revoked) ends the session at once: 401. A provider that is down or does not answer in time
 * keeps the session until the next check is due, with a warning in the log, so an outage does not
 * sign everybody out; its idle window and the session's maximum still apply.
 */
export async function confirmProviderSession(
  context: ProviderSessionContext,
  session: Session,
  options: { check: boolean },
): Promise<Session> {
  const now = new Date();
  if (session.providerIdleExpiresAt && session.providerIdleExpiresAt <= now) {
    await context.db.$transaction((tx) =>
      endSession(context, tx, session, 'idle longer than the identity provider allows'),
    );
    throw new AppError(
      'unauthenticated',
      'Your session has ended: it was idle longer than the identity provider allows; sign in again',
    );
  }
  if (!options.check || !providerCheckDue(session, context, now)) return session;

  const outcome = await context.db.$transaction(
    async (tx): Promise<{ session: Session } | { ended: string }> => {
      // Locked like extend: a provider that rotates refresh tokens revokes the grant when a spent
      // one is sent again, so concurrent requests must not each send the token they read.
      await tx.$queryRaw`SELECT id FROM sessions WHERE id = ${session.id}::uuid FOR UPDATE`;
      const current = await tx.session.findUnique({ where: { id: session.id } });
      if (!current || current.expiresAt <= new Date()) return { ended: 'Your session has ended: sign in again' };
      if (!providerCheckDue(current, context, new Date())) return { session: current }; // another request checked
      const refreshToken = refreshTokenOf(current, context.secretKey);
      if (!refreshToken) return { session: current };
      try {
        const tokens = await context.client.refresh(refreshToken);
        return { session: await recordProviderAnswer(tx, current, { tokens, secretKey: context.secretKey }) };
      } catch (error) {
        if (!isAppError(error)) throw error;
        if (error.code === 'unauthenticated') {
          await endSession(context, tx, current, error.message); // committed: the transaction itself succeeds
          return { ended: `Your session has ended at the identity provider: ${error.message}` };
        }
        if (error.code !== 'service_unavailable') throw error;
        context.logger.warn(
          { sessionId: current.id, requestId: context.requestId, reason: error.message },
          'The identity provider could not be asked about a web session; it is kept until the next check',
        );
        return {
          session: await tx.session.update({ where: { id: current.id }, data: { providerCheckedAt: new Date() } }),
        };
      }
    },
    // The provider call is inside; Prisma's default of 5 s could be shorter than its time limit.
    { timeout: context.oidc.timeoutMs * 2 + 5000, maxWait: context.oidc.timeoutMs * 2 + 5000 },
  );
  if ('ended' in outcome) throw new AppError('unauthenticated', outcome.ended);
  return outcome.session;
}

async function endSession(
  context: Pick<ProviderSessionContext, 'requestId'>,
  db: DatabaseClient,
  session: Session,
  reason: string,
): Promise<void> {
  await deleteSession(db, session.id);
  await recordAudit(db, {
    action: 'auth.session_ended',
    actor: { type: 'system' },
    target: { type: 'session', id: session.id },
    metadata: { userId: session.userId, reason },
    requestId: context.requestId,
  });
}
