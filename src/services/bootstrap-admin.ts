import { recordAudit } from '../audit/index.js';
import type { Database } from '../db/client.js';
import { PERMISSIONS, permissionsOfRoles, type Principal } from '../permissions/index.js';
import { createApiToken } from './api-tokens.js';
import { activeEmailOf } from './users/user-record.js';

export interface BootstrapResult {
  userId: string;
  email: string;
  token: string;
  tokenId: string;
  tokenPrefix: string;
}

/**
 * Makes sure an admin user with `email` exists and mints an API token with every permission for
 * it. This is how the very first administrator gets in before any identity provider is set up.
 */
export async function createAdminToken(db: Database, email: string, tokenName: string): Promise<BootstrapResult> {
  const normalised = email.trim().toLowerCase();
  const user = await db.$transaction(async (tx) => {
    const existing = await tx.user.findFirst({ where: { email: normalised, deletedAt: null } });
    if (existing?.roles.includes('admin')) return existing;
    const admin = existing
      ? await tx.user.update({ where: { id: existing.id }, data: { roles: [...existing.roles, 'admin'] } })
      : await tx.user.create({
          data: { email: normalised, activeEmail: activeEmailOf(normalised), roles: ['admin'], confirmed: false },
        });
    await recordAudit(tx, {
      action: existing ? 'user.roles_changed' : 'user.created',
      actor: { type: 'system' },
      target: { type: 'user', id: admin.id },
      metadata: { source: 'bootstrap', roles: admin.roles },
    });
    return admin;
  });
  const token = await createApiToken(db, {
    name: tokenName,
    permissions: PERMISSIONS,
    ownerId: user.id,
    createdBy: 'system',
  });
  return { userId: user.id, email: normalised, token: token.token, tokenId: token.id, tokenPrefix: token.prefix };
}

/** The bootstrap admin acting through its new token, for the first-start seeding. */
export function bootstrapPrincipal(result: BootstrapResult, tokenName: string): Principal {
  return {
    userId: result.userId,
    email: result.email,
    roles: ['admin'],
    permissions: permissionsOfRoles(['admin']),
    via: 'api_token',
    apiToken: { id: result.tokenId, name: tokenName, prefix: result.tokenPrefix },
  };
}

/** True before anyone has an account: the dev launcher then bootstraps an admin. */
export async function hasNoUsers(db: Database): Promise<boolean> {
  return (await db.user.count()) === 0;
}
