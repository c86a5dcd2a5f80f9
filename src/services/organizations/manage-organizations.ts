import { isUniqueViolation, jsonColumn, type Database, type DatabaseClient } from '../../db/client.js';
import type { OrganizationCreateInput, OrganizationUpdateInput } from '../../domain/organization.js';
import { conflict } from '../../errors/index.js';
import type { Caller } from '../caller.js';
import { withUniqueName } from '../unique-names.js';
import {
  auditOrganization,
  loadOrganization,
  toOrganizationView,
  type OrganizationView,
} from './organization-record.js';
import { assertParentAllowed } from './organization-tree.js';

/** `activeName` is the one unique column: a violation means an active organization has the name. */
function withActiveName<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  return withUniqueName('An active organization', name, write);
}

export function createOrganization(
  db: Database,
  caller: Caller,
  input: OrganizationCreateInput,
): Promise<OrganizationView> {
  return withActiveName(input.name, () => db.$transaction((tx) => insertOrganization(tx, caller, input)));
}

/** Inserts an organization inside the caller's transaction (used by the API and by configuration import). */
export async function insertOrganization(
  tx: DatabaseClient,
  caller: Caller,
  input: OrganizationCreateInput,
): Promise<OrganizationView> {
  if (input.parentId) await assertParentAllowed(tx, null, input.parentId);
  const created = await tx.organization.create({
    data: {
      name: input.name,
      activeName: input.name,
      domain: input.domain ?? null,
      website: input.website ?? null,
      address: input.address ?? null,
      parentId: input.parentId ?? null,
      contacts: jsonColumn(input.contacts ?? []),
      createdBy: caller.principal.userId,
    },
  });
  await auditOrganization(tx, caller, 'organization.created', created.id, {
    name: created.name,
    domain: created.domain,
    parentId: created.parentId,
  });
  return toOrganizationView(await loadOrganization(tx, created.id));
}

/** Changes the given fields of an active organization; a new parent is checked for cycles (409). */
export function updateOrganization(
  db: Database,
  caller: Caller,
  id: string,
  changes: OrganizationUpdateInput,
): Promise<OrganizationView> {
  return withActiveName(changes.name, () => db.$transaction((tx) => changeOrganization(tx, caller, id, changes)));
}

/** Changes an organization inside the caller's transaction. */
export async function changeOrganization(
  tx: DatabaseClient,
  caller: Caller,
  id: string,
  changes: OrganizationUpdateInput,
): Promise<OrganizationView> {
  const before = await loadOrganization(tx, id);
  if (changes.parentId && changes.parentId !== before.parentId) {
    await assertParentAllowed(tx, before, changes.parentId);
  }
  await tx.organization.update({
    where: { id },
    data: {
      name: changes.name,
      activeName: changes.name,
      domain: changes.domain,
      website: changes.website,
      address: changes.address,
      parentId: changes.parentId,
      contacts: changes.contacts && jsonColumn(changes.contacts),
    },
  });
  const previous = toOrganizationView(before);
  const fields = Object.keys(changes) as Array<keyof OrganizationUpdateInput>;
  await auditOrganization(tx, caller, 'organization.updated', id, {
    name: before.name,
    before: Object.fromEntries(fields.map((field) => [field, previous[field]])),
    changes,
  });
  return toOrganizationView(await loadOrganization(tx, id));
}

/** Hides an organization and frees its name; members, children and parent link are kept. */
export async function softDeleteOrganization(db: Database, caller: Caller, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await loadOrganization(tx, id);
    await tx.organization.update({ where: { id }, data: { deletedAt: new Date(), activeName: null } });
    await auditOrganization(tx, caller, 'organization.soft_deleted', id, { name: current.name });
  });
}

/** Brings a soft-deleted organization back; 409 if an active one took its name meanwhile. */
export function restoreOrganization(db: Database, caller: Caller, id: string): Promise<OrganizationView> {
  return db.$transaction(async (tx) => {
    const current = await loadOrganization(tx, id, { includeDeleted: true });
    if (!current.deletedAt) throw conflict(`Organization "${current.name}" is not deleted`);
    try {
      await tx.organization.update({ where: { id }, data: { deletedAt: null, activeName: current.name } });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw conflict(
        `An active organization named "${current.name}" already exists; rename one of them before restoring this one`,
      );
    }
    await auditOrganization(tx, caller, 'organization.restored', id, { name: current.name });
    return toOrganizationView(await loadOrganization(tx, id));
  });
}

/**
 * Removes a soft-deleted organization for good (409 for an active one). Its memberships go with
 * it; its children stay, with `parentId` cleared by the foreign key in the same statement.
 */
export async function permanentlyDeleteOrganization(db: Database, caller: Caller, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await loadOrganization(tx, id, { includeDeleted: true });
    if (!current.deletedAt) {
      throw conflict(
        `Only deleted organizations can be deleted permanently; delete "${current.name}" first (DELETE /api/organizations/:id)`,
      );
    }
    const children = await tx.organization.findMany({ where: { parentId: id }, select: { id: true } });
    // Only while still deleted: a restore that committed since keeps it.
    const { count } = await tx.organization.deleteMany({ where: { id, deletedAt: { not: null } } });
    if (count === 0) throw conflict(`Organization "${current.name}" was restored at the same time; it was not deleted`);
    await auditOrganization(tx, caller, 'organization.permanently_deleted', id, {
      name: current.name,
      childrenUnlinked: children.map((child) => child.id),
      membershipsRemoved: current.memberships.length,
    });
  });
}
