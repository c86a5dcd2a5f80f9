import { recordAudit } from '../audit/index.js';
import type { Database } from '../db/client.js';
import { AppError, isAppError } from '../errors/index.js';
import { createSession, hashSecret, newSecret } from './sessions.js';
import { assertSignInAttemptAllowed, recordSignInFailure } from './sign-in-link-throttle.js';

/** How long a development-mode sign-in link stays usable. */
export const SIGN_IN_LINK_LIFETIME_SECONDS = 15 * 60;
/** The link's route; it exists only in development mode (no identity provider configured). */
export const SIGN_IN_LINK_PATH = '/api/auth/sign-in-link';

const ASK_FOR_ANOTHER = 'ask for a new one: npm run admin -- sign-in-link --email <your email>';

/** Why a link did not sign anyone in, as `details.reason` of its 401 (the console words it). */
export type SignInLinkRefusal = 'unknown' | 'used' | 'expired' | 'inactive';

const refused = (reason: SignInLinkRefusal, message: string) =>
  new AppError('unauthenticated', message, { details: { reason } });

/** Why redeeming a link failed, for the console (throttled: too many failures from the address). */
export function signInLinkRefusalOf(error: unknown): SignInLinkRefusal | 'throttled' | undefined {
  if (!isAppError(error)) return undefined;
  if (error.code === 'too_many_requests') return 'throttled';
  const reason = (error.details as { reason?: SignInLinkRefusal } | undefined)?.reason;
  return error.code === 'unauthenticated' ? reason : undefined;
}

/**
 * A one-time sign-in link for the active user with `email` (development mode's way into the
 * console). Only the token's hash is stored; the link is shown once, to whoever runs the CLI or
 * `npm start`, which already hold the database.
 */
export async function createSignInLink(
  db: Database,
  input: { email: string; publicUrl: string; now?: Date },
): Promise<{ url: string; email: string; expiresAt: Date }> {
  const email = input.email.trim().toLowerCase();
  const user = await db.user.findFirst({ where: { email, active: true, deletedAt: null } });
  if (!user) throw new AppError('not_found', `No active user with the email ${email}`);
  const now = input.now ?? new Date();
  const token = newSecret();
  const link = await db.signInLink.create({
    data: {
      tokenHash: hashSecret(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SIGN_IN_LINK_LIFETIME_SECONDS * 1000),
    },
  });
  const url = new URL(SIGN_IN_LINK_PATH, input.publicUrl);
  url.searchParams.set('token', token);
  return { url: url.href, email, expiresAt: link.expiresAt };
}

/**
 * Spends a sign-in link: once, before it expires, for a user who is still active. Answers the
 * cookie value of a new session of that user (with exactly that user's roles), replacing the
 * browser's previous session. Failures are 401 with the reason, counted per client address
 * (429 once too many) and audited in aggregate (`sign-in-link-throttle.ts`).
 */
export async function redeemSignInLink(
  db: Database,
  input: { token: string; clientAddress: string; previousCookie?: string; requestId?: string; now?: Date },
): Promise<{ cookieValue: string }> {
  const now = input.now ?? new Date();
  await assertSignInAttemptAllowed(db, input.clientAddress, now);
  try {
    return await db.$transaction(async (tx) => {
      const link = await tx.signInLink.findUnique({
        where: { tokenHash: hashSecret(input.token) },
        include: { user: true },
      });
      if (!link) throw refused('unknown', `This sign-in link is not known: ${ASK_FOR_ANOTHER}`);
      // The conditional update is the single-use guarantee: of two concurrent uses, one wins.
      const claimed = await tx.signInLink.updateMany({
        where: { id: link.id, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (claimed.count === 0) {
        if (link.usedAt) throw refused('used', `This sign-in link has already been used: ${ASK_FOR_ANOTHER}`);
        throw refused('expired', `This sign-in link has expired: ${ASK_FOR_ANOTHER}`);
      }
      if (!link.user.active || link.user.deletedAt) throw refused('inactive', 'This user is inactive');
      if (input.previousCookie) await tx.session.deleteMany({ where: { tokenHash: hashSecret(input.previousCookie) } });
      const { session, cookieValue } = await createSession(tx, { userId: link.userId, now });
      await recordAudit(tx, {
        action: 'auth.login',
        actor: { type: 'user', userId: link.userId },
        target: { type: 'session', id: session.id },
        metadata: { via: 'sign_in_link' },
        requestId: input.requestId,
      });
      return { cookieValue };
    });
  } catch (error) {
    await recordSignInFailure(db, {
      clientAddress: input.clientAddress,
      reason: isAppError(error) ? error.message : 'internal error',
      requestId: input.requestId,
      now,
    });
    throw error;
  }
}
