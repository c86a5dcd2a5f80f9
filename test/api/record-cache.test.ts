import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ConnectorResult } from '../../src/connectors/handler.js';
import { generateDirectory } from '../../src/connectors/simulated/directory-data.js';
import { cachedLookup, invalidateCache, type CacheLookup } from '../../src/services/sync/record-cache.js';
import { webhookSignature } from '../../src/services/sync/webhook-signature.js';
import { useTestApp } from '../support/app.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { connectorOnDirectory } from '../support/sync-directory.js';
import { createUserWithToken } from '../support/users.js';
import { workerProcesses } from '../support/worker-process.js';
import { createActive, definition, end, start, step } from '../support/workflows.js';

const taskQueue = `record-cache-${randomUUID()}`;
const context = useTestApp({ env: { TEMPORAL_TASK_QUEUE: taskQueue } });
const workers = workerProcesses({ databaseUrl: () => context.database.url, taskQueue });
let admin: string;

beforeAll(async () => {
  admin = (await createUserWithToken(context.database.db, ['admin'])).token;
});

afterAll(() => workers.killAll());

const call = (method: string, path: string, body?: unknown) =>
  context.api.request(method, path, { token: admin, body });

const TTL_MS = 300_000;
// The status route counts entries live at the real time, so the injected clock starts now.
const T0 = new Date();
const at = (offsetMs: number) => new Date(T0.getTime() + offsetMs);

/** A connector of the test's own and a fetcher that counts its calls. */
async function setup(answer: ConnectorResult = { success: true, data: { objectGUID: 'guid-1', name: 'Jane' } }) {
  const { connectorId } = await connectorOnDirectory(context.api, admin, 0);
  const calls = { count: 0 };
  const fetch = async () => {
    calls.count += 1;
    return answer;
  };
  const lookup = (parameters: Record<string, unknown>, resourceType = 'user'): CacheLookup => ({
    connectorId,
    resourceType,
    parameters,
    idField: 'objectGUID',
  });
  const find = (parameters: Record<string, unknown>, now = T0, resourceType = 'user') =>
    cachedLookup(context.database.db, lookup(parameters, resourceType), fetch, { ttlMs: TTL_MS, now });
  return { connectorId, calls, find };
}

const status = async (connectorId: string) => (await call('GET', `/api/connectors/${connectorId}/cache`)).body;
const entries = (connectorId: string) =>
  context.database.db.recordCacheEntry.findMany({ where: { connectorId }, orderBy: { cacheKey: 'asc' } });

describe('lookups are cache-aside: a hit returns, a miss calls the connector and stores the result', () => {
  it('calls the connector once for two equal lookups and counts one miss and one hit', async () => {
    const { connectorId, calls, find } = await setup();
    const first = await find({ username: 'jdoe' });
    const second = await find({ username: 'jdoe' });
    expect(first).toEqual({ result: { success: true, data: { objectGUID: 'guid-1', name: 'Jane' } }, hit: false });
    expect(second).toEqual({ result: first.result, hit: true });
    expect(calls.count).toBe(1);
    expect(await entries(connectorId)).toEqual([
      expect.objectContaining({ resourceType: 'user', cacheKey: '{"username":"jdoe"}', resourceId: 'guid-1' }),
    ]);
    expect(await status(connectorId)).toEqual({ entries: 1, hits: 1, misses: 1 });
  });

  it('keys entries by type and parameters: other parameters or another type miss', async () => {
    const { calls, find } = await setup();
    await find({ username: 'jdoe' });
    await find({ username: 'jdoe2' });
    await find({ username: 'jdoe' }, T0, 'group');
    expect(calls.count).toBe(3);
  });

  it('does not store a failed lookup (not found)', async () => {
    const { connectorId, calls, find } = await setup({ success: false, error: 'No account', code: 'not_found' });
    await find({ username: 'ghost' });
    await find({ username: 'ghost' });
    expect(calls.count).toBe(2);
    expect(await entries(connectorId)).toEqual([]);
  });

  it('does not store an empty result', async () => {
    const { connectorId, calls, find } = await setup({ success: true, data: {} });
    await find({ username: 'ghost' });
    await find({ username: 'ghost' });
    expect(calls.count).toBe(2);
    expect(await entries(connectorId)).toEqual([]);
  });

  it('expires an entry after the TTL: a lookup then calls the connector again', async () => {
    const { calls, find } = await setup();
    await find({ username: 'jdoe' });
    expect((await find({ username: 'jdoe' }, at(TTL_MS - 1))).hit).toBe(true);
    expect((await find({ username: 'jdoe' }, at(TTL_MS + 1))).hit).toBe(false);
    expect(calls.count).toBe(2);
    expect((await find({ username: 'jdoe' }, at(TTL_MS + 2))).hit).toBe(true);
  });
});

describe('a lookup that an invalidation overtook does not store what it fetched', () => {
  const lookupOf = (connectorId: string): CacheLookup => ({
    connectorId,
    resourceType: 'user',
    parameters: { username: 'jdoe' },
    idField: 'objectGUID',
  });
  const stale = { success: true, data: { objectGUID: 'guid-1', enabled: true } };

  it('answers the fetched record but keeps no entry when a write invalidated while it was fetching', async () => {
    const { connectorId } = await setup();
    const found = await cachedLookup(
      context.database.db,
      lookupOf(connectorId),
      async () => {
        // The record changes (say, disableAccount) and the change invalidates, mid-fetch.
        await invalidateCache(context.database.db, connectorId, { resourceType: 'user' });
        return stale;
      },
      { ttlMs: TTL_MS, now: T0 },
    );
    expect(found).toEqual({ result: stale, hit: false });
    expect(await entries(connectorId)).toEqual([]);
  });

  it('waits for an invalidation whose transaction is still open, and then keeps no entry', async () => {
    const { connectorId } = await setup();
    let fetching!: () => void;
    const fetchStarted = new Promise<void>((resolve) => (fetching = resolve));
    let invalidated!: () => void;
    const invalidationDone = new Promise<void>((resolve) => (invalidated = resolve));
    const lookingUp = cachedLookup(
      context.database.db,
      lookupOf(connectorId),
      async () => {
        fetching();
        await invalidationDone;
        return stale;
      },
      { ttlMs: TTL_MS, now: T0 },
    );
    // The lookup has read the generation and is fetching; an invalidation begins and stays open.
    await fetchStarted;
    let release!: () => void;
    const committing = context.database.db.$transaction(async (tx) => {
      await invalidateCache(tx, connectorId, { resourceType: 'user' });
      invalidated();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await invalidationDone;
    // The lookup's store now waits on the invalidation's lock; once that commits, it finds a new generation.
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await Promise.all([committing, lookingUp]);
    expect(await entries(connectorId)).toEqual([]);
  });
});

describe('the resource webhook invalidates the entries of the record it reports', () => {
  it.each(['created', 'updated', 'deleted'])('%s removes the entry of that record only', async (action) => {
    const { connectorId, find } = await setup();
    await find({ username: 'jdoe' });
    await find({ groupName: 'Admins' }, T0, 'group');
    const secret = (await call('POST', `/api/connectors/${connectorId}/webhook-secret`)).body.secret;
    const raw = JSON.stringify({
      action,
      resourceId: 'guid-1',
      resourceType: 'user',
      ...(action === 'deleted' ? {} : { data: { displayName: 'Jane' } }),
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const response = await context.api.request('POST', `/api/webhooks/${connectorId}`, {
      rawBody: raw,
      headers: {
        'content-type': 'application/json',
        'x-flowgate-timestamp': timestamp,
        'x-flowgate-event-id': `evt-${action}`,
        'x-flowgate-signature': webhookSignature(secret, timestamp, `evt-${action}`, Buffer.from(raw)),
      },
    });
    expect(response.status).toBe(200);
    expect((await entries(connectorId)).map((entry) => entry.resourceType)).toEqual(['group']);
  });
});

describe('DELETE /api/connectors/:id/cache clears entries: all, of a type, or of one key', () => {
  it('removes what the query selects, answers the count and audits it', async () => {
    const { connectorId, find } = await setup();
    await find({ username: 'jdoe' });
    await find({ username: 'jdoe2' });
    await find({ groupName: 'Admins' }, T0, 'group');

    const byType = await call('DELETE', `/api/connectors/${connectorId}/cache?type=group`);
    expect(byType.body).toEqual({ message: 'Removed 1 cache entries', removed: 1 });
    const byKey = await call(
      'DELETE',
      `/api/connectors/${connectorId}/cache?key=${encodeURIComponent('{"username":"jdoe"}')}`,
    );
    expect(byKey.body.removed).toBe(1);
    expect((await entries(connectorId)).map((entry) => entry.cacheKey)).toEqual(['{"username":"jdoe2"}']);
    const byRecord = await call('DELETE', `/api/connectors/${connectorId}/cache?key=guid-1`);
    expect(byRecord.body.removed).toBe(1);
    expect(await entries(connectorId)).toEqual([]);

    const audits = await context.database.db.auditLog.findMany({
      where: { action: 'connector.cache_cleared', targetId: connectorId },
      orderBy: { createdAt: 'asc' },
    });
    expect(audits.map((entry) => entry.metadata)).toEqual([
      expect.objectContaining({ resourceType: 'group', removed: 1 }),
      expect.objectContaining({ key: '{"username":"jdoe"}', removed: 1 }),
      expect.objectContaining({ key: 'guid-1', removed: 1 }),
    ]);
  });

  it('clears everything without a query', async () => {
    const { connectorId, find } = await setup();
    await find({ username: 'jdoe' });
    await find({ groupName: 'Admins' }, T0, 'group');
    expect((await call('DELETE', `/api/connectors/${connectorId}/cache`)).body.removed).toBe(2);
  });

  it("is cleared when the connector's settings change, not when only its description does", async () => {
    const { connectorId, find } = await setup();
    await find({ username: 'jdoe' });
    expect((await call('PUT', `/api/connectors/${connectorId}`, { description: 'renamed' })).status).toBe(200);
    expect(await entries(connectorId)).toHaveLength(1);
    expect((await call('PUT', `/api/connectors/${connectorId}`, { config: { region: 'eu' } })).status).toBe(200);
    expect(await entries(connectorId)).toEqual([]);
  });

  it('answers 404 for an unknown connector, 400 for an unknown type, 403 without connector:manage', async () => {
    const { connectorId } = await setup();
    expect((await call('DELETE', `/api/connectors/${randomUUID()}/cache`)).status).toBe(404);
    expect((await call('GET', `/api/connectors/${randomUUID()}/cache`)).status).toBe(404);
    expect((await call('DELETE', `/api/connectors/${connectorId}/cache?type=device`)).status).toBe(400);
    const requestor = (await createUserWithToken(context.database.db, ['requestor'])).token;
    const refused = await context.api.request('DELETE', `/api/connectors/${connectorId}/cache`, { token: requestor });
    expect(refused.status).toBe(403);
  });
});

describe('connector steps of runs use the cache, shared by every worker process', () => {
  const username = generateDirectory().people[0]!.username;
  const findUserWorkflow = definition(`find user ${randomUUID()}`, [
    start('find'),
    step(
      'find',
      'connector',
      { connector: 'test-activedirectory', command: 'findUser', parameters: { username } },
      {
        success: 'end',
      },
    ),
    end(),
  ]);

  async function runToCompletion(workflowId: string) {
    const started = await call('POST', `/api/workflows/${workflowId}/start`, { variables: {} });
    expect(started.status).toBe(201);
    return waitForRun(context.api, admin, started.body.id, hasStatus('completed', 'failed'), 60_000);
  }

  it('a second worker process finds the entry the first one stored', async () => {
    const connector = await context.database.db.connector.findUniqueOrThrow({
      where: { name: 'test-activedirectory' },
    });
    const workflow = await createActive(context.api, admin, findUserWorkflow);

    const first = await workers.start();
    expect((await runToCompletion(workflow.id)).status).toBe('completed');
    expect(await status(connector.id)).toEqual({ entries: 1, hits: 0, misses: 1 });
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));

    await workers.start();
    expect((await runToCompletion(workflow.id)).status).toBe('completed');
    expect(await status(connector.id)).toEqual({ entries: 1, hits: 1, misses: 1 });

    // Disabled, the connector answers nothing, not even what its cache holds.
    expect((await call('PUT', `/api/connectors/${connector.id}`, { enabled: false })).status).toBe(200);
    try {
      const refused = await runToCompletion(workflow.id);
      expect(refused.status).toBe('failed');
      expect(refused.error).toEqual(expect.objectContaining({ code: 'connector_disabled' }));
      expect((await status(connector.id)).hits).toBe(1);
    } finally {
      await call('PUT', `/api/connectors/${connector.id}`, { enabled: true });
    }
  }, 180_000);
});

describe('a connector step that changes records drops the cached lookups of their type', () => {
  it('a lookup after `disableAccount` in the same run sees the account disabled', async () => {
    const connector = await context.database.db.connector.findUniqueOrThrow({
      where: { name: 'test-activedirectory' },
    });
    const person = generateDirectory().people.find((candidate) => candidate.enabled)!;
    const connectorStep = (id: string, command: string, next: string) =>
      step(
        id,
        'connector',
        { connector: 'test-activedirectory', command, parameters: { username: person.username } },
        { success: next },
      );
    const workflow = await createActive(
      context.api,
      admin,
      definition(`disable user ${randomUUID()}`, [
        start('before'),
        connectorStep('before', 'findUser', 'disable'),
        connectorStep('disable', 'disableAccount', 'after'),
        connectorStep('after', 'findUser', 'end'),
        end(),
      ]),
    );
    await workers.start();
    const started = await call('POST', `/api/workflows/${workflow.id}/start`, { variables: {} });
    expect(started.status).toBe(201);
    const run = await waitForRun(context.api, admin, started.body.id, hasStatus('completed', 'failed'), 30_000);
    expect(run.status).toBe('completed');

    const timeline = (await call('GET', `/api/runs/${run.id}/steps`)).body;
    const enabledAt = (stepId: string) =>
      timeline.steps.find((item: { stepId: string }) => item.stepId === stepId).output.response.data.enabled;
    expect([enabledAt('before'), enabledAt('after')]).toEqual([true, false]);
    // The first lookup missed and was stored, the change dropped it, the second missed again.
    const [entry, ...others] = await entries(connector.id);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ resourceType: 'user', cacheKey: JSON.stringify({ username: person.username }) });
  });
});
