import type { DatabaseClient } from '../db/client.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ResolvedPeople {
  userIds: string[];
  roles: string[];
  /** Entries that name nobody: unknown user ids or emails. */
  unknown: string[];
}

/**
 * Approvers, assignees and recipients are written as user ids, emails or role names (after
 * interpolation). Ids and emails must belong to an active user; anything else is a role name.
 */
export async function resolvePeople(db: DatabaseClient, entries: readonly string[]): Promise<ResolvedPeople> {
  const ids = entries.filter((entry) => UUID.test(entry));
  const emails = entries
    .filter((entry) => !UUID.test(entry) && entry.includes('@'))
    .map((email) => email.toLowerCase());
  const users = await db.user.findMany({
    where: { deletedAt: null, active: true, OR: [{ id: { in: ids } }, { email: { in: emails } }] },
    select: { id: true, email: true },
  });
  const known = (entry: string) => users.some((user) => user.id === entry || user.email === entry.toLowerCase());
  return {
    userIds: [...new Set(users.map((user) => user.id))],
    roles: [...new Set(entries.filter((entry) => !UUID.test(entry) && !entry.includes('@')))],
    unknown: [...ids, ...emails].filter((entry) => !known(entry)),
  };
}
