/**
 * The shapes of the directory routes as the API answers them (OpenAPI schemas User, Group,
 * Organization, OrganizationListItem, Project, BusinessRole, Entitlement).
 */

/** The built-in roles (src/permissions/permissions.ts); the API refuses any other. */
export const ROLES = ['admin', 'approver', 'resource_manager', 'requestor'] as const;

/** The built-in profile fields (src/domain/profile.ts), in the order the user page shows them. */
export const PROFILE_FIELDS = [
  'title',
  'department',
  'phoneNumber',
  'location',
  'employeeId',
  'costCenter',
  'startDate',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export type AttributeSource = 'manual' | 'oidc' | 'workflow' | 'connector';

export interface User {
  id: string;
  email: string | null;
  displayName: string | null;
  roles: string[];
  active: boolean;
  confirmed: boolean;
  iss: string | null;
  sub: string | null;
  upstreamIssuer: string | null;
  upstreamId: string | null;
  profile: Partial<Record<ProfileField, string>> & { custom?: Record<string, unknown> };
  attributeSources: Record<string, AttributeSource>;
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Group {
  id: string;
  name: string;
  description: string | null;
  memberCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface GroupMember {
  userId: string;
  /** null unless the reader holds user:read */
  email: string | null;
  displayName: string | null;
  addedAt: string;
}

export const ORGANIZATION_ROLES = ['member', 'signatory', 'approver'] as const;

export interface OrganizationListItem {
  id: string;
  name: string;
  domain: string | null;
  website: string | null;
  address: string | null;
  parentId: string | null;
  parentName: string | null;
  memberCount: number;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

export interface OrganizationMember {
  id: string;
  userId: string;
  /** null unless the reader holds user:read */
  email: string | null;
  role: string;
  createdAt: string;
}

export interface Organization extends OrganizationListItem {
  members: OrganizationMember[];
  children: Array<{ id: string; name: string }>;
}

export interface WorkflowSet {
  id: string;
  name: string;
  description: string;
}

export interface Project {
  id: string;
  name: string;
  description: string;
  workflowSets: WorkflowSet[];
  members: Array<{ userId: string; role: 'owner' | 'member' }>;
  workflowCount: number;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface BusinessRole {
  id: string;
  name: string;
  description: string | null;
  status: 'active' | 'inactive';
  expiresAfterDays: number | null;
  /** Entitlement names */
  entitlements: string[];
  activeAssignments: number;
  createdAt: string;
  updatedAt: string;
}

export interface RoleAssignment {
  id: string;
  userId: string;
  status: string;
  grantedAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
}

export interface ConnectorCall {
  command: string;
  parameters: Record<string, unknown>;
}

export interface Entitlement {
  id: string;
  name: string;
  description: string | null;
  /** The connector's name */
  connector: string;
  provisionConfig: ConnectorCall;
  deprovisionConfig: ConnectorCall;
  reconciliationConfig: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
}
