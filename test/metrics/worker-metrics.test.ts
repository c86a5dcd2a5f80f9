import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { freePort } from '../../scripts/local/free-port.js';
import { useTestApp } from '../support/app.js';
import { workerProcesses } from '../support/worker-process.js';

// The worker entry point with its metrics enabled, in a child process: its /metrics carries the
// service's metrics and the Temporal core's own, behind METRICS_TOKEN.
const TOKEN = 'worker-metrics-token-0123456789';
const taskQueue = `worker-metrics-${randomUUID()}`;
const context = useTestApp({ env: { TEMPORAL_TASK_QUEUE: taskQueue } });
const workers = workerProcesses({ databaseUrl: () => context.database.url, taskQueue });
afterAll(() => workers.killAll());

describe("the worker's /metrics", () => {
  it("serves the Temporal SDK's worker metrics beside the service's, to METRICS_TOKEN only", async () => {
    const port = await freePort();
    await workers.start({ WORKER_METRICS_PORT: String(port), WORKER_METRICS_HOST: '127.0.0.1', METRICS_TOKEN: TOKEN });
    const scrape = () =>
      fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }).then((r) =>
        r.text(),
      );
    // The core publishes its pollers' figures once they have polled.
    let text = await scrape();
    for (let tries = 0; !/^temporal_num_pollers\{/m.test(text) && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      text = await scrape();
    }
    expect(text).toMatch(/^temporal_num_pollers\{.*task_queue="[^"]+".*\} \d+/m);
    expect(text).toMatch(/^temporal_worker_task_slots_available\{/m);
    expect(text).toContain('flowgate_db_pool_connections');
    const refused = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(refused.status).toBe(401);
    expect(await refused.text()).not.toContain('temporal_');
  });
});
