import { z } from 'zod';
import { type Database, type DatabaseClient } from '../../db/client.js';
import type { Prisma } from '../../db/generated/client.js';
import type { BusinessRoleInput } from '../../domain/business-role.js';
import { conflict, notFound, validationFailed } from '../../errors/index.js';
import { auditChange, type Caller } from '../caller.js';
import { withUniqueName } from '../unique-names.js';
import { fetchPage, nameContains, sortedById, type SortedPageQuery } from '../../domain/pagination.js';
import { PENDING } from './role-grants.js';

export const businessRoleInclude = {
  entitlements: { include: { entitlement: { select: { name: true } } } },
  _count: { select: { assignments: { where: { status: 'active' } } } },
} as const satisfies Prisma.BusinessRoleInclude;
type BusinessRoleRow = Prisma.BusinessRoleGetPayload<{ include: typeof businessRoleInclude }>;
const roleStatus = z.enum(['active', 'inactive']);

export function toBusinessRoleView(row: BusinessRoleRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: roleStatus.parse(row.status),
    expiresAfterDays: row.expiresAfterDays,
    entitlements: row.entitlements.map((link) => link.entitlement.name).sort(),
    activeAssignments: row._count.assignments,
    ownerId: row.ownerId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function loadBusinessRole(db: DatabaseClient, id: string): Promise<BusinessRoleRow> {
  const row = await db.businessRole.findUnique({ where: { id }, include: businessRoleInclude });
  if (!row) throw notFound('Business role');
  return row;
}

async function entitlementIds(db: DatabaseClient, names: string[]): Promise<string[]> {
  const rows = await db.entitlement.findMany({ where: { name: { in: names } }, select: { id: true, name: true } });
  const missing = names.filter((name) => !rows.some((row) => row.name === name));
  if (missing.length > 0)
    throw validationFailed(`Unknown entitlements: ${missing.join(', ')}`, { field: 'entitlements' });
  return rows.map((row) => row.id);
}

function columnsOf(input: BusinessRoleInput) {
  return {
    name: input.name,
    description: input.description,
    status: input.status,
    expiresAfterDays: input.expiresAfterDays,
  };
}

export function createBusinessRole(db: Database, caller: Caller, input: BusinessRoleInput) {
  return withUniqueName('A business role', input.name, () =>
    db.$transaction((tx) => insertBusinessRole(tx, caller, input)),
  );
}

/** Inserts a role inside the caller's transaction (used by the API and by configuration import). */
export async function insertBusinessRole(tx: DatabaseClient, caller: Caller, input: BusinessRoleInput) {
  const ids = await entitlementIds(tx, input.entitlements);
  const role = await tx.businessRole.create({
    data: { ...columnsOf(input), entitlements: { create: ids.map((entitlementId) => ({ entitlementId })) } },
  });
  await auditChange(
    tx,
    caller,
    'business_role.created',
    { type: 'business_role', id: role.id },
    { name: role.name, entitlements: input.entitlements },
  );
  return toBusinessRoleView(await loadBusinessRole(tx, role.id));
}

export function updateBusinessRole(db: Database, caller: Caller, id: string, input: BusinessRoleInput) {
  return withUniqueName('A business role', input.name, () =>
    db.$transaction((tx) => replaceBusinessRole(tx, caller, id, input)),
  );
}

/** Replaces a role and its entitlement links inside the caller's transaction. */
export async function replaceBusinessRole(tx: DatabaseClient, caller: Caller, id: string, input: BusinessRoleInput) {
  await loadBusinessRole(tx, id);
  const ids = await entitlementIds(tx, input.entitlements);
  await tx.roleEntitlement.deleteMany({ where: { roleId: id } });
  await tx.businessRole.update({
    where: { id },
    data: { ...columnsOf(input), entitlements: { create: ids.map((entitlementId) => ({ entitlementId })) } },
  });
  await auditChange(
    tx,
    caller,
    'business_role.updated',
    { type: 'business_role', id },
    { name: input.name, entitlements: input.entitlements },
  );
  return toBusinessRoleView(await loadBusinessRole(tx, id));
}

/** Deletes a role that nobody holds (409 otherwise: revoke the assignments first). */
export async function deleteBusinessRole(db: Database, caller: Caller, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const role = await loadBusinessRole(tx, id);
    if (role._count.assignments > 0) {
      throw conflict(`Business role ${role.name} is held by ${role._count.assignments} user(s); revoke it first`);
    }
    // Only the history: an assignment granted since the count stays, and so does one whose grant is
    // under way or was interrupted (pending, until the resync sweep undoes it); their foreign key
    // refuses the delete (409, try again).
    await tx.roleAssignment.deleteMany({ where: { roleId: id, status: { notIn: ['active', PENDING] } } });
    await tx.businessRole.delete({ where: { id } });
    await auditChange(tx, caller, 'business_role.deleted', { type: 'business_role', id }, { name: role.name });
  });
}

/** A page of business roles, matched on the name with `search`. */
export function listBusinessRoles(db: Database, query: SortedPageQuery & { search?: string }) {
  const where = nameContains(query.search);
  return fetchPage(
    query,
    async (window) =>
      (
        await db.businessRole.findMany({
          where,
          include: businessRoleInclude,
          orderBy: sortedById(query),
          ...window,
        })
      ).map(toBusinessRoleView),
    () => db.businessRole.count({ where }),
  );
}

/** A page of the assignments of a role (all statuses); 404 when the role does not exist. */
export async function listRoleAssignments(db: Database, roleId: string, query: SortedPageQuery) {
  await loadBusinessRole(db, roleId);
  const where = { roleId };
  return fetchPage(
    query,
    (window) =>
      db.roleAssignment.findMany({
        where,
        orderBy: [{ grantedAt: query.sortOrder }, { id: query.sortOrder }],
        ...window,
      }),
    () => db.roleAssignment.count({ where }),
  );
}
