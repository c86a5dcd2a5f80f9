import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Worker } from '@temporalio/worker';
import { DIRECTORY_ROLES } from '../../src/connectors/simulated/directory-data.js';
import { syncWorkflowId } from '../../src/domain/sync-pass.js';
import { syncScheduleId } from '../../src/domain/sync.js';
import { recordHash } from '../../src/services/sync/record-hash.js';
import { operationRegistry } from '../../src/metrics/operation-metrics.js';
import type { TemporalClientHandle } from '../../src/temporal/client.js';
import { useRunStack } from '../support/run-stack.js';
import { stackValue } from '../support/stack.js';
import { connectorOnDirectory as onDirectory, upstreamUsers, type SyncDirectory } from '../support/sync-directory.js';
import { createUserWithToken } from '../support/users.js';
import { connectSuiteTemporal } from '../support/app.js';
import { pollUntil } from '../support/poll.js';

const stack = useRunStack();
let admin: string;
let temporal: TemporalClientHandle;

beforeAll(async () => {
  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
  temporal = await connectSuiteTemporal();
});

afterAll(() => temporal.close());

const call = (method: string, path: string, body?: unknown) => stack.api.request(method, path, { token: admin, body });

/** A connector on a fresh upstream directory of the test's own, with `users` user records. */
const connectorOnDirectory = (users = 5) => onDirectory(stack.api, admin, users);

const configPath = (connectorId: string, type = 'user') => `/api/connectors/${connectorId}/sync-config/${type}`;

async function trigger(connectorId: string, type = 'user') {
  const response = await call('POST', `${configPath(connectorId, type)}/trigger`);
  expect(response.status).toBe(200);
  return response.body;
}

const records = (connectorId: string, type = 'user') =>
  stack.database.db.connectorResource.findMany({
    where: { connectorId, resourceType: type },
    orderBy: { externalId: 'asc' },
  });

const stats = (overrides: Record<string, number>) => ({
  added: 0,
  updated: 0,
  staled: 0,
  unchanged: 0,
  removed: 0,
  durationMs: expect.any(Number),
  pagesProcessed: 0,
  totalUpstreamRecords: 0,
  ...overrides,
});

describe('a full pass upserts by hash, marks unseen records stale and purges them after the retention', () => {
  let directory: SyncDirectory;
  let connectorId: string;

  beforeAll(async () => {
    ({ directory, connectorId } = await connectorOnDirectory(5));
    await call('PUT', configPath(connectorId), { syncAllUsers: true });
  });

  it('inserts every record of every page on the first pass, with its hash', async () => {
    const result = await trigger(connectorId);
    expect(result).toEqual({
      message: 'Synced user records',
      status: 'success',
      stats: stats({ added: 5, pagesProcessed: 3, totalUpstreamRecords: 5 }),
      // No user has these emails: the post-sync matching leaves every record unmatched.
      postSync: expect.objectContaining({ evaluated: 5, unmatched: 5, error: null }),
    });
    const rows = await records(connectorId);
    expect(rows.map((row) => row.externalId)).toEqual(['u1', 'u2', 'u3', 'u4', 'u5']);
    const { modifiedAt: _modifiedAt, ...first } = directory.records.user[0]!;
    expect(rows[0]).toMatchObject({
      displayName: 'User 1',
      email: 'user1@example.test',
      attributes: { department: 'Engineering', memberOf: [] },
      syncHash: recordHash(first),
      staleSince: null,
    });
    expect(rows[0]!.syncHash).toMatch(/^[0-9a-f]{64}$/);
    const status = (await call('GET', `${configPath(connectorId)}/status`)).body;
    expect(status).toMatchObject({ lastSyncStatus: 'success', lastSyncError: null, lastSyncCursor: null });
    expect(status.lastSyncStats).toEqual(result.stats);

    // The worker counts the pass and its connector calls (docs/observability.md).
    const { name } = (await call('GET', `/api/connectors/${connectorId}`)).body;
    const valueOf = async (metric: string, labels: Record<string, string>) => {
      const { values } = await operationRegistry.getSingleMetric(metric)!.get();
      const matching = values.filter((value) =>
        Object.entries(labels).every(([key, want]) => value.labels[key] === want),
      );
      return matching.reduce((sum, value) => sum + value.value, 0);
    };
    expect(await valueOf('flowgate_sync_passes_total', { connector: name, type: 'user', outcome: 'success' })).toBe(1);
    expect(await valueOf('flowgate_sync_records_total', { connector: name, type: 'user', change: 'added' })).toBe(5);
    expect(
      await valueOf('flowgate_connector_calls_total', { connector: name, command: 'listUsers', result: 'success' }),
    ).toBe(3);
  });

  it('only refreshes synced_at of unchanged records on a second pass', async () => {
    const before = await records(connectorId);
    const result = await trigger(connectorId);
    expect(result.stats).toEqual(stats({ unchanged: 5, pagesProcessed: 3, totalUpstreamRecords: 5 }));
    const after = await records(connectorId);
    for (const [index, row] of after.entries()) {
      const previous = before[index]!;
      expect(row).toEqual({ ...previous, syncedAt: expect.any(Date) });
      expect(row.syncedAt.getTime()).toBeGreaterThan(previous.syncedAt.getTime());
    }
  });

  it('replaces a changed record and inserts a new one', async () => {
    const before = await records(connectorId);
    directory.records.user[1]!.displayName = 'User Two';
    directory.records.user.push(...upstreamUsers(6).slice(5));
    const result = await trigger(connectorId);
    expect(result.stats).toEqual(
      stats({ added: 1, updated: 1, unchanged: 4, pagesProcessed: 3, totalUpstreamRecords: 6 }),
    );
    const after = await records(connectorId);
    expect(after[1]).toMatchObject({ externalId: 'u2', displayName: 'User Two', createdAt: before[1]!.createdAt });
    expect(after[1]!.syncHash).not.toBe(before[1]!.syncHash);
    expect(after.map((row) => row.externalId)).toEqual(['u1', 'u2', 'u3', 'u4', 'u5', 'u6']);
  });

  it('marks a record the pass did not see stale, shows it under stale=true, and refreshes it when seen again', async () => {
    const removed = directory.records.user.splice(2, 1);
    const result = await trigger(connectorId);
    expect(result.stats).toMatchObject({ staled: 1, unchanged: 5, removed: 0 });
    const stale = await call('GET', `/api/connectors/${connectorId}/resources?stale=true`);
    expect(stale.body.data.map((row: { externalId: string }) => row.externalId)).toEqual(['u3']);
    expect(stale.body.data[0]).toMatchObject({ stale: true, staleSince: expect.any(String) });
    const current = await call('GET', `/api/connectors/${connectorId}/resources?stale=false`);
    expect(current.body.total).toBe(5);

    directory.records.user.splice(2, 0, ...removed);
    expect((await trigger(connectorId)).stats).toMatchObject({ staled: 0, unchanged: 6 });
    expect((await records(connectorId)).every((row) => row.staleSince === null)).toBe(true);
  });

  it('purges records stale for longer than staleRetention', async () => {
    directory.records.user = directory.records.user.filter((record) => !['u3', 'u4'].includes(record.externalId));
    expect((await trigger(connectorId)).stats).toMatchObject({ staled: 2, removed: 0 });
    // u3 has been stale for eight days, u4 for six: only u3 is past the default retention of 7d.
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const { db } = stack.database;
    await db.connectorResource.updateMany({
      where: { connectorId, externalId: 'u3' },
      data: { staleSince: daysAgo(8) },
    });
    await db.connectorResource.updateMany({
      where: { connectorId, externalId: 'u4' },
      data: { staleSince: daysAgo(6) },
    });

    expect((await trigger(connectorId)).stats).toMatchObject({ staled: 0, removed: 1 });
    expect((await records(connectorId)).map((row) => row.externalId)).toEqual(['u1', 'u2', 'u4', 'u5', 'u6']);

    await call('PUT', configPath(connectorId), { staleRetention: '5d' });
    expect((await trigger(connectorId)).stats).toMatchObject({ removed: 1 });
    expect((await records(connectorId)).map((row) => row.externalId)).toEqual(['u1', 'u2', 'u5', 'u6']);
  });

  it('records who triggered each pass in the audit log', async () => {
    const config = await stack.database.db.syncConfig.findFirstOrThrow({ where: { connectorId } });
    expect(await stack.database.db.auditLog.count({ where: { action: 'sync.triggered', targetId: config.id } })).toBe(
      8,
    );
  });
});

describe('an incremental pass asks for records modified since the last successful pass and marks nothing stale', () => {
  it('passes modifiedSince and stores only what changed', async () => {
    const { directory, connectorId } = await connectorOnDirectory(4);
    await call('PUT', configPath(connectorId), { strategy: 'incremental', syncAllUsers: true });
    const first = await trigger(connectorId);
    expect(first.stats).toMatchObject({ added: 4 });
    expect(directory.requests[0]!.parameters).not.toHaveProperty('modifiedSince');
    const { lastSuccessfulSyncAt } = (await call('GET', `${configPath(connectorId)}/status`)).body;

    directory.records.user.splice(0, 1);
    directory.records.user[0]!.displayName = 'Renamed';
    directory.records.user[0]!.modifiedAt = new Date(Date.now() + 60_000).toISOString();
    directory.requests = [];
    const second = await trigger(connectorId);
    expect(directory.requests.map((request) => request.parameters.modifiedSince)).toEqual([lastSuccessfulSyncAt]);
    expect(second.stats).toEqual(stats({ updated: 1, pagesProcessed: 1, totalUpstreamRecords: 1 }));
    const rows = await records(connectorId);
    expect(rows.find((row) => row.externalId === 'u2')?.displayName).toBe('Renamed');
    expect(rows.every((row) => row.staleSince === null)).toBe(true);
  });
});

describe('filter rules apply to each fetched page, combined with AND', () => {
  const group = (externalId: string, displayName: string) => ({
    externalId,
    displayName,
    email: null,
    attributes: { distinguishedName: `CN=${displayName},OU=Groups,DC=example,DC=test` },
    modifiedAt: '2024-01-01T00:00:00.000Z',
  });
  const ids = async (connectorId: string, type: string) =>
    (await records(connectorId, type)).map((row) => row.externalId);

  it('keeps groups whose display name matches the glob (any case) and whose id is whitelisted', async () => {
    const { directory, connectorId } = await connectorOnDirectory(0);
    directory.records.group = [
      group('g1', 'Engineering'),
      group('g2', 'engineering-leads'),
      group('g3', 'Sales'),
      group('g4', 'Engineers'),
    ];
    await call('PUT', configPath(connectorId, 'group'), { filterRules: { groupNamePattern: 'ENG?NEERING*' } });
    const result = await trigger(connectorId, 'group');
    expect(result.stats).toMatchObject({ added: 2, pagesProcessed: 2, totalUpstreamRecords: 4 });
    expect(await ids(connectorId, 'group')).toEqual(['g1', 'g2']);

    await call('PUT', configPath(connectorId, 'group'), {
      filterRules: { groupNamePattern: 'eng*', groupIds: ['g1', 'g3'] },
    });
    expect((await trigger(connectorId, 'group')).stats).toMatchObject({ unchanged: 1, staled: 1 });
    expect((await records(connectorId, 'group')).filter((row) => !row.staleSince).map((row) => row.externalId)).toEqual(
      ['g1'],
    );
  });

  it('keeps users of the listed email domains, in any case', async () => {
    const { directory, connectorId } = await connectorOnDirectory(0);
    directory.records.user = [...upstreamUsers(2, 'Example.TEST'), ...upstreamUsers(3, 'other.test').slice(2)];
    await call('PUT', configPath(connectorId), { filterRules: { emailDomains: ['example.test'] } });
    await trigger(connectorId);
    expect(await ids(connectorId, 'user')).toEqual(['u1', 'u2']);
  });

  it('keeps users that are members of a group already synced, by its external id or distinguished name', async () => {
    const { directory, connectorId } = await connectorOnDirectory(4);
    directory.records.group = [group('g1', 'Engineering'), group('g3', 'Sales')];
    await call('PUT', configPath(connectorId, 'group'), { filterRules: { groupIds: ['g1'] } });
    await trigger(connectorId, 'group');
    const [u1, u2, u3] = directory.records.user;
    u1!.attributes.memberOf = ['g1'];
    u2!.attributes.memberOf = ['cn=engineering,ou=groups,dc=example,dc=test'];
    u3!.attributes.memberOf = ['g3'];
    await call('PUT', configPath(connectorId), { filterRules: { memberOfSyncedGroups: true } });
    await trigger(connectorId);
    expect(await ids(connectorId, 'user')).toEqual(['u1', 'u2']);
  });

  it('stops after maxRecords records across pages', async () => {
    const { directory, connectorId } = await connectorOnDirectory(5);
    await call('PUT', configPath(connectorId), { filterRules: { maxRecords: 3 }, syncAllUsers: true });
    const result = await trigger(connectorId);
    expect(result.stats).toMatchObject({ added: 3, pagesProcessed: 2, totalUpstreamRecords: 4 });
    expect(directory.requests).toHaveLength(2);
    expect(await ids(connectorId, 'user')).toEqual(['u1', 'u2', 'u3']);
  });
});

describe('a connector failure mid-pass', () => {
  it('keeps the pages committed before it, reports status error, and the next pass resumes after them', async () => {
    const { directory, connectorId } = await connectorOnDirectory(5);
    await call('PUT', configPath(connectorId), { syncAllUsers: true });
    directory.failOnRequest = 2;
    const failed = await trigger(connectorId);
    expect(failed).toEqual({
      message: 'Sync failed: Upstream directory unavailable',
      status: 'error',
      stats: stats({ added: 2, pagesProcessed: 1, totalUpstreamRecords: 2 }),
      postSync: null,
    });
    expect((await records(connectorId)).map((row) => row.externalId)).toEqual(['u1', 'u2']);
    const status = (await call('GET', `${configPath(connectorId)}/status`)).body;
    expect(status).toMatchObject({
      lastSyncStatus: 'error',
      lastSyncError: 'Upstream directory unavailable',
      lastSyncCursor: '2',
    });

    const resumed = await trigger(connectorId);
    expect(directory.requests.slice(2).map((request) => request.parameters.cursor)).toEqual(['2', '4']);
    expect(resumed.stats).toEqual(stats({ added: 5, pagesProcessed: 3, totalUpstreamRecords: 5 }));
    const rows = await records(connectorId);
    expect(rows.map((row) => row.externalId)).toEqual(['u1', 'u2', 'u3', 'u4', 'u5']);
    expect(rows.every((row) => row.staleSince === null)).toBe(true);
    expect((await call('GET', `${configPath(connectorId)}/status`)).body).toMatchObject({
      lastSyncStatus: 'success',
      lastSyncError: null,
      lastSyncCursor: null,
    });
  });
});

describe('one pass at a time per connector and resource type', () => {
  it('refuses a second trigger with 409 while a pass runs', async () => {
    const { directory, connectorId } = await connectorOnDirectory(4);
    await call('PUT', configPath(connectorId), { syncAllUsers: true });
    // Slow pages keep the first pass running well past the second trigger on a busy machine.
    directory.delayMs = 3_000;
    const first = call('POST', `${configPath(connectorId)}/trigger`);
    // The first request starts the pass's workflow; the second must find it running.
    await pollUntil(
      async () => directory.requests.length,
      (count) => count > 0,
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    const second = await call('POST', `${configPath(connectorId)}/trigger`);
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/^A user sync of connector directory-\d+ is already running$/);
    expect((await first).status).toBe(200);
  });

  it('runs a pass when the Temporal Schedule of the config fires', async () => {
    const { connectorId } = await connectorOnDirectory(3);
    await call('PUT', configPath(connectorId), { enabled: true, cronSchedule: '0 3 * * *', syncAllUsers: true });
    await temporal.client.schedule.getHandle(syncScheduleId(connectorId, 'user')).trigger();
    const status = await pollUntil(
      async () => (await call('GET', `${configPath(connectorId)}/status`)).body,
      (read) => read.lastSyncStatus === 'success',
    );
    expect(status.lastSyncStats).toMatchObject({ added: 3 });
    expect(await records(connectorId)).toHaveLength(3);
    await call('DELETE', configPath(connectorId));
  });

  it('continues as new after pagesPerRun pages, and no record enters the workflow history', async () => {
    const { directory, connectorId } = await connectorOnDirectory(5);
    await call('PUT', configPath(connectorId), { syncAllUsers: true });
    directory.pageSize = 1;
    const handle = await temporal.client.workflow.start('syncResourcesWorkflow', {
      workflowId: syncWorkflowId(connectorId, 'user'),
      taskQueue: stack.taskQueue,
      args: [{ connectorId, resourceType: 'user', pagesPerRun: 2 }],
    });
    const result = await handle.result();
    expect(result.stats).toMatchObject({ added: 5, pagesProcessed: 5 });
    const first = temporal.client.workflow.getHandle(handle.workflowId, handle.firstExecutionRunId);
    expect((await first.describe()).status.name).toBe('CONTINUED_AS_NEW');
    const history = JSON.stringify(await first.fetchHistory());
    expect(history).not.toContain('user1@example.test');
    expect(history).not.toContain('User 1');
    await Worker.runReplayHistory(
      { workflowBundle: { codePath: stackValue('workflowBundle') } },
      await first.fetchHistory(),
    );
  });
});

describe('the simulated directory connectors sync users, groups and roles', () => {
  it('syncs the roles of test-ldap and the users of test-activedirectory', async () => {
    const { db } = stack.database;
    const ldap = (await db.connector.findUniqueOrThrow({ where: { name: 'test-ldap' } })).id;
    const ad = (await db.connector.findUniqueOrThrow({ where: { name: 'test-activedirectory' } })).id;
    await call('PUT', configPath(ldap, 'role'), {});
    expect((await trigger(ldap, 'role')).stats).toMatchObject({ added: DIRECTORY_ROLES.length, pagesProcessed: 1 });
    await call('PUT', configPath(ad, 'user'), { syncAllUsers: true });
    expect((await trigger(ad, 'user')).stats).toMatchObject({ added: 250, pagesProcessed: 1 });
    await call('PUT', configPath(ad, 'group'), {});
    expect((await trigger(ad, 'group')).stats).toMatchObject({ added: 24 });

    const roles = await call('GET', `/api/connectors/${ldap}/resources?resourceType=role&search=SOFTWARE`);
    expect(roles.body.data.map((row: { externalId: string }) => row.externalId)).toEqual(
      expect.arrayContaining(['role-software-engineer', 'role-senior-software-engineer']),
    );
    const page = await call('GET', `/api/connectors/${ad}/resources?resourceType=user&pageSize=20&page=2`);
    expect(page.body).toMatchObject({ total: 250, page: 2, pageSize: 20, totalPages: 13 });
    expect(page.body.data).toHaveLength(20);
    const byEmail = await call('GET', `/api/connectors/${ad}/resources?search=JOHN.DOE@example.test`);
    expect(byEmail.body.data.map((row: { displayName: string }) => row.displayName)).toEqual(['John Doe']);
    const jdoe = byEmail.body.data[0];
    const byExternalId = await call('GET', `/api/connectors/${ad}/resources?search=${jdoe.externalId.toUpperCase()}`);
    expect(byExternalId.body.data.map((row: { id: string }) => row.id)).toEqual([jdoe.id]);
    const groups = await call('GET', `/api/connectors/${ad}/resources?resourceType=group&stale=false`);
    expect(groups.body.total).toBe(24);
  });

  it('refuses a NUL character or an overlong search with 400', async () => {
    const { db } = stack.database;
    const ad = (await db.connector.findUniqueOrThrow({ where: { name: 'test-activedirectory' } })).id;
    expect((await call('GET', `/api/connectors/${ad}/resources?search=%00`)).status).toBe(400);
    expect((await call('GET', `/api/connectors/${ad}/resources?search=${'x'.repeat(256)}`)).status).toBe(400);
    expect((await call('GET', `/api/connectors/${ad}/resources?stale=maybe`)).status).toBe(400);
  });
});
