import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from '@jest/globals';
import { startScim2Server, type RunningScim2Server } from '../../scripts/local/scim2-server.js';
import { useTestApp } from './app.js';
import { startHoldingProxy, type HoldingProxy } from './holding-proxy.js';
import { scim2Request } from './scim2-request.js';
import { workerProcesses } from './worker-process.js';

const INSTALL_TIMEOUT_MS = 300_000;

/**
 * What a test that kills a worker in the middle of its SCIM writes needs: the API in this process
 * on a task queue of its own, real worker entry points in child processes on that queue, and
 * scim2-server behind a proxy that can hold one write and never answer it.
 */
export function useScimCrashStack() {
  const taskQueue = `durability-${randomUUID()}`;
  const context = useTestApp({ env: { TEMPORAL_TASK_QUEUE: taskQueue, CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' } });
  const workers = workerProcesses({
    databaseUrl: () => context.database.url,
    taskQueue,
    env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' },
  });
  let server: RunningScim2Server;
  let proxy: HoldingProxy;
  beforeAll(async () => {
    server = await startScim2Server();
    proxy = await startHoldingProxy(server.baseUrl);
  }, INSTALL_TIMEOUT_MS);
  afterAll(async () => {
    workers.killAll();
    await proxy?.close();
    await server?.stop();
  });
  return {
    context,
    workers,
    server: () => server,
    proxy: () => proxy,
    /** One request straight to scim2-server: what it holds. */
    scim: (path: string, init?: { method?: string; body?: unknown }) => scim2Request(server, path, init),
  };
}
