import { recordAudit } from '../audit/index.js';
import { isUniqueViolation, type Database } from '../db/client.js';
import type { User } from '../db/generated/client.js';
import type { OidcConfig } from '../config/index.js';
import { ROLES, type Role } from '../permissions/index.js';
import { associateUserByEmailDomain } from './organizations/domain-association.js';
import { activeEmailOf } from './users/user-record.js';

export interface OidcIdentityClaims {
  iss: string;
  sub: string;
  email?: string;
  name?: string;
  groups?: string[];
}

/**
 * Spec 5: every role whose `OIDC_ROLE_*` group list shares a group with the user; `requestor`
 * when none does.
 */
export function rolesForGroups(groups: readonly string[], roleGroups: OidcConfig['roleGroups']): Role[] {
  const roles = ROLES.filter((role) => roleGroups[role].some((group) => groups.includes(group)));
  return roles.length > 0 ? roles : ['requestor'];
}

/**
 * The user behind a verified OIDC identity, created on first sight with the mapped roles. Roles
 * are only set at creation: later changes are an administrator's, not the token's.
 */
export async function findOrCreateOidcUser(
  db: Database,
  claims: OidcIdentityClaims,
  roleGroups: OidcConfig['roleGroups'],
): Promise<User> {
  const identity = { iss: claims.iss, sub: claims.sub };
  const existing = await db.user.findUnique({ where: { iss_sub: identity } });
  if (existing) return existing;
  try {
    return await db.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          ...identity,
          email: claims.email?.toLowerCase() ?? null,
          activeEmail: activeEmailOf(claims.email),
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
      await associateUserByEmailDomain(tx, user, { type: 'system' });
      return user;
    });
  } catch (error) {
    // Two first requests of one new user raced; the other one created the row.
    if (isUniqueViolation(error)) return db.user.findUniqueOrThrow({ where: { iss_sub: identity } });
    throw error;
  }
}
