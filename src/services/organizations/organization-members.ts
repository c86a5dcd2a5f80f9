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
