import type { DatabaseClient } from '../../db/client.js';
import type { Prisma } from '../../db/generated/client.js';
import { fetchPage, sortedById, type Page, type PageQuery } from '../../domain/pagination.js';
import {
  countMembers,
  organizationListInclude,
  toOrganizationListItem,
  type OrganizationListItem,
} from './organization-record.js';
import { containsIgnoringCase } from '../../domain/text-match.js';

export interface OrganizationListQuery extends PageQuery {
  sortBy: 'name' | 'createdAt' | 'updatedAt';
  sortOrder: 'asc' | 'desc';
  /** Case-insensitive match on name or domain. */
  search?: string;
  includeDeleted?: boolean;
}

/** Lists organizations with member counts and parent names (spec 4.6). */
export function listOrganizations(
  db: DatabaseClient,
  query: OrganizationListQuery,
): Promise<Page<OrganizationListItem>> {
  const where: Prisma.OrganizationWhereInput = {
    deletedAt: query.includeDeleted ? undefined : null,
    OR: query.search
      ? [{ name: containsIgnoringCase(query.search) }, { domain: containsIgnoringCase(query.search) }]
      : undefined,
  };
  return fetchPage(
    query,
    async (window) => {
      const rows = await db.organization.findMany({
        where,
        include: organizationListInclude,
        orderBy: sortedById(query),
        ...window,
      });
      const counts = await countMembers(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toOrganizationListItem(row, counts.get(row.id) ?? 0));
    },
    () => db.organization.count({ where }),
  );
}
