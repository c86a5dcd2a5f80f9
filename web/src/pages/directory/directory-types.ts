/**
 * The shapes of the directory routes, as the API's OpenAPI description declares them
 * (../../api/openapi.ts), under the names the pages use.
 */
import type { RequestOptions, ResponseOf, Schema } from '../../api/client';

type UserListQuery = NonNullable<RequestOptions<'GET', '/api/users'>['query']>;

/** A built-in role (src/permissions/permissions.ts); the API refuses any other. */
export type Role = NonNullable<UserListQuery['role']>;

/** The built-in roles, in the order the pages offer them. */
export const ROLES = ['admin', 'approver', 'resource_manager', 'requestor'] as const satisfies readonly Role[];

/** Whether `role` is a built-in role: a user's stored roles are plain text in the answer. */
export function isRole(role: string | undefined): role is Role {
  return ROLES.some((known) => known === role);
}

/** The built-in profile fields (src/domain/profile.ts), in the order the user page shows them. */
export const PROFILE_FIELDS = [
  'title',
  'department',
  'phoneNumber',
  'location',
  'employeeId',
  'costCenter',
  'startDate',
] as const satisfies ReadonlyArray<keyof User['profile']>;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export type User = Schema<'User'>;

export type Group = Schema<'Group'>;

export type GroupMember = ResponseOf<'GET', '/api/groups/{id}/members'>['data'][number];

export type OrganizationRole = Schema<'Organization'>['members'][number]['role'];

export const ORGANIZATION_ROLES = ['member', 'signatory', 'approver'] as const satisfies readonly OrganizationRole[];

export function isOrganizationRole(role: string): role is OrganizationRole {
  return ORGANIZATION_ROLES.some((known) => known === role);
}

export type OrganizationListItem = Schema<'OrganizationListItem'>;

export type Organization = Schema<'Organization'>;

export type OrganizationMember = Organization['members'][number];

export type Project = Schema<'Project'>;

export type WorkflowSet = Project['workflowSets'][number];

export type BusinessRole = Schema<'BusinessRole'>;

export type RoleAssignment = Schema<'RoleAssignment'>;

export type ConnectorCall = Schema<'ConnectorCall'>;

export type Entitlement = Schema<'Entitlement'>;
