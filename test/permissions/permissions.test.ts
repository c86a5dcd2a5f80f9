import { describe, expect, it } from '@jest/globals';
import {
  PERMISSION_TABLE,
  PERMISSIONS,
  holdersOf,
  permissionsOfRoles,
  type Permission,
} from '../../src/permissions/index.js';

describe('the permission table follows spec section 5', () => {
  const all = ['admin', 'approver', 'resource_manager', 'requestor'];
  const fixedBySpec: Record<string, string[]> = {
    'workflow:read': all,
    'run:read': all,
    'task:read': all,
    'project:read': all,
    'org:read': all,
    'org:manage': ['admin'],
    'config:export': ['admin', 'resource_manager'],
    'config:import': ['admin'],
    // Fixed by issue 47 (access reviews) rather than the spec.
    'review:manage': ['admin', 'resource_manager'],
    'review:read': ['admin', 'approver', 'resource_manager'],
  };
  const adminOnly: Permission[] = [
    'workflow:delete',
    'workflow:move',
    'run:cancel',
    'run:update',
    'project:create',
    'project:update',
    'project:delete',
    'workflow_set:manage',
    'user:read',
    'user:manage',
    'role:manage',
    'connector:read',
    'connector:manage',
    'audit:read',
    'approval:decide_any',
    'task:complete_any',
    'project:authority_any',
  ];

  it.each(Object.entries(fixedBySpec))('%s is held by exactly the roles the spec names', (permission, holders) => {
    expect(holdersOf(permission as Permission).sort()).toEqual([...holders].sort());
  });

  it.each(adminOnly)('%s is admin only', (permission) => {
    expect(holdersOf(permission)).toEqual(['admin']);
  });

  it.each([
    'workflow:create',
    'workflow:update',
    'workflow:publish',
    'approval:read',
    'approval:decide',
    'report:read',
    'schedule:read',
    'schedule:manage',
  ] as Permission[])('%s: admin and exactly one other role, with the decision written down', (permission) => {
    expect(holdersOf(permission)).toHaveLength(2);
    expect((PERMISSION_TABLE[permission] as { decision?: string }).decision).toEqual(expect.any(String));
  });

  it.each(['workflow:start', 'task:complete'] as Permission[])(
    '%s: admin and exactly two other roles',
    (permission) => {
      expect(holdersOf(permission)).toHaveLength(3);
    },
  );

  it('token:manage is held by every role, with the decision written down', () => {
    expect(holdersOf('token:manage').sort()).toEqual([...all].sort());
    expect((PERMISSION_TABLE['token:manage'] as { decision?: string }).decision).toEqual(expect.any(String));
  });

  it('gives admin every permission and unknown roles none', () => {
    expect([...permissionsOfRoles(['admin'])].sort()).toEqual([...PERMISSIONS].sort());
    expect(permissionsOfRoles(['superuser']).size).toBe(0);
  });
});
