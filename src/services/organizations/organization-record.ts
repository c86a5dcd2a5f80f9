import { z } from 'zod';
import { Prisma, type DatabaseClient } from '../../db/client.js';
import { ACTIVE_ORGANIZATION_MARKER, contactSchema } from '../../domain/organization.js';
import { notFound } from '../../errors/index.js';
import { can, type Principal } from '../../permissions/index.js';
import { auditChange, type Caller } from '../caller.js';

export const organizationListInclude = {
  parent: { select: { name: true } },
} as const satisfies Prisma.OrganizationInclude;

export const organizationDetailInclude = {
  ...organizationListInclude,
  memberships: { include: { user: { select: { email: true } } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
  children: { where: { deletedAt: null }, select: { id: true, name: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }] },
} as const satisfies Prisma.OrganizationInclude;

type OrganizationListRow = Prisma.OrganizationGetPayload<{ include: typeof organizationListInclude }>;
type OrganizationDetailRow = Prisma.OrganizationGetPayload<{ include: typeof organizationDetailInclude }>;

const storedContacts = z.array(contactSchema);

/** A list item: `memberCount` counts distinct users, whatever roles they hold. */
export function toOrganizationListItem(row: OrganizationListRow, memberCount: number) {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    website: row.website,
    address: row.address,
    parentId: row.parentId,
    parentName: row.parent?.name ?? null,
    memberCount,
    contacts: storedContacts.parse(row.contacts),
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deletedAt: row.deletedAt,
    deleted: row.deletedAt ?? new Date(ACTIVE_ORGANIZATION_MARKER),
  };
}

export type OrganizationListItem = ReturnType<typeof toOrganizationListItem>;

export function toOrganizationView(row: OrganizationDetailRow) {
  return {
    ...toOrganizationListItem(row, new Set(row.memberships.map((membership) => membership.userId)).size),
    members: row.memberships.map((membership) => ({
      id: membership.id,
      organizationId: membership.organizationId,
      userId: membership.userId,
      email: membership.user.email,
      role: membership.role,
      addedBy: membership.addedBy,
      createdAt: membership.createdAt,
    })),
    children: row.children,
  };
}

export type OrganizationView = ReturnType<typeof toOrganizationView>;

/**
 * The view as `principal` may see it. Every role reads organizations (`org:read`), but members'
 * email addresses are the directory's, which only `user:read` shows (`GET /api/users`): without
 * it they are null, and members are known by their user ids.
 */
export function organizationViewFor(view: OrganizationView, principal: Principal): OrganizationView {
  if (can(principal, 'user:read')) return view;
  return { ...view, members: view.members.map((member) => ({ ...member, email: null })) };
}

/** The organization with members and active children; a soft-deleted one only when asked for. */
export async function loadOrganization(
  db: DatabaseClient,
  id: string,
  options: { includeDeleted?: boolean } = {},
): Promise<OrganizationDetailRow> {
  const row = await db.organization.findUnique({ where: { id }, include: organizationDetailInclude });
  if (!row || (row.deletedAt && !options.includeDeleted)) throw notFound('Organization');
  return row;
}

/** Distinct members per organization, for a page of list items. */
export async function countMembers(db: DatabaseClient, organizationIds: string[]): Promise<Map<string, number>> {
  if (organizationIds.length === 0) return new Map();
  const rows = await db.$queryRaw<Array<{ organization_id: string; members: bigint }>>(Prisma.sql`
    SELECT organization_id::text, COUNT(DISTINCT user_id) AS members
    FROM organization_memberships
    WHERE organization_id IN (${Prisma.join(organizationIds.map((id) => Prisma.sql`${id}::uuid`))})
    GROUP BY organization_id`);
  return new Map(rows.map((row) => [row.organization_id, Number(row.members)]));
}

export function auditOrganization(
  tx: DatabaseClient,
  caller: Caller,
  action: string,
  organizationId: string,
  metadata: Record<string, unknown>,
): Promise<void> {
  return auditChange(tx, caller, action, { type: 'organization', id: organizationId }, metadata);
}
