import type { DatabaseClient } from '../../db/client.js';
import { permissionsOfRoles, type Permission } from '../../permissions/index.js';

/** Why a person may not act with a permission now. */
export type PermissionShortfall = 'deleted' | 'deactivated' | 'lacks';

/**
 * Why `userId` may not act with `permission` at this moment, or undefined when they may: they must
 * exist, be active and hold it through the roles they have now, so a demotion or a departure
 * takes effect on whatever acts in their name.
 */
export async function permissionShortfall(
  db: DatabaseClient,
  userId: string,
  permission: Permission,
): Promise<PermissionShortfall | undefined> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { active: true, deletedAt: true, roles: true },
  });
  return shortfallOf(user, permission);
}

/** `permissionShortfall` of a user already read (null: there is none). */
export function shortfallOf(
  user: { active: boolean; deletedAt: Date | null; roles: string[] } | null,
  permission: Permission,
): PermissionShortfall | undefined {
  if (!user || user.deletedAt) return 'deleted';
  if (!user.active) return 'deactivated';
  return permissionsOfRoles(user.roles).has(permission) ? undefined : 'lacks';
}
