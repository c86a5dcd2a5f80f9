import type { DatabaseClient } from '../../db/client.js';
import { isUuid } from '../../domain/uuid.js';
import type { Person } from './run-self.js';

/**
 * What an approver, assignee or recipient entry names: a user by id, a user by email (an entry
 * with `@`), or else a role. Ids and emails are compared in lower case, as they are stored.
 */
export type PersonEntry =
  { kind: 'id'; id: string } | { kind: 'email'; email: string } | { kind: 'role'; role: string };

export function personEntry(entry: string): PersonEntry {
  if (isUuid(entry)) return { kind: 'id', id: entry.toLowerCase() };
  if (entry.includes('@')) return { kind: 'email', email: entry.toLowerCase() };
  return { kind: 'role', role: entry };
}

export interface ResolvedPeople {
  /** The users named by id or email, each once. */
  users: Person[];
  roles: string[];
  /** Entries that name nobody: unknown user ids or emails. */
  unknown: string[];
}

/**
 * Approvers, assignees and recipients are written as user ids, emails or role names (after
 * interpolation). Ids and emails must belong to an active user; anything else is a role name.
 */
export async function resolvePeople(db: DatabaseClient, entries: readonly string[]): Promise<ResolvedPeople> {
  const named = entries.map(personEntry);
  const ids = named.flatMap((entry) => (entry.kind === 'id' ? [entry.id] : []));
  const emails = named.flatMap((entry) => (entry.kind === 'email' ? [entry.email] : []));
  // Roles alone need no read.
  const users =
    ids.length + emails.length === 0
      ? []
      : await db.user.findMany({
          where: { deletedAt: null, active: true, OR: [{ id: { in: ids } }, { email: { in: emails } }] },
          select: { id: true, email: true },
        });
  const known = (entry: string) => users.some((user) => user.id === entry || user.email === entry);
  return {
    users,
    roles: [...new Set(named.flatMap((entry) => (entry.kind === 'role' ? [entry.role] : [])))],
    unknown: [...ids, ...emails].filter((entry) => !known(entry)),
  };
}
