import { z } from 'zod';
import { paginationQuery, pageSchema, positiveInteger } from '../../domain/pagination.js';
import { queryBoolean } from '../../domain/common.js';
import {
  attributeMappingRuleSchema,
  deactivationThresholdSchema,
  filterRulesSchema,
  heldDeactivationsSchema,
  privilegedLeaversSchema,
  storableText,
  SYNC_RESOURCE_TYPES,
  SYNC_STATUSES,
  SYNC_STRATEGIES,
  SYNC_TRIGGER_MODES,
  syncConfigInputSchema,
  syncStatsSchema,
  USER_MATCH_STRATEGIES,
} from '../../domain/sync.js';
import { postSyncOutcomeSchema } from '../../domain/sync-matches.js';
import { MAX_PREVIEW_SECONDS, PREVIEW_LIST_LIMIT, syncPreviewSchema } from '../../domain/sync-preview.js';
import { listConnectorResources } from '../../services/sync/list-resources.js';
import {
  deleteSyncConfig,
  getSyncConfig,
  getSyncStatus,
  listSyncConfigs,
  putSyncConfig,
} from '../../services/sync/manage-sync-configs.js';
import { discardHeldDeactivations, releaseHeldDeactivations } from '../../services/sync/held-deactivations.js';
import type { SyncContext } from '../../services/sync/sync-config-record.js';
import { triggerSync } from '../../services/sync/trigger-sync.js';
import { previewSync } from '../../services/sync/preview-sync.js';
import { assertCan } from '../../permissions/index.js';
import { markSelfAudited, principalOf } from '../audit-context.js';
import { errorBodySchema } from '../openapi/api-docs.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const connectorParams = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });
const configParams = connectorParams.extend({
  type: storableText(64).describe(`Resource type: ${SYNC_RESOURCE_TYPES.join(', ')}; any other answers 404`),
});

const resourceSchema = z
  .object({
    id: z.uuid(),
    connectorId: z.uuid(),
    resourceType: z.string(),
    externalId: z.string(),
    displayName: z.string(),
    email: z.string().nullable(),
    attributes: z.record(z.string(), z.unknown()),
    syncHash: z.string().describe('SHA-256 hex of the canonical record (docs/sync.md)'),
    stale: z.boolean(),
    staleSince: z.date().nullable(),
    syncedAt: z.date(),
    changedAt: z.date().describe('When a pass last inserted the record or changed its hash'),
    createdAt: z.date(),
  })
  .meta({ id: 'ConnectorResource' });

const statusFields = {
  lastSyncAt: z.date().nullable().describe('When the last pass ended, whatever its outcome'),
  lastSyncStatus: z.enum(SYNC_STATUSES),
  lastSyncError: z.string().nullable(),
  lastSyncStats: syncStatsSchema.nullable(),
  lastSyncCursor: z.string().nullable().describe('Where the unfinished pass continues'),
  lastSuccessfulSyncAt: z
    .date()
    .nullable()
    .describe('Start of the last successful pass: modifiedSince of the next incremental pass'),
  lastPostSync: postSyncOutcomeSchema
    .nullable()
    .describe(
      'What the post-sync steps and automation of the last pass that ran them did (passes that changed records)',
    ),
  heldDeactivations: heldDeactivationsSchema
    .nullable()
    .describe('Deactivations held by the safeguard, waiting to be released or discarded; null when none'),
  privilegedLeavers: privilegedLeaversSchema
    .nullable()
    .describe(
      'Users holding a role beyond requestor whose only link is a leaver record, kept by the last deactivation step; null when none',
    ),
};

const syncConfigSchema = z
  .object({
    id: z.uuid(),
    connectorId: z.uuid(),
    resourceType: z.string(),
    enabled: z.boolean(),
    strategy: z.enum(SYNC_STRATEGIES),
    cronSchedule: z.string().nullable(),
    filterRules: filterRulesSchema.nullable(),
    syncAllUsers: z.boolean().describe('user configs: the whole directory is synced without selecting filter rules'),
    staleRetention: z.string(),
    attributeMappings: z.array(attributeMappingRuleSchema).nullable(),
    userMatchStrategy: z.enum(USER_MATCH_STRATEGIES),
    userMatchFallbackStrategies: z.array(z.enum(USER_MATCH_STRATEGIES)).nullable(),
    issuerSourcePath: z.string().nullable(),
    postSyncWorkflowId: z.uuid().nullable(),
    syncTriggerMode: z.enum(SYNC_TRIGGER_MODES),
    createUsers: z.boolean(),
    deactivateUsers: z.boolean(),
    deactivateDisabledUsers: z.boolean().describe('With deactivateUsers: records reported disabled are leavers too'),
    createUserDefaults: z.record(z.string(), z.unknown()).nullable(),
    deactivationThreshold: deactivationThresholdSchema,
    scheduleId: z.string().nullable().describe('The Temporal Schedule (enabled with a cron), else null'),
    ...statusFields,
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: 'SyncConfig' });

const syncStatusSchema = z
  .object({ connectorId: z.uuid(), resourceType: z.string(), ...statusFields })
  .meta({ id: 'SyncStatus' });

const triggerResultSchema = z
  .object({
    message: z.string(),
    status: z.enum(['success', 'error', 'skipped']).describe('error: the pass failed; see message and the status'),
    stats: syncStatsSchema,
    postSync: postSyncOutcomeSchema
      .nullable()
      .describe(
        'The post-sync steps (user passes) and automation (syncTriggerMode) of a pass that added or updated records; null when neither ran',
      ),
  })
  .meta({ id: 'SyncTriggerResult' });

const resourcesQuery = paginationQuery({
  sortable: ['displayName', 'externalId', 'syncedAt', 'createdAt'],
  defaultSortBy: 'displayName',
  defaultSortOrder: 'asc',
}).extend({
  resourceType: storableText(64).optional().describe('user, group or role'),
  search: storableText(255).min(1).optional().describe('Part of the external id, display name or email (any case)'),
  stale: queryBoolean('stale').optional().describe('true: only stale records; false: only current ones'),
});

const previewQuery = z.object({
  timeLimitSeconds: positiveInteger('timeLimitSeconds', MAX_PREVIEW_SECONDS)
    .optional()
    .describe(`How long the preview may take, 1 to ${MAX_PREVIEW_SECONDS} seconds (default ${MAX_PREVIEW_SECONDS})`),
});

const error = (description: string) => ({ description, schema: errorBodySchema });
const unknownConnector = error('Unknown connector');
const unknownConfig = error('Unknown connector, unknown resource type, or no config of that type');

/** Synced records and sync configs of a connector (spec 4.8; docs/sync.md). */
export function connectorSyncRoutes(deps: ResourceRouterDependencies, context: SyncContext): ResourceRouter {
  const { db } = context;
  return new ResourceRouter('/api/connectors', 'Connector sync', deps)
    .add({
      method: 'get',
      path: '/:id/resources',
      operationId: 'listConnectorResources',
      summary: "A page of the connector's synced records, filtered by resource type, search term and staleness",
      access: 'connector:read',
      params: connectorParams,
      query: resourcesQuery,
      responses: { 200: { description: 'Synced records', schema: pageSchema(resourceSchema) }, 404: unknownConnector },
      async handler(ctx, { params, query }) {
        ctx.body = await listConnectorResources(db, params.id, query);
      },
    })
    .add({
      method: 'get',
      path: '/:id/sync-config',
      operationId: 'listSyncConfigs',
      summary: 'All sync configs of the connector, one per resource type',
      access: 'connector:read',
      params: connectorParams,
      responses: { 200: { description: 'Sync configs', schema: z.array(syncConfigSchema) }, 404: unknownConnector },
      async handler(ctx, { params }) {
        ctx.body = await listSyncConfigs(db, params.id);
      },
    })
    .add({
      method: 'get',
      path: '/:id/sync-config/:type',
      operationId: 'getSyncConfig',
      summary: 'The sync config of one resource type',
      access: 'connector:read',
      params: configParams,
      responses: { 200: { description: 'The sync config', schema: syncConfigSchema }, 404: unknownConfig },
      async handler(ctx, { params }) {
        ctx.body = await getSyncConfig(db, params.id, params.type);
      },
    })
    .add({
      method: 'put',
      path: '/:id/sync-config/:type',
      operationId: 'putSyncConfig',
      summary: 'Create the sync config of a resource type (defaults for fields not sent) or change the fields sent',
      description:
        'Registers, updates or removes the Temporal Schedule cr-sync-<connector id>-<type>: it exists while the config is enabled with a cronSchedule.',
      access: 'connector:manage',
      params: configParams,
      body: syncConfigInputSchema,
      responses: {
        200: { description: 'The updated config', schema: syncConfigSchema },
        201: { description: 'The created config', schema: syncConfigSchema },
        400: error(
          'Invalid fields (every problem listed), an unknown postSyncWorkflowId, a connector without the list command of the type, or a user config with no filter rule that selects records and no syncAllUsers: true',
        ),
        404: error('Unknown connector or resource type'),
      },
      async handler(ctx, { params, body }) {
        const { created, config } = await putSyncConfig(context, markSelfAudited(ctx), params.id, params.type, body);
        ctx.status = created ? 201 : 200;
        ctx.body = config;
      },
    })
    .add({
      method: 'delete',
      path: '/:id/sync-config/:type',
      operationId: 'deleteSyncConfig',
      summary: 'Remove the sync config of a resource type and its Temporal Schedule (synced records stay)',
      access: 'connector:manage',
      params: configParams,
      responses: {
        200: { description: 'Confirmation', schema: z.object({ message: z.string() }) },
        404: unknownConfig,
      },
      async handler(ctx, { params }) {
        await deleteSyncConfig(context, markSelfAudited(ctx), params.id, params.type);
        ctx.body = { message: `The ${params.type} sync config was deleted` };
      },
    })
    .add({
      method: 'get',
      path: '/:id/sync-config/:type/status',
      operationId: 'getSyncStatus',
      summary: 'Last status, error and statistics of the sync of a resource type',
      access: 'connector:read',
      params: configParams,
      responses: { 200: { description: 'The status', schema: syncStatusSchema }, 404: unknownConfig },
      async handler(ctx, { params }) {
        ctx.body = await getSyncStatus(db, params.id, params.type);
      },
    })
    .add({
      method: 'post',
      path: '/:id/sync-config/:type/trigger',
      operationId: 'triggerSync',
      summary: 'Run a sync pass now and wait for it',
      description:
        'A failed pass still answers 200, with status error and the message; the config then shows status error. While a pass of the same connector and type runs, the trigger is refused with 409.',
      access: 'connector:manage',
      params: configParams,
      responses: {
        200: { description: 'The outcome of the pass', schema: triggerResultSchema },
        400: error('The connector has no list command for the resource type'),
        404: unknownConfig,
        409: error('A pass of this connector and resource type is already running'),
      },
      async handler(ctx, { params }) {
        const result = await triggerSync(context, markSelfAudited(ctx), params.id, params.type);
        ctx.body = { message: result.message, status: result.outcome, stats: result.stats, postSync: result.postSync };
      },
    })
    .add({
      method: 'post',
      path: '/:id/sync-config/:type/preview',
      operationId: 'previewSync',
      summary: 'What a sync pass would do now, with the stored config or with changes to it, without changing anything',
      description: `Reads every page of the list command with the filter rules and runs the post-sync decisions as a pass would, inside a database transaction that is always rolled back: no record, match, user, audit entry or status is written, no run started. The body takes the fields of the PUT body, applied over the stored config (or the defaults when none is stored). Answers counts and the first ${PREVIEW_LIST_LIMIT} of each list. A connector failure or the time limit is answered 200 with status error or timed_out. Needs connector:manage and connector:read.`,
      access: 'connector:manage',
      params: configParams,
      query: previewQuery,
      body: syncConfigInputSchema.optional(),
      responses: {
        200: { description: 'What the pass would do', schema: syncPreviewSchema },
        400: error(
          'Invalid fields or query (every problem listed), a connector without the list command of the type, or a user config with no filter rule that selects records and no syncAllUsers: true',
        ),
        403: error('Missing connector:manage or connector:read'),
        404: error('Unknown connector or resource type'),
        409: error(
          'A pass of this connector and type is running, another preview of it is, or its records are being written',
        ),
      },
      async handler(ctx, { params, query, body }) {
        // Not markSelfAudited: the preview writes no audit entry of its own, so a token's request is
        // audited as every read is (api_token.request).
        const caller = { principal: principalOf(ctx), requestId: ctx.state.requestId };
        // A preview shows what the connector holds, as reading the records does.
        assertCan(caller.principal, 'connector:read', 'preview a sync');
        ctx.body = await previewSync(context, caller, params.id, params.type, body ?? {}, {
          timeLimitSeconds: query.timeLimitSeconds,
        });
      },
    })
    .add({
      method: 'post',
      path: '/:id/sync-config/:type/held-deactivations/release',
      operationId: 'releaseHeldDeactivations',
      summary: 'Deactivate the users the deletion safeguard held',
      description:
        'Each held user is checked again: one linked again, whose record is current again, already deleted, or the last active admin is kept. The hold is cleared.',
      access: 'connector:manage',
      params: configParams,
      responses: {
        200: {
          description: 'How many held users were deactivated and kept',
          schema: z
            .object({ released: z.number().int(), kept: z.number().int() })
            .meta({ id: 'HeldDeactivationsReleased' }),
        },
        404: unknownConfig,
        409: error('No deactivations are held'),
      },
      async handler(ctx, { params }) {
        ctx.body = await releaseHeldDeactivations(db, markSelfAudited(ctx), params.id, params.type);
      },
    })
    .add({
      method: 'post',
      path: '/:id/sync-config/:type/held-deactivations/discard',
      operationId: 'discardHeldDeactivations',
      summary: 'Drop the deactivations the deletion safeguard held; the users stay active',
      access: 'connector:manage',
      params: configParams,
      responses: {
        200: {
          description: 'How many held deactivations were dropped',
          schema: z.object({ discarded: z.number().int() }).meta({ id: 'HeldDeactivationsDiscarded' }),
        },
        404: unknownConfig,
        409: error('No deactivations are held'),
      },
      async handler(ctx, { params }) {
        ctx.body = await discardHeldDeactivations(db, markSelfAudited(ctx), params.id, params.type);
      },
    });
}
