import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ScheduleNotFoundError } from '@temporalio/client';
import { createScheduleActivities } from '../../src/activities/schedules.js';
import type { TemporalClientHandle } from '../../src/temporal/client.js';
import { reconcileSchedules, temporalScheduleId } from '../../src/services/schedules/manage-schedules.js';
import { deliveryRunId } from '../../src/services/runs/webhook-trigger.js';
import { runWorkflowId } from '../../src/temporal/messages.js';
import { DefinitionIdAttribute, DefinitionNameAttribute } from '../../src/temporal/search-attributes.js';
import { useRunStack } from '../support/run-stack.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { connectSuiteTemporal } from '../support/app.js';
import { permissionsOfRoles } from '../../src/permissions/index.js';
import { createUserWithToken } from '../support/users.js';
import { approvalDefinition, createActive } from '../support/workflows.js';
import { pollUntil } from '../support/poll.js';
import { counted } from '../support/metrics.js';

const stack = useRunStack();
let admin: string;
let temporal: TemporalClientHandle;

beforeAll(async () => {
  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
  temporal = await connectSuiteTemporal();
});

afterAll(() => temporal.close());

const call = (method: string, path: string, body?: unknown) => stack.api.request(method, path, { token: admin, body });

/** The first answer of `read` that is not empty, asked every 200 ms for up to 60 s (undefined then). */
async function firstAnswer<T>(read: () => Promise<T | null | undefined>): Promise<T | undefined> {
  return (await pollUntil(read, (answer) => answer !== null && answer !== undefined)) ?? undefined;
}
const automatic = (types: Array<'manual' | 'scheduled' | 'webhook'>) =>
  approvalDefinition({
    name: `Automatic ${types.join('+')}`,
    subjectVariable: null,
    trigger: { types },
    variables: [{ name: 'note', type: 'string', required: false }],
    steps: [
      { id: 'start', name: 'Start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'end' }] },
      { id: 'end', name: 'End', type: 'end', config: {}, transitions: [] },
    ],
  });

describe('schedules are Temporal Schedules that start runs', () => {
  it('refuses a bad cron expression or time zone, and workflows without the scheduled trigger', async () => {
    const scheduled = await createActive(stack.api, admin, automatic(['scheduled']));
    const manual = await createActive(stack.api, admin, automatic(['manual']));
    expect(
      (await call('POST', '/api/schedules', { workflowId: scheduled.id, cronExpression: 'every day' })).status,
    ).toBe(400);
    expect(
      (
        await call('POST', '/api/schedules', {
          workflowId: scheduled.id,
          cronExpression: '0 9 * * *',
          timezone: 'Mars/Olympus',
        })
      ).status,
    ).toBe(400);
    const refused = await call('POST', '/api/schedules', { workflowId: manual.id, cronExpression: '0 9 * * *' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('scheduled trigger');
  });

  it.each([
    ['@every 1s', 'at least 60 seconds apart'],
    ['@every 59s', 'at least 60 seconds apart'],
    ['@every 1ms', 'at least 60 seconds apart'],
    ['@every 1ns', 'at least 60 seconds apart'],
    ['@every 0s', 'must be longer than zero'],
    ['@every -1s', 'must be longer than zero'],
    ['@every 5x', 'not a duration'],
    ['@every 1h/2h', 'offset must be shorter than the interval'],
    ['* * * * * * *', 'at least 60 seconds apart'],
    ['*/10 * * * * * *', 'at least 60 seconds apart'],
    ['0,30 * * * * * *', 'at least 60 seconds apart'],
    ['61 * * * *', 'minute'],
    ['0 24 * * *', 'hour'],
    ['0 9 * * 1-8', 'day of week'],
    ['0 9 * jan-xyz *', 'month'],
    ['0 9 * * * 1999', 'year'],
    ['*/0 * * * *', 'step'],
    ['@fortnightly', 'cronExpression'],
    ['TZ=Europe/Berlin 0 9 * * *', 'timezone'],
    [`0 9 * * ${'1,'.repeat(100)}1`, 'at most 200 characters'],
  ])(
    'refuses the schedule cronExpression %j with a 400 saying why, creating nothing',
    async (cronExpression, reason) => {
      const workflow = await createActive(stack.api, admin, automatic(['scheduled']));
      const response = await call('POST', '/api/schedules', { workflowId: workflow.id, cronExpression });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusCode: 400, code: 'validation_failed' });
      expect(response.body.message).toContain(reason);
      expect(await stack.database.db.schedule.count({ where: { workflowId: workflow.id } })).toBe(0);
    },
  );

  it('a schedule Temporal itself refuses (a time zone its database lacks) is a 400 with its reason, creating nothing', async () => {
    const workflow = await createActive(stack.api, admin, automatic(['scheduled']));
    const response = await call('POST', '/api/schedules', {
      workflowId: workflow.id,
      cronExpression: '0 9 * * *',
      timezone: 'US/Pacific-New',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    expect(response.body.message).toContain('Temporal refused the schedule');
    expect(await stack.database.db.schedule.count({ where: { workflowId: workflow.id } })).toBe(0);
  });

  it('trims surrounding whitespace off a cron expression, as its documented pattern allows', async () => {
    const workflow = await createActive(stack.api, admin, automatic(['scheduled']));
    const created = await call('POST', '/api/schedules', { workflowId: workflow.id, cronExpression: ' 0 9 * * 1-5\n' });
    expect(created.status).toBe(201);
    expect(created.body.cronExpression).toBe('0 9 * * 1-5');
    await call('DELETE', `/api/schedules/${created.body.id}`);
  });

  it('accepts schedules at the floor and above, and refuses an update below it', async () => {
    const workflow = await createActive(stack.api, admin, automatic(['scheduled']));
    for (const cronExpression of [
      '@every 1m',
      '@every 90s/30s',
      '* * * * *',
      '0 */15 9-17 * * mon-fri 2030',
      '@hourly',
      '@midnight',
    ]) {
      const created = await call('POST', '/api/schedules', { workflowId: workflow.id, cronExpression });
      expect([cronExpression, created.status]).toEqual([cronExpression, 201]);
      await call('DELETE', `/api/schedules/${created.body.id}`);
    }
    const created = (await call('POST', '/api/schedules', { workflowId: workflow.id, cronExpression: '@daily' })).body;
    const refused = await call('PATCH', `/api/schedules/${created.id}`, { cronExpression: '@every 10s' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('at least 60 seconds apart');
    expect((await call('GET', `/api/schedules/${created.id}`)).body.cronExpression).toBe('@daily');
    await call('DELETE', `/api/schedules/${created.id}`);
  });

  it('creates the Temporal Schedule with the row, starts a run when it fires, pauses, repairs drift and deletes both', async () => {
    const workflow = await createActive(stack.api, admin, automatic(['scheduled']));
    const created = await call('POST', '/api/schedules', {
      workflowId: workflow.id,
      cronExpression: '0 3 * * *',
      timezone: 'Europe/Berlin',
      variables: { note: 'nightly' },
    });
    expect(created.status).toBe(201);
    const handle = temporal.client.schedule.getHandle(temporalScheduleId(created.body.id));
    const described = await handle.describe();
    expect(described.spec.timezone).toBe('Europe/Berlin');

    await handle.trigger();
    const runId = await firstAnswer(
      async () => (await stack.database.db.workflowRun.findFirst({ where: { definitionId: workflow.id } }))?.id,
    );
    expect(runId).toBeDefined();
    const run = await waitForRun(stack.api, admin, runId!, hasStatus('completed'));
    expect(run.variables).toEqual({ note: 'nightly' });
    // Findable in the Temporal UI like a run started through the API.
    const execution = await temporal.client.workflow.getHandle(runWorkflowId(runId!)).describe();
    expect(execution.typedSearchAttributes.get(DefinitionIdAttribute)).toBe(workflow.id);
    expect(execution.typedSearchAttributes.get(DefinitionNameAttribute)).toBe(workflow.name);

    const paused = await call('PATCH', `/api/schedules/${created.body.id}`, { enabled: false });
    expect([paused.status, paused.body]).toEqual([200, expect.objectContaining({ enabled: false })]);
    expect((await handle.describe()).state.paused).toBe(true);

    await handle.delete();
    const repaired = await reconcileSchedules({
      db: stack.database.db,
      temporal: temporal.client,
      config: stack.api.config,
    });
    expect(repaired.recreated).toEqual([temporalScheduleId(created.body.id)]);
    expect((await handle.describe()).state.paused).toBe(true);

    expect((await call('DELETE', `/api/schedules/${created.body.id}`)).status).toBe(200);
    await expect(handle.describe()).rejects.toBeInstanceOf(ScheduleNotFoundError);
  });

  it('records a retried firing once, and starts its execution with the same memo as the first attempt', async () => {
    const workflow = await createActive(stack.api, admin, automatic(['scheduled']));
    const created = await call('POST', '/api/schedules', { workflowId: workflow.id, cronExpression: '0 4 * * *' });
    const { prepareScheduledRun } = createScheduleActivities(stack.database.db);
    const firing = { scheduleId: created.body.id, firingId: `firing-${created.body.id}` };

    const first = await prepareScheduledRun(firing);
    const retried = await prepareScheduledRun(firing);
    expect(first.memo).toEqual({ definitionName: workflow.name, definitionVersion: 1, scheduleId: created.body.id });
    expect(retried.memo).toEqual(first.memo);
    expect(retried.run).toEqual(first.run);
    expect(await stack.database.db.workflowRun.count({ where: { id: first.run!.runId } })).toBe(1);
    await call('DELETE', `/api/schedules/${created.body.id}`);
  });

  it('is repaired once when several API processes reconcile at the same time, none of them failing', async () => {
    const workflow = await createActive(stack.api, admin, automatic(['scheduled']));
    const created = await call('POST', '/api/schedules', { workflowId: workflow.id, cronExpression: '0 4 * * *' });
    const handle = temporal.client.schedule.getHandle(temporalScheduleId(created.body.id));
    await handle.delete();
    const context = { db: stack.database.db, temporal: temporal.client, config: stack.api.config };

    const repairs = await Promise.all(Array.from({ length: 8 }, () => reconcileSchedules(context)));
    expect(repairs.flatMap((repair) => repair.recreated)).toEqual([temporalScheduleId(created.body.id)]);
    expect((await handle.describe()).scheduleId).toBe(temporalScheduleId(created.body.id));
    await call('DELETE', `/api/schedules/${created.body.id}`);
  });

  it('records why a schedule of a deprecated workflow starts nothing', async () => {
    const workflow = await createActive(stack.api, admin, automatic(['scheduled']));
    const created = (await call('POST', '/api/schedules', { workflowId: workflow.id, cronExpression: '0 3 * * *' }))
      .body;
    await call('POST', `/api/workflows/${workflow.id}/deprecate`, {});
    await temporal.client.schedule.getHandle(temporalScheduleId(created.id)).trigger();
    const reason = await firstAnswer(
      async () => (await call('GET', `/api/schedules/${created.id}`)).body.pausedReason as string | null,
    );
    expect(reason).toContain('Deprecated workflows cannot start new runs');
    expect(await stack.database.db.workflowRun.count({ where: { definitionId: workflow.id } })).toBe(0);
    // It can still be paused, but not turned on again while its workflow is deprecated.
    const paused = await call('PATCH', `/api/schedules/${created.id}`, { enabled: false });
    expect([paused.status, paused.body.enabled]).toEqual([200, false]);
    // The reason stays for the schedule's owners: nothing checked the workflow again.
    expect(paused.body.pausedReason).toContain('Deprecated workflows cannot start new runs');
    const resumed = await call('PATCH', `/api/schedules/${created.id}`, { enabled: true });
    expect([resumed.status, resumed.body.message]).toEqual([400, expect.stringContaining('Deprecated workflows')]);
    await call('DELETE', `/api/schedules/${created.id}`);
  });

  it('stores a time zone written in another case as Temporal reads it', async () => {
    const workflow = await createActive(stack.api, admin, automatic(['scheduled']));
    const created = await call('POST', '/api/schedules', {
      workflowId: workflow.id,
      cronExpression: '0 9 * * *',
      timezone: 'europe/BERLIN',
    });
    expect([created.status, created.body.timezone]).toEqual([201, 'Europe/Berlin']);
    const handle = temporal.client.schedule.getHandle(temporalScheduleId(created.body.id));
    expect((await handle.describe()).spec.timezone).toBe('Europe/Berlin');
    const changed = await call('PATCH', `/api/schedules/${created.body.id}`, { timezone: 'america/new_york' });
    expect([changed.status, changed.body.timezone]).toEqual([200, 'America/New_York']);
    await call('DELETE', `/api/schedules/${created.body.id}`);
  });

  it('reports a row Temporal refuses at the startup repair, repairs the others, and saving the row registers it', async () => {
    const workflow = await createActive(stack.api, admin, automatic(['scheduled']));
    const { db } = stack.database;
    // Written outside the API (by hand, or by an older version's looser checks).
    const refusedRow = await db.schedule.create({
      data: { workflowId: workflow.id, cronExpression: '0 5 * * *', timezone: 'US/Pacific-New', variables: {} },
    });
    const missing = (await call('POST', '/api/schedules', { workflowId: workflow.id, cronExpression: '0 6 * * *' }))
      .body;
    await temporal.client.schedule.getHandle(temporalScheduleId(missing.id)).delete();

    const repaired = await reconcileSchedules({ db, temporal: temporal.client, config: stack.api.config });
    expect(repaired.refused).toEqual([
      { scheduleId: temporalScheduleId(refusedRow.id), reason: expect.stringContaining('US/Pacific-New') },
    ]);
    expect(repaired.recreated).toEqual([temporalScheduleId(missing.id)]);

    const saved = await call('PATCH', `/api/schedules/${refusedRow.id}`, { timezone: 'America/Los_Angeles' });
    expect(saved.status).toBe(200);
    const described = await temporal.client.schedule.getHandle(temporalScheduleId(refusedRow.id)).describe();
    expect(described.spec.timezone).toBe('America/Los_Angeles');
    for (const id of [refusedRow.id, missing.id]) await call('DELETE', `/api/schedules/${id}`);
  });

  it('starts nothing when its row is disabled although its Temporal Schedule still fires', async () => {
    const workflow = await createActive(stack.api, admin, automatic(['scheduled']));
    const created = (await call('POST', '/api/schedules', { workflowId: workflow.id, cronExpression: '0 7 * * *' }))
      .body;
    // The pause that did not reach Temporal: only the row says disabled.
    await stack.database.db.schedule.update({ where: { id: created.id }, data: { enabled: false } });
    const handle = temporal.client.schedule.getHandle(temporalScheduleId(created.id));
    await handle.trigger();
    const firing = await firstAnswer(async () => {
      const action = (await handle.describe()).info.recentActions[0]?.action;
      return action?.type === 'startWorkflow' ? action.workflow.workflowId : undefined;
    });
    expect(await temporal.client.workflow.getHandle(firing!).result()).toEqual({ skipped: 'The schedule is disabled' });
    expect(await stack.database.db.workflowRun.count({ where: { definitionId: workflow.id } })).toBe(0);
    await call('DELETE', `/api/schedules/${created.id}`);
  });
});

describe('trigger types decide how a workflow may start', () => {
  it('refuses the start endpoint for a workflow without the manual trigger', async () => {
    const workflow = await createActive(stack.api, admin, automatic(['webhook']));
    const response = await call('POST', `/api/workflows/${workflow.id}/start`, { variables: {} });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('manual trigger');
  });

  it('starts runs from a webhook with the right secret only; a wrong one is 401 and starts nothing', async () => {
    const workflow = await createActive(stack.api, admin, automatic(['webhook']));
    const issued = await call('POST', `/api/workflows/${workflow.id}/webhook-secret`);
    expect(issued.status).toBe(201);
    expect(issued.body.secret).toMatch(/^whs_/);
    const stored = await stack.database.db.workflowDefinition.findUniqueOrThrow({ where: { id: workflow.id } });
    expect(stored.webhookSecretHash).not.toContain(issued.body.secret);

    const delivered = (outcome: string) =>
      counted('flowgate_webhook_deliveries_total', { kind: 'workflow_trigger', outcome });
    const runsOf = (metric: string, labels: Record<string, string> = {}) =>
      counted(metric, { workflow: workflow.name, ...labels });
    const before = {
      refused: await delivered('refused'),
      accepted: await delivered('accepted'),
      started: await runsOf('flowgate_runs_started_total'),
      completed: await runsOf('flowgate_runs_ended_total', { status: 'completed' }),
    };
    const wrong = await stack.api.request('POST', issued.body.path, {
      headers: { 'x-webhook-secret': 'whs_wrong' },
      body: { note: 'x' },
    });
    expect(wrong.status).toBe(401);
    const missing = await stack.api.request('POST', issued.body.path, { body: { note: 'x' } });
    expect(missing.status).toBe(401);
    expect(await stack.database.db.workflowRun.count({ where: { definitionId: workflow.id } })).toBe(0);

    const started = await stack.api.request('POST', issued.body.path, {
      headers: { 'x-webhook-secret': issued.body.secret },
      body: { note: 'from CRM' },
    });
    expect(started.status).toBe(201);
    const finished = await waitForRun(stack.api, admin, started.body.id, hasStatus('completed'));
    expect(finished.variables).toEqual({ note: 'from CRM' });
    // The deliveries, the run's start and its end are counted in the metrics (the worker runs in this process).
    expect(await delivered('refused')).toBe(before.refused + 2);
    expect(await delivered('accepted')).toBe(before.accepted + 1);
    expect(await runsOf('flowgate_runs_started_total')).toBe(before.started + 1);
    expect(
      await pollUntil(
        () => runsOf('flowgate_runs_ended_total', { status: 'completed' }),
        (count) => count > before.completed,
      ),
    ).toBe(before.completed + 1);

    const manual = await createActive(stack.api, admin, automatic(['manual']));
    expect((await call('POST', `/api/workflows/${manual.id}/webhook-secret`)).status).toBe(400);
  });

  it('starts one run per Idempotency-Key: repeats answer it with 200, even at once; other variables are a 409', async () => {
    const workflow = await createActive(stack.api, admin, automatic(['webhook']));
    const other = await createActive(stack.api, admin, automatic(['webhook']));
    const issued = (await call('POST', `/api/workflows/${workflow.id}/webhook-secret`)).body;
    const otherIssued = (await call('POST', `/api/workflows/${other.id}/webhook-secret`)).body;
    const deliver = (key: string | undefined, body: unknown, hook = issued) =>
      stack.api.request('POST', hook.path, {
        headers: { 'x-webhook-secret': hook.secret, ...(key === undefined ? {} : { 'idempotency-key': key }) },
        body,
      });
    const runsOf = (definitionId: string) => stack.database.db.workflowRun.count({ where: { definitionId } });

    const first = await deliver('evt-1', { note: 'hired' });
    expect(first.status).toBe(201);
    const repeated = await deliver('evt-1', { variables: { note: 'hired' } });
    expect([repeated.status, repeated.body.id]).toEqual([200, first.body.id]);
    const changed = await deliver('evt-1', { note: 'fired' });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toContain('other variables');
    expect(await runsOf(workflow.id)).toBe(1);

    // Deliveries of one key that all find no run yet: a row of that id, written and not committed,
    // holds their inserts until it is rolled back. One insert then wins; the others hit the
    // unique key and answer the winner's run.
    const { db } = stack.database;
    const heldId = deliveryRunId(workflow.id, 'evt-2');
    let delivered: Promise<Awaited<ReturnType<typeof deliver>>[]> | undefined;
    const rolledBack = new Error('roll back');
    await db
      .$transaction(
        async (tx) => {
          await tx.$executeRaw`
            INSERT INTO workflow_runs (id, definition_id, definition_name, definition_version, definition_snapshot,
              status, variables, temporal_workflow_id, started_at, updated_at)
            VALUES (${heldId}::uuid, ${workflow.id}::uuid, 'held', 1, '{}'::jsonb, 'pending', '{}'::jsonb,
              'held', now(), now())`;
          delivered = Promise.all(Array.from({ length: 3 }, () => deliver('evt-2', { note: 'moved' })));
          const blocked = await firstAnswer(async () => {
            const [{ waiting }] = await db.$queryRaw<[{ waiting: number }]>`
              SELECT count(*)::int AS waiting FROM pg_stat_activity
              WHERE wait_event_type = 'Lock' AND query LIKE '%INSERT INTO workflow_runs%'`;
            return waiting >= 3 ? waiting : undefined;
          });
          expect(blocked).toBe(3);
          throw rolledBack;
        },
        { timeout: 90_000 },
      )
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
    const atOnce = await delivered!;
    expect(atOnce.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(atOnce.map((answer) => answer.body.id)).size).toBe(1);
    expect(await runsOf(workflow.id)).toBe(2);
    expect(
      await stack.database.db.auditLog.count({ where: { action: 'run.started', targetId: atOnce[0]!.body.id } }),
    ).toBe(1);

    // Keys belong to their workflow; without one, every delivery starts a run.
    const elsewhere = await deliver('evt-1', { note: 'hired' }, otherIssued);
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.id).not.toBe(first.body.id);
    expect((await deliver(undefined, { note: 'x' })).status).toBe(201);
    expect((await deliver(undefined, { note: 'x' })).status).toBe(201);
    expect(await runsOf(workflow.id)).toBe(4);

    for (const bad of ['k'.repeat(256), 'tab\there', '']) {
      const refused = await deliver(bad, { note: 'x' });
      expect([refused.status, refused.body.message]).toEqual([400, expect.stringContaining('Idempotency-Key')]);
    }
    const wrongSecret = await stack.api.request('POST', issued.path, {
      headers: { 'x-webhook-secret': 'whs_wrong', 'idempotency-key': 'evt-1' },
      body: { note: 'hired' },
    });
    expect(wrongSecret.status).toBe(401);
    expect(await runsOf(workflow.id)).toBe(4);
  });
});

describe('a run no person started counts as the run of who set it up, for self-approval', () => {
  it('keeps the last editor of its schedule and the issuer of its webhook secret from deciding its approvals', async () => {
    const { db } = stack.database;
    const owner = await createUserWithToken(db, ['approver', 'resource_manager']);
    const other = await createUserWithToken(db, ['approver']);
    const workflow = await createActive(
      stack.api,
      admin,
      approvalDefinition({
        name: 'Approval started without a person',
        subjectVariable: null,
        trigger: { types: ['scheduled', 'webhook'] },
        variables: [],
        steps: [
          { id: 'start', name: 'Start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'ask' }] },
          {
            id: 'ask',
            name: 'Ask',
            type: 'approval',
            config: { approvers: ['approver'] },
            transitions: [
              { on: 'approved', goto: 'end' },
              { on: 'rejected', goto: 'end' },
            ],
          },
          { id: 'end', name: 'End', type: 'end', config: {}, transitions: [] },
        ],
      }),
    );
    const decide = (approvalId: string, token: string) =>
      stack.api.request('POST', `/api/approvals/${approvalId}/decide`, { token, body: { decision: 'approve' } });
    /** The run's approval once it waits: the owner is refused, another approver decides it. */
    const expectOwnerRefused = async (runId: string) => {
      await waitForRun(stack.api, admin, runId, hasStatus('waiting'));
      const approval = await db.approval.findFirstOrThrow({ where: { runId } });
      expect((await decide(approval.id, owner.token)).status).toBe(403);
      expect((await decide(approval.id, other.token)).status).toBe(200);
      await waitForRun(stack.api, admin, runId, hasStatus('completed'));
    };

    // An admin creates the schedule; the owner changes it last.
    const schedule = await call('POST', '/api/schedules', { workflowId: workflow.id, cronExpression: '0 5 * * *' });
    expect(schedule.status).toBe(201);
    const edited = await stack.api.request('PATCH', `/api/schedules/${schedule.body.id}`, {
      token: owner.token,
      body: { cronExpression: '0 6 * * *' },
    });
    expect(edited.status).toBe(200);
    await temporal.client.schedule.getHandle(temporalScheduleId(schedule.body.id)).trigger();
    const scheduled = await firstAnswer(() => db.workflowRun.findFirst({ where: { definitionId: workflow.id } }));
    expect([scheduled!.startedBy, scheduled!.initiatedBy]).toEqual([null, owner.user.id]);
    await expectOwnerRefused(scheduled!.id);
    expect((await call('DELETE', `/api/schedules/${schedule.body.id}`)).status).toBe(200);

    const issued = await stack.api.request('POST', `/api/workflows/${workflow.id}/webhook-secret`, {
      token: owner.token,
    });
    expect(issued.status).toBe(201);
    const delivered = await stack.api.request('POST', issued.body.path, {
      headers: { 'x-webhook-secret': issued.body.secret },
      body: {},
    });
    expect([delivered.status, delivered.body.startedBy, delivered.body.initiatedBy]).toEqual([
      201,
      null,
      owner.user.id,
    ]);
    await expectOwnerRefused(delivered.body.id);
  });
});

describe('what starts runs without a person needs workflow:start besides its own permission', () => {
  it('refuses a token without workflow:start a schedule that starts runs, or a webhook secret, writing nothing', async () => {
    const { db } = stack.database;
    const workflow = await createActive(stack.api, admin, automatic(['scheduled', 'webhook']));
    const narrowed = await createUserWithToken(
      db,
      ['resource_manager'],
      [...permissionsOfRoles(['resource_manager'])].filter((permission) => permission !== 'workflow:start'),
    );
    const asNarrowed = (method: string, path: string, body?: unknown) =>
      stack.api.request(method, path, { token: narrowed.token, body });
    expect((await asNarrowed('POST', `/api/workflows/${workflow.id}/start`, { variables: {} })).status).toBe(403);

    const created = await asNarrowed('POST', '/api/schedules', {
      workflowId: workflow.id,
      cronExpression: '0 5 * * *',
    });
    expect([created.status, created.body.details]).toEqual([403, { permission: 'workflow:start' }]);
    expect(await db.schedule.count({ where: { workflowId: workflow.id } })).toBe(0);

    // Someone who may start runs set the schedule up: the narrowed token may rename or pause it,
    // but not change what it starts or turn it back on.
    const schedule = await call('POST', '/api/schedules', { workflowId: workflow.id, cronExpression: '0 5 * * *' });
    expect(schedule.status).toBe(201);
    const path = `/api/schedules/${schedule.body.id}`;
    expect((await asNarrowed('PATCH', path, { name: 'Renamed', enabled: false })).status).toBe(200);
    for (const change of [{ variables: { note: 'mine' } }, { enabled: true }, { workflowId: workflow.id }]) {
      const refused = await asNarrowed('PATCH', path, change);
      expect([refused.status, refused.body.message]).toEqual([403, expect.stringContaining('workflow:start')]);
    }
    expect(await db.schedule.findUniqueOrThrow({ where: { id: schedule.body.id } })).toEqual(
      expect.objectContaining({ enabled: false, variables: {} }),
    );

    const issued = await asNarrowed('POST', `/api/workflows/${workflow.id}/webhook-secret`);
    expect([issued.status, issued.body.details]).toEqual([403, { permission: 'workflow:start' }]);
    expect(
      (await db.workflowDefinition.findUniqueOrThrow({ where: { id: workflow.id } })).webhookSecretHash,
    ).toBeNull();
  });
});

describe('a trigger starts no runs once the person it starts them for may no longer start runs', () => {
  it('refuses the firings of a schedule and the deliveries of a webhook whose owner was demoted, deactivated or deleted', async () => {
    const { db } = stack.database;
    const owner = await createUserWithToken(db, ['resource_manager']);
    const workflow = await createActive(stack.api, admin, automatic(['scheduled', 'webhook']));
    const asOwner = (method: string, path: string, body?: unknown) =>
      stack.api.request(method, path, { token: owner.token, body });
    const schedule = (await asOwner('POST', '/api/schedules', { workflowId: workflow.id, cronExpression: '0 5 * * *' }))
      .body;
    const issued = (await asOwner('POST', `/api/workflows/${workflow.id}/webhook-secret`)).body;
    const { prepareScheduledRun } = createScheduleActivities(db);
    let firings = 0;
    const fire = () => prepareScheduledRun({ scheduleId: schedule.id, firingId: `owner-check-${firings++}` });
    const deliver = () =>
      stack.api.request('POST', issued.path, { headers: { 'x-webhook-secret': issued.secret }, body: {} });

    expect((await fire()).run?.runId).toBeDefined();
    expect((await deliver()).status).toBe(201);

    const refusals: Array<[string, object]> = [
      ['no longer holds workflow:start', { roles: ['approver'] }],
      ['is deactivated', { roles: ['resource_manager'], active: false }],
      ['was deleted', { active: true, deletedAt: new Date() }],
    ];
    for (const [why, change] of refusals) {
      await db.user.update({ where: { id: owner.user.id }, data: change });
      const skipped = await fire();
      expect(skipped).toEqual({ skipped: expect.stringContaining(why) });
      const row = await db.schedule.findUniqueOrThrow({ where: { id: schedule.id } });
      expect(row.pausedReason).toContain(why);
      const delivered = await deliver();
      expect([delivered.status, delivered.body.message]).toEqual([403, expect.stringContaining(why)]);
      // The reason names no one: the webhook's sender sees it.
      expect(delivered.body.message).not.toContain(owner.user.id);
    }
    expect(await db.workflowRun.count({ where: { definitionId: workflow.id } })).toBe(2);

    // Someone who may start runs saves the schedule and issues a new secret: they start runs again, as theirs.
    expect((await call('PATCH', `/api/schedules/${schedule.id}`, { enabled: true })).status).toBe(200);
    const resumed = await fire();
    expect(resumed.run?.runId).toBeDefined();
    const reissued = (await call('POST', `/api/workflows/${workflow.id}/webhook-secret`)).body;
    const redelivered = await stack.api.request('POST', reissued.path, {
      headers: { 'x-webhook-secret': reissued.secret },
      body: {},
    });
    expect(redelivered.status).toBe(201);
    const runs = await db.workflowRun.findMany({ where: { id: { in: [resumed.run!.runId, redelivered.body.id] } } });
    expect(runs.map((run) => run.initiatedBy)).not.toContain(owner.user.id);
    expect(runs).toHaveLength(2);
    await call('DELETE', `/api/schedules/${schedule.id}`);
  });
});
