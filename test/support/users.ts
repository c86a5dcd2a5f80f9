import type { Database } from '../../src/db/client.js';
import type { User } from '../../src/db/generated/client.js';
import { permissionsOfRoles, type Permission, type Role } from '../../src/permissions/index.js';
import { createApiToken } from '../../src/services/api-tokens.js';

let counter = 0;

/** A user with `roles` and an API token carrying `permissions` (default: all the roles allow). */
export async function createUserWithToken(
  db: Database,
  roles: Role[],
  permissions?: Permission[],
): Promise<{ user: User; token: string; tokenPrefix: string }> {
  counter += 1;
  const email = `user${counter}-${Date.now()}@example.test`;
  const user = await db.user.create({ data: { email, activeEmail: email, roles } });
  const token = await createApiToken(db, {
    name: `test token ${counter}`,
    permissions: permissions ?? [...permissionsOfRoles(roles)],
    ownerId: user.id,
    createdBy: 'system',
  });
  return { user, token: token.token, tokenPrefix: token.prefix };
}
