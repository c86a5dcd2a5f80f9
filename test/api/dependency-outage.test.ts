import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createDatabase, type Database, type PoolOptions } from '../../src/db/client.js';
import { freePort } from '../../scripts/local/free-port.js';
import { startTemporalDevServer, type RunningTemporal } from '../../scripts/local/temporal-dev-server.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { stackValue } from '../support/stack.js';
import { startStallingForwarder, type StallingForwarder } from '../support/stalling-forwarder.js';
import { useAppWithUnreachableDatabase } from '../support/unreachable-database.js';
import { createUserWithToken } from '../support/users.js';
import { registerSimulatedConnectors } from '../../src/services/connectors/manage-connectors.js';
import { createActive, definition, end, start } from '../support/workflows.js';
import { pollUntil } from '../support/poll.js';

// A dependency that is down is answered with 503 and the error body, so callers know to retry,
// and a write that needs both PostgreSQL and Temporal leaves nothing half-written.

describe('PostgreSQL unreachable', () => {
  const context = useAppWithUnreachableDatabase();

  it('answers 503 service_unavailable naming the database, without internals', async () => {
    const token = `fgt_${'0'.repeat(12)}_${'A'.repeat(43)}`;
    const response = await context.api.request('GET', '/api/runs', { token });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      code: 'service_unavailable',
      message: 'The database is unavailable; retry later',
    });
  });
});

describe('PostgreSQL dropping connections (a server killed under the pool)', () => {
  let dropper: net.Server;
  let db: Database;
  let api: TestApp;
  beforeAll(async () => {
    dropper = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => dropper.listen(0, '127.0.0.1', resolve));
    db = createDatabase(`postgresql://flowgate:secret@127.0.0.1:${(dropper.address() as AddressInfo).port}/flowgate`);
    api = await startTestApp({ db });
  });
  afterAll(async () => {
    await api.close();
    await db.$disconnect();
    await new Promise((resolve) => dropper.close(resolve));
  });

  it('answers 503 service_unavailable, not 500', async () => {
    const token = `fgt_${'0'.repeat(12)}_${'A'.repeat(43)}`;
    const response = await api.request('GET', '/api/runs', { token });
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({
      code: 'service_unavailable',
      message: 'The database is unavailable; retry later',
    });
  });
});

describe('the connection pool exhausted', () => {
  let database: TestDatabase;
  let db: Database;
  let api: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDatabase(database.url, { size: 1, connectTimeoutMs: 500 });
    api = await startTestApp({ db });
  });
  afterAll(async () => {
    await api.close();
    await db.$disconnect();
    await database.drop();
  });

  it('a request that waits for a connection longer than the connect timeout answers 503, and the next one works', async () => {
    const { token } = await createUserWithToken(database.db, ['admin']);
    // A Prisma query runs once awaited or chained: `then` sends it now.
    const holding = db.$queryRaw`SELECT 1 AS held FROM pg_sleep(6)`.then(() => undefined);
    const sleeping = () =>
      database.db.$queryRaw<Array<{ count: bigint }>>`
        SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%pg_sleep(6)%' AND pid <> pg_backend_pid()`;
    await pollUntil(sleeping, (rows) => rows[0]!.count > 0n, { timeoutMs: 10_000, intervalMs: 50 });
    const started = Date.now();
    const refused = await api.request('GET', '/api/runs', { token });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 'service_unavailable' });
    // The 500 ms connect timeout, with room for a busy machine, well before the sleep ends.
    expect(Date.now() - started).toBeLessThan(5_000);
    await holding;
    expect((await api.request('GET', '/api/runs', { token })).status).toBe(200);
  });
});

/**
 * The app on a database of its own that it reaches through a forwarder that can stall, started
 * before the calling describe block's tests and closed after them.
 */
function useAppBehindStallingForwarder(pool: PoolOptions, env?: Record<string, string>) {
  const context = {} as { database: TestDatabase; forwarder: StallingForwarder; db: Database; api: TestApp };
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.forwarder = await startStallingForwarder(Number(new URL(context.database.url).port));
    const url = new URL(context.database.url);
    url.port = String(context.forwarder.port);
    context.db = createDatabase(url.toString(), pool);
    context.api = await startTestApp({ db: context.db, env });
  });
  afterAll(async () => {
    await context.api.close();
    // Closing the forwarder ends the stalled connections, which the pool then lets go of.
    await context.forwarder.close();
    await context.db.$disconnect();
    await context.database.drop();
  });
  return context;
}

describe('PostgreSQL not answering (a network black hole under the pool)', () => {
  const context = useAppBehindStallingForwarder({ size: 2, connectTimeoutMs: 2_000, queryTimeoutMs: 2_000 });

  it('a query whose answer never comes answers 503 within the query timeout, and its connection is not used again', async () => {
    const { api, forwarder } = context;
    const { token } = await createUserWithToken(context.database.db, ['admin']);
    expect((await api.request('GET', '/api/runs', { token })).status).toBe(200);

    forwarder.stall();
    for (let request = 0; request < 3; request += 1) {
      const started = Date.now();
      const refused = await api.request('GET', '/api/runs', { token });
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({
        code: 'service_unavailable',
        message: 'The database is unavailable; retry later',
      });
      expect(Date.now() - started).toBeLessThan(8_000);
    }

    // The connections that lost their answers are gone: the next requests get fresh ones.
    forwarder.resume();
    for (let request = 0; request < 3; request += 1)
      expect((await api.request('GET', '/api/runs', { token })).status).toBe(200);
  }, 60_000);
});

describe('a read slower than API_READ_TIMEOUT_MS', () => {
  // Every database wait is longer than the read deadline: only the deadline can answer before 6 s.
  const context = useAppBehindStallingForwarder(
    { size: 2, connectTimeoutMs: 6_000, queryTimeoutMs: 6_000 },
    { API_READ_TIMEOUT_MS: '2000' },
  );

  it('answers 503 service_unavailable at the deadline, and the next read works once the database answers', async () => {
    const { api, forwarder } = context;
    const { token } = await createUserWithToken(context.database.db, ['admin']);
    expect((await api.request('GET', '/api/runs', { token })).status).toBe(200);

    forwarder.stall();
    const started = Date.now();
    const refused = await api.request('GET', '/api/runs', { token });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      code: 'service_unavailable',
      message: 'The request took longer than 2000 ms; retry later',
    });
    expect(Date.now() - started).toBeLessThan(5_500);

    // The abandoned read holds one connection until its query times out; the pool has another.
    forwarder.resume();
    expect((await api.request('GET', '/api/runs', { token })).status).toBe(200);
  }, 60_000);

  it('leaves the sign-in GETs under /api/auth/, which write, to their own limits', async () => {
    const { api, forwarder } = context;
    const { token } = await createUserWithToken(context.database.db, ['admin']);
    expect((await api.request('GET', '/api/auth/me', { token })).status).toBe(200);

    forwarder.stall();
    const started = Date.now();
    const refused = await api.request('GET', '/api/auth/me', { token });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ message: 'The database is unavailable; retry later' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(5_900);
    forwarder.resume();
  }, 60_000);
});

describe('Temporal stopped', () => {
  let database: TestDatabase;
  let temporal: RunningTemporal;
  let api: TestApp;
  let setup: TestApp;
  let admin: string;
  let workflowId: string;
  let scheduleId: string;
  let syncConfigPath: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    temporal = await startTemporalDevServer({
      port: await freePort(),
      uiPort: await freePort(),
      namespace: 'default',
      log: () => undefined,
    });
    // What the outage is met with: the documented default deadline.
    api = await startTestApp({
      db: database.db,
      temporalAddress: temporal.address,
      env: { TEMPORAL_CALL_DEADLINE_MS: '3000' },
    });
    // What sets the scene while Temporal is up: the suite's longer deadline, for a busy machine.
    setup = await startTestApp({ db: database.db, temporalAddress: temporal.address });
    admin = (await createUserWithToken(database.db, ['admin'])).token;
    workflowId = (await createActive(setup, admin, definition('Outage', [start('end'), end()]))).id;
    const scheduled = definition('Outage nightly', [start('end'), end()], { trigger: { types: ['scheduled'] } });
    const schedule = await setup.request('POST', '/api/schedules', {
      token: admin,
      body: { workflowId: (await createActive(setup, admin, scheduled)).id, cronExpression: '0 3 * * *' },
    });
    expect(schedule.status).toBe(201);
    scheduleId = schedule.body.id;
    await registerSimulatedConnectors(database.db, setup.connectors);
    const ldap = await database.db.connector.findUniqueOrThrow({ where: { name: 'test-ldap' } });
    syncConfigPath = `/api/connectors/${ldap.id}/sync-config/group`;
    const synced = await setup.request('PUT', syncConfigPath, {
      token: admin,
      body: { enabled: true, cronSchedule: '@daily' },
    });
    expect(synced.status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await api.close();
    await setup.close();
    await temporal.stop();
    await database.drop();
  });

  it('a start answers 503 and leaves no run row; a decision answers 503 and records nothing', async () => {
    const started = await setup.request('POST', `/api/workflows/${workflowId}/start`, {
      token: admin,
      body: { variables: {} },
    });
    expect(started.status).toBe(201);
    const run = await database.db.workflowRun.findUniqueOrThrow({ where: { id: started.body.id } });
    const approval = await database.db.approval.create({
      data: {
        runId: run.id,
        sequence: 2,
        stepId: 'approve',
        stepName: 'Approve',
        approverUserIds: [],
        approverRoles: ['admin'],
        requiredApprovals: 1,
        mode: 'any',
        allowSelfApproval: true,
      },
    });
    // Refused requests with a token are audited as `api_token.request` by design; the writes are not.
    const auditedSince = async (since: Date) =>
      (
        await database.db.auditLog.findMany({
          where: { createdAt: { gte: since }, action: { in: ['run.started', 'run.start_failed', 'approval.decided'] } },
          orderBy: { createdAt: 'asc' },
        })
      ).map((entry) => ({ action: entry.action, targetId: entry.targetId }));
    const outageBegan = new Date();

    await temporal.stop();
    const startedAt = Date.now();
    const refusedStart = await api.request('POST', `/api/workflows/${workflowId}/start`, {
      token: admin,
      body: { variables: {} },
    });
    expect(refusedStart.status).toBe(503);
    expect(refusedStart.body).toMatchObject({
      code: 'service_unavailable',
      message: expect.stringContaining('Temporal'),
    });
    expect(await database.db.workflowRun.count()).toBe(1);
    // The documented deadline of a Temporal call (3 s) plus slack for a busy machine, well short
    // of the SDK's own retrying (about 20 s), which the request must not wait for.
    expect(Date.now() - startedAt).toBeLessThan(9_000);

    const decidedAt = Date.now();
    const refusedDecision = await api.request('POST', `/api/approvals/${approval.id}/decide`, {
      token: admin,
      body: { decision: 'approve' },
    });
    expect(refusedDecision.status).toBe(503);
    expect(refusedDecision.body).toMatchObject({ code: 'service_unavailable' });
    expect(Date.now() - decidedAt).toBeLessThan(9_000);
    expect(await database.db.approval.findUniqueOrThrow({ where: { id: approval.id } })).toMatchObject({
      status: 'pending',
      decidedAt: null,
    });
    expect(await database.db.approvalDecision.count()).toBe(0);
    // The run was committed before its start was tried, and withdrawn when the start failed; the
    // decision left no trace.
    const audited = await auditedSince(outageBegan);
    expect(audited.map((entry) => entry.action)).toEqual(['run.started', 'run.start_failed']);
    expect(audited[0]!.targetId).toBe(audited[1]!.targetId);
  }, 120_000);

  it('editing, resuming and cancelling a run answer 503 within the Temporal deadline and change nothing', async () => {
    await temporal.stop();
    const definitionId = workflowId;
    const row = (status: 'waiting' | 'failed') => {
      const id = randomUUID();
      return database.db.workflowRun.create({
        data: {
          id,
          definitionId,
          definitionName: 'Outage',
          definitionVersion: 1,
          definitionSnapshot: definition('Outage', [start('end'), end()], {
            variables: [{ name: 'note', type: 'string', required: false }],
          }) as never,
          status,
          variables: { note: 'before' },
          temporalWorkflowId: `run-${id}`,
        },
      });
    };
    const [waiting, failed] = [await row('waiting'), await row('failed')];
    const requests = [
      ['PUT', `/api/runs/${waiting.id}`, { variables: { note: 'after' } }],
      ['POST', `/api/runs/${waiting.id}/cancel`, {}],
      ['POST', `/api/runs/${failed.id}/retry`, {}],
      ['POST', `/api/runs/${failed.id}/cancel`, {}],
    ] as const;
    for (const [method, path, body] of requests) {
      const sentAt = Date.now();
      const refused = await api.request(method, path, { token: admin, body });
      expect([path, refused.status, refused.body?.code]).toEqual([path, 503, 'service_unavailable']);
      expect(Date.now() - sentAt).toBeLessThan(9_000);
    }
    expect(await database.db.workflowRun.findUniqueOrThrow({ where: { id: waiting.id } })).toMatchObject({
      status: 'waiting',
      variables: { note: 'before' },
    });
    const audited = await database.db.auditLog.count({
      where: { action: { in: ['run.variables_updated', 'run.cancel_requested', 'run.retried'] } },
    });
    expect(audited).toBe(0);
  }, 60_000);

  it('a write of a schedule or a sync config, or a sync trigger, answers 503 within the Temporal deadline and leaves the rows as they were', async () => {
    await temporal.stop();
    const rows = async () => ({
      schedules: await database.db.schedule.findMany(),
      syncConfigs: await database.db.syncConfig.findMany(),
    });
    const before = await rows();
    expect(before.syncConfigs).toHaveLength(1);
    const writes = [
      ['PATCH', `/api/schedules/${scheduleId}`, { enabled: false, cronExpression: '0 4 * * *' }],
      ['DELETE', `/api/schedules/${scheduleId}`, undefined],
      ['PUT', syncConfigPath, { cronSchedule: '@hourly' }],
      ['POST', `${syncConfigPath}/trigger`, {}],
      ['DELETE', syncConfigPath, undefined],
    ] as const;
    for (const [method, path, body] of writes) {
      const sentAt = Date.now();
      const refused = await api.request(method, path, { token: admin, body });
      expect([method, refused.status, refused.body?.code]).toEqual([method, 503, 'service_unavailable']);
      expect(refused.body.message).toContain('Temporal');
      // The 3 s deadline plus slack for a busy machine; past Prisma's 5 s transaction timeout
      // the transaction would have expired under the call (a 500).
      expect(Date.now() - sentAt).toBeLessThan(9_000);
    }
    expect(await rows()).toEqual(before);
  }, 60_000);
});

describe('Temporal slow', () => {
  let database: TestDatabase;
  let forwarder: StallingForwarder;
  let api: TestApp;
  let admin: string;
  let scheduleId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    forwarder = await startStallingForwarder(Number(stackValue('temporalAddress').split(':').pop()));
    api = await startTestApp({
      db: database.db,
      temporalAddress: `127.0.0.1:${forwarder.port}`,
      env: { TEMPORAL_CALL_DEADLINE_MS: '20000' },
    });
    admin = (await createUserWithToken(database.db, ['admin'])).token;
    const scheduled = definition('Slow nightly', [start('end'), end()], { trigger: { types: ['scheduled'] } });
    const schedule = await api.request('POST', '/api/schedules', {
      token: admin,
      body: { workflowId: (await createActive(api, admin, scheduled)).id, cronExpression: '0 3 * * *' },
    });
    scheduleId = schedule.body.id;
  }, 120_000);

  afterAll(async () => {
    // The Temporal Schedule lives on the suite's server: remove it with its row.
    forwarder.delay(0);
    await api.request('DELETE', `/api/schedules/${scheduleId}`, { token: admin });
    await api.close();
    await forwarder.close();
    await database.drop();
  });

  it("a schedule write whose Temporal calls outlast Prisma's 5 s transaction timeout, within the deadline, is saved", async () => {
    // 1.5 s each way: the describe and the update of the Temporal Schedule take 6 s or more.
    forwarder.delay(1_500);
    const sentAt = Date.now();
    const saved = await api.request('PATCH', `/api/schedules/${scheduleId}`, {
      token: admin,
      body: { cronExpression: '0 4 * * *' },
    });
    expect(Date.now() - sentAt).toBeGreaterThan(5_000);
    expect([saved.status, saved.body?.cronExpression]).toEqual([200, '0 4 * * *']);
    expect(await database.db.schedule.findUniqueOrThrow({ where: { id: scheduleId } })).toMatchObject({
      cronExpression: '0 4 * * *',
    });
  }, 60_000);
});
