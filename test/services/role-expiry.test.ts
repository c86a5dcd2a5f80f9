import { describe, expect, it } from '@jest/globals';
import { EXPIRY_BATCH_SIZE } from '../../src/services/access/role-expiry.js';
import { revokeRole } from '../../src/services/access/role-grants.js';
import { useRoleSweepStack } from '../support/role-sweeps.js';
import { groupEntitlementBody, isDirectoryMember } from '../support/simulated-directory.js';

const { stack, call, sweep } = useRoleSweepStack();

async function groupRole(name: string, groups: { add: string; remove: string }) {
  await call('POST', '/api/entitlements', groupEntitlementBody(`${name} access`, groups));
  const role = await call('POST', '/api/roles', { name, entitlements: [`${name} access`], expiresAfterDays: 30 });
  expect(role.status).toBe(201);
  return role.body as { id: string };
}

describe('business role assignments past their expiry are revoked by the expiry sweep', () => {
  it('revokes the expired ones in batches, keeps the rest, and leaves a failed revoke active for the next sweep', async () => {
    const { db } = stack.database;
    const jdoe = await db.user.create({
      data: { email: 'jdoe@example.test', displayName: 'jdoe', roles: ['requestor'] },
    });
    const helpdesk = await groupRole('Temporary helpdesk', { add: 'helpdesk-agents', remove: 'helpdesk-agents' });
    const finance = await groupRole('Temporary finance', { add: 'finance-approvers', remove: 'finance-approvers' });
    const stuck = await groupRole('Stuck', { add: 'contractors', remove: 'no-such-group' });
    const assignmentOf = async (role: { id: string }) => {
      const granted = await call('POST', `/api/roles/${role.id}/assignments`, { userId: jdoe.id });
      expect(granted.body.status).toBe('granted');
      return granted.body.assignmentId as string;
    };
    const expiring = await assignmentOf(helpdesk);
    const current = await assignmentOf(finance);
    const failing = await assignmentOf(stuck);
    // More expired assignments than one batch holds, of a role with no entitlements.
    const empty = (await call('POST', '/api/roles', { name: 'Badge', expiresAfterDays: 1 })).body as { id: string };
    const holders = await Promise.all(
      Array.from({ length: EXPIRY_BATCH_SIZE + 1 }, (_, index) =>
        db.user.create({ data: { email: `holder-${index}@example.test`, roles: ['requestor'] } }),
      ),
    );
    const past = new Date(Date.now() - 60_000);
    await db.roleAssignment.createMany({
      data: holders.map((holder) => ({ userId: holder.id, roleId: empty.id, status: 'active', expiresAt: past })),
    });
    await db.roleAssignment.updateMany({ where: { id: { in: [expiring, failing] } }, data: { expiresAt: past } });

    const first = await sweep<{ revoked: number; failed: number }>('expireRoleAssignmentsWorkflow');
    expect(first.result).toEqual({ revoked: EXPIRY_BATCH_SIZE + 2, failed: 1 });
    // Two batches (the helper checked that the history replays with the current workflow code).
    expect(first.history.events!.filter((event) => event.activityTaskScheduledEventAttributes)).toHaveLength(2);

    expect(await isDirectoryMember(stack, 'jdoe', 'helpdesk-agents')).toBe(false);
    expect(await isDirectoryMember(stack, 'jdoe', 'finance-approvers')).toBe(true);
    const statuses = await db.roleAssignment.findMany({
      where: { id: { in: [expiring, current, failing] } },
      select: { id: true, status: true, revokedBy: true, revokedAt: true },
    });
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [expiring]: 'revoked',
      [current]: 'active',
      [failing]: 'active',
    });
    expect(await db.roleAssignment.count({ where: { roleId: empty.id, status: 'revoked' } })).toBe(holders.length);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: 'role.revoked', targetId: expiring } });
    expect(audit.actorType).toBe('system');
    expect(audit.metadata).toEqual(expect.objectContaining({ reason: 'expired', role: 'Temporary helpdesk' }));
    const failure = await db.auditLog.findFirstOrThrow({ where: { action: 'role.revoke_failed', targetId: failing } });
    expect(failure.metadata).toEqual(expect.objectContaining({ reason: 'expired' }));

    // The next sweep finds only the one that failed, and tries it again.
    const again = (await sweep('expireRoleAssignmentsWorkflow')).result;
    expect(again).toEqual({ revoked: 0, failed: 1 });
    expect(await db.auditLog.count({ where: { action: 'role.revoke_failed', targetId: failing } })).toBe(2);
  });

  it('passes over a holder whose roles another change is changing, and keeps one granted anew meanwhile', async () => {
    const { db } = stack.database;
    const jsmith = await db.user.create({ data: { email: 'jsmith@example.test', displayName: 'jsmith' } });
    const oncall = await groupRole('Temporary on-call', { add: 'oncall', remove: 'oncall' });
    const granted = await call('POST', `/api/roles/${oncall.id}/assignments`, { userId: jsmith.id });
    const assignment = granted.body.assignmentId as string;
    await db.roleAssignment.update({ where: { id: assignment }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    // A change of jsmith's roles under way elsewhere: a grant of this role anew, say.
    await db.roleChangeClaim.create({
      data: { userId: jsmith.id, holder: 'request:elsewhere', expiresAt: new Date(Date.now() + 3_600_000) },
    });

    // (The earlier test's assignment that cannot be revoked still fails.)
    expect((await sweep('expireRoleAssignmentsWorkflow')).result).toMatchObject({ revoked: 0 });
    expect(await isDirectoryMember(stack, 'jsmith', 'oncall')).toBe(true);

    // That grant anew ends, with a new expiry. An expiry revoke that read the assignment before
    // (as the sweep's batch did) finds it not expired any more, and the next sweep finds nothing.
    await db.roleChangeClaim.delete({ where: { userId: jsmith.id } });
    const regranted = await call('POST', `/api/roles/${oncall.id}/assignments`, { userId: jsmith.id });
    expect(regranted.body.status).toBe('granted');
    const expiryRevoke = {
      userId: jsmith.id,
      role: oncall,
      actor: { type: 'system' as const },
      reason: 'expired' as const,
    };
    await expect(revokeRole(db, stack.api.connectors, expiryRevoke)).rejects.toMatchObject({ code: 'not_found' });
    expect((await sweep('expireRoleAssignmentsWorkflow')).result).toMatchObject({ revoked: 0 });
    expect(await db.roleAssignment.findUniqueOrThrow({ where: { id: assignment } })).toMatchObject({
      status: 'active',
    });
    expect(await isDirectoryMember(stack, 'jsmith', 'oncall')).toBe(true);
  });
});
