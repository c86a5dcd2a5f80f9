import { z } from 'zod';
import { paginationQuery, pageSchema } from '../../domain/pagination.js';
import {
  bulkResolveMatchesSchema,
  candidateSchema,
  MATCH_CONFIDENCES,
  MATCH_STATUSES,
  resolveMatchSchema,
} from '../../domain/sync-matches.js';
import { storableText, SYNC_RESOURCE_TYPES, USER_MATCH_STRATEGIES } from '../../domain/sync.js';
import {
  bulkResolveSyncMatches,
  listSyncMatches,
  resolveSyncMatch,
  syncMatchStats,
  unlinkSyncMatch,
} from '../../services/sync/sync-matches.js';
import type { Database } from '../../db/client.js';
import { markSelfAudited } from '../audit-context.js';
import { errorBodySchema } from '../openapi/api-docs.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const connectorParams = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });
const matchParams = connectorParams.extend({ matchId: z.uuid({ error: 'matchId must be a UUID' }) });

const typeQuery = storableText(64).describe(`Resource type: ${SYNC_RESOURCE_TYPES.join(', ')}; any other answers 404`);

const matchSchema = z
  .object({
    id: z.uuid(),
    connectorId: z.uuid(),
    resourceType: z.string(),
    connectorResourceId: z.uuid(),
    externalId: z.string(),
    externalDisplayName: z.string(),
    externalEmail: z.string().nullable(),
    userId: z.uuid().nullable(),
    matchStatus: z.enum(MATCH_STATUSES),
    matchConfidence: z.enum(MATCH_CONFIDENCES),
    matchStrategy: z
      .enum(USER_MATCH_STRATEGIES)
      .nullable()
      .describe('The strategy that matched, or found the candidates; null for resolutions and created users'),
    candidateUserIds: z.array(candidateSchema).describe('Filled when ambiguous'),
    resolutionNotes: z
      .string()
      .nullable()
      .describe('Notes of the resolution, or why the automatic user creation failed'),
    resolvedBy: z.uuid().nullable(),
    resolvedAt: z.date().nullable(),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: 'SyncMatch' });

const countsOf = <K extends string>(keys: readonly [K, ...K[]]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.number().int()])) as Record<K, z.ZodNumber>);

const countsSchema = z.object({
  total: z.number().int(),
  byStatus: countsOf(MATCH_STATUSES).describe('Every status, 0 when none'),
  byConfidence: countsOf(MATCH_CONFIDENCES).describe('Every confidence, 0 when none'),
});

const statsSchema = countsSchema
  .extend({
    connectorId: z.uuid(),
    resourceType: z.string().nullable().describe('The type asked for; null without `type` (every type counted)'),
    byType: z
      .object(
        Object.fromEntries(SYNC_RESOURCE_TYPES.map((type) => [type, countsSchema])) as Record<
          (typeof SYNC_RESOURCE_TYPES)[number],
          typeof countsSchema
        >,
      )
      .optional()
      .describe('Without `type`: the counts of each type, every type listed'),
  })
  .meta({ id: 'SyncMatchStats' });

const bulkResultSchema = z
  .object({
    updated: z.number().int().describe('Matches changed'),
    notFound: z.array(z.uuid()).describe('Listed ids that are not matches of this connector'),
  })
  .meta({ id: 'SyncMatchBulkResult' });

const matchesQuery = paginationQuery({
  sortable: ['externalDisplayName', 'externalId', 'externalEmail', 'matchStatus', 'createdAt', 'updatedAt'],
  defaultSortBy: 'externalDisplayName',
  defaultSortOrder: 'asc',
  maxPageSize: 2000,
}).extend({
  type: typeQuery,
  status: z.enum(MATCH_STATUSES, { error: `status must be one of: ${MATCH_STATUSES.join(', ')}` }).optional(),
  search: storableText(255).min(1).optional().describe('Part of the external id, email or display name (any case)'),
});

const error = (description: string) => ({ description, schema: errorBodySchema });
const unknownTarget = error('Unknown connector or resource type');
const unknownMatch = error('Unknown connector, or no match with this id on this connector');

/** Sync matches of a connector's records (spec 2.10, 4.8; docs/sync.md). */
export function connectorSyncMatchRoutes(deps: ResourceRouterDependencies, db: Database): ResourceRouter {
  return new ResourceRouter('/api/connectors', 'Connector sync', deps)
    .add({
      method: 'get',
      path: '/:id/sync-matches',
      operationId: 'listSyncMatches',
      summary: "A page of the matches of the connector's records of one type",
      access: 'connector:read',
      params: connectorParams,
      query: matchesQuery,
      responses: { 200: { description: 'Sync matches', schema: pageSchema(matchSchema) }, 404: unknownTarget },
      async handler(ctx, { params, query }) {
        ctx.body = await listSyncMatches(db, params.id, query);
      },
    })
    .add({
      method: 'get',
      path: '/:id/sync-matches/stats',
      operationId: 'getSyncMatchStats',
      summary: 'Counts of the matches, per status and per confidence: of one type, or of every type',
      description: 'Without `type` the counts cover every type, and `byType` gives those of each.',
      access: 'connector:read',
      params: connectorParams,
      query: z.object({ type: typeQuery.optional() }),
      responses: { 200: { description: 'Match counts', schema: statsSchema }, 404: unknownTarget },
      async handler(ctx, { params, query }) {
        ctx.body = await syncMatchStats(db, params.id, query.type);
      },
    })
    .add({
      method: 'post',
      path: '/:id/sync-matches/bulk-resolve',
      operationId: 'bulkResolveSyncMatches',
      summary: 'Link (manual_override) or skip many matches of this connector at once',
      description:
        'Only matches of this connector change; the other listed ids are returned in notFound. link needs userId.',
      access: 'connector:manage',
      params: connectorParams,
      body: bulkResolveMatchesSchema,
      responses: {
        200: { description: 'How many matches changed, and the ids that were not found', schema: bulkResultSchema },
        400: error('Invalid body, link without userId, or a userId that is not an active user'),
        404: error('Unknown connector'),
      },
      async handler(ctx, { params, body }) {
        ctx.body = await bulkResolveSyncMatches(db, markSelfAudited(ctx), params.id, body);
      },
    })
    .add({
      method: 'post',
      path: '/:id/sync-matches/:matchId/resolve',
      operationId: 'resolveSyncMatch',
      summary: 'Resolve a match: link it to a user, skip it, or create a user for it',
      description:
        'link (needs userId) and create make the match manual_override with confidence exact; skip makes it skipped. Later sync passes leave resolved matches alone until they are unlinked. create makes an unconfirmed requestor from the record email.',
      access: 'connector:manage',
      params: matchParams,
      body: resolveMatchSchema,
      responses: {
        200: { description: 'The updated match', schema: matchSchema },
        400: error(
          'Invalid body, link without userId, a userId that is not an active user, or create without an email',
        ),
        404: unknownMatch,
        409: error('create: another active user already has the email of the record'),
      },
      async handler(ctx, { params, body }) {
        ctx.body = await resolveSyncMatch(db, markSelfAudited(ctx), params.id, params.matchId, body);
      },
    })
    .add({
      method: 'post',
      path: '/:id/sync-matches/:matchId/unlink',
      operationId: 'unlinkSyncMatch',
      summary: 'Unlink a match: back to unmatched, link and resolution cleared; a later pass matches it again',
      access: 'connector:manage',
      params: matchParams,
      responses: { 200: { description: 'The updated match', schema: matchSchema }, 404: unknownMatch },
      async handler(ctx, { params }) {
        ctx.body = await unlinkSyncMatch(db, markSelfAudited(ctx), params.id, params.matchId);
      },
    });
}
