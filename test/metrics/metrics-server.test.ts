import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Counter, Registry } from 'prom-client';
import { loadConfig } from '../../src/config/index.js';
import { startMetricsServer, type MetricsServer } from '../../src/metrics/metrics-server.js';

const TOKEN = 'worker-metrics-token-0123456789';
const registry = new Registry();
new Counter({ name: 'flowgate_test_events_total', help: 'events of this test', registers: [registry] }).inc(3);
let server: MetricsServer;

beforeAll(async () => {
  server = await startMetricsServer(registry, { host: '127.0.0.1', port: 0, token: TOKEN });
});
afterAll(() => server.close());

const get = (path: string, authorization?: string, method = 'GET') =>
  fetch(`http://127.0.0.1:${server.port}${path}`, { method, headers: authorization ? { authorization } : {} });

describe("the worker's metrics server", () => {
  it('answers the metrics to METRICS_TOKEN only', async () => {
    const answered = await get('/metrics', `Bearer ${TOKEN}`);
    expect(answered.status).toBe(200);
    expect(answered.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await answered.text()).toContain('flowgate_test_events_total 3');
    for (const authorization of [undefined, 'Bearer nope', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const refused = await get('/metrics', authorization);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await refused.text()).not.toContain('flowgate_test_events_total');
    }
  });

  it('serves nothing else', async () => {
    expect((await get('/', `Bearer ${TOKEN}`)).status).toBe(404);
    expect((await get('/metrics/../x', `Bearer ${TOKEN}`)).status).toBe(404);
    const posted = await get('/metrics', `Bearer ${TOKEN}`, 'POST');
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
  });

  it('is configured only with METRICS_TOKEN beside it', () => {
    expect(() => loadConfig({ WORKER_METRICS_PORT: '9464' })).toThrow(/WORKER_METRICS_PORT: needs METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/at least 16 characters/);
    expect(loadConfig({ WORKER_METRICS_PORT: '9464', METRICS_TOKEN: TOKEN }).workerMetrics).toEqual({
      host: '0.0.0.0',
      port: 9464,
    });
  });
});
