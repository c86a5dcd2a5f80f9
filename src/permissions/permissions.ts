/**
 * The role-to-permission table of spec section 5, in one place. Where the spec leaves a holder
 * open ("not shown"), the decision and its one-line reason sit next to the row; docs/permissions.md
 * is generated from this table (`npm run docs:generate`) and a test keeps the two equal.
 */
export const ROLES = ['admin', 'approver', 'resource_manager', 'requestor'] as const;
export type Role = (typeof ROLES)[number];

export interface PermissionRule {
  /** Roles other than admin; admin holds every permission. */
  holders: readonly Exclude<Role, 'admin'>[];
  /** Why, for holders the spec does not fix. */
  decision?: string;
}

const EVERYONE = ['approver', 'resource_manager', 'requestor'] as const;
const ADMIN_ONLY = [] as const;

export const PERMISSION_TABLE = {
  'workflow:read': { holders: EVERYONE },
  'run:read': { holders: EVERYONE },
  'task:read': { holders: EVERYONE },
  'project:read': { holders: EVERYONE },
  'org:read': { holders: EVERYONE },
  'token:manage': {
    holders: EVERYONE,
    decision:
      'every user may list, create and revoke their own API tokens; a token needs it among its own permissions, so a narrow token cannot mint, list or revoke tokens.',
  },

  'workflow:create': {
    holders: ['resource_manager'],
    decision: 'resource managers manage workflow definitions (spec 5, built-in roles).',
  },
  'workflow:update': {
    holders: ['resource_manager'],
    decision: 'resource managers manage workflow definitions (spec 5, built-in roles).',
  },
  'workflow:publish': {
    holders: ['resource_manager'],
    decision: 'resource managers manage workflow definitions, publishing included.',
  },
  'approval:read': { holders: ['approver'], decision: 'approvers decide approvals, so they must see them.' },
  'approval:decide': { holders: ['approver'], decision: 'the approver role exists to decide approvals.' },
  'report:read': {
    holders: ['resource_manager'],
    decision: 'resource managers manage reports (spec 5, built-in roles).',
  },
  'schedule:read': {
    holders: ['resource_manager'],
    decision: 'resource managers manage schedules (spec 5, built-in roles).',
  },
  'schedule:manage': {
    holders: ['resource_manager'],
    decision: 'resource managers manage schedules (spec 5, built-in roles).',
  },
  'workflow:start': {
    holders: ['requestor', 'resource_manager'],
    decision: 'requestors start workflows; resource managers start test runs of the drafts they author.',
  },
  'task:complete': {
    holders: ['requestor', 'approver'],
    decision: 'requestors complete tasks; approvers are the other people workflows ask for input.',
  },
  'role_definition:read': {
    holders: ['approver', 'resource_manager'],
    decision: 'approvers judge role requests and resource managers build role grants into workflows.',
  },
  'group:read': {
    holders: ['approver', 'resource_manager'],
    decision:
      "approvers and workflow authors need group names to route approvals and grants; members' emails in GET /api/groups/:id/members need user:read too (null without it), since they are the directory's.",
  },
  'config:export': {
    holders: ['resource_manager'],
    decision:
      "resource managers move their configuration between instances; groups and organizations are exported with their members' emails only to holders of user:read (without it members are left out and details says so), since those emails are the directory's.",
  },

  'review:manage': {
    holders: ['resource_manager'],
    decision:
      'resource managers run access reviews (issue 47): create, start, close and cancel campaigns, and see or decide any of their items.',
  },
  'review:decide': {
    holders: EVERYONE,
    decision:
      'anyone may be asked to review access (issue 47): it lets them see and decide the items assigned to them; a token needs it among its own permissions, so a narrow token cannot decide reviews.',
  },
  'review:read': {
    holders: ['approver', 'resource_manager'],
    decision:
      'approvers and resource managers follow access review campaigns and their items; a reviewer needs no permission for the items assigned to them.',
  },

  'approval:decide_any': {
    holders: ADMIN_ONLY,
    decision:
      "see and decide approvals one is not an approver of (to unblock a run whose approvers are gone); overrides the workflow's routing, so admins only. The self-approval rule still applies.",
  },
  'task:complete_any': {
    holders: ADMIN_ONLY,
    decision: "complete tasks assigned to someone else; overrides the workflow's assignment, so admins only.",
  },
  'project:authority_any': {
    holders: ADMIN_ONLY,
    decision:
      'authority over every project (create-version, deprecate) without being a member (spec 5: admins have it everywhere).',
  },

  'workflow:delete': { holders: ADMIN_ONLY },
  'workflow:move': { holders: ADMIN_ONLY },
  'run:cancel': { holders: ADMIN_ONLY },
  'run:update': { holders: ADMIN_ONLY },
  'project:create': { holders: ADMIN_ONLY },
  'project:update': { holders: ADMIN_ONLY },
  'project:delete': { holders: ADMIN_ONLY },
  'workflow_set:manage': { holders: ADMIN_ONLY },
  'user:read': { holders: ADMIN_ONLY },
  'user:manage': { holders: ADMIN_ONLY },
  'role:manage': { holders: ADMIN_ONLY },
  'connector:read': { holders: ADMIN_ONLY },
  'connector:manage': { holders: ADMIN_ONLY },
  'connector:execute': {
    holders: ADMIN_ONLY,
    decision:
      "the authority a run's connector steps act with when their command writes to the remote system (docs/security.md, \"Who a run acts as\"): publishing a workflow with such a step needs it, and a test run's starter needs it; a write acts with the connector's own credentials, which only admins manage.",
  },
  'audit:read': { holders: ADMIN_ONLY },
  'audit_sink:manage': {
    holders: ADMIN_ONLY,
    decision:
      'list, create, change, test and delete the sinks the audit trail is streamed to (docs/observability.md, "Streaming to a SIEM"): a sink receives every audit entry, so only admins choose where it goes.',
  },
  'org:manage': { holders: ADMIN_ONLY },
  'config:import': { holders: ADMIN_ONLY },
} as const satisfies Record<string, PermissionRule>;

export type Permission = keyof typeof PERMISSION_TABLE;
export const PERMISSIONS = Object.keys(PERMISSION_TABLE) as Permission[];

export function isPermission(name: string): name is Permission {
  return Object.hasOwn(PERMISSION_TABLE, name);
}

export function isRole(name: string): name is Role {
  return (ROLES as readonly string[]).includes(name);
}

/**
 * Whether `roles` hold a system role beyond `requestor`. Such an account is never taken over or
 * removed by an integration on its own: a SCIM client does not link it or change its email, a
 * sync does not soft-delete it. A person does that through the API.
 */
export function holdsPrivilegedRole(roles: readonly string[]): boolean {
  return roles.some((role) => role !== 'requestor');
}

/** Every role that holds `permission`, admin first. */
export function holdersOf(permission: Permission): Role[] {
  return ['admin', ...PERMISSION_TABLE[permission].holders];
}

/** The union of the permissions of `roles`. Unknown role names grant nothing. */
export function permissionsOfRoles(roles: readonly string[]): Set<Permission> {
  const granted = new Set<Permission>();
  for (const permission of PERMISSIONS) {
    if (holdersOf(permission).some((role) => roles.includes(role))) granted.add(permission);
  }
  return granted;
}
