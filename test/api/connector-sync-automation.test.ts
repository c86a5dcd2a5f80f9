import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Worker } from '@temporalio/worker';
import { EMPTY_SYNC_STATS, syncWorkflowId } from '../../src/domain/sync-pass.js';
import { automationRunId, MAX_RECORDS_PER_RUN, startSyncAutomation } from '../../src/services/sync/sync-automation.js';
import type { TemporalClientHandle } from '../../src/temporal/client.js';
import { useRunStack } from '../support/run-stack.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { stackValue } from '../support/stack.js';
import { connectorOnDirectory, upstreamUsers, type SyncDirectory } from '../support/sync-directory.js';
import { createUserWithToken } from '../support/users.js';
import { sendSignedEvent } from '../support/webhook.js';
import { approvalDefinition, createActive } from '../support/workflows.js';
import { connectSuiteTemporal } from '../support/app.js';

// The automation of a sync pass (spec 6.3, sync item 8): runs of postSyncWorkflowId started
// by real passes (Temporal workflow, simulated directory), one per pass or per changed records.

const stack = useRunStack();
let admin: string;
let adminId: string;
let temporal: TemporalClientHandle;

/** A workflow that declares every variable the automation sends, and ends at once. */
const targetDefinition = (variables: Array<{ name: string; type: string }>) =>
  approvalDefinition({
    name: `Sync automation target ${Math.random()}`,
    subjectVariable: null,
    variables: variables.map((variable) => ({ ...variable, required: false })) as never,
    steps: [
      { id: 'start', name: 'Start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'end' }] },
      { id: 'end', name: 'End', type: 'end', config: {}, transitions: [] },
    ],
  });

const ALL_VARIABLES = [
  { name: 'connectorId', type: 'string' },
  { name: 'resourceType', type: 'string' },
  { name: 'workflowId', type: 'string' },
  { name: 'triggerMode', type: 'string' },
  { name: 'records', type: 'array' },
  { name: 'stats', type: 'object' },
];

beforeAll(async () => {
  ({
    token: admin,
    user: { id: adminId },
  } = await createUserWithToken(stack.database.db, ['admin']));
  temporal = await connectSuiteTemporal();
});

afterAll(() => temporal.close());

const db = () => stack.database.db;
const call = (method: string, path: string, body?: unknown) => stack.api.request(method, path, { token: admin, body });
const configPath = (connectorId: string, type = 'user') => `/api/connectors/${connectorId}/sync-config/${type}`;

async function trigger(connectorId: string, type = 'user') {
  const response = await call('POST', `${configPath(connectorId, type)}/trigger`);
  expect(response.status).toBe(200);
  expect(response.body.status).toBe('success');
  return response.body;
}

/** A connector on its own directory of `count` users, with a config of `type` (every user for `user`). */
async function configured(count: number, config: Record<string, unknown>, type = 'user') {
  const { directory, connectorId } = await connectorOnDirectory(stack.api, admin, count);
  const body = type === 'user' ? { syncAllUsers: true, ...config } : config;
  expect((await call('PUT', configPath(connectorId, type), body)).status).toBe(201);
  return { directory, connectorId };
}

const runsOf = (workflowId: string) =>
  db().workflowRun.findMany({ where: { definitionId: workflowId }, orderBy: { startedAt: 'asc' } });

describe('per_record starts the post-sync workflow with the records the pass added or updated', () => {
  let directory: SyncDirectory;
  let connectorId: string;
  let workflow: { id: string };

  beforeAll(async () => {
    workflow = await createActive(stack.api, admin, targetDefinition(ALL_VARIABLES));
    ({ directory, connectorId } = await configured(3, {
      postSyncWorkflowId: workflow.id,
      syncTriggerMode: 'per_record',
    }));
  });

  it('starts one run with every record of the first pass, marked added', async () => {
    const result = await trigger(connectorId);
    const runs = await runsOf(workflow.id);
    expect(runs).toHaveLength(1);
    expect(result.postSync.automation).toEqual({
      mode: 'per_record',
      workflowId: workflow.id,
      runIds: [runs[0]!.id],
      records: 3,
      error: null,
    });
    const variables = runs[0]!.variables as Record<string, unknown>;
    expect(variables).toMatchObject({
      connectorId,
      resourceType: 'user',
      workflowId: workflow.id,
      triggerMode: 'per_record',
      stats: null,
    });
    const records = variables.records as Array<Record<string, unknown>>;
    expect(records.sort((a, b) => String(a.externalId).localeCompare(String(b.externalId)))).toEqual(
      ['u1', 'u2', 'u3'].map((externalId, index) => ({
        id: expect.any(String),
        externalId,
        displayName: `User ${index + 1}`,
        email: `user${index + 1}@example.test`,
        attributes: { department: 'Engineering', memberOf: [] },
        change: 'added',
      })),
    );
    expect(await db().auditLog.findFirst({ where: { targetId: runs[0]!.id, action: 'run.started' } })).toMatchObject({
      metadata: expect.objectContaining({ trigger: 'connector_sync' }),
    });
    // Who set the automation up may not decide the run's approvals (docs/security.md).
    expect([runs[0]!.startedBy, runs[0]!.initiatedBy]).toEqual([null, adminId]);
    // The pass's history (post-sync steps, automation) replays with the current workflow code.
    const pass = temporal.client.workflow.getHandle(syncWorkflowId(connectorId, 'user'));
    await Worker.runReplayHistory(
      { workflowBundle: { codePath: stackValue('workflowBundle') } },
      await pass.fetchHistory(),
    );
  });

  it('sends only the changed records of a later pass, marked updated or added', async () => {
    directory.records.user[1]!.displayName = 'Renamed';
    directory.records.user.push(upstreamUsers(4)[3]!);
    const result = await trigger(connectorId);
    const runs = await runsOf(workflow.id);
    expect(runs).toHaveLength(2);
    expect(result.postSync.automation).toMatchObject({ runIds: [runs[1]!.id], records: 2 });
    const records = (runs[1]!.variables as { records: Array<Record<string, unknown>> }).records;
    expect(
      records
        .map(({ externalId, change }) => ({ externalId, change }))
        .sort((a, b) => String(a.externalId).localeCompare(String(b.externalId))),
    ).toEqual([
      { externalId: 'u2', change: 'updated' },
      { externalId: 'u4', change: 'added' },
    ]);
    const listed = await call('GET', `/api/connectors/${connectorId}/resources?resourceType=user&sortBy=externalId`);
    const changedAt = Object.fromEntries(
      listed.body.data.map((item: { externalId: string; changedAt: string }) => [
        item.externalId,
        Date.parse(item.changedAt),
      ]),
    );
    expect(changedAt.u2).toBeGreaterThan(changedAt.u1);
    expect(changedAt.u3).toBeLessThan(changedAt.u2);
  });

  it('starts nothing after a pass that changed nothing', async () => {
    const result = await trigger(connectorId);
    expect(result.postSync).toBeNull();
    expect(await runsOf(workflow.id)).toHaveLength(2);
  });

  it(`splits more than ${MAX_RECORDS_PER_RUN} changed records over several runs`, async () => {
    const many = await createActive(stack.api, admin, targetDefinition(ALL_VARIABLES));
    const { directory: large, connectorId: big } = await configured(MAX_RECORDS_PER_RUN + 5, {
      postSyncWorkflowId: many.id,
      syncTriggerMode: 'per_record',
    });
    large.pageSize = 500;
    const result = await trigger(big);
    const runs = await runsOf(many.id);
    expect(runs).toHaveLength(2);
    expect(result.postSync.automation).toMatchObject({ records: MAX_RECORDS_PER_RUN + 5, error: null });
    const sizes = runs.map((run) => (run.variables as { records: unknown[] }).records.length).sort((a, b) => b - a);
    expect(sizes).toEqual([MAX_RECORDS_PER_RUN, 5]);
  });
});

describe('summary starts one run with the pass stats, for any resource type', () => {
  it('starts one run whose stats are the pass stats', async () => {
    const workflow = await createActive(stack.api, admin, targetDefinition(ALL_VARIABLES));
    const { directory, connectorId } = await configured(
      0,
      { postSyncWorkflowId: workflow.id, syncTriggerMode: 'summary' },
      'group',
    );
    directory.records.group = ['g1', 'g2'].map((externalId) => ({
      externalId,
      displayName: `Group ${externalId}`,
      email: null,
      attributes: {},
      modifiedAt: '2024-01-01T00:00:00.000Z',
    }));
    const result = await trigger(connectorId, 'group');
    const runs = await runsOf(workflow.id);
    expect(runs).toHaveLength(1);
    expect(result.postSync.automation).toMatchObject({ mode: 'summary', runIds: [runs[0]!.id], records: 0 });
    expect(runs[0]!.variables).toMatchObject({
      connectorId,
      resourceType: 'group',
      triggerMode: 'summary',
      records: null,
      stats: { ...result.stats, durationMs: expect.any(Number) },
    });
  });
});

describe('none starts nothing, and a refused start leaves the pass successful', () => {
  it('starts no run when syncTriggerMode is none', async () => {
    const workflow = await createActive(stack.api, admin, targetDefinition(ALL_VARIABLES));
    const { connectorId } = await configured(2, { postSyncWorkflowId: workflow.id });
    const result = await trigger(connectorId);
    expect(result.postSync.automation).toBeNull();
    expect(await runsOf(workflow.id)).toHaveLength(0);
  });

  it('passes only the declared variables, and records a start the workflow refuses as the automation error', async () => {
    const strict = await createActive(
      stack.api,
      admin,
      approvalDefinition({
        ...targetDefinition([{ name: 'records', type: 'array' }]),
        variables: [
          { name: 'records', type: 'array', required: false },
          { name: 'owner', type: 'user', required: true },
        ],
      } as never),
    );
    const { connectorId } = await configured(1, { postSyncWorkflowId: strict.id, syncTriggerMode: 'per_record' });
    const result = await trigger(connectorId);
    expect(result.status).toBe('success');
    expect(result.postSync.automation).toEqual({
      mode: 'per_record',
      workflowId: strict.id,
      runIds: [],
      records: 0,
      error: expect.stringContaining('missing required variables: owner'),
    });
    expect(await runsOf(strict.id)).toHaveLength(0);
    const status = await call('GET', `${configPath(connectorId)}/status`);
    expect(status.body.lastSyncStatus).toBe('success');
    expect(status.body.lastPostSync.automation.error).toContain('owner');
  });

  it('starts no run once the last editor of the config no longer holds workflow:start, until it is saved again', async () => {
    const workflow = await createActive(stack.api, admin, targetDefinition(ALL_VARIABLES));
    const { directory, connectorId } = await connectorOnDirectory(stack.api, admin, 2);
    const editor = await createUserWithToken(db(), ['admin']);
    const config = { postSyncWorkflowId: workflow.id, syncTriggerMode: 'summary', syncAllUsers: true };
    const saved = await stack.api.request('PUT', configPath(connectorId), { token: editor.token, body: config });
    expect(saved.status).toBe(201);
    await db().user.update({ where: { id: editor.user.id }, data: { roles: ['approver'] } });

    const refused = await trigger(connectorId);
    expect(refused.postSync.automation).toMatchObject({
      runIds: [],
      error: expect.stringContaining('no longer holds workflow:start'),
    });
    expect(await runsOf(workflow.id)).toHaveLength(0);

    expect((await call('PUT', configPath(connectorId), config)).status).toBe(200);
    directory.records.user[0]!.displayName = 'Changed';
    const resumed = await trigger(connectorId);
    expect(resumed.postSync.automation).toMatchObject({ error: null, runIds: [expect.any(String)] });
    expect((await runsOf(workflow.id)).map((run) => run.initiatedBy)).toEqual([adminId]);
  });
});

describe('the runs of a pass have ids derived from it, so starting them again starts nothing twice', () => {
  it('finds the run of a pass already started when the start is repeated (an activity retry)', async () => {
    const workflow = await createActive(stack.api, admin, targetDefinition(ALL_VARIABLES));
    const { connectorId } = await configured(2, { postSyncWorkflowId: workflow.id, syncTriggerMode: 'summary' });
    await trigger(connectorId);
    const [run] = await runsOf(workflow.id);
    const key = { connectorId, resourceType: 'user' };
    const pass = { passKey: 'a-pass', stats: { ...EMPTY_SYNC_STATS, added: 2 } };
    const deps = { db: db(), temporal: temporal.client, taskQueue: stack.taskQueue };
    const first = await startSyncAutomation(deps, key, pass);
    const again = await startSyncAutomation(deps, key, pass);
    expect(again).toEqual(first);
    expect(first!.runIds).toEqual([automationRunId('a-pass', 0)]);
    expect((await runsOf(workflow.id)).map((row) => row.id)).toEqual([run!.id, automationRunId('a-pass', 0)]);
  });
});

describe('a record change that arrives by the resource webhook starts the per_record automation', () => {
  /** A connector on a directory of one user (u1, stored by a first pass), with a webhook secret. */
  async function withWebhook(config: Record<string, unknown>) {
    const { connectorId } = await configured(1, config);
    await trigger(connectorId);
    const secret = (await call('POST', `/api/connectors/${connectorId}/webhook-secret`)).body.secret as string;
    const send = (action: string, data: unknown, eventId = randomUUID()) =>
      sendSignedEvent(
        stack.api,
        connectorId,
        secret,
        { action, resourceId: 'u1', resourceType: 'user', data },
        eventId,
      );
    return { connectorId, send };
  }
  const renamed = (displayName: string) => ({ displayName, email: 'user1@example.test', attributes: {} });
  const accepted = async (connectorId: string) =>
    (await db().auditLog.findMany({ where: { action: 'webhook.accepted', targetId: connectorId } })).sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
    );

  it('starts one run with the updated record under an id derived from the event, and none for its replay', async () => {
    const workflow = await createActive(stack.api, admin, targetDefinition(ALL_VARIABLES));
    const { connectorId, send } = await withWebhook({ postSyncWorkflowId: workflow.id, syncTriggerMode: 'per_record' });
    const passRuns = (await runsOf(workflow.id)).length;
    const eventId = randomUUID();
    const delivered = await send('updated', renamed('Jane Renamed'), eventId);
    expect(delivered.status).toBe(200);
    expect(delivered.body).toMatchObject({ alreadyApplied: false });
    const runId = automationRunId(`webhook:${connectorId}:${eventId}`, 0);
    const runs = await runsOf(workflow.id);
    expect(runs.map((run) => run.id)).toHaveLength(passRuns + 1);
    const run = runs.find((row) => row.id === runId)!;
    const stored = await db().connectorResource.findFirstOrThrow({ where: { connectorId, externalId: 'u1' } });
    expect(run.variables).toEqual({
      connectorId,
      resourceType: 'user',
      workflowId: workflow.id,
      triggerMode: 'per_record',
      stats: null,
      records: [
        {
          id: stored.id,
          externalId: 'u1',
          displayName: 'Jane Renamed',
          email: 'user1@example.test',
          attributes: {},
          change: 'updated',
        },
      ],
    });
    await waitForRun(stack.api, admin, runId, hasStatus('completed'));
    expect((await accepted(connectorId)).at(-1)!.metadata).toMatchObject({
      eventId,
      outcome: 'updated',
      automation: { mode: 'per_record', workflowId: workflow.id, runIds: [runId], records: 1, error: null },
    });

    const replayed = await send('updated', renamed('Jane Renamed'), eventId);
    expect(replayed.status).toBe(200);
    expect(replayed.body).toMatchObject({ alreadyApplied: true });
    // Neither an unchanged record nor a deletion starts a run.
    expect((await send('updated', renamed('Jane Renamed'))).status).toBe(200);
    expect((await send('deleted', undefined)).status).toBe(200);
    expect(await runsOf(workflow.id)).toHaveLength(passRuns + 1);
    expect((await accepted(connectorId)).slice(-3).map((entry) => entry.metadata)).toEqual([
      expect.not.objectContaining({ automation: expect.anything() }),
      expect.not.objectContaining({ automation: expect.anything() }),
      expect.not.objectContaining({ automation: expect.anything() }),
    ]);
  });

  it('starts nothing when syncTriggerMode is none', async () => {
    const workflow = await createActive(stack.api, admin, targetDefinition(ALL_VARIABLES));
    const { connectorId, send } = await withWebhook({ postSyncWorkflowId: workflow.id });
    const delivered = await send('updated', renamed('Not Automated'));
    expect(delivered.status).toBe(200);
    expect(await runsOf(workflow.id)).toHaveLength(0);
    const stored = await db().connectorResource.findFirstOrThrow({ where: { connectorId, externalId: 'u1' } });
    expect(stored.displayName).toBe('Not Automated');
  });

  it('applies the event and answers 200 when the workflow refuses the start, recording why in the audit entry', async () => {
    const workflow = await createActive(stack.api, admin, targetDefinition(ALL_VARIABLES));
    const { connectorId, send } = await withWebhook({ postSyncWorkflowId: workflow.id, syncTriggerMode: 'per_record' });
    const passRuns = (await runsOf(workflow.id)).length;
    expect((await call('POST', `/api/workflows/${workflow.id}/deprecate`, {})).status).toBe(200);
    const delivered = await send('updated', renamed('After Deprecation'));
    expect(delivered.status).toBe(200);
    expect(delivered.body).toMatchObject({ alreadyApplied: false });
    expect(await runsOf(workflow.id)).toHaveLength(passRuns);
    const stored = await db().connectorResource.findFirstOrThrow({ where: { connectorId, externalId: 'u1' } });
    expect(stored.displayName).toBe('After Deprecation');
    expect((await accepted(connectorId)).at(-1)!.metadata).toMatchObject({
      outcome: 'updated',
      automation: { runIds: [], records: 0, error: expect.stringContaining('Deprecated workflows cannot start') },
    });
  });
});
