import type { Middleware } from 'koa';
import { Counter, Histogram, type Registry } from 'prom-client';
import { isServicePath } from '../domain/service-paths.js';

/** Seconds: from a cached read to a slow import. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The route a request matched, as its template (`/api/runs/:id`), so that every run is one label
 * value and not one each; requests no route matched are counted together.
 */
function routeOf(ctx: { _matchedRoute?: string | RegExp; path: string }): string {
  if (typeof ctx._matchedRoute === 'string') return ctx._matchedRoute;
  try {
    return isServicePath(ctx.path) ? 'unmatched' : 'console';
  } catch {
    // A request target that is no URL (`http://[/`): Koa cannot parse its path, and it was answered 400.
    return 'unmatched';
  }
}

/** Counts and times every request by method, route template and status. */
export function httpMetrics(registry: Registry): Middleware {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'flowgate_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'flowgate_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  return async function measureRequest(ctx, next) {
    const started = performance.now();
    try {
      await next();
    } finally {
      const labels = { method: ctx.method, route: routeOf(ctx), status: String(ctx.status) };
      requests.inc(labels);
      durations.observe(labels, (performance.now() - started) / 1000);
    }
  };
}
