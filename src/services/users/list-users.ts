import type { Database } from '../../db/client.js';
import type { Prisma } from '../../db/generated/client.js';
import { fetchPage, sortedById, type PageQuery } from '../../domain/pagination.js';
import { toUserView } from './user-record.js';
import { equalsIgnoringCase, containsIgnoringCase } from '../../domain/text-match.js';

export interface UserListQuery extends PageQuery {
  sortBy: 'email' | 'createdAt' | 'displayName';
  sortOrder: 'asc' | 'desc';
  email?: string;
  role?: string;
  search?: string;
  includeDeleted?: boolean;
}

/** A page of users; the id breaks ties in the sort's own direction. */
export function listUsers(db: Database, query: UserListQuery) {
  const where: Prisma.UserWhereInput = {
    deletedAt: query.includeDeleted ? undefined : null,
    email: query.email ? equalsIgnoringCase(query.email) : undefined,
    roles: query.role ? { has: query.role } : undefined,
    OR: query.search
      ? [{ email: containsIgnoringCase(query.search) }, { displayName: containsIgnoringCase(query.search) }]
      : undefined,
  };
  return fetchPage(
    query,
    async (window) =>
      (
        await db.user.findMany({
          where,
          orderBy: sortedById(query),
          ...window,
        })
      ).map(toUserView),
    () => db.user.count({ where }),
  );
}
