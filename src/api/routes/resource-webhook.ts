import { z } from 'zod';
import { resourceEventSchema, WEBHOOK_HEADERS } from '../../domain/resource-webhook.js';
import { countWebhookDelivery } from '../../metrics/operation-metrics.js';
import { receiveResourceEvent, rotateWebhookSecret } from '../../services/sync/resource-webhook.js';
import type { WebhookContext } from '../../services/sync/webhook-context.js';
import { markSelfAudited } from '../audit-context.js';
import { errorBodySchema } from '../openapi/api-docs.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const error = (description: string) => ({ description, schema: errorBodySchema });

/** The resource webhook (spec 4.9): authenticated by the connector's webhook secret, not by user credentials. */
export function resourceWebhookRoutes(deps: ResourceRouterDependencies, context: WebhookContext): ResourceRouter {
  return new ResourceRouter('/api/webhooks', 'Resource webhook', deps).add({
    method: 'post',
    path: '/:connectorId',
    operationId: 'receiveResourceEvent',
    summary: 'A connected system reports a created, updated or deleted record (docs/sync.md)',
    description: `Signed with the connector's webhook secret: ${WEBHOOK_HEADERS.signature}: sha256=<hex HMAC-SHA256 of "<timestamp>.<event id>.<raw body>">, ${WEBHOOK_HEADERS.timestamp} (Unix seconds, within 5 minutes) and ${WEBHOOK_HEADERS.eventId}. A delivery whose event id was applied before answers 200 with alreadyApplied true and changes nothing.`,
    access: 'public',
    // The signature covers the body's bytes as received.
    keepRawBody: true,
    params: z.object({ connectorId: z.uuid({ error: 'connectorId must be a UUID' }) }),
    // Validated by the service, after the signature: an unauthenticated caller learns nothing of the body rules.
    documentedBody: resourceEventSchema,
    responses: {
      200: {
        description: 'Applied, or already applied before',
        schema: z.object({
          message: z.string(),
          eventId: z.string(),
          alreadyApplied: z.boolean(),
          runIds: z.array(z.uuid()).optional().describe('Reconciliation events: the reconciliation runs started'),
        }),
      },
      400: error(
        'Invalid event (unknown action, missing resourceId, data not an object or not a valid record), or a reconciliation workflow that cannot start through the webhook trigger',
      ),
      401: error(
        'Missing or wrong signature, a timestamp outside the window, or no webhook secret set; nothing changed',
      ),
      403: error(
        'The person who last saved a matching entitlement was deleted, deactivated or no longer holds workflow:start, so its reconciliation run is not started; nothing changed',
      ),
      404: error(
        'Unknown connector; for an event without resourceType, no entitlement of the connector has reconciliationConfig.resourceId equal to resourceId',
      ),
      503: error('CONNECTOR_SECRET_KEY is not set, so the webhook secret cannot be read'),
    },
    async handler(ctx, { params }) {
      ctx.body = await countWebhookDelivery(
        'resource_event',
        () =>
          receiveResourceEvent(context, {
            connectorId: params.connectorId,
            headers: ctx.headers,
            rawBody: ctx.state.rawBody,
            body: ctx.request.body,
            requestId: ctx.state.requestId,
          }),
        (received) => received.alreadyApplied,
      );
    },
  });
}

/** The webhook secret of a connector: rotated (set) by a connector manager, shown once. */
export function webhookSecretRoutes(deps: ResourceRouterDependencies, context: WebhookContext): ResourceRouter {
  return new ResourceRouter('/api/connectors', 'Resource webhook', deps).add({
    method: 'post',
    path: '/:id/webhook-secret',
    operationId: 'rotateWebhookSecret',
    summary: "Set a new webhook secret for the connector's resource webhook; the previous one stops working",
    description: 'The secret is in this response only; it is stored sealed with CONNECTOR_SECRET_KEY.',
    access: 'connector:manage',
    params: z.object({ id: z.uuid({ error: 'id must be a UUID' }) }),
    responses: {
      201: {
        description: 'The new secret',
        schema: z.object({ secret: z.string(), rotatedAt: z.date() }),
      },
      404: error('Unknown connector'),
      503: error('CONNECTOR_SECRET_KEY is not set'),
    },
    async handler(ctx, { params }) {
      ctx.status = 201;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await rotateWebhookSecret(context, markSelfAudited(ctx), params.id);
    },
  });
}
