import { recordAudit } from '../audit/index.js';
import { isUniqueViolation, type Database } from '../db/client.js';
import type { User } from '../db/generated/client.js';
import type { OidcConfig } from '../config/index.js';
import { ROLES, type Role } from '../permissions/index.js';
import { AppError } from '../errors/index.js';
import { storableValue } from '../domain/storable-text.js';
import { associateUserByEmailDomain } from './organizations/domain-association.js';
import { activeEmailOf } from './users/user-record.js';

export interface OidcIdentityClaims {
  iss: string;
  sub: string;
  email?: string;
  /** The provider's `email_verified`: whether it checked that the user owns `email`. */
  emailVerified?: boolean;
  name?: string;
  groups?: string[];
}

/** `email_verified` as providers send it: a boolean, or (some, such as Cognito) the text "true". */
export const isEmailVerified = (claim: unknown) => claim === true || claim === 'true';

/**
 * Spec 5: every role whose `OIDC_ROLE_*` group list shares a group with the user; `requestor`
 * when none does.
 */
export function rolesForGroups(groups: readonly string[], roleGroups: OidcConfig['roleGroups']): Role[] {
  const roles = ROLES.filter((role) => roleGroups[role].some((group) => groups.includes(group)));
  return roles.length > 0 ? roles : ['requestor'];
}

/**
 * The user behind a verified OIDC identity. First sight confirms an account that was created
 * unconfirmed for the same email (by an administrator, SCIM or sync): it receives the real
 * `(iss, sub)` and keeps its roles. Otherwise a new user is created with the mapped roles. Roles
 * are only set at creation: later changes are an administrator's, not the token's. An email
 * that belongs to a confirmed account of another identity is refused.
 *
 * The email stands for the person only when the provider verified it (`email_verified`, OIDC Core
 * 5.7) or the operator trusts the provider's emails (OIDC_TRUST_UNVERIFIED_EMAIL): otherwise
 * anyone who may put that address on their account at the provider would take over the account
 * created for it, roles included. So an unverified email links to no account (401), joins no
 * organization by its domain, and is not stored: a user created with one has no email, so it
 * claims no address that SCIM, sync matching or approvers named by email would find. The email
 * is adopted at a later sign-in that brings it verified, if no other account holds it by then.
 */
export async function findOrCreateOidcUser(
  db: Database,
  signedClaims: OidcIdentityClaims,
  { roleGroups, trustUnverifiedEmail }: Pick<OidcConfig, 'roleGroups' | 'trustUnverifiedEmail'>,
): Promise<User> {
  // The provider vouches for the claims, not for their text: one PostgreSQL cannot store would
  // fail every sign-in of that user. The same replacement each time keeps the lookups stable.
  const claims = storableValue(signedClaims);
  const identity = { iss: claims.iss, sub: claims.sub };
  const emailTrusted = claims.emailVerified === true || trustUnverifiedEmail;
  const existing = await db.user.findUnique({ where: { iss_sub: identity } });
  if (existing) return emailTrusted ? adoptVerifiedEmail(db, existing, claims.email) : existing;
  try {
    return await db.$transaction(async (tx) => {
      const activeEmail = activeEmailOf(claims.email);
      const sameEmail = activeEmail ? await tx.user.findUnique({ where: { activeEmail } }) : null;
      if (sameEmail) {
        // A concurrent first request of this same identity may have created it a moment ago.
        if (sameEmail.iss === identity.iss && sameEmail.sub === identity.sub) return sameEmail;
        if (sameEmail.confirmed || sameEmail.iss) {
          throw new AppError('unauthenticated', 'An account with this email belongs to another identity');
        }
        if (!emailTrusted) {
          throw new AppError(
            'unauthenticated',
            'The identity provider has not verified this email address (email_verified), so this sign-in is not linked to the account created for it; verify the address at the provider, or ask an administrator',
          );
        }
        const confirmed = await tx.user.update({ where: { id: sameEmail.id }, data: { ...identity, confirmed: true } });
        await recordAudit(tx, {
          action: 'user.confirmed',
          actor: { type: 'system' },
          target: { type: 'user', id: confirmed.id },
          metadata: { source: 'oidc', iss: claims.iss },
        });
        return confirmed;
      }
      const user = await tx.user.create({
        data: {
          ...identity,
          email: emailTrusted ? (claims.email?.toLowerCase() ?? null) : null,
          activeEmail: emailTrusted ? activeEmail : null,
          displayName: claims.name ?? null,
          roles: rolesForGroups(claims.groups ?? [], roleGroups),
          confirmed: true,
        },
      });
      await recordAudit(tx, {
        action: 'user.created',
        actor: { type: 'system' },
        target: { type: 'user', id: user.id },
        metadata: { source: 'oidc', iss: user.iss, roles: user.roles },
      });
      if (emailTrusted) await associateUserByEmailDomain(tx, user, { type: 'system' });
      return user;
    });
  } catch (error) {
    // Two first requests of one new user raced; the other one created or confirmed the row.
    if (isUniqueViolation(error)) return db.user.findUniqueOrThrow({ where: { iss_sub: identity } });
    throw error;
  }
}

/**
 * A user created from a sign-in whose email was not verified has none; once a sign-in brings it
 * verified, it becomes the user's, unless another account holds it by then (the user then keeps
 * none, as before).
 */
async function adoptVerifiedEmail(db: Database, user: User, email: string | undefined): Promise<User> {
  const activeEmail = activeEmailOf(email);
  if (user.email !== null || user.deletedAt || !activeEmail) return user;
  try {
    const { count } = await db.user.updateMany({
      where: { id: user.id, email: null, deletedAt: null },
      data: { email: activeEmail, activeEmail },
    });
    return count === 1 ? db.user.findUniqueOrThrow({ where: { id: user.id } }) : user;
  } catch (error) {
    if (isUniqueViolation(error)) return user;
    throw error;
  }
}
