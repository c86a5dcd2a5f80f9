import { z } from 'zod';
import { idParams } from '../../domain/common.js';
import { toRunView } from '../../services/runs/run-record.js';
import type { RunsContext } from '../../services/runs/start-run.js';
import { startRunFromWebhook } from '../../services/runs/webhook-trigger.js';
import { bearerToken } from '../middleware/authenticate.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

/** Inbound webhook triggers: authenticated by each workflow's own secret, not by user credentials. */
export function hookRoutes(deps: ResourceRouterDependencies, context: RunsContext): ResourceRouter {
  return new ResourceRouter('/api/hooks', 'Webhook triggers', deps).add({
    method: 'post',
    path: '/workflows/:id',
    operationId: 'startRunFromWebhook',
    summary:
      'Start a run of a workflow with the webhook trigger; send its secret as X-Webhook-Secret (or Authorization: Bearer)',
    access: 'public',
    params: idParams,
    body: z.record(z.string(), z.unknown()).default({}),
    responses: {
      201: { description: 'The run', schema: z.record(z.string(), z.unknown()) },
      401: { description: 'Missing or wrong secret; nothing was started' },
    },
    async handler(ctx, { params, body }) {
      const secret = ctx.get('x-webhook-secret') || bearerToken(ctx);
      const run = await startRunFromWebhook(context, params.id, secret, body);
      ctx.status = 201;
      ctx.body = toRunView(run, context.config.temporal.uiUrl, context.config.temporal.namespace);
    },
  });
}
