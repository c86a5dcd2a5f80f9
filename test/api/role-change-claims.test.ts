import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { grantRole, revokeRole } from '../../src/services/access/role-grants.js';
import { resyncOutOfLineAssignments } from '../../src/services/access/role-resync.js';
import { runWorkflowId } from '../../src/temporal/messages.js';
import { connectSuiteTemporal } from '../support/app.js';
import { useRunStack } from '../support/run-stack.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { createActive, definition, end, start, step } from '../support/workflows.js';
import { pollUntil } from '../support/poll.js';
import { groupEntitlementBody } from '../support/simulated-directory.js';
import { createUserWithToken } from '../support/users.js';

/** An upstream that holds every request until the test lets it through. */
let upstream: http.Server;
let upstreamUrl: string;
const held: http.ServerResponse[] = [];
let received = 0;
/** Each request's method and path, in the order they came. */
const requests: string[] = [];

beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    received += 1;
    requests.push(`${request.method} ${request.url}`);
    request.resume();
    held.push(response);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

function releaseHeld() {
  for (const response of held.splice(0)) response.writeHead(204).end();
}

/** Waits until the upstream holds a request, lets it through, and answers which it was. */
async function releaseNext() {
  await pollUntil(
    async () => held.length,
    (count) => count > 0,
    { intervalMs: 20 },
  );
  const request = requests.at(-1)!;
  releaseHeld();
  return request;
}

const context = useRunStack({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' } });
let admin: string;

beforeAll(async () => {
  admin = (await createUserWithToken(context.database.db, ['admin'])).token;
});

const call = (method: string, path: string, body?: unknown) =>
  context.api.request(method, path, { token: admin, body });

async function newUser(email: string) {
  // The simulated directory knows jdoe: the group entitlements name users by display name.
  return (await context.database.db.user.create({ data: { email, displayName: 'jdoe', roles: ['requestor'] } })).id;
}

async function roleWith(name: string, entitlements: string[]) {
  const role = await call('POST', '/api/roles', { name, entitlements });
  expect(role.status).toBe(201);
  return role.body.id as string;
}

describe("one change of a user's business roles at a time", () => {
  let badgeRole: string;
  let vpnRole: string;

  beforeAll(async () => {
    const connector = await call('POST', '/api/connectors', {
      name: 'badge-office',
      type: 'http',
      config: { baseUrl: upstreamUrl },
    });
    expect(connector.status).toBe(201);
    const badge = await call('POST', '/api/entitlements', {
      name: 'building-badge',
      connector: 'badge-office',
      provisionConfig: { command: 'request', parameters: { method: 'PUT', url: '/badges/{{user.id}}' } },
      deprovisionConfig: { command: 'request', parameters: { method: 'DELETE', url: '/badges/{{user.id}}' } },
    });
    expect(badge.status).toBe(201);
    expect(
      (await call('POST', '/api/entitlements', groupEntitlementBody('claims-vpn', { add: 'vpn-users' }))).status,
    ).toBe(201);
    badgeRole = await roleWith('Badge holder', ['building-badge']);
    vpnRole = await roleWith('Claims VPN', ['claims-vpn']);
  });

  it('answers 409 to a second change of the same user while the first is at its connector', async () => {
    const userId = await newUser('claims.first@example.test');
    expect((await call('POST', `/api/roles/${vpnRole}/assignments`, { userId })).body.status).toBe('granted');
    const first = call('POST', `/api/roles/${badgeRole}/assignments`, { userId });
    expect(
      await pollUntil(
        async () => held.length,
        (count) => count === 1,
        { intervalMs: 20 },
      ),
    ).toBe(1);

    const again = await call('POST', `/api/roles/${badgeRole}/assignments`, { userId });
    expect(again.status).toBe(409);
    expect(again.body.details).toEqual({ reason: 'role_change_in_progress' });
    // Another role of the same user waits too: two roles may share an entitlement.
    expect((await call('DELETE', `/api/roles/${vpnRole}/assignments/${userId}`)).status).toBe(409);
    // Another user's roles do not wait.
    const other = await newUser('claims.other@example.test');
    expect((await call('POST', `/api/roles/${vpnRole}/assignments`, { userId: other })).body.status).toBe('granted');

    releaseHeld();
    const granted = await first;
    expect(granted.body.status).toBe('granted');
    expect(received).toBe(1);
    expect(await context.database.db.roleChangeClaim.count({ where: { userId } })).toBe(0);
    const audited = { action: 'role.granted', targetId: granted.body.assignmentId };
    expect(await context.database.db.auditLog.count({ where: audited })).toBe(1);
    expect((await call('POST', `/api/roles/${badgeRole}/assignments`, { userId })).body.status).toBe('skipped');
  });

  it('frees the claim of a holder that died once its lease has passed', async () => {
    const userId = await newUser('claims.dead@example.test');
    const claims = context.database.db.roleChangeClaim;
    await claims.create({ data: { userId, holder: 'request:dead', expiresAt: new Date(Date.now() + 3_600_000) } });
    expect((await call('POST', `/api/roles/${vpnRole}/assignments`, { userId })).status).toBe(409);

    await claims.update({ where: { userId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call('POST', `/api/roles/${vpnRole}/assignments`, { userId })).body.status).toBe('granted');
    expect(await claims.count({ where: { userId } })).toBe(0);
  });

  it('answers a run step retried after its grant or revoke committed with that outcome, not a 409 or 404', async () => {
    const userId = await newUser('claims.retry@example.test');
    const runtime = context.api.connectors;
    const request = {
      userId,
      role: { name: 'Claims VPN' },
      actor: { type: 'system' as const },
      sourceRunId: '7c0d3c57-7d0e-4a55-9a57-9a2f5d3c1e01',
      onDuplicate: 'error' as const,
    };
    const first = await grantRole(context.database.db, runtime, request);
    expect(first.status).toBe('granted');
    await expect(grantRole(context.database.db, runtime, request)).resolves.toEqual(first);
    // Another run asking the same is a duplicate.
    await expect(
      grantRole(context.database.db, runtime, { ...request, sourceRunId: '7c0d3c57-7d0e-4a55-9a57-9a2f5d3c1e02' }),
    ).rejects.toMatchObject({ code: 'conflict' });
    const revoking = { ...request, sourceRunId: '7c0d3c57-7d0e-4a55-9a57-9a2f5d3c1e03' };
    const revoked = await revokeRole(context.database.db, runtime, revoking);
    expect(revoked.status).toBe('revoked');
    await expect(revokeRole(context.database.db, runtime, revoking)).resolves.toEqual(revoked);
    await expect(revokeRole(context.database.db, runtime, request)).rejects.toMatchObject({ code: 'not_found' });
    for (const action of ['role.granted', 'role.revoked']) {
      const audited = { action, metadata: { path: ['userId'], equals: userId } };
      expect(await context.database.db.auditLog.count({ where: audited })).toBe(1);
    }
  });

  it("retries a run's role step while another change of its subject's roles is under way", async () => {
    const userId = await newUser('claims.run@example.test');
    const claims = context.database.db.roleChangeClaim;
    await claims.create({ data: { userId, holder: 'request:elsewhere', expiresAt: new Date(Date.now() + 3_600_000) } });
    const workflow = await createActive(
      context.api,
      admin,
      definition('Grant VPN', [
        start('grant'),
        step('grant', 'role_grant', { role: 'Claims VPN', subject: userId, onDuplicate: 'error' }, { success: 'end' }),
        end(),
      ]),
    );
    const run = (await call('POST', `/api/workflows/${workflow.id}/start`, { variables: {} })).body;

    const temporal = await connectSuiteTemporal();
    try {
      const execution = temporal.client.workflow.getHandle(runWorkflowId(run.id));
      const attempts = async () => (await execution.describe()).raw.pendingActivities?.[0]?.attempt ?? 0;
      expect(
        await pollUntil(attempts, (attempt) => attempt >= 2, { timeoutMs: 30_000, intervalMs: 100 }),
      ).toBeGreaterThanOrEqual(2);
    } finally {
      await temporal.close();
    }
    expect(await context.database.db.roleAssignment.count({ where: { userId } })).toBe(0);

    await claims.delete({ where: { userId } });
    const finished = await waitForRun(context.api, admin, run.id, hasStatus('completed', 'failed'));
    expect(finished.status).toBe('completed');
    const timeline = (await call('GET', `/api/runs/${run.id}/steps`)).body;
    expect(timeline.steps.find((ran: { stepId: string }) => ran.stepId === 'grant').output).toMatchObject({
      status: 'granted',
    });
    expect(await context.database.db.roleAssignment.findFirst({ where: { userId } })).toMatchObject({
      status: 'active',
      sourceRunId: run.id,
    });
  });

  describe('a grant records what it may provision before its connector calls', () => {
    let badgeId: string;
    beforeAll(async () => {
      badgeId = (await context.database.db.entitlement.findUniqueOrThrow({ where: { name: 'building-badge' } })).id;
    });

    /** What a grant of the badge role left when its process died at the connector. */
    async function interruptedGrant(email: string) {
      const userId = await newUser(email);
      const assignment = await context.database.db.roleAssignment.create({
        data: { userId, roleId: badgeRole, status: 'pending', provisionedEntitlementIds: [badgeId] },
      });
      return { userId, assignmentId: assignment.id };
    }

    it('keeps a role that is deleted while it is being granted (409), and the grant', async () => {
      const roleId = await roleWith('Badge, deleted meanwhile', ['building-badge']);
      const userId = await newUser('claims.deleted-role@example.test');
      const granting = call('POST', `/api/roles/${roleId}/assignments`, { userId });
      await pollUntil(
        async () => held.length,
        (count) => count === 1,
        { intervalMs: 20 },
      );
      expect(await context.database.db.roleAssignment.findFirst({ where: { userId } })).toMatchObject({
        status: 'pending',
        provisionedEntitlementIds: [badgeId],
      });
      expect((await call('DELETE', `/api/roles/${roleId}`)).status).toBe(409);
      releaseHeld();
      expect((await granting).body.status).toBe('granted');
      expect(await context.database.db.roleAssignment.findFirst({ where: { userId } })).toMatchObject({
        status: 'active',
        provisionedEntitlementIds: [badgeId],
      });
    });

    it('is undone by the resync sweep once nobody holds its user, and left alone while someone does', async () => {
      const { userId, assignmentId } = await interruptedGrant('claims.interrupted@example.test');
      const db = context.database.db;
      const runtime = context.api.connectors;
      await db.roleChangeClaim.create({
        data: { userId, holder: 'request:granting', expiresAt: new Date(Date.now() + 3_600_000) },
      });
      const before = received;
      await resyncOutOfLineAssignments(db, runtime, null);
      expect(received).toBe(before);
      expect((await db.roleAssignment.findUniqueOrThrow({ where: { id: assignmentId } })).status).toBe('pending');

      await db.roleChangeClaim.delete({ where: { userId } });
      const sweep = resyncOutOfLineAssignments(db, runtime, null);
      expect(await releaseNext()).toBe(`DELETE /badges/${userId}`);
      expect((await sweep).resynced).toBeGreaterThanOrEqual(1);
      expect(await db.roleAssignment.findUniqueOrThrow({ where: { id: assignmentId } })).toMatchObject({
        status: 'failed',
        provisionedEntitlementIds: [],
      });
      const audited = await db.auditLog.findFirstOrThrow({
        where: { action: 'role.grant_failed', targetId: assignmentId },
      });
      expect(audited.metadata).toMatchObject({
        reason: 'interrupted',
        results: [{ action: 'compensate', success: true }],
      });
    });

    it('is undone before the same role is granted again', async () => {
      const { userId } = await interruptedGrant('claims.granted-again@example.test');
      const granting = call('POST', `/api/roles/${badgeRole}/assignments`, { userId });
      expect(await releaseNext()).toBe(`DELETE /badges/${userId}`);
      expect(await releaseNext()).toBe(`PUT /badges/${userId}`);
      expect((await granting).body.status).toBe('granted');
      const actions = await context.database.db.auditLog.findMany({
        where: { metadata: { path: ['userId'], equals: userId } },
        orderBy: { createdAt: 'asc' },
        select: { action: true },
      });
      expect(actions.map((entry) => entry.action)).toEqual(['role.grant_failed', 'role.granted']);
    });
  });
});
