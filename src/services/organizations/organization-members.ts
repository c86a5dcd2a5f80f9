import { isUniqueViolation, type Database, type DatabaseClient } from '../../db/client.js';
import type { OrganizationRole } from '../../domain/organization.js';
import { conflict, notFound } from '../../errors/index.js';
import type { Caller } from '../caller.js';
import {
  auditOrganization,
  loadOrganization,
  toOrganizationView,
  type OrganizationView,
} from './organization-record.js';

/** Gives a user one more role in an organization; 409 when the user already holds that role there. */
export function addOrganizationMember(
  db: Database,
  caller: Caller,
  organizationId: string,
  member: { userId: string; role: OrganizationRole },
): Promise<OrganizationView> {
  return db.$transaction(async (tx) => {
    await insertOrganizationMember(tx, caller, organizationId, member);
    return toOrganizationView(await loadOrganization(tx, organizationId));
  });
}

/** Adds a role assignment inside the caller's transaction; 404 for an unknown user, 409 for a held role. */
export async function insertOrganizationMember(
  tx: DatabaseClient,
  caller: Caller,
  organizationId: string,
  member: { userId: string; role: OrganizationRole },
): Promise<void> {
  const organization = await loadOrganization(tx, organizationId);
  const user = await tx.user.findFirst({ where: { id: member.userId, deletedAt: null }, select: { id: true } });
  if (!user) throw notFound('User');
  const held = await tx.organizationMembership.findFirst({ where: { organizationId, ...member } });
  if (held) {
    throw conflict(`The user already holds the role "${member.role}" in organization "${organization.name}"`, member);
  }
  try {
    await tx.organizationMembership.create({
      data: { organizationId, userId: member.userId, role: member.role, addedBy: caller.principal.userId },
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw conflict(`The user already holds the role "${member.role}" in organization "${organization.name}"`, member);
  }
  await auditOrganization(tx, caller, 'organization.member_added', organizationId, { ...member });
}

/** Removes one role assignment; the user's other roles in the organization stay. */
export function removeOrganizationMemberRole(
  db: Database,
  caller: Caller,
  organizationId: string,
  member: { userId: string; role: OrganizationRole },
): Promise<OrganizationView> {
  return db.$transaction(async (tx) => {
    await loadOrganization(tx, organizationId);
    const { count } = await tx.organizationMembership.deleteMany({ where: { organizationId, ...member } });
    if (count === 0) throw notFound('Organization membership');
    await auditOrganization(tx, caller, 'organization.member_removed', organizationId, { ...member });
    return toOrganizationView(await loadOrganization(tx, organizationId));
  });
}

/**
 * Moves a user from one role in an organization to another in one transaction, so they never
 * hold both or neither: the assignment's row takes the new role, dated now and added by the
 * caller. Audited as the spec's two actions (the old role removed, the new one added), each
 * naming the other, so readers of either see the change. The same role is a no-op; a role the
 * user already holds there is a 409.
 */
export function changeOrganizationMemberRole(
  db: Database,
  caller: Caller,
  organizationId: string,
  change: { userId: string; from: OrganizationRole; to: OrganizationRole },
): Promise<OrganizationView> {
  return db.$transaction(async (tx) => {
    const organization = await loadOrganization(tx, organizationId);
    const { userId, from, to } = change;
    const assignment = await tx.organizationMembership.findFirst({ where: { organizationId, userId, role: from } });
    if (!assignment) throw notFound('Organization membership');
    if (from === to) return toOrganizationView(organization);
    const taken = () =>
      conflict(
        `The user already holds the role "${to}" in organization "${organization.name}": remove the role "${from}" instead`,
        { userId, role: to },
      );
    if (await tx.organizationMembership.findFirst({ where: { organizationId, userId, role: to } })) throw taken();
    // The role is in the condition: a change of the same assignment committed meanwhile leaves
    // nothing to update here (PostgreSQL re-reads the row once its lock is released).
    const { count } = await tx.organizationMembership
      .updateMany({
        where: { id: assignment.id, role: from },
        data: { role: to, addedBy: caller.principal.userId, createdAt: new Date() },
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      });
    if (count === 0) throw notFound('Organization membership');
    await auditOrganization(tx, caller, 'organization.member_removed', organizationId, {
      userId,
      role: from,
      replacedBy: to,
    });
    await auditOrganization(tx, caller, 'organization.member_added', organizationId, {
      userId,
      role: to,
      replaces: from,
    });
    return toOrganizationView(await loadOrganization(tx, organizationId));
  });
}
