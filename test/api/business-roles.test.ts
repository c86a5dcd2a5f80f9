import { beforeAll, describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { requestAcrossUncommittedWrite } from '../support/lock-race.js';
import { groupEntitlementBody, isDirectoryMember } from '../support/simulated-directory.js';
import { createUserWithToken } from '../support/users.js';

const context = useTestApp();
let admin: string;
let userId: string;

beforeAll(async () => {
  admin = (await createUserWithToken(context.database.db, ['admin'])).token;
  userId = (
    await context.database.db.user.create({
      data: { email: 'john.doe@example.test', displayName: 'jdoe', roles: ['requestor'] },
    })
  ).id;
});

const call = (method: string, path: string, body?: unknown) =>
  context.api.request(method, path, { token: admin, body });

/** Whether jdoe is in `groupName` in the simulated directory. */
const isMember = (groupName: string) => isDirectoryMember(context, 'jdoe', groupName);

/** A role change's outcomes as [entitlement, action, success], in order. */
const outcomesOf = (response: {
  body: { results: Array<{ entitlement: string; action: string; success: boolean }> };
}) => response.body.results.map((result) => [result.entitlement, result.action, result.success]);

function groupEntitlement(name: string, groupName: string) {
  return call('POST', '/api/entitlements', groupEntitlementBody(name, { add: groupName }));
}

describe('entitlements and business roles', () => {
  it('refuses an entitlement on an unknown connector (400) and a duplicate name (409)', async () => {
    const unknown = await call('POST', '/api/entitlements', {
      name: 'ghost',
      connector: 'nope',
      provisionConfig: { command: 'x' },
      deprovisionConfig: { command: 'y' },
    });
    expect(unknown.status).toBe(400);
    expect((await groupEntitlement('dup-entitlement', 'oncall')).status).toBe(201);
    expect((await groupEntitlement('dup-entitlement', 'oncall')).status).toBe(409);
  });

  it('refuses an expiry beyond a hundred years with 400, not a database error', async () => {
    const response = await call('POST', '/api/roles', { name: 'Forever', expiresAfterDays: 99_999_999_999_999 });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('expiresAfterDays');
    expect(await context.database.db.businessRole.count({ where: { name: 'Forever' } })).toBe(0);
    expect((await call('POST', '/api/roles', { name: 'Century', expiresAfterDays: 36_500 })).status).toBe(201);
  });

  it('lists business roles for role_definition:read holders only', async () => {
    const approver = await createUserWithToken(context.database.db, ['approver']);
    const requestor = await createUserWithToken(context.database.db, ['requestor']);
    expect((await context.api.request('GET', '/api/roles', { token: approver.token })).status).toBe(200);
    expect((await context.api.request('GET', '/api/roles', { token: requestor.token })).status).toBe(403);
  });
});

describe('granting a role provisions each entitlement; revoking deprovisions it', () => {
  it('grants, skips or refuses a duplicate, and revokes', async () => {
    await groupEntitlement('vpn-access', 'vpn-users');
    await groupEntitlement('oncall-access', 'oncall');
    const role = (
      await call('POST', '/api/roles', {
        name: 'Engineer',
        entitlements: ['vpn-access', 'oncall-access'],
        expiresAfterDays: 90,
      })
    ).body;
    expect(role.entitlements).toEqual(['oncall-access', 'vpn-access']);

    const granted = await call('POST', `/api/roles/${role.id}/assignments`, { userId });
    expect(granted.status).toBe(200);
    expect(granted.body.status).toBe('granted');
    expect(granted.body.results).toEqual([
      { entitlement: 'oncall-access', connector: 'test-activedirectory', action: 'provision', success: true },
      { entitlement: 'vpn-access', connector: 'test-activedirectory', action: 'provision', success: true },
    ]);
    expect(await isMember('vpn-users')).toBe(true);
    expect(await isMember('oncall')).toBe(true);
    const assignment = await context.database.db.roleAssignment.findUniqueOrThrow({
      where: { id: granted.body.assignmentId },
    });
    expect(assignment.status).toBe('active');
    expect(assignment.expiresAt!.getTime() - assignment.grantedAt.getTime()).toBe(90 * 86_400_000);
    expect(
      await context.database.db.auditLog.count({ where: { action: 'role.granted', targetId: assignment.id } }),
    ).toBe(1);

    expect((await call('POST', `/api/roles/${role.id}/assignments`, { userId })).body.status).toBe('skipped');
    expect((await call('POST', `/api/roles/${role.id}/assignments`, { userId, onDuplicate: 'error' })).status).toBe(
      409,
    );

    const revoked = await call('DELETE', `/api/roles/${role.id}/assignments/${userId}`);
    expect(revoked.body.status).toBe('revoked');
    expect(await isMember('vpn-users')).toBe(false);
    expect(await isMember('oncall')).toBe(false);
    expect((await call('DELETE', `/api/roles/${role.id}/assignments/${userId}`)).status).toBe(404);
  });

  it('revokes the role of a user deleted since (offboarding), and grants none to a deleted user', async () => {
    await groupEntitlement('leaver-access', 'vpn-users');
    const role = (await call('POST', '/api/roles', { name: 'Leaver role', entitlements: ['leaver-access'] })).body;
    const leaver = await context.database.db.user.create({
      data: { email: 'leaver@example.test', displayName: 'jdoe', roles: ['requestor'] },
    });
    expect((await call('POST', `/api/roles/${role.id}/assignments`, { userId: leaver.id })).body.status).toBe(
      'granted',
    );
    expect(await isMember('vpn-users')).toBe(true);
    expect((await call('DELETE', `/api/users/${leaver.id}`)).status).toBe(200);

    const revoked = await call('DELETE', `/api/roles/${role.id}/assignments/${leaver.id}`);
    expect([revoked.status, revoked.body.status]).toEqual([200, 'revoked']);
    expect(await isMember('vpn-users')).toBe(false);
    expect((await call('POST', `/api/roles/${role.id}/assignments`, { userId: leaver.id })).status).toBe(404);
  });

  it('undoes what it provisioned when a later entitlement fails, and records the grant as failed', async () => {
    await groupEntitlement('a-remote', 'remote-workers');
    await groupEntitlement('b-broken', 'no-such-group');
    const role = (await call('POST', '/api/roles', { name: 'Broken role', entitlements: ['a-remote', 'b-broken'] }))
      .body;
    const outcome = await call('POST', `/api/roles/${role.id}/assignments`, { userId });
    expect(outcome.body.status).toBe('failed');
    expect(outcomesOf(outcome)).toEqual([
      ['a-remote', 'provision', true],
      ['b-broken', 'provision', false],
      ['a-remote', 'compensate', true],
    ]);
    expect(await isMember('remote-workers')).toBe(false);
    const assignment = await context.database.db.roleAssignment.findUniqueOrThrow({
      where: { id: outcome.body.assignmentId },
    });
    expect(assignment.status).toBe('failed');
    expect(
      await context.database.db.auditLog.count({ where: { action: 'role.grant_failed', targetId: assignment.id } }),
    ).toBe(1);
  });

  it('keeps what another active role still grants, when revoking and when undoing a failed grant', async () => {
    await groupEntitlement('k1-shared', 'github-admins');
    await groupEntitlement('k2-own', 'aws-admins');
    await groupEntitlement('k3-broken', 'no-such-group');
    const both = (await call('POST', '/api/roles', { name: 'Platform A', entitlements: ['k1-shared', 'k2-own'] })).body;
    const shared = (await call('POST', '/api/roles', { name: 'Platform B', entitlements: ['k1-shared'] })).body;
    const broken = (await call('POST', '/api/roles', { name: 'Platform C', entitlements: ['k1-shared', 'k3-broken'] }))
      .body;
    expect((await call('POST', `/api/roles/${both.id}/assignments`, { userId })).body.status).toBe('granted');
    expect((await call('POST', `/api/roles/${shared.id}/assignments`, { userId })).body.status).toBe('granted');

    const revoked = await call('DELETE', `/api/roles/${both.id}/assignments/${userId}`);
    expect([revoked.status, revoked.body.status]).toEqual([200, 'revoked']);
    expect(revoked.body.results).toEqual([
      {
        entitlement: 'k1-shared',
        connector: 'test-activedirectory',
        action: 'keep',
        success: true,
        heldThrough: ['Platform B'],
      },
      { entitlement: 'k2-own', connector: 'test-activedirectory', action: 'deprovision', success: true },
    ]);
    expect(await isMember('github-admins')).toBe(true);
    expect(await isMember('aws-admins')).toBe(false);

    const failed = await call('POST', `/api/roles/${broken.id}/assignments`, { userId });
    expect(failed.body.status).toBe('failed');
    expect(
      failed.body.results.map((result: { entitlement: string; action: string }) => [result.entitlement, result.action]),
    ).toEqual([
      ['k1-shared', 'provision'],
      ['k3-broken', 'provision'],
      ['k1-shared', 'keep'],
    ]);
    expect(await isMember('github-admins')).toBe(true);

    // The last active role that grants it goes: now it is taken away.
    const last = await call('DELETE', `/api/roles/${shared.id}/assignments/${userId}`);
    expect(last.body.results).toEqual([
      { entitlement: 'k1-shared', connector: 'test-activedirectory', action: 'deprovision', success: true },
    ]);
    expect(await isMember('github-admins')).toBe(false);
  });

  it('grants anew an assignment past its expiry that the sweep has not revoked yet', async () => {
    await groupEntitlement('lapsing-access', 'security-champions');
    const role = (
      await call('POST', '/api/roles', { name: 'Lapsing', entitlements: ['lapsing-access'], expiresAfterDays: 7 })
    ).body;
    const first = await call('POST', `/api/roles/${role.id}/assignments`, { userId });
    const lapsedAt = new Date(Date.now() - 60_000);
    await context.database.db.roleAssignment.update({
      where: { id: first.body.assignmentId },
      data: { expiresAt: lapsedAt },
    });

    const again = await call('POST', `/api/roles/${role.id}/assignments`, { userId, onDuplicate: 'error' });
    expect([again.status, again.body.status, again.body.assignmentId]).toEqual([
      200,
      'granted',
      first.body.assignmentId,
    ]);
    const assignment = await context.database.db.roleAssignment.findUniqueOrThrow({
      where: { id: first.body.assignmentId },
    });
    expect(assignment.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect((await call('POST', `/api/roles/${role.id}/assignments`, { userId })).body.status).toBe('skipped');
  });

  it('takes away, when granting anew an assignment past its expiry fails, what that assignment provisioned', async () => {
    await groupEntitlement('expired-finance', 'finance-approvers');
    await groupEntitlement('expired-broken', 'no-such-group');
    const role = (
      await call('POST', '/api/roles', {
        name: 'Expiring finance',
        entitlements: ['expired-finance'],
        expiresAfterDays: 7,
      })
    ).body;
    const first = await call('POST', `/api/roles/${role.id}/assignments`, { userId });
    expect(await isMember('finance-approvers')).toBe(true);
    await context.database.db.roleAssignment.update({
      where: { id: first.body.assignmentId },
      data: { expiresAt: new Date(Date.now() - 60_000) },
    });
    // The role no longer links what the expired assignment provisioned, and its new link fails.
    const edited = await call('PUT', `/api/roles/${role.id}`, {
      name: 'Expiring finance',
      expiresAfterDays: 7,
      entitlements: ['expired-broken'],
    });
    expect(edited.status).toBe(200);

    const again = await call('POST', `/api/roles/${role.id}/assignments`, { userId });
    expect(again.body.status).toBe('failed');
    expect(outcomesOf(again)).toEqual([
      ['expired-broken', 'provision', false],
      ['expired-finance', 'compensate', true],
    ]);
    expect(await isMember('finance-approvers')).toBe(false);
    const assignment = await context.database.db.roleAssignment.findUniqueOrThrow({
      where: { id: first.body.assignmentId },
    });
    expect([assignment.status, assignment.provisionedEntitlementIds]).toEqual(['failed', []]);
  });

  it('keeps a failed grant it could not undo pending, naming what is left, and a revoke takes that away', async () => {
    // Provisioning adds jdoe to helpdesk-agents; deprovisioning fails until the entitlement is mended.
    const sticky = await call('POST', '/api/entitlements', {
      ...groupEntitlementBody('h1-helpdesk', { add: 'helpdesk-agents', remove: 'no-such-group' }),
    });
    await groupEntitlement('h2-broken', 'no-such-group');
    const role = (await call('POST', '/api/roles', { name: 'Sticky', entitlements: ['h1-helpdesk', 'h2-broken'] }))
      .body;

    const failed = await call('POST', `/api/roles/${role.id}/assignments`, { userId });
    expect(failed.body.status).toBe('failed');
    expect(outcomesOf(failed)).toEqual([
      ['h1-helpdesk', 'provision', true],
      ['h2-broken', 'provision', false],
      ['h1-helpdesk', 'compensate', false],
    ]);
    expect(await isMember('helpdesk-agents')).toBe(true);
    const assignment = await context.database.db.roleAssignment.findUniqueOrThrow({
      where: { id: failed.body.assignmentId },
    });
    expect([assignment.status, assignment.provisionedEntitlementIds]).toEqual(['pending', [sticky.body.id]]);
    const audit = await context.database.db.auditLog.findFirstOrThrow({
      where: { action: 'role.grant_failed', targetId: assignment.id },
    });
    expect(audit.metadata).toMatchObject({ stillProvisioned: [sticky.body.id] });
    expect((await call('DELETE', `/api/entitlements/${sticky.body.id}`)).status).toBe(409);

    const mended = await call('PUT', `/api/entitlements/${sticky.body.id}`, {
      ...groupEntitlementBody('h1-helpdesk', { add: 'helpdesk-agents' }),
    });
    expect(mended.status).toBe(200);
    const revoked = await call('DELETE', `/api/roles/${role.id}/assignments/${userId}`);
    expect([revoked.status, revoked.body.status, revoked.body.results]).toEqual([
      200,
      'revoked',
      [{ entitlement: 'h1-helpdesk', connector: 'test-activedirectory', action: 'deprovision', success: true }],
    ]);
    expect(await isMember('helpdesk-agents')).toBe(false);
    const after = await context.database.db.roleAssignment.findUniqueOrThrow({ where: { id: assignment.id } });
    expect([after.status, after.provisionedEntitlementIds]).toEqual(['revoked', []]);
  });

  it('refuses to grant an inactive role, and to delete what is in use', async () => {
    await groupEntitlement('contractor-access', 'contractors');
    const role = (
      await call('POST', '/api/roles', { name: 'Dormant', status: 'inactive', entitlements: ['contractor-access'] })
    ).body;
    expect((await call('POST', `/api/roles/${role.id}/assignments`, { userId })).status).toBe(409);

    const entitlement = (await call('GET', '/api/entitlements?search=contractor-access')).body.data[0];
    expect((await call('DELETE', `/api/entitlements/${entitlement.id}`)).status).toBe(409);
    const crm = (await call('POST', '/api/connectors', { name: 'crm-for-roles', type: 'delay' })).body;
    await call('POST', '/api/entitlements', {
      name: 'crm-seat',
      connector: 'crm-for-roles',
      provisionConfig: { command: 'wait', parameters: { duration: '1ms' } },
      deprovisionConfig: { command: 'wait', parameters: { duration: '1ms' } },
    });
    const refused = await call('DELETE', `/api/connectors/${crm.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('used by entitlements: crm-seat');
  });

  it('keeps a role and the assignment granted while it was being deleted (409)', async () => {
    const role = (await call('POST', '/api/roles', { name: 'Granted meanwhile' })).body;
    expect((await call('POST', `/api/roles/${role.id}/assignments`, { userId })).body.status).toBe('granted');
    expect((await call('DELETE', `/api/roles/${role.id}/assignments/${userId}`)).body.status).toBe('revoked');
    const assignment = { userId_roleId: { userId, roleId: role.id } };
    // Granted anew (its row active again) and not yet committed: the delete counts no holder, then
    // waits on the row as it clears the role's assignment history, and meets the grant once it commits.
    const answer = await requestAcrossUncommittedWrite(
      context.database.db,
      (tx) => tx.roleAssignment.update({ where: assignment, data: { status: 'active', revokedAt: null } }),
      () => call('DELETE', `/api/roles/${role.id}`),
      '%DELETE FROM%role_assignments%',
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain('at the same time');
    expect(await context.database.db.roleAssignment.findUnique({ where: assignment })).toMatchObject({
      status: 'active',
    });
    expect((await call('GET', `/api/roles/${role.id}`)).body.activeAssignments).toBe(1);
  });
});
