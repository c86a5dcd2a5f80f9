import { describe, expect, it } from '@jest/globals';
import { outOfLineAssignments } from '../../src/services/access/role-resync.js';
import { useRoleSweepStack } from '../support/role-sweeps.js';
import { groupEntitlementBody, isDirectoryMember } from '../support/simulated-directory.js';

const { stack, call, sweep } = useRoleSweepStack();

/** An entitlement that adds the user to `group` in the simulated directory, and removes them again. */
async function groupEntitlement(name: string, group: string): Promise<string> {
  const created = await call('POST', '/api/entitlements', groupEntitlementBody(name, { add: group }));
  expect(created.status).toBe(201);
  return created.body.id as string;
}

/** One resync sweep, whose history replays: what it did. */
const resync = async () => (await sweep<{ resynced: number; failed: number }>('resyncRoleHoldersWorkflow')).result;

const member = (user: string, group: string) => isDirectoryMember(stack, user, group);

describe('holders of a business role follow changes of its entitlements', () => {
  it('provisions what the role gained, deprovisions what it lost unless another role grants it, and retries failures', async () => {
    const { db } = stack.database;
    const ids = {
      vpn: await groupEntitlement('VPN', 'vpn-users'),
      oncall: await groupEntitlement('On-call', 'oncall'),
      github: await groupEntitlement('GitHub', 'github-admins'),
      broken: await groupEntitlement('Broken', 'no-such-group'),
    };
    const engineer = (await call('POST', '/api/roles', { name: 'Engineer', entitlements: ['VPN', 'On-call'] })).body;
    const responder = (await call('POST', '/api/roles', { name: 'Responder', entitlements: ['On-call'] })).body;
    // People of the simulated directory: their usernames are their display names here.
    const alice = await db.user.create({ data: { email: 'alice@example.test', displayName: 'awalsh' } });
    const jane = await db.user.create({ data: { email: 'jane@example.test', displayName: 'jsmith' } });
    for (const username of ['awalsh', 'jsmith']) {
      for (const group of ['vpn-users', 'oncall', 'github-admins']) expect(await member(username, group)).toBe(false);
    }
    for (const [role, user] of [
      [engineer, alice],
      [engineer, jane],
      [responder, jane],
    ] as const) {
      expect((await call('POST', `/api/roles/${role.id}/assignments`, { userId: user.id })).body.status).toBe(
        'granted',
      );
    }
    const assignmentOf = (user: { id: string }) =>
      db.roleAssignment.findUniqueOrThrow({ where: { userId_roleId: { userId: user.id, roleId: engineer.id } } });
    expect((await assignmentOf(alice)).provisionedEntitlementIds).toEqual([ids.vpn, ids.oncall].sort());

    // Engineer loses On-call and gains GitHub; nothing changes for holders until the resync.
    const edited = await call('PUT', `/api/roles/${engineer.id}`, {
      name: 'Engineer',
      entitlements: ['VPN', 'GitHub'],
    });
    expect(edited.status).toBe(200);
    expect(await member('awalsh', 'github-admins')).toBe(false);

    expect(await resync()).toEqual({ resynced: 2, failed: 0 });
    expect(await member('awalsh', 'github-admins')).toBe(true);
    expect(await member('awalsh', 'oncall')).toBe(false);
    expect(await member('awalsh', 'vpn-users')).toBe(true);
    expect(await member('jsmith', 'github-admins')).toBe(true);
    expect(await member('jsmith', 'oncall')).toBe(true); // still granted by Responder
    for (const user of [alice, jane]) {
      expect((await assignmentOf(user)).provisionedEntitlementIds).toEqual([ids.vpn, ids.github].sort());
    }
    const janesResync = await db.auditLog.findFirstOrThrow({
      where: { action: 'role.resynced', targetId: (await assignmentOf(jane)).id },
    });
    expect(janesResync.actorType).toBe('system');
    expect(janesResync.metadata).toEqual(
      expect.objectContaining({
        role: 'Engineer',
        results: [
          { entitlement: 'GitHub', connector: 'test-activedirectory', action: 'provision', success: true },
          {
            entitlement: 'On-call',
            connector: 'test-activedirectory',
            action: 'keep',
            success: true,
            heldThrough: ['Responder'],
          },
        ],
      }),
    );
    // In line now: a sweep finds nothing to do.
    expect(await resync()).toEqual({ resynced: 0, failed: 0 });

    // A gained entitlement that cannot be provisioned stays out of line, and the next sweep tries again.
    await call('PUT', `/api/roles/${engineer.id}`, { name: 'Engineer', entitlements: ['VPN', 'GitHub', 'Broken'] });
    expect(await resync()).toEqual({ resynced: 0, failed: 2 });
    expect((await assignmentOf(alice)).provisionedEntitlementIds).toEqual([ids.vpn, ids.github].sort());
    expect(await resync()).toEqual({ resynced: 0, failed: 2 });
    expect(
      await db.auditLog.count({ where: { action: 'role.resync_failed', targetId: (await assignmentOf(alice)).id } }),
    ).toBe(2);

    // Engineer loses GitHub. Before the resync, revoking Alice's role takes what she was
    // provisioned: GitHub (from before the edit) and VPN, and not Broken, which she never got.
    // GitHub cannot be deleted while Jane still has it.
    await call('PUT', `/api/roles/${engineer.id}`, { name: 'Engineer', entitlements: ['VPN', 'Broken'] });
    const revoked = await call('DELETE', `/api/roles/${engineer.id}/assignments/${alice.id}`);
    expect(revoked.body.status).toBe('revoked');
    expect(revoked.body.results.map((outcome: { entitlement: string }) => outcome.entitlement)).toEqual([
      'GitHub',
      'VPN',
    ]);
    expect(await member('awalsh', 'github-admins')).toBe(false);
    expect(await member('awalsh', 'vpn-users')).toBe(false);
    expect((await assignmentOf(alice)).provisionedEntitlementIds).toEqual([]);
    const early = await call('DELETE', `/api/entitlements/${ids.github}`);
    expect(early.status).toBe(409);
    expect(early.body.message).toContain('still provisioned to 1 holder');

    // Jane loses GitHub; Broken still fails, so she stays out of line for it alone.
    expect(await resync()).toEqual({ resynced: 0, failed: 1 });
    expect(await member('jsmith', 'github-admins')).toBe(false);
    expect(await member('jsmith', 'vpn-users')).toBe(true);
    expect((await assignmentOf(jane)).provisionedEntitlementIds).toEqual([ids.vpn]);
    expect((await call('DELETE', `/api/entitlements/${ids.github}`)).status).toBe(200);
  });

  it('passes over a holder whose roles another change is changing, and brings them in line at the next sweep', async () => {
    const { db } = stack.database;
    await groupEntitlement('AWS', 'aws-admins');
    await groupEntitlement('Remote', 'remote-workers');
    const auditor = (await call('POST', '/api/roles', { name: 'Auditor', entitlements: ['AWS'] })).body;
    const jdoe = await db.user.create({ data: { email: 'jdoe@example.test', displayName: 'jdoe' } });
    expect((await call('POST', `/api/roles/${auditor.id}/assignments`, { userId: jdoe.id })).body.status).toBe(
      'granted',
    );
    await call('PUT', `/api/roles/${auditor.id}`, { name: 'Auditor', entitlements: ['AWS', 'Remote'] });
    // A grant or revoke of another of jdoe's roles under way elsewhere.
    await db.roleChangeClaim.create({
      data: { userId: jdoe.id, holder: 'request:elsewhere', expiresAt: new Date(Date.now() + 3_600_000) },
    });

    // (The earlier test's holder who cannot get Broken still fails.)
    expect(await resync()).toMatchObject({ resynced: 0 });
    expect(await member('jdoe', 'remote-workers')).toBe(false);
    expect(await db.roleChangeClaim.findUnique({ where: { userId: jdoe.id } })).toMatchObject({
      holder: 'request:elsewhere',
    });

    await db.roleChangeClaim.delete({ where: { userId: jdoe.id } });
    expect(await resync()).toMatchObject({ resynced: 1 });
    expect(await member('jdoe', 'remote-workers')).toBe(true);
  });

  it("passes over a deleted holder's assignment for what the role gained, and takes away what it lost", async () => {
    const { db } = stack.database;
    await groupEntitlement('Helpdesk', 'helpdesk-agents');
    await groupEntitlement('Finance', 'finance-approvers');
    const clerk = (await call('POST', '/api/roles', { name: 'Clerk', entitlements: ['Helpdesk'] })).body;
    const leaver = await db.user.create({ data: { email: 'leaver@example.test', displayName: 'jsmith' } });
    expect(await member('jsmith', 'helpdesk-agents')).toBe(false);
    const granted = await call('POST', `/api/roles/${clerk.id}/assignments`, { userId: leaver.id });
    expect(await member('jsmith', 'helpdesk-agents')).toBe(true);
    expect((await call('DELETE', `/api/users/${leaver.id}`)).status).toBe(200);
    const picked = async () => (await outOfLineAssignments(db, null)).map((row) => row.id);

    // Nothing new is given to a deleted user, so what the role gains leaves their assignment alone.
    await call('PUT', `/api/roles/${clerk.id}`, { name: 'Clerk', entitlements: ['Helpdesk', 'Finance'] });
    expect(await picked()).not.toContain(granted.body.assignmentId);

    // What it loses is taken away from them.
    await call('PUT', `/api/roles/${clerk.id}`, { name: 'Clerk', entitlements: ['Finance'] });
    await resync();
    expect(await member('jsmith', 'helpdesk-agents')).toBe(false);
    expect(await member('jsmith', 'finance-approvers')).toBe(false);
    const assignment = await db.roleAssignment.findUniqueOrThrow({ where: { id: granted.body.assignmentId } });
    expect([assignment.status, assignment.provisionedEntitlementIds]).toEqual(['active', []]);
    expect(await picked()).not.toContain(assignment.id);
  });
});
