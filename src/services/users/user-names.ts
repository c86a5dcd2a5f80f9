import type { Database } from '../../db/client.js';

export interface UserName {
  id: string;
  displayName: string | null;
  email: string | null;
}

/** The names of the given users, deleted ones included (a run keeps naming who started it). */
export async function userNames(db: Database, ids: readonly string[]): Promise<UserName[]> {
  return db.user.findMany({
    where: { id: { in: [...ids] } },
    select: { id: true, displayName: true, email: true },
    orderBy: { id: 'asc' },
  });
}
