import { z } from 'zod';
import { idParams } from '../../domain/common.js';
import { countWebhookDelivery } from '../../metrics/operation-metrics.js';
import { toRunView } from '../../services/runs/run-record.js';
import type { RunsContext } from '../../services/runs/start-run.js';
import { IDEMPOTENCY_KEY_HEADER, startRunFromWebhook } from '../../services/runs/webhook-trigger.js';
import { bearerToken } from '../middleware/authenticate.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';
import { startedRunSchema } from './run-schemas.js';

/** Inbound webhook triggers: authenticated by each workflow's own secret, not by user credentials. */
export function hookRoutes(deps: ResourceRouterDependencies, context: RunsContext): ResourceRouter {
  return new ResourceRouter('/api/hooks', 'Webhook triggers', deps).add({
    method: 'post',
    path: '/workflows/:id',
    operationId: 'startRunFromWebhook',
    summary:
      'Start a run of a workflow with the webhook trigger; send its secret as X-Webhook-Secret (or Authorization: Bearer)',
    description:
      'An optional Idempotency-Key header (1 to 255 printable ASCII characters) makes repeated deliveries start one run: a delivery with a key this workflow has seen, and the same variables, answers 200 with the run the first one started and starts nothing; with other variables it is a 409.',
    access: 'public',
    params: idParams,
    body: z.record(z.string(), z.unknown()).default({}),
    responses: {
      200: {
        description: 'A delivery repeated with its Idempotency-Key: the run the first one started',
        schema: z.record(z.string(), z.unknown()),
      },
      201: { description: 'The run', schema: startedRunSchema },
      401: { description: 'Missing or wrong secret; nothing was started' },
      403: {
        description:
          'The person who issued the secret was deleted, deactivated or no longer holds workflow:start; nothing was started',
      },
      409: { description: 'The Idempotency-Key was sent before with other variables; nothing was started' },
      503: { description: 'Temporal or the database cannot be used right now; nothing was started, retry later' },
    },
    async handler(ctx, { params, body }) {
      const { run, replayed } = await countWebhookDelivery(
        'workflow_trigger',
        () =>
          startRunFromWebhook(context, params.id, {
            secret: ctx.get('x-webhook-secret') || bearerToken(ctx),
            // Koa answers '' for a header that is not there; an empty one sent is refused as invalid.
            idempotencyKey:
              ctx.headers[IDEMPOTENCY_KEY_HEADER] === undefined ? undefined : ctx.get(IDEMPOTENCY_KEY_HEADER),
            body,
          }),
        (started) => started.replayed,
      );
      ctx.status = replayed ? 200 : 201;
      ctx.body = toRunView(run, context.config.temporal.uiUrl, context.config.temporal.namespace);
    },
  });
}
