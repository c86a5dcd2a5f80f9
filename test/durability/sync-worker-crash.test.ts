import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { projectRoot } from '../../src/db/migrate.js';
import { syncWorkflowId } from '../../src/domain/sync.js';
import { passProgressSchema } from '../../src/services/sync/sync-config-record.js';
import { connectTemporalClient, type TemporalClientHandle } from '../../src/temporal/client.js';
import { handler as httpDirectory } from '../fixtures/connectors/http-directory-handler.js';
import { TEST_SECRET_KEY, useTestApp } from '../support/app.js';
import { stackValue } from '../support/stack.js';
import { createUserWithToken } from '../support/users.js';

// The real worker entry point in a child process, killed the hard way in the middle of a sync
// pass. The upstream directory is an HTTP server in this process, so it sees every page request
// of both workers.
const taskQueue = `sync-durability-${randomUUID()}`;
const HANDLER_MODULE = './test/fixtures/connectors/http-directory-handler.ts';
const context = useTestApp({ env: { TEMPORAL_TASK_QUEUE: taskQueue } });
const USERS = 40;
const PAGE_SIZE = 5;
const requestedCursors: string[] = [];
let upstream: http.Server;
let upstreamUrl: string;
let temporal: TemporalClientHandle;
const workers: ChildProcess[] = [];

function startWorkerProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'workers/main.ts'], {
    cwd: projectRoot(),
    env: {
      ...process.env,
      DATABASE_URL: context.database.url,
      TEMPORAL_ADDRESS: stackValue('temporalAddress'),
      TEMPORAL_TASK_QUEUE: taskQueue,
      CONNECTOR_SECRET_KEY: TEST_SECRET_KEY,
      CONNECTOR_HANDLER_PATHS: HANDLER_MODULE,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('worker polling')) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${output}`)));
  });
}

beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    const cursor = new URL(request.url!, 'http://upstream').searchParams.get('cursor') ?? '0';
    requestedCursors.push(cursor);
    const offset = Number(cursor);
    const resources = Array.from({ length: PAGE_SIZE }, (_, index) => ({
      externalId: `u${offset + index + 1}`,
      displayName: `User ${offset + index + 1}`,
      email: `user${offset + index + 1}@example.test`,
      attributes: {},
    }));
    const next = offset + PAGE_SIZE < USERS ? String(offset + PAGE_SIZE) : undefined;
    // Slow pages leave time to kill the worker between two of them.
    setTimeout(() => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ resources, ...(next ? { nextCursor: next } : {}), totalEstimate: USERS }));
    }, 400);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  temporal = await connectTemporalClient(stackValue('temporalAddress'), 'default');
  context.api.connectors.registry.register(httpDirectory, 'custom');
});

afterAll(async () => {
  for (const child of workers) if (child.exitCode === null) child.kill('SIGKILL');
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
  await temporal.close();
});

describe('a sync pass survives its worker being killed', () => {
  it('continues on a new worker from the last committed page instead of starting over', async () => {
    const { db } = context.database;
    const { token } = await createUserWithToken(db, ['admin']);
    const connector = await context.api.request('POST', '/api/connectors', {
      token,
      body: { name: 'hr', type: 'http-directory', executionModel: 'custom', config: { baseUrl: upstreamUrl } },
    });
    expect(connector.status).toBe(201);
    const connectorId = connector.body.id;
    expect(
      (await context.api.request('PUT', `/api/connectors/${connectorId}/sync-config/user`, { token, body: {} })).status,
    ).toBe(201);

    const first = await startWorkerProcess();
    const handle = await temporal.client.workflow.start('syncResourcesWorkflow', {
      workflowId: syncWorkflowId(connectorId, 'user'),
      taskQueue,
      args: [{ connectorId, resourceType: 'user' }],
    });
    const committedPages = async () => {
      const config = await db.syncConfig.findFirstOrThrow({ where: { connectorId } });
      return passProgressSchema.nullable().parse(config.passProgress)?.pagesProcessed ?? 0;
    };
    const deadline = Date.now() + 30_000;
    while ((await committedPages()) < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const committedBeforeKill = await committedPages();
    expect(committedBeforeKill).toBeGreaterThanOrEqual(3);
    expect(committedBeforeKill).toBeLessThan(USERS / PAGE_SIZE);

    await startWorkerProcess();
    const result = await handle.result();
    expect(result).toMatchObject({
      outcome: 'success',
      stats: { added: USERS, pagesProcessed: USERS / PAGE_SIZE, totalUpstreamRecords: USERS, staled: 0 },
    });
    // Every committed page was fetched once; only the page in flight at the kill may be fetched twice.
    expect(requestedCursors.filter((cursor) => cursor === '0')).toHaveLength(1);
    expect(requestedCursors.length).toBeLessThanOrEqual(USERS / PAGE_SIZE + 1);
    expect(new Set(requestedCursors).size).toBe(USERS / PAGE_SIZE);
    expect(await db.connectorResource.count({ where: { connectorId, staleSince: null } })).toBe(USERS);
  }, 90_000);
});
