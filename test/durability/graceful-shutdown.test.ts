import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from '../../scripts/local/free-port.js';
import { useTestApp } from '../support/app.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { createUserWithToken } from '../support/users.js';
import { serviceProcesses } from '../support/worker-process.js';
import { createHttpCallWorkflow } from '../support/workflows.js';
import { pollUntil } from '../support/poll.js';

// SIGTERM, as a deployment sends it, to the real API and worker entry points in child processes.
const taskQueue = `shutdown-${randomUUID()}`;
const context = useTestApp({ env: { TEMPORAL_TASK_QUEUE: taskQueue } });
const processes = serviceProcesses({
  databaseUrl: () => context.database.url,
  taskQueue,
  env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32', API_SHUTDOWN_GRACE_MS: '3000' },
});

afterAll(() => processes.killAll());

const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );

/** A POST whose body is sent in two halves, so it stays in flight until `finish` is called. */
function slowPost(url: string, token: string, body: unknown) {
  const json = JSON.stringify(body);
  const request = http.request(url, {
    method: 'POST',
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(json),
    },
  });
  const answered = new Promise<{ status: number; body: any }>((resolve, reject) => {
    request.once('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    request.once('error', reject);
  });
  const connected = new Promise<void>((resolve) =>
    request.once('socket', (socket) => socket.once('connect', () => resolve())),
  );
  request.write(json.slice(0, 10));
  return {
    answered,
    /** Resolves once the server has had the headers for a while: the request is in flight. */
    inFlight: connected.then(() => new Promise((resolve) => setTimeout(resolve, 1_000))),
    finish: () => request.end(json.slice(10)),
  };
}

/**
 * True when a new TCP connection to `port` is refused. A bare connect, closed at once: a
 * keep-alive HTTP client would reuse an open connection instead, and hold the process open.
 */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('SIGTERM to an API process', () => {
  it('refuses new connections at once, answers the request in flight, then exits 0', async () => {
    const { token } = await createUserWithToken(context.database.db, ['admin']);
    const port = await freePort();
    const api = await processes.startApi(port);
    const exited = exitOf(api);
    const inFlight = slowPost(`http://127.0.0.1:${port}/api/projects`, token, { name: `p-${randomUUID()}` });
    await inFlight.inFlight;

    api.kill('SIGTERM');
    // Refused as soon as the process has handled the signal (polled: a busy machine may take a while).
    expect(await pollUntil(() => connectionRefused(port), Boolean, { timeoutMs: 10_000, intervalMs: 100 })).toBe(true);
    inFlight.finish();
    const answer = await inFlight.answered;
    expect(answer.status).toBe(201);
    expect(await context.database.db.project.count({ where: { id: answer.body.id } })).toBe(1);
    expect((await exited).code).toBe(0);
  });

  it('closes a request that never finishes once the grace time (API_SHUTDOWN_GRACE_MS) is over', async () => {
    const { token } = await createUserWithToken(context.database.db, ['admin']);
    const port = await freePort();
    const api = await processes.startApi(port);
    const exited = exitOf(api);
    const stuck = slowPost(`http://127.0.0.1:${port}/api/projects`, token, { name: `p-${randomUUID()}` });
    await stuck.inFlight;

    const signalled = Date.now();
    api.kill('SIGTERM');
    await expect(stuck.answered).rejects.toThrow();
    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeGreaterThanOrEqual(3000);
    expect(at - signalled).toBeLessThan(20_000);
  });
});

describe('SIGTERM to a worker', () => {
  let remote: http.Server;
  let remoteUrl: string;
  const keys: string[] = [];
  let received: () => void;
  const requestArrived = new Promise<void>((resolve) => (received = resolve));
  let answeredAt = 0;

  beforeAll(async () => {
    remote = http.createServer((request, response) => {
      keys.push(String(request.headers['idempotency-key']));
      received();
      setTimeout(() => {
        answeredAt = Date.now();
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ created: true }));
      }, 3000);
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    remote.closeAllConnections();
    await new Promise((resolve) => remote.close(resolve));
  });

  it('lets the connector call in progress finish, exits 0, and the run completes on the next worker with one call', async () => {
    const { token: admin } = await createUserWithToken(context.database.db, ['admin']);
    const workflow = await createHttpCallWorkflow(context.api, admin, {
      name: 'Shutdown',
      connector: 'slow',
      baseUrl: remoteUrl,
      path: '/things',
    });
    const worker = await processes.startWorker();
    const exited = exitOf(worker);
    const run = (
      await context.api.request('POST', `/api/workflows/${workflow.id}/start`, {
        token: admin,
        body: { variables: {} },
      })
    ).body;
    await requestArrived;

    worker.kill('SIGTERM');
    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(answeredAt).toBeGreaterThan(0);
    expect(at).toBeGreaterThanOrEqual(answeredAt);
    const step = await context.database.db.runStep.findFirstOrThrow({ where: { runId: run.id, stepId: 'call' } });
    expect(step.output).toMatchObject({ response: { success: true } });

    await processes.startWorker();
    const finished = await waitForRun(context.api, admin, run.id, hasStatus('completed'), 60_000);
    expect(finished.steps.map((item: { stepId: string }) => item.stepId)).toEqual(['start', 'call', 'end']);
    expect(keys).toEqual([`${run.id}:call:${step.sequence}:1`]);
  }, 180_000);
});
