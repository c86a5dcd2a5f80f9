import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { syncWorkflowId } from '../../src/domain/sync-pass.js';
import { passProgressSchema } from '../../src/services/sync/sync-config-record.js';
import type { TemporalClientHandle } from '../../src/temporal/client.js';
import { handler as httpDirectory } from '../fixtures/connectors/http-directory-handler.js';
import { useTestApp, connectSuiteTemporal } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';
import { workerProcesses } from '../support/worker-process.js';
import { pollUntil } from '../support/poll.js';

// The real worker entry point in a child process, killed the hard way in the middle of a sync
// pass. The upstream directory is an HTTP server in this process, so it sees every page request
// of both workers.
const taskQueue = `sync-durability-${randomUUID()}`;
const HANDLER_MODULE = './test/fixtures/connectors/http-directory-handler.ts';
const context = useTestApp({ env: { TEMPORAL_TASK_QUEUE: taskQueue } });
const USERS = 40;
const PAGE_SIZE = 5;
const requestedCursors: string[] = [];
// Pages from the fifth on are held until the first worker is dead, so the kill always lands
// mid-pass however slowly the machine runs.
const HELD_FROM_OFFSET = 4 * PAGE_SIZE;
let releaseHeldPages: () => void;
const heldPagesReleased = new Promise<void>((resolve) => (releaseHeldPages = resolve));
let upstream: http.Server;
let upstreamUrl: string;
let temporal: TemporalClientHandle;
const workers = workerProcesses({
  databaseUrl: () => context.database.url,
  taskQueue,
  env: { CONNECTOR_HANDLER_PATHS: HANDLER_MODULE },
});

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
    const answer = () => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ resources, ...(next ? { nextCursor: next } : {}), totalEstimate: USERS }));
    };
    if (offset >= HELD_FROM_OFFSET) void heldPagesReleased.then(answer);
    else setTimeout(answer, 100);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  temporal = await connectSuiteTemporal();
  context.api.connectors.registry.register(httpDirectory, 'custom');
});

afterAll(async () => {
  workers.killAll();
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
      (
        await context.api.request('PUT', `/api/connectors/${connectorId}/sync-config/user`, {
          token,
          body: { syncAllUsers: true },
        })
      ).status,
    ).toBe(201);

    const first = await workers.start();
    const handle = await temporal.client.workflow.start('syncResourcesWorkflow', {
      workflowId: syncWorkflowId(connectorId, 'user'),
      taskQueue,
      args: [{ connectorId, resourceType: 'user' }],
    });
    const committedPages = async () => {
      const config = await db.syncConfig.findFirstOrThrow({ where: { connectorId } });
      return passProgressSchema.nullable().parse(config.passProgress)?.pagesProcessed ?? 0;
    };
    await pollUntil(committedPages, (pages) => pages >= 3, { timeoutMs: 30_000, intervalMs: 50 });
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const committedBeforeKill = await committedPages();
    expect(committedBeforeKill).toBeGreaterThanOrEqual(3);
    expect(committedBeforeKill).toBeLessThanOrEqual(HELD_FROM_OFFSET / PAGE_SIZE);

    releaseHeldPages();
    await workers.start();
    const result = await handle.result();
    expect(result).toMatchObject({
      outcome: 'success',
      stats: { added: USERS, pagesProcessed: USERS / PAGE_SIZE, totalUpstreamRecords: USERS, staled: 0 },
    });
    // Every committed page was fetched once; only the pages in flight at the kill (the one being
    // written and the one fetched ahead of it) may be fetched twice.
    expect(requestedCursors.filter((cursor) => cursor === '0')).toHaveLength(1);
    expect(requestedCursors.length).toBeLessThanOrEqual(USERS / PAGE_SIZE + 2);
    expect(new Set(requestedCursors).size).toBe(USERS / PAGE_SIZE);
    expect(await db.connectorResource.count({ where: { connectorId, staleSince: null } })).toBe(USERS);
  }, 180_000);
});
