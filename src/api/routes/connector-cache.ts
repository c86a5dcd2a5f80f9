import { z } from 'zod';
import { storableText, SYNC_RESOURCE_TYPES } from '../../domain/sync.js';
import { clearRecordCache, recordCacheStatus } from '../../services/sync/record-cache.js';
import type { Database } from '../../db/client.js';
import { markSelfAudited } from '../audit-context.js';
import { errorBodySchema } from '../openapi/api-docs.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const connectorParams = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });
const unknownConnector = { description: 'Unknown connector', schema: errorBodySchema };

/** The record cache of a connector (sync item 3; docs/sync.md): its counters and the manual clear. */
export function connectorCacheRoutes(deps: ResourceRouterDependencies, db: Database): ResourceRouter {
  return new ResourceRouter('/api/connectors', 'Connector sync', deps)
    .add({
      method: 'get',
      path: '/:id/cache',
      operationId: 'getRecordCacheStatus',
      summary: "Live entries and the hit and miss counters of the connector's record cache",
      access: 'connector:read',
      params: connectorParams,
      responses: {
        200: {
          description: 'The cache status',
          schema: z.object({ entries: z.number().int(), hits: z.number().int(), misses: z.number().int() }),
        },
        404: unknownConnector,
      },
      async handler(ctx, { params }) {
        ctx.body = await recordCacheStatus(db, params.id, new Date());
      },
    })
    .add({
      method: 'delete',
      path: '/:id/cache',
      operationId: 'clearRecordCache',
      summary: "Remove entries of the connector's record cache: all, those of a type, or those of one key",
      access: 'connector:manage',
      params: connectorParams,
      query: z
        .object({
          type: z.enum(SYNC_RESOURCE_TYPES).optional().describe('Only entries of this resource type'),
          key: storableText(1000)
            .min(1)
            .optional()
            .describe(
              "Only entries of this record's external id, or of this lookup key (canonical JSON of its parameters)",
            ),
        })
        .strict(),
      responses: {
        200: {
          description: 'How many entries were removed',
          schema: z.object({ message: z.string(), removed: z.number().int() }),
        },
        404: unknownConnector,
      },
      async handler(ctx, { params, query }) {
        const removed = await clearRecordCache(db, markSelfAudited(ctx), params.id, {
          resourceType: query.type,
          key: query.key,
        });
        ctx.body = { message: `Removed ${removed} cache entries`, removed };
      },
    });
}
