import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ScheduleNotFoundError } from '@temporalio/client';
import { syncScheduleId } from '../../src/domain/sync.js';
import { reconcileSyncSchedules } from '../../src/services/sync/sync-schedules.js';
import type { TemporalClientHandle } from '../../src/temporal/client.js';
import { useTestApp, connectSuiteTemporal } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';
import { approvalDefinition, createActive } from '../support/workflows.js';
import { pollUntil } from '../support/poll.js';

const context = useTestApp();
let admin: string;
let reader: string;
let outsider: string;
let temporal: TemporalClientHandle;
let ldapId: string;
let dbConnectorId: string;

beforeAll(async () => {
  const { db } = context.database;
  admin = (await createUserWithToken(db, ['admin'])).token;
  reader = (await createUserWithToken(db, ['admin'], ['connector:read'])).token;
  outsider = (await createUserWithToken(db, ['requestor'])).token;
  temporal = await connectSuiteTemporal();
  ldapId = (await db.connector.findUniqueOrThrow({ where: { name: 'test-ldap' } })).id;
  dbConnectorId = (await db.connector.findUniqueOrThrow({ where: { name: 'test-db' } })).id;
});

afterAll(() => temporal.close());

const call = (method: string, path: string, body?: unknown, token = admin) =>
  context.api.request(method, path, { token, body });
const configPath = (type: string, connectorId = ldapId) => `/api/connectors/${connectorId}/sync-config/${type}`;

async function scheduleExists(scheduleId: string): Promise<boolean> {
  try {
    await temporal.client.schedule.getHandle(scheduleId).describe();
    return true;
  } catch (error) {
    if (error instanceof ScheduleNotFoundError) return false;
    throw error;
  }
}

describe('PUT sync-config creates with the defaults of spec 2.8 and then changes only the fields sent', () => {
  it('creates a config with every default, answering 201', async () => {
    const created = await call('PUT', configPath('group'), {});
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      connectorId: ldapId,
      resourceType: 'group',
      enabled: false,
      strategy: 'full',
      cronSchedule: null,
      filterRules: null,
      syncAllUsers: false,
      staleRetention: '7d',
      attributeMappings: null,
      userMatchStrategy: 'email',
      userMatchFallbackStrategies: null,
      issuerSourcePath: null,
      postSyncWorkflowId: null,
      syncTriggerMode: 'none',
      createUsers: false,
      deactivateUsers: false,
      createUserDefaults: null,
      deactivationThreshold: { maxCount: 50, maxPercent: 10 },
      scheduleId: null,
      heldDeactivations: null,
      lastSyncAt: null,
      lastSyncStatus: 'idle',
      lastSyncError: null,
      lastSyncStats: null,
      lastSyncCursor: null,
    });
    expect((await call('GET', configPath('group'))).body).toEqual(created.body);
  });

  it('updates only the fields sent, answering 200, and drops duplicate fallback strategies', async () => {
    await call('PUT', configPath('user'), { strategy: 'incremental', staleRetention: '24h', syncAllUsers: true });
    const updated = await call('PUT', configPath('user'), {
      userMatchStrategy: 'external_id',
      userMatchFallbackStrategies: ['email', 'upstream_identity', 'email'],
      attributeMappings: [{ sourcePath: 'attributes.department', targetField: 'department' }],
      filterRules: { emailDomains: ['Example.test'], maxRecords: 10 },
      issuerSourcePath: 'attributes.issuer',
      createUserDefaults: { department: 'Unknown' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      strategy: 'incremental',
      staleRetention: '24h',
      userMatchStrategy: 'external_id',
      userMatchFallbackStrategies: ['email', 'upstream_identity'],
      attributeMappings: [
        {
          sourcePath: 'attributes.department',
          targetField: 'department',
          writeMode: 'overwrite_if_empty',
          enabled: true,
        },
      ],
      filterRules: { emailDomains: ['Example.test'], maxRecords: 10 },
      createUserDefaults: { department: 'Unknown' },
    });
    const cleared = await call('PUT', configPath('user'), { filterRules: null });
    expect(cleared.body).toMatchObject({ filterRules: null, strategy: 'incremental', staleRetention: '24h' });
  });

  it('lists every config of the connector and shows a status of its own', async () => {
    const list = await call('GET', `/api/connectors/${ldapId}/sync-config`);
    expect(list.status).toBe(200);
    expect(list.body.map((config: { resourceType: string }) => config.resourceType)).toEqual(['group', 'user']);
    const status = await call('GET', `${configPath('group')}/status`);
    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      connectorId: ldapId,
      resourceType: 'group',
      lastSyncAt: null,
      lastSyncStatus: 'idle',
      lastSyncError: null,
      lastSyncStats: null,
      lastSyncCursor: null,
      lastSuccessfulSyncAt: null,
      lastPostSync: null,
      heldDeactivations: null,
      privilegedLeavers: null,
    });
  });

  it('audits creation, update and deletion', async () => {
    await call('PUT', configPath('role'), {});
    await call('PUT', configPath('role'), { strategy: 'incremental' });
    expect((await call('DELETE', configPath('role'))).status).toBe(200);
    const actions = await context.database.db.auditLog.findMany({
      where: { action: { startsWith: 'sync_config.' }, metadata: { path: ['resourceType'], equals: 'role' } },
      orderBy: { createdAt: 'asc' },
    });
    expect(actions.map((entry) => entry.action)).toEqual([
      'sync_config.created',
      'sync_config.updated',
      'sync_config.deleted',
    ]);
    expect(actions[1]!.metadata).toMatchObject({ connectorId: ldapId, changed: ['strategy'] });
  });
});

describe('a user config syncs the whole directory only when asked to (spec sync rule 3)', () => {
  const adPath = async () => {
    const ad = await context.database.db.connector.findUniqueOrThrow({ where: { name: 'test-activedirectory' } });
    return configPath('user', ad.id);
  };

  it('refuses a user config without a selecting filter rule or syncAllUsers, saying how to ask', async () => {
    const path = await adPath();
    for (const body of [{}, { filterRules: null }, { filterRules: {} }, { filterRules: { maxRecords: 10 } }]) {
      const refused = await call('PUT', path, body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('syncAllUsers');
      expect(refused.body.message).toContain('groupNamePattern, groupIds, emailDomains, memberOfSyncedGroups');
    }
    expect(
      await context.database.db.syncConfig.count({
        where: { resourceType: 'user', connector: { name: 'test-activedirectory' } },
      }),
    ).toBe(0);
  });

  it('accepts selecting rules or syncAllUsers, and refuses to drop both later', async () => {
    const path = await adPath();
    const selected = await call('PUT', path, { filterRules: { emailDomains: ['example.test'] } });
    expect([selected.status, selected.body.syncAllUsers]).toEqual([201, false]);
    const dropped = await call('PUT', path, { filterRules: null });
    expect(dropped.status).toBe(400);
    expect((await call('GET', path)).body.filterRules).toEqual({ emailDomains: ['example.test'] });
    const all = await call('PUT', path, { filterRules: null, syncAllUsers: true });
    expect([all.status, all.body.syncAllUsers, all.body.filterRules]).toEqual([200, true, null]);
    expect((await call('PUT', path, { syncAllUsers: false })).status).toBe(400);
    expect((await call('DELETE', path)).status).toBe(200);
  });

  it('asks nothing of group and role configs', async () => {
    const ad = await context.database.db.connector.findUniqueOrThrow({ where: { name: 'test-activedirectory' } });
    expect((await call('PUT', configPath('group', ad.id), {})).status).toBe(201);
    expect((await call('DELETE', configPath('group', ad.id))).status).toBe(200);
  });
});

describe('PUT sync-config refuses bad input with 400, listing every problem', () => {
  it('refuses a stale retention over a hundred years', async () => {
    const refused = await call('PUT', configPath('user'), { staleRetention: '99999999d' });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([expect.objectContaining({ path: 'staleRetention' })]);
  });

  it('refuses create-user defaults that a profile field would refuse', async () => {
    const refused = await call('PUT', configPath('user'), {
      createUserDefaults: { title: 'x'.repeat(501), startDate: 'next spring', badge: 'x'.repeat(501) },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      expect.objectContaining({
        path: 'createUserDefaults.title',
        message: 'title takes text of up to 500 characters',
      }),
      expect.objectContaining({ path: 'createUserDefaults.startDate', message: 'startDate takes a date (YYYY-MM-DD)' }),
    ]);
  });

  it('names each invalid field of one body', async () => {
    const refused = await call('PUT', configPath('user'), {
      cronSchedule: 'every day',
      staleRetention: 'a week',
      strategy: 'sometimes',
      filterRules: { groupNamePattern: '', colour: 'blue' },
      attributeMappings: [
        { sourcePath: 'attributes.__proto__.polluted', targetField: 'title' },
        { sourcePath: 'attributes.constructor', targetField: 'title', writeMode: 'sometimes' },
        { sourcePath: 'department', targetField: 'prototype' },
      ],
      userMatchFallbackStrategies: ['email', 'telepathy'],
      issuerSourcePath: 'attributes..issuer',
      lastSyncStatus: 'success',
    });
    expect(refused.status).toBe(400);
    const paths = refused.body.details.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'cronSchedule',
        'staleRetention',
        'strategy',
        'filterRules.groupNamePattern',
        'filterRules',
        'attributeMappings.0.sourcePath',
        'attributeMappings.1.sourcePath',
        'attributeMappings.1.writeMode',
        'attributeMappings.2.sourcePath',
        'attributeMappings.2.targetField',
        'userMatchFallbackStrategies.1',
        'issuerSourcePath',
      ]),
    );
    expect(refused.body.message).toContain('unsafe path segment __proto__');
    expect(refused.body.message).toContain('lastSyncStatus');
  });

  it.each([
    ['a six-field cron', { cronSchedule: '0 0 3 * * *' }],
    ['an hour out of range', { cronSchedule: '0 24 * * *' }],
    ['a reversed range', { cronSchedule: '30-10 * * * *' }],
    ['a zero step', { cronSchedule: '*/0 * * * *' }],
    ['a NUL character', { issuerSourcePath: 'attributes.iss\u0000uer' }],
    ['a retention without unit', { staleRetention: '7' }],
    ['a glob longer than 255', { filterRules: { groupNamePattern: 'x'.repeat(256) } }],
    ['a zero maxRecords', { filterRules: { maxRecords: 0 } }],
    ['an email domain with @', { filterRules: { emailDomains: ['@example.test'] } }],
    ['a non-boolean memberOfSyncedGroups', { filterRules: { memberOfSyncedGroups: 'yes' } }],
  ])('refuses %s', async (_name, body) => {
    const refused = await call('PUT', configPath('user'), body);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation_failed');
  });

  it('accepts cron macros, names, lists, ranges and steps, which Temporal schedules as given', async () => {
    for (const cronSchedule of [
      '@daily',
      '0 9 * * MON-FRI',
      '0,30 */2 1-15 JAN,JUL *',
      '0 0 * * 7',
      '5-50/5 * * * *',
    ]) {
      const saved = await call('PUT', configPath('user'), { enabled: true, cronSchedule });
      expect(saved.status).toBe(200);
      expect(saved.body.scheduleId).toBe(syncScheduleId(ldapId, 'user'));
    }
    await call('PUT', configPath('user'), { enabled: false });
  });

  it('refuses a postSyncWorkflowId naming no workflow, and accepts an existing one', async () => {
    const missing = await call('PUT', configPath('user'), {
      postSyncWorkflowId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('postSyncWorkflowId');
    const workflow = await createActive(context.api, admin, approvalDefinition({ name: 'After sync' }));
    const linked = await call('PUT', configPath('user'), { postSyncWorkflowId: workflow.id });
    expect(linked.status).toBe(200);
    expect(linked.body.postSyncWorkflowId).toBe(workflow.id);
    // The automation starts runs of it: a token that may manage connectors but not start workflows may not name one.
    const { token } = await createUserWithToken(context.database.db, ['admin'], ['connector:manage', 'connector:read']);
    const body = { postSyncWorkflowId: workflow.id };
    const refused = await context.api.request('PUT', configPath('user'), { token, body });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('workflow:start');
    const cleared = await context.api.request('PUT', configPath('user'), { token, body: { postSyncWorkflowId: null } });
    expect(cleared.status).toBe(200);
  });

  it('refuses a token without workflow:start any save of a config whose automation starts runs', async () => {
    const workflow = await createActive(context.api, admin, approvalDefinition({ name: 'Automated' }));
    expect([200, 201]).toContain(
      (await call('PUT', configPath('user'), { postSyncWorkflowId: workflow.id, syncTriggerMode: 'none' })).status,
    );
    // Owned by an admin, who may start runs; the token itself may not.
    const { token } = await createUserWithToken(context.database.db, ['admin'], ['connector:manage', 'connector:read']);
    const put = (body: Record<string, unknown>) => context.api.request('PUT', configPath('user'), { token, body });

    const switchedOn = await put({ syncTriggerMode: 'per_record' });
    expect([switchedOn.status, switchedOn.body.message]).toEqual([
      403,
      'Missing permission workflow:start, needed to save a sync config whose automation starts runs',
    ]);
    expect((await put({ staleRetention: '2d' })).status).toBe(200);

    expect((await call('PUT', configPath('user'), { syncTriggerMode: 'per_record' })).status).toBe(200);
    // Any save would make the token's owner the one the automation's runs count as started by.
    expect((await put({ staleRetention: '3d' })).status).toBe(403);
    const saved = (await call('GET', configPath('user'))).body;
    expect([saved.syncTriggerMode, saved.staleRetention]).toEqual(['per_record', '2d']);
    expect((await call('PUT', configPath('user'), { postSyncWorkflowId: null, syncTriggerMode: 'none' })).status).toBe(
      200,
    );
  });

  it('clears postSyncWorkflowId when that workflow is deleted for good', async () => {
    const workflow = await createActive(context.api, admin, approvalDefinition({ name: 'Removed later' }));
    await call('PUT', configPath('user'), { postSyncWorkflowId: workflow.id });
    expect((await call('DELETE', `/api/workflows/${workflow.id}`)).status).toBe(200);
    expect((await call('DELETE', `/api/workflows/${workflow.id}/permanent`)).status).toBe(200);
    expect((await call('GET', configPath('user'))).body.postSyncWorkflowId).toBeNull();
  });

  it('refuses a resource type whose list command the connector lacks, saying which command', async () => {
    const refused = await call('PUT', configPath('user', dbConnectorId), {});
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'Connector test-db (test-db) has no listUsers command, so it cannot sync user records',
    );
  });
});

describe('unknown connectors, types and configs answer 404', () => {
  const unknown = '00000000-0000-4000-8000-000000000000';
  it.each([
    ['GET', `/api/connectors/${unknown}/resources`],
    ['GET', `/api/connectors/${unknown}/sync-config`],
    ['GET', `/api/connectors/${unknown}/sync-config/user`],
    ['PUT', `/api/connectors/${unknown}/sync-config/user`],
    ['POST', `/api/connectors/${unknown}/sync-config/user/trigger`],
  ])('%s %s', async (method, path) => {
    const response = await call(method, path, method === 'PUT' ? {} : undefined);
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Connector not found');
  });

  it('answers 404 for a type other than user, group or role, and for a type without a config', async () => {
    const device = await call('PUT', configPath('device'), {});
    expect(device.status).toBe(404);
    expect(device.body.message).toContain('user, group, role');
    expect((await call('GET', `${configPath('device')}/status`)).status).toBe(404);
    expect((await call('GET', configPath('role'))).status).toBe(404);
    expect((await call('DELETE', configPath('role'))).status).toBe(404);
    expect((await call('POST', `${configPath('role')}/trigger`)).status).toBe(404);
  });

  it('answers 400 for a connector id that is not a UUID', async () => {
    expect((await call('GET', '/api/connectors/not-a-uuid/sync-config')).status).toBe(400);
  });
});

describe('permissions: reading needs connector:read, writing and triggering connector:manage', () => {
  it('lets a reader read and refuses its writes with 403', async () => {
    expect((await call('GET', `/api/connectors/${ldapId}/sync-config`, undefined, reader)).status).toBe(200);
    expect((await call('GET', `/api/connectors/${ldapId}/resources`, undefined, reader)).status).toBe(200);
    expect((await call('GET', `${configPath('user')}/status`, undefined, reader)).status).toBe(200);
    expect((await call('GET', configPath('user'), undefined, reader)).status).toBe(200);
    expect((await call('PUT', configPath('user'), {}, reader)).status).toBe(403);
    expect((await call('DELETE', configPath('user'), undefined, reader)).status).toBe(403);
    expect((await call('POST', `${configPath('user')}/trigger`, undefined, reader)).status).toBe(403);
  });

  it('refuses reads to a caller without connector:read, and any call without credentials', async () => {
    expect((await call('GET', `/api/connectors/${ldapId}/sync-config`, undefined, outsider)).status).toBe(403);
    expect((await call('GET', `/api/connectors/${ldapId}/resources`, undefined, outsider)).status).toBe(403);
    expect((await context.api.request('GET', `/api/connectors/${ldapId}/sync-config`)).status).toBe(401);
  });
});

describe('an enabled config with a cron has the Temporal Schedule cr-sync-<connector id>-<type>', () => {
  it('creates, updates and removes the schedule with the config', async () => {
    const scheduleId = syncScheduleId(ldapId, 'group');
    expect(scheduleId).toBe(`cr-sync-${ldapId}-group`);
    const enabled = await call('PUT', configPath('group'), { enabled: true, cronSchedule: '0 3 * * *' });
    expect(enabled.body.scheduleId).toBe(scheduleId);
    const described = await temporal.client.schedule.getHandle(scheduleId).describe();
    expect(described.action).toMatchObject({ type: 'startWorkflow', workflowType: 'scheduledSyncWorkflow' });

    await call('PUT', configPath('group'), { cronSchedule: '0 4 * * *' });
    const updated = await temporal.client.schedule.getHandle(scheduleId).describe();
    expect(updated.spec.calendars?.[0]?.hour).toEqual([{ start: 4, end: 4, step: 1 }]);

    expect((await call('PUT', configPath('group'), { enabled: false })).body.scheduleId).toBeNull();
    expect(await scheduleExists(scheduleId)).toBe(false);
    await call('PUT', configPath('group'), { enabled: true });
    expect(await scheduleExists(scheduleId)).toBe(true);

    expect((await call('DELETE', configPath('group'))).status).toBe(200);
    expect(await scheduleExists(scheduleId)).toBe(false);
    expect((await call('GET', configPath('group'))).status).toBe(404);
  });

  it('recreates a schedule lost from Temporal and removes one without a config at startup reconciliation', async () => {
    const scheduleId = syncScheduleId(ldapId, 'role');
    await call('PUT', configPath('role'), { enabled: true, cronSchedule: '@daily' });
    await temporal.client.schedule.getHandle(scheduleId).delete();
    const taskQueue = context.api.config.temporal.taskQueue;
    const orphan = (scheduleId: string, queue: string) =>
      temporal.client.schedule.create({
        scheduleId,
        spec: { cronExpressions: ['0 1 * * *'] },
        action: { type: 'startWorkflow', workflowType: 'scheduledSyncWorkflow', taskQueue: queue, args: [] },
      });
    const orphanId = syncScheduleId(dbConnectorId, 'user');
    await orphan(orphanId, taskQueue);
    // Another deployment's schedule, on its own task queue, in the same namespace.
    const foreignId = syncScheduleId('00000000-0000-4000-8000-000000000001', 'user');
    await orphan(foreignId, 'another-deployment');

    // The schedule list is eventually consistent: wait until it shows both orphans.
    const listed = async () => {
      const ids: string[] = [];
      for await (const summary of temporal.client.schedule.list()) ids.push(summary.scheduleId);
      return ids;
    };
    const bothListed = async () => {
      const ids = await listed();
      return ids.includes(orphanId) && ids.includes(foreignId);
    };
    expect(await pollUntil(bothListed, Boolean, { timeoutMs: 30_000, intervalMs: 100 })).toBe(true);

    const repaired = await reconcileSyncSchedules({ db: context.database.db, temporal: temporal.client, taskQueue });
    expect(repaired.recreated).toContain(scheduleId);
    expect(repaired.removed).toContain(orphanId);
    expect(await scheduleExists(scheduleId)).toBe(true);
    expect(await scheduleExists(orphanId)).toBe(false);
    expect(await scheduleExists(foreignId)).toBe(true);
    await temporal.client.schedule.getHandle(foreignId).delete();
    await call('DELETE', configPath('role'));
  });
});
