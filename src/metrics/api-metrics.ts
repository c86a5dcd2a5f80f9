import type { Middleware } from 'koa';
import { Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import { auditSinkMetrics } from './audit-sink-metrics.js';
import { httpMetrics } from './http-metrics.js';
import { processMetrics } from './process-metrics.js';
import { workMetrics } from './work-metrics.js';

export interface ApiMetrics {
  registry: Registry;
  /** Counts and times each request; the outermost middleware, so it sees every answer's status. */
  middleware: Middleware;
}

/** Every metric the API reports on GET /metrics (docs/observability.md). */
export function createApiMetrics(db: Database): ApiMetrics {
  const own = new Registry();
  const middleware = httpMetrics(own);
  workMetrics(own, db);
  auditSinkMetrics(own, db);
  return { registry: Registry.merge([own, processMetrics(db)]), middleware };
}
