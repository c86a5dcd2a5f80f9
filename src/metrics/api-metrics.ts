import type { Middleware } from 'koa';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { poolUse, type Database } from '../db/client.js';
import { httpMetrics } from './http-metrics.js';
import { workMetrics } from './work-metrics.js';

export interface ApiMetrics {
  registry: Registry;
  /** Counts and times each request; the outermost middleware, so it sees every answer's status. */
  middleware: Middleware;
}

/** Every metric the API reports on GET /metrics (docs/observability.md). */
export function createApiMetrics(db: Database): ApiMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const middleware = httpMetrics(registry);
  workMetrics(registry, db);
  new Gauge({
    name: 'flowgate_db_pool_connections',
    help: "The API's PostgreSQL connections: total open, idle, and queries waiting for one",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const use = poolUse(db);
      if (!use) return;
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });
  return { registry, middleware };
}
