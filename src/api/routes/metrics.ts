import { z } from 'zod';
import type { Registry } from 'prom-client';
import { AppError, notFound } from '../../errors/app-error.js';
import { bearerIs } from '../../metrics/bearer.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

/**
 * GET /metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN: a token of its
 * own rather than an API token, so that a scraper needs no user and no user's token reaches a
 * metrics pipeline. Without METRICS_TOKEN the route answers 404: the metrics name workflows,
 * connectors and routes, which are nobody's business until an operator opens them.
 */
export function metricsRoutes(
  deps: ResourceRouterDependencies,
  metrics: { registry: Registry; token: string | undefined },
): ResourceRouter {
  return new ResourceRouter('/metrics', 'Metrics', deps).add({
    method: 'get',
    path: '',
    operationId: 'getMetrics',
    summary: "The API's metrics in the Prometheus text format (docs/observability.md)",
    description: 'Needs `Authorization: Bearer <METRICS_TOKEN>`; answers 404 when METRICS_TOKEN is not set.',
    access: 'public',
    responses: {
      200: { description: 'Prometheus text exposition format 0.0.4', schema: z.string(), contentType: ['text/plain'] },
      401: { description: 'No bearer token, or not METRICS_TOKEN' },
      404: { description: 'Metrics are off: METRICS_TOKEN is not set' },
    },
    async handler(ctx) {
      if (!metrics.token) throw notFound('Metrics (METRICS_TOKEN is not set)');
      if (!bearerIs(ctx.get('authorization'), metrics.token))
        throw new AppError('unauthenticated', 'Send Authorization: Bearer <METRICS_TOKEN>', {
          headers: { 'www-authenticate': 'Bearer realm="metrics"' },
        });
      ctx.type = metrics.registry.contentType;
      ctx.body = await metrics.registry.metrics();
    },
  });
}
