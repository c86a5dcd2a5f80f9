import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client, Connection } from '@temporalio/client';
import type { WorkflowDefinitionInput } from '../../../src/domain/workflow-definition.js';
import { AppError } from '../../../src/errors/index.js';
import type { TemporalClientHandle } from '../../../src/temporal/client.js';
import { runWorkflowId } from '../../../src/temporal/messages.js';
import { RunStatusAttribute, SubjectAttribute } from '../../../src/temporal/search-attributes.js';
import { recordedRunOf } from '../../../src/services/runs/run-record.js';
import {
  recordNewRun,
  startRecordedRun,
  startRunExecution,
  startStalledRuns,
  STALLED_RUN_AGE_MS,
} from '../../../src/services/runs/start-run.js';
import { loadWorkflow, toWorkflowView } from '../../../src/services/workflows/workflow-record.js';
import { freePort } from '../../../scripts/local/free-port.js';
import { useRunStack } from '../../support/run-stack.js';
import { connectSuiteTemporal } from '../../support/app.js';
import { hasStatus, waitForRun } from '../../support/runs.js';
import { createUserWithToken } from '../../support/users.js';
import { createActive, createDraft } from '../../support/workflows.js';

// Runs are committed before their Temporal execution starts (docs/runs.md, "Starting a run").

const stack = useRunStack();
let admin: string;
let adminId: string;

beforeAll(async () => {
  const created = await createUserWithToken(stack.database.db, ['admin']);
  admin = created.token;
  adminId = created.user.id;
});

const straightThrough = (name: string): WorkflowDefinitionInput => ({
  name,
  description: '',
  category: 'general',
  trigger: { types: ['manual'] },
  variables: [],
  steps: [
    { id: 'start', name: 'start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'end' }] },
    { id: 'end', name: 'end', type: 'end', config: {}, transitions: [] },
  ],
  onError: 'stop',
  debugLogging: false,
});

/** A workflow whose first step after start is step work: a notification to `recipient`. */
const notifyingFirst = (name: string, recipient: string): WorkflowDefinitionInput => ({
  ...straightThrough(name),
  steps: [
    { id: 'start', name: 'start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'tell' }] },
    {
      id: 'tell',
      name: 'tell',
      type: 'notification',
      config: { recipientId: recipient, message: 'hello' },
      transitions: [{ on: 'success', goto: 'end' }],
    },
    { id: 'end', name: 'end', type: 'end', config: {}, transitions: [] },
  ],
});

let suiteTemporal: TemporalClientHandle;
let temporal: Client;
beforeAll(async () => {
  suiteTemporal = await connectSuiteTemporal();
  temporal = suiteTemporal.client;
});
afterAll(() => suiteTemporal.close());

const starter = () => ({ db: stack.database.db, temporal, taskQueue: stack.taskQueue });

describe('starting a run', () => {
  it('commits the run row before the execution starts, so the workflow always finds it', async () => {
    const workflow = await createActive(stack.api, admin, straightThrough(`commit first ${Date.now()}`));
    const view = toWorkflowView(await loadWorkflow(stack.database.db, workflow.id));
    // What another connection (the worker's first projection write) sees when the start is sent.
    const visibleAtStart: Array<string | undefined> = [];
    const watching = new Client({
      connection: temporal.connection,
      interceptors: {
        workflow: [
          {
            async start(input, next) {
              const runId = input.options.workflowId.replace(/^run-/, '');
              const row = await stack.database.db.workflowRun.findUnique({ where: { id: runId } });
              visibleAtStart.push(row?.status);
              return next(input);
            },
          },
        ],
      },
    });
    const { id: runId } = await startRecordedRun(
      { db: stack.database.db, temporal: watching, taskQueue: stack.taskQueue },
      view,
      {},
      { actor: { type: 'user', userId: adminId }, trigger: 'manual' },
    );
    expect(visibleAtStart).toEqual(['pending']);
    const finished = await waitForRun(stack.api, admin, runId, hasStatus('completed'));
    expect(finished.steps.map((step: { stepId: string }) => step.stepId)).toEqual(['start', 'end']);
  });

  it('answers 503 when Temporal is unreachable and withdraws the run, audited as run.start_failed', async () => {
    const workflow = await createActive(stack.api, admin, straightThrough(`unreachable ${Date.now()}`));
    const unreachable = new Client({
      connection: await Connection.lazy({ address: `127.0.0.1:${await freePort()}`, connectTimeout: '500ms' }),
    });
    const view = toWorkflowView(await loadWorkflow(stack.database.db, workflow.id));
    const failure = await startRecordedRun(
      { db: stack.database.db, temporal: unreachable, taskQueue: stack.taskQueue },
      view,
      {},
      { actor: { type: 'user', userId: adminId }, trigger: 'manual' },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).status).toBe(503);
    expect(await stack.database.db.workflowRun.count({ where: { definitionId: workflow.id } })).toBe(0);
    const audit = await stack.database.db.auditLog.findMany({
      where: {
        action: { in: ['run.started', 'run.start_failed'] },
        metadata: { path: ['definitionId'], equals: workflow.id },
      },
    });
    expect(audit.map((entry) => entry.action)).toEqual(['run.started']);
    const withdrawn = await stack.database.db.auditLog.findFirst({
      where: { action: 'run.start_failed', targetId: audit[0]!.targetId },
    });
    expect(withdrawn?.metadata).toMatchObject({ trigger: 'manual' });
  });

  it('starts a pending run left without an execution once it is a minute old, and only once', async () => {
    const workflow = await createActive(stack.api, admin, straightThrough(`stalled ${Date.now()}`));
    const view = toWorkflowView(await loadWorkflow(stack.database.db, workflow.id));
    // A starter that crashed between the commit and the start: the row is there, no execution.
    const { input } = await recordNewRun(
      stack.database.db,
      view,
      {},
      {
        actor: { type: 'user', userId: adminId },
        trigger: 'manual',
      },
    );
    const now = new Date();
    expect((await startStalledRuns(starter(), now)).started).not.toContain(input.runId);

    const later = new Date(now.getTime() + STALLED_RUN_AGE_MS + 1000);
    expect(await startStalledRuns(starter(), later)).toEqual(
      expect.objectContaining({ started: expect.arrayContaining([input.runId]) }),
    );
    await waitForRun(stack.api, admin, input.runId, hasStatus('completed'));
    const handle = temporal.workflow.getHandle(runWorkflowId(input.runId));
    // The row says completed a workflow task before the execution closes.
    await handle.result();
    const execution = (await handle.describe()).runId;
    // Started again (a late reconciliation of another worker): the closed execution is not repeated.
    const row = await stack.database.db.workflowRun.findUniqueOrThrow({ where: { id: input.runId } });
    await startRunExecution(starter(), recordedRunOf(row));
    const after = await handle.describe();
    expect([after.runId, after.status.name]).toEqual([execution, 'COMPLETED']);
  });

  it('passes over a pending run Temporal refuses to start, starting the ones after it', async () => {
    const workflow = await createActive(stack.api, admin, {
      ...straightThrough(`refused stalled ${Date.now()}`),
      variables: [{ name: 'note', type: 'string', required: false }],
    });
    const view = toWorkflowView(await loadWorkflow(stack.database.db, workflow.id));
    const origin = { actor: { type: 'user' as const, userId: adminId }, trigger: 'manual' as const };
    // Over Temporal's 2 MB limit of a payload: only a row written by hand gets there.
    const refused = await recordNewRun(stack.database.db, view, { note: 'x'.repeat(3_000_000) }, origin);
    const fine = await recordNewRun(stack.database.db, view, {}, origin);

    const later = new Date(Date.now() + STALLED_RUN_AGE_MS + 1000);
    const pass = await startStalledRuns(starter(), later);
    expect(pass.refused).toEqual([{ runId: refused.input.runId, reason: expect.any(String) }]);
    expect(pass.started).toContain(fine.input.runId);
    await waitForRun(stack.api, admin, fine.input.runId, hasStatus('completed'));
    await stack.database.db.workflowRun.delete({ where: { id: refused.input.runId } });
  });

  it('cancels a pending run left without an execution, which the reconciliation then leaves alone', async () => {
    const workflow = await createActive(stack.api, admin, straightThrough(`cancelled stalled ${Date.now()}`));
    const view = toWorkflowView(await loadWorkflow(stack.database.db, workflow.id));
    const { input } = await recordNewRun(
      stack.database.db,
      view,
      {},
      { actor: { type: 'user', userId: adminId }, trigger: 'manual' },
    );

    const cancelled = await stack.api.request('POST', `/api/runs/${input.runId}/cancel`, { token: admin });
    expect([cancelled.status, cancelled.body.status]).toEqual([200, 'cancelled']);
    const later = new Date(Date.now() + STALLED_RUN_AGE_MS + 1000);
    expect((await startStalledRuns(starter(), later)).started).not.toContain(input.runId);
    expect((await stack.api.request('POST', `/api/runs/${input.runId}/cancel`, { token: admin })).status).toBe(409);
    expect(
      await stack.database.db.auditLog.count({ where: { action: 'run.cancel_requested', targetId: input.runId } }),
    ).toBe(1);
  });

  // Cancel finds no execution and cancels in the database; the start on its way lands after that.
  it.each([
    ['ends in its first workflow task', (name: string) => straightThrough(name)],
    ['begins with step work', (name: string) => notifyingFirst(name, adminId)],
  ])('runs none of the steps of a run cancelled while its start was on the way (%s)', async (_case, definition) => {
    const workflow = await createActive(stack.api, admin, definition(`cancelled in flight ${Date.now()}`));
    const view = toWorkflowView(await loadWorkflow(stack.database.db, workflow.id));
    const origin = { actor: { type: 'user' as const, userId: adminId }, trigger: 'manual' as const };
    const { input } = await recordNewRun(stack.database.db, view, {}, origin);
    const cancelled = await stack.api.request('POST', `/api/runs/${input.runId}/cancel`, { token: admin });
    expect([cancelled.status, cancelled.body.status]).toEqual([200, 'cancelled']);

    await startRunExecution(starter(), { input, workflow: view });
    const handle = temporal.workflow.getHandle(runWorkflowId(input.runId));
    expect(await handle.result()).toEqual({ status: 'cancelled', variables: {} });
    const run = await stack.database.db.workflowRun.findUniqueOrThrow({
      where: { id: input.runId },
      include: { steps: true },
    });
    expect([run.status, run.steps]).toEqual(['cancelled', []]);
    expect(await stack.database.db.notification.count({ where: { runId: input.runId } })).toBe(0);
    expect((await handle.describe()).typedSearchAttributes.get(RunStatusAttribute)).toBe('cancelled');
  });

  // The API's start failed (a deadline, say) and withdrew the run, but Temporal had taken it.
  it.each([
    ['ends in its first workflow task', (name: string) => straightThrough(name)],
    ['begins with step work', (name: string) => notifyingFirst(name, adminId)],
  ])(
    'ends at once, running no step, an execution whose run was withdrawn before it landed (%s)',
    async (_c, definition) => {
      const workflow = await createActive(stack.api, admin, definition(`withdrawn ${Date.now()}`));
      const view = toWorkflowView(await loadWorkflow(stack.database.db, workflow.id));
      const origin = { actor: { type: 'user' as const, userId: adminId }, trigger: 'manual' as const };
      const { input } = await recordNewRun(stack.database.db, view, {}, origin);
      await stack.database.db.workflowRun.delete({ where: { id: input.runId } });

      await startRunExecution(starter(), { input, workflow: view });
      const handle = temporal.workflow.getHandle(runWorkflowId(input.runId));
      expect(await handle.result()).toEqual({ status: 'cancelled', variables: {} });
      expect(await stack.database.db.workflowRun.count({ where: { id: input.runId } })).toBe(0);
      expect(await stack.database.db.runStep.count({ where: { runId: input.runId } })).toBe(0);
      expect(await stack.database.db.notification.count({ where: { runId: input.runId } })).toBe(0);
      expect((await handle.describe()).typedSearchAttributes.get(RunStatusAttribute)).toBe('cancelled');
    },
  );

  it('answers with the run, not 503, when a start that failed on the way back had landed and run', async () => {
    const workflow = await createActive(stack.api, admin, straightThrough(`landed ${Date.now()}`));
    const view = toWorkflowView(await loadWorkflow(stack.database.db, workflow.id));
    // Temporal takes the start, the execution writes the run, and the answer is lost.
    const answerLost = new Client({
      connection: temporal.connection,
      interceptors: {
        workflow: [
          {
            async start(input, next) {
              await next(input);
              const runId = input.options.workflowId.replace(/^run-/, '');
              await temporal.workflow.getHandle(input.options.workflowId).result();
              expect((await stack.database.db.workflowRun.findUniqueOrThrow({ where: { id: runId } })).status).toBe(
                'completed',
              );
              throw new Error('deadline exceeded');
            },
          },
        ],
      },
    });
    const run = await startRecordedRun(
      { db: stack.database.db, temporal: answerLost, taskQueue: stack.taskQueue },
      view,
      {},
      { actor: { type: 'user', userId: adminId }, trigger: 'manual' },
    );
    expect(run.status).toBe('completed');
    const rows = await stack.database.db.workflowRun.findMany({ where: { definitionId: workflow.id } });
    expect(rows.map((row) => [row.id, row.status])).toEqual([[run.id, 'completed']]);
    expect(await stack.database.db.auditLog.count({ where: { action: 'run.start_failed', targetId: run.id } })).toBe(0);
  });

  it('starts a run whose subject is longer than Temporal takes as a search attribute, cut there only', async () => {
    // A user variable holds a user's id once the run starts; only a test run of a draft whose
    // subject variable is a string (which publishing refuses) has a subject this long.
    const workflow = await createDraft(stack.api, admin, {
      ...straightThrough(`long subject ${Date.now()}`),
      subjectVariable: 'about',
      variables: [{ name: 'about', type: 'string', required: true }],
    });
    // Ends in an emoji whose two UTF-16 halves the cut would separate.
    const about = `${'x'.repeat(255)}\u{1F600}${'y'.repeat(4000)}`;
    const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
      token: admin,
      body: { variables: { about } },
    });
    expect(started.status).toBe(201);
    expect(started.body.subject).toBe(about);
    await waitForRun(stack.api, admin, started.body.id, hasStatus('completed'));
    const execution = await temporal.workflow.getHandle(runWorkflowId(started.body.id)).describe();
    expect(execution.typedSearchAttributes.get(SubjectAttribute)).toBe('x'.repeat(255));
  });

  it('starts each run with the definition of the revision it reads, edits included', async () => {
    const draft = straightThrough(`edited draft ${Date.now()}`);
    const created = await stack.api.request('POST', '/api/workflows', { token: admin, body: draft });
    expect(created.status).toBe(201);
    const start = () =>
      stack.api.request('POST', `/api/workflows/${created.body.id}/start`, { token: admin, body: { variables: {} } });
    const snapshotOf = async (runId: string) =>
      (await stack.database.db.workflowRun.findUniqueOrThrow({ where: { id: runId } })).definitionSnapshot as {
        steps: Array<{ name: string }>;
      };

    const first = await start();
    expect(first.status).toBe(201);
    expect((await snapshotOf(first.body.id)).steps.map((step) => step.name)).toEqual(['start', 'end']);

    const renamed = { steps: draft.steps.map((step) => ({ ...step, name: `${step.name} (renamed)` })) };
    expect(
      (await stack.api.request('PATCH', `/api/workflows/${created.body.id}`, { token: admin, body: renamed })).status,
    ).toBe(200);
    const second = await start();
    expect(second.status).toBe(201);
    expect((await snapshotOf(second.body.id)).steps.map((step) => step.name)).toEqual([
      'start (renamed)',
      'end (renamed)',
    ]);

    // A draft may be saved unrunnable (lenient validation): its next start is refused.
    const endless = { steps: [{ ...draft.steps[0]!, transitions: [{ on: 'success', goto: 'start' }] }] };
    expect(
      (await stack.api.request('PATCH', `/api/workflows/${created.body.id}`, { token: admin, body: endless })).status,
    ).toBe(200);
    const refused = await start();
    expect(refused.status).toBe(400);
  });
});
