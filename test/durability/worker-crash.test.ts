import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { createUserWithToken } from '../support/users.js';
import { workerProcesses } from '../support/worker-process.js';
import { createActive, createHttpCallWorkflow, notifyOnceDefinition } from '../support/workflows.js';

// The real worker entry point in a child process, so it can be killed the hard way.
const taskQueue = `durability-${randomUUID()}`;
const context = useTestApp({ env: { TEMPORAL_TASK_QUEUE: taskQueue } });
let upstream: http.Server;
let upstreamUrl: string;
const idempotencyKeys: Array<string | undefined> = [];
// While set, the upstream takes requests without ever answering them (a worker dies meanwhile).
let holdRequests = false;
let requestHeld: () => void = () => undefined;
const workers = workerProcesses({
  databaseUrl: () => context.database.url,
  taskQueue,
  env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' },
});

beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    idempotencyKeys.push(request.headers['idempotency-key'] as string | undefined);
    if (holdRequests) return requestHeld();
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ created: true }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

let silentSmtp: net.Server | undefined;

afterAll(async () => {
  workers.killAll();
  silentSmtp?.close();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

describe('a run survives its worker being killed', () => {
  it('completes on a new worker after a kill between a connector step and an approval, with no step run twice', async () => {
    const { db } = context.database;
    const { token: admin, user } = await createUserWithToken(db, ['admin']);
    await context.api.request('POST', '/api/connectors', {
      token: admin,
      body: { name: 'crm', type: 'http', config: { baseUrl: upstreamUrl } },
    });
    const workflow = await createActive(context.api, admin, {
      name: 'Durable',
      description: '',
      category: 'general',
      trigger: { types: ['manual'] },
      variables: [],
      onError: 'stop',
      debugLogging: false,
      steps: [
        { id: 'start', name: 'Start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'call' }] },
        {
          id: 'call',
          name: 'Create in CRM',
          type: 'connector',
          config: {
            connector: 'crm',
            command: 'request',
            parameters: { method: 'POST', url: '/accounts', body: { name: 'x' } },
          },
          transitions: [{ on: 'success', goto: 'ask' }],
        },
        {
          id: 'ask',
          name: 'Approve',
          type: 'approval',
          config: { approvers: [user.id], allowSelfApproval: true },
          transitions: [
            { on: 'approved', goto: 'end' },
            { on: 'rejected', goto: 'end' },
          ],
        },
        { id: 'end', name: 'End', type: 'end', config: {}, transitions: [] },
      ],
    });

    const first = await workers.start();
    const run = (
      await context.api.request('POST', `/api/workflows/${workflow.id}/start`, {
        token: admin,
        body: { variables: {} },
      })
    ).body;
    await waitForRun(context.api, admin, run.id, hasStatus('waiting'), 60_000);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));

    await workers.start();
    const approval = await db.approval.findFirstOrThrow({ where: { runId: run.id } });
    const decided = await context.api.request('POST', `/api/approvals/${approval.id}/decide`, {
      token: admin,
      body: { decision: 'approve' },
    });
    expect(decided.status).toBe(200);
    const finished = await waitForRun(context.api, admin, run.id, hasStatus('completed'), 60_000);

    const call = finished.steps.find((step: { stepId: string }) => step.stepId === 'call');
    expect(idempotencyKeys).toEqual([`${run.id}:call:${call.sequence}:1`]);
    expect(
      finished.steps.map(
        (step: { stepId: string; attempt: number; status: string }) => `${step.stepId}#${step.attempt}:${step.status}`,
      ),
    ).toEqual(['start#1:completed', 'call#1:completed', 'ask#1:completed', 'end#1:completed']);
    expect(await db.approval.count({ where: { runId: run.id } })).toBe(1);
  }, 180_000);
});

describe('a connector call cut short by a killed worker', () => {
  it('runs again on another worker within the heartbeat timeout (15 s), not the 2-minute activity timeout, with the same idempotency key', async () => {
    const { db } = context.database;
    const { token: admin } = await createUserWithToken(db, ['admin']);
    const workflow = await createHttpCallWorkflow(context.api, admin, {
      name: 'Held call',
      connector: 'crm-held',
      baseUrl: upstreamUrl,
      path: '/held',
    });
    // Only this test's worker may take the call: the previous test's worker is still polling.
    workers.killAll();
    idempotencyKeys.length = 0;
    holdRequests = true;
    const held = new Promise<void>((resolve) => (requestHeld = resolve));
    const worker = await workers.start();
    const run = (
      await context.api.request('POST', `/api/workflows/${workflow.id}/start`, {
        token: admin,
        body: { variables: {} },
      })
    ).body;
    await held;
    worker.kill('SIGKILL');
    await new Promise((resolve) => worker.once('exit', resolve));
    holdRequests = false;

    const killed = Date.now();
    await workers.start();
    const finished = await waitForRun(context.api, admin, run.id, hasStatus('completed'), 60_000);
    expect(Date.now() - killed).toBeLessThan(90_000);
    const call = finished.steps.find((step: { stepId: string }) => step.stepId === 'call');
    const key = `${run.id}:call:${call.sequence}:1`;
    expect(idempotencyKeys).toEqual([key, key]);
  }, 240_000);
});

describe('a notification cut short by a killed worker', () => {
  it('is sent again by another worker within the heartbeat timeout (15 s), not the 2-minute activity timeout', async () => {
    const { db } = context.database;
    const { token: admin, user } = await createUserWithToken(db, ['admin']);
    const workflow = await createActive(context.api, admin, notifyOnceDefinition('Held notification', user.id, 'Held'));
    // An SMTP server that takes the connection and never greets: the email is in flight when the worker dies.
    const connected = new Promise<void>((resolve) => {
      const silent = net.createServer(() => resolve());
      silentSmtp = silent;
      silent.listen(0, '127.0.0.1');
    });
    await new Promise((resolve) => silentSmtp!.once('listening', resolve));
    const smtpPort = (silentSmtp!.address() as AddressInfo).port;
    workers.killAll();
    const worker = await workers.start({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SMTP_FROM: 'flowgate@example.test',
    });
    const run = (
      await context.api.request('POST', `/api/workflows/${workflow.id}/start`, {
        token: admin,
        body: { variables: {} },
      })
    ).body;
    await connected;
    worker.kill('SIGKILL');
    await new Promise((resolve) => worker.once('exit', resolve));

    const killed = Date.now();
    await workers.start();
    await waitForRun(context.api, admin, run.id, hasStatus('completed'), 60_000);
    expect(Date.now() - killed).toBeLessThan(90_000);
    expect(await db.notification.count({ where: { runId: run.id, recipientUserId: user.id } })).toBe(1);
  }, 240_000);
});
