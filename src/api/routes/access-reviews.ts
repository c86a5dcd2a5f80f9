import { z } from 'zod';
import {
  ACCESS_KINDS,
  ACCESS_REVIEW_STATUSES,
  REMEDIATION_STATUSES,
  REVIEW_DECISIONS,
  accessReviewDefinitionSchema,
  approveRemovalsInputSchema,
  accessReviewInputSchema,
  bulkDecideInputSchema,
  decideItemInputSchema,
  delegateItemInputSchema,
  itemHistoryEntrySchema,
  itemRecommendationsSchema,
} from '../../domain/access-review.js';
import { idParams, queryText } from '../../domain/common.js';
import { pageSchema, paginationQuery } from '../../domain/pagination.js';
import { approveRemovals } from '../../services/access-reviews/approve-removals.js';
import { cancelReview } from '../../services/access-reviews/cancel-review.js';
import { closeReview } from '../../services/access-reviews/close-review.js';
import { stopRecurrence } from '../../services/access-reviews/recurrence.js';
import { bulkDecide, decideItem } from '../../services/access-reviews/decide-items.js';
import { delegateItem } from '../../services/access-reviews/delegate-item.js';
import { listItems, listMyItems } from '../../services/access-reviews/list-items.js';
import { listReviews } from '../../services/access-reviews/list-reviews.js';
import { reviewView } from '../../services/access-reviews/review-record.js';
import { reviewReport } from '../../services/access-reviews/review-report.js';
import { createReview, replaceDraftReview } from '../../services/access-reviews/save-review.js';
import type { AccessReviewContext } from '../../services/access-reviews/review-context.js';
import { startReview } from '../../services/access-reviews/start-review.js';
import { markSelfAudited, principalOf } from '../audit-context.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const count = z.number().int();
const progressSchema = z
  .object({
    total: count,
    decided: count,
    kept: count,
    revoked: count,
    pending: count.describe('Undecided'),
    overdue: count.describe('Undecided past the due date of an active campaign'),
    remediated: count,
    failed: count.describe('Revokes whose removal failed'),
    awaitingGo: count.describe(
      "Revokes whose removal waits for an administrator's go (campaigns without autoRemediate)",
    ),
  })
  .meta({ id: 'AccessReviewProgress' });

const accessReviewSchema = accessReviewDefinitionSchema
  .extend({
    id: z.uuid(),
    status: z.enum(ACCESS_REVIEW_STATUSES),
    createdBy: z.uuid().nullable(),
    startedAt: z.date().nullable(),
    dueAt: z.date().nullable(),
    closedAt: z.date().nullable().describe('When decisions stopped: a close, or the due date'),
    closedBy: z.uuid().nullable().describe('Who closed it; null when its due date did'),
    currentStage: z.number().int().describe('The stage whose items are decided now'),
    recurrenceOf: z.uuid().nullable().describe('The recurring campaign that started this one'),
    finishedAt: z.date().nullable().describe('When it was closed for good and its report frozen'),
    createdAt: z.date(),
    updatedAt: z.date(),
    progress: progressSchema,
  })
  .meta({ id: 'AccessReview' });

const listQuery = paginationQuery({ sortable: ['createdAt', 'name'], defaultSortBy: 'createdAt' }).extend({
  status: z
    .enum(ACCESS_REVIEW_STATUSES, { error: `status must be one of: ${ACCESS_REVIEW_STATUSES.join(', ')}` })
    .optional(),
  search: queryText('search').optional().describe('Case-insensitive match on the name'),
});

const one = { description: 'The campaign with its progress', schema: accessReviewSchema };

const itemSchema = z
  .object({
    id: z.uuid(),
    review: z.object({ id: z.uuid(), name: z.string(), dueAt: z.date().nullable() }),
    subject: z.object({ id: z.uuid(), displayName: z.string().nullable(), email: z.string().nullable() }),
    access: z.object({
      kind: z.enum(ACCESS_KINDS),
      ref: z.string().describe('The role, entitlement or group id; `<organization id>/<role>`; the synced record id'),
      label: z.string(),
    }),
    reviewerId: z.uuid().nullable(),
    stage: z.number().int(),
    decision: z.enum(REVIEW_DECISIONS).nullable(),
    decidedByPolicy: z.boolean().describe("Decided at the close by the campaign's whenUnanswered policy"),
    comment: z.string().nullable(),
    decidedBy: z.uuid().nullable(),
    decidedAt: z.date().nullable(),
    overdue: z.boolean(),
    history: z.array(itemHistoryEntrySchema).describe('Delegations and escalations, oldest first'),
    recommendations: itemRecommendationsSchema,
    remediationStatus: z.enum(REMEDIATION_STATUSES).nullable().describe('Where the removal of a revoke stands'),
    remediationError: z.string().nullable(),
    remediationResult: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe('What the removal did: the roles revoked with their connector outcomes, the account deactivated'),
    remediatedAt: z.date().nullable(),
    createdAt: z.date(),
  })
  .meta({ id: 'AccessReviewItem' });

const itemParams = z.object({
  id: z.uuid({ error: 'id must be a UUID' }),
  itemId: z.uuid({ error: 'itemId must be a UUID' }),
});
const itemPage = paginationQuery({ sortable: ['createdAt'], defaultSortBy: 'createdAt', defaultSortOrder: 'asc' });
const itemQuery = itemPage.extend({
  reviewerId: z.uuid().optional(),
  decision: z.enum([...REVIEW_DECISIONS, 'pending'], { error: 'decision must be keep, revoke or pending' }).optional(),
  stage: z
    .string()
    .regex(/^[1-9]$/, 'stage must be a number from 1 to 9')
    .transform(Number)
    .optional()
    .meta({ type: 'integer', minimum: 1, maximum: 9, pattern: undefined }),
  userId: z.uuid().optional().describe("The subject's user id"),
  accessKind: z.enum(ACCESS_KINDS, { error: `accessKind must be one of: ${ACCESS_KINDS.join(', ')}` }).optional(),
  accessRef: queryText('accessRef').optional(),
  remediation: z
    .enum(REMEDIATION_STATUSES, { error: `remediation must be one of: ${REMEDIATION_STATUSES.join(', ')}` })
    .optional()
    .describe('Only revokes whose removal stands so'),
});
const oneItem = { description: 'The item', schema: itemSchema };
const notActive = { description: 'The campaign is not active, or the item is decided already' };

/** `/api/access-reviews`: certification campaigns (docs/access-reviews.md). */
export function accessReviewRoutes(deps: ResourceRouterDependencies, context: AccessReviewContext): ResourceRouter {
  const { db } = context;
  return (
    new ResourceRouter('/api/access-reviews', 'Access reviews', deps)
      .add({
        method: 'post',
        path: '',
        operationId: 'createAccessReview',
        summary: 'Create a campaign (a draft)',
        description:
          'Every business role, entitlement, group, organization, connector and user it names must exist: a 400 names the field otherwise.',
        access: 'review:manage',
        body: accessReviewInputSchema,
        responses: { 201: one },
        async handler(ctx, { body }) {
          ctx.status = 201;
          ctx.body = await createReview(db, markSelfAudited(ctx), body);
        },
      })
      .add({
        method: 'get',
        path: '',
        operationId: 'listAccessReviews',
        summary: 'Campaigns with their status and progress',
        access: 'review:read',
        query: listQuery,
        responses: { 200: { description: 'A page of campaigns', schema: pageSchema(accessReviewSchema) } },
        async handler(ctx, { query }) {
          ctx.body = await listReviews(db, query);
        },
      })
      // Before `/:id`, which would otherwise take `my-items` for an id.
      .add({
        method: 'get',
        path: '/my-items',
        operationId: 'listMyAccessReviewItems',
        summary: "The caller's undecided items across active campaigns",
        description: 'Needs no permission: every reviewer sees the items put to them.',
        access: 'review:decide',
        query: itemPage,
        responses: { 200: { description: 'A page of items', schema: pageSchema(itemSchema) } },
        async handler(ctx, { query }) {
          ctx.body = await listMyItems(db, principalOf(ctx), query);
        },
      })
      .add({
        method: 'get',
        path: '/:id',
        operationId: 'getAccessReview',
        summary: 'One campaign with its progress',
        access: 'review:read',
        params: idParams,
        responses: { 200: one },
        async handler(ctx, { params }) {
          ctx.body = await reviewView(db, params.id);
        },
      })
      .add({
        method: 'put',
        path: '/:id',
        operationId: 'replaceAccessReview',
        summary: 'Replace the definition of a draft campaign',
        access: 'review:manage',
        params: idParams,
        body: accessReviewInputSchema,
        responses: { 200: one, 409: { description: 'The campaign is no longer a draft' } },
        async handler(ctx, { params, body }) {
          ctx.body = await replaceDraftReview(db, markSelfAudited(ctx), params.id, body);
        },
      })
      .add({
        method: 'post',
        path: '/:id/start',
        operationId: 'startAccessReview',
        summary: 'Generate the items of a draft campaign and start it',
        description:
          "Writes one item per person and access in the scope, each with its reviewer and recommendations, sets the due date and starts the campaign's workflow. 400 when the scope holds nothing or some items have no possible reviewer (the message says how many).",
        access: 'review:manage',
        params: idParams,
        responses: { 200: one, 409: { description: 'The campaign is no longer a draft' } },
        async handler(ctx, { params }) {
          ctx.body = await startReview(context, markSelfAudited(ctx), params.id);
        },
      })
      .add({
        method: 'get',
        path: '/:id/items',
        operationId: 'listAccessReviewItems',
        summary: "A campaign's items",
        description:
          'Holders of review:read see every item; anyone else only the items put to them (404 when there are none).',
        access: 'authenticated',
        params: idParams,
        query: itemQuery,
        responses: { 200: { description: 'A page of items', schema: pageSchema(itemSchema) } },
        async handler(ctx, { params, query }) {
          ctx.body = await listItems(db, principalOf(ctx), params.id, query);
        },
      })
      .add({
        method: 'post',
        path: '/:id/items/bulk-decide',
        operationId: 'bulkDecideAccessReviewItems',
        summary: "Decide several of the caller's own items at once, all or nothing",
        description: 'Only items put to the caller: one that is not refuses the whole request (404).',
        access: 'review:decide',
        params: idParams,
        body: bulkDecideInputSchema,
        responses: {
          200: {
            description: 'How many items were decided',
            schema: z.object({ decided: z.number().int(), decision: z.enum(REVIEW_DECISIONS) }),
          },
          409: notActive,
        },
        async handler(ctx, { params, body }) {
          ctx.body = await bulkDecide(db, markSelfAudited(ctx), params.id, body);
        },
      })
      .add({
        method: 'post',
        path: '/:id/items/:itemId/decide',
        operationId: 'decideAccessReviewItem',
        summary: 'Keep or revoke the access of one item',
        description:
          "The item's reviewer, or a holder of review:manage; anyone else gets a 404. A comment is required for revoke, and for keep when the campaign says so.",
        access: 'review:decide',
        params: itemParams,
        body: decideItemInputSchema,
        responses: { 200: oneItem, 409: notActive },
        async handler(ctx, { params, body }) {
          ctx.body = await decideItem(db, markSelfAudited(ctx), params.id, params.itemId, body);
        },
      })
      .add({
        method: 'post',
        path: '/:id/items/:itemId/delegate',
        operationId: 'delegateAccessReviewItem',
        summary: 'Hand one undecided item to another reviewer',
        description: "Never to the item's subject, nor to the caller or its current reviewer (400).",
        access: 'review:decide',
        params: itemParams,
        body: delegateItemInputSchema,
        responses: { 200: oneItem, 409: notActive },
        async handler(ctx, { params, body }) {
          ctx.body = await delegateItem(db, markSelfAudited(ctx), params.id, params.itemId, body);
        },
      })
      .add({
        method: 'post',
        path: '/:id/cancel',
        operationId: 'cancelAccessReview',
        summary: 'Stop a draft or active campaign without removing anything',
        description: "Its items keep their decisions and take no more; an active campaign's workflow is cancelled.",
        access: 'review:manage',
        params: idParams,
        responses: { 200: one, 409: { description: 'The campaign is closing, closed or cancelled already' } },
        async handler(ctx, { params }) {
          ctx.body = await cancelReview(context, markSelfAudited(ctx), params.id);
        },
      })
      .add({
        method: 'post',
        path: '/:id/close',
        operationId: 'closeAccessReview',
        summary: 'Close a campaign now, or close a closing one for good',
        description:
          'An active campaign stops taking decisions: what is undecided follows its whenUnanswered policy, and its revokes are carried out (or wait for a go without autoRemediate), acting as the caller. A closing campaign whose removals wait or failed is closed for good as it stands, its report frozen.',
        access: 'review:manage',
        params: idParams,
        responses: { 200: one, 409: { description: 'The campaign is a draft, closed or cancelled' } },
        async handler(ctx, { params }) {
          ctx.body = await closeReview(context, markSelfAudited(ctx), params.id);
        },
      })
      .add({
        method: 'post',
        path: '/:id/remediate',
        operationId: 'approveAccessReviewRemovals',
        summary: 'Give the go to the removals that wait for it, and retry those that failed',
        description:
          'All of them, or the items named in itemIds. They act as the caller from now on. Only while the campaign is closing.',
        access: 'review:manage',
        params: idParams,
        body: approveRemovalsInputSchema,
        responses: {
          200: one,
          409: { description: 'The campaign is not closing, or an item named has no removal waiting or failed' },
        },
        async handler(ctx, { params, body }) {
          ctx.body = await approveRemovals(context, markSelfAudited(ctx), params.id, body);
        },
      })
      .add({
        method: 'delete',
        path: '/:id/recurrence',
        operationId: 'stopAccessReviewRecurrence',
        summary: 'Stop a campaign from starting the next ones by itself',
        description: 'The campaigns it started stay as they are.',
        access: 'review:manage',
        params: idParams,
        responses: { 200: one, 409: { description: 'The campaign does not recur' } },
        async handler(ctx, { params }) {
          ctx.body = await stopRecurrence(context, markSelfAudited(ctx), params.id);
        },
      })
      .add({
        method: 'get',
        path: '/:id/report',
        operationId: 'getAccessReviewReport',
        summary: "The campaign's evidence: its definition and every item, as JSON or CSV",
        description:
          'The same campaign state gives the same bytes; `X-Report-SHA256` carries their SHA-256 (hex). A closed campaign answers the report frozen when it closed, whose hash the access_review.closed audit entry records. The CSV has one row per item; the JSON has the definition as well.',
        access: 'review:read',
        params: idParams,
        query: z.object({
          format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional().default('json'),
        }),
        responses: {
          200: {
            description: 'The report',
            schema: z.string().describe('JSON `{ campaign, items }`, or CSV with a header row'),
            contentType: ['application/json', 'text/csv'],
          },
        },
        async handler(ctx, { params, query }) {
          const report = await reviewReport(db, params.id, query.format);
          ctx.type = query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8';
          ctx.set('x-report-sha256', report.sha256);
          ctx.set('content-disposition', `attachment; filename="access-review-${params.id}.${query.format}"`);
          ctx.body = report.body;
        },
      })
  );
}
