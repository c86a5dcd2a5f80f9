import { z } from 'zod';
import {
  ACCESS_REVIEW_STATUSES,
  accessReviewDefinitionSchema,
  accessReviewInputSchema,
} from '../../domain/access-review.js';
import { idParams, queryText } from '../../domain/common.js';
import { pageSchema, paginationQuery } from '../../domain/pagination.js';
import { listReviews } from '../../services/access-reviews/list-reviews.js';
import { reviewView } from '../../services/access-reviews/review-record.js';
import { createReview, replaceDraftReview } from '../../services/access-reviews/save-review.js';
import { startReview, type AccessReviewContext } from '../../services/access-reviews/start-review.js';
import { auditedCaller } from '../audit-context.js';
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
  })
  .meta({ id: 'AccessReviewProgress' });

const accessReviewSchema = accessReviewDefinitionSchema
  .extend({
    id: z.uuid(),
    status: z.enum(ACCESS_REVIEW_STATUSES),
    createdBy: z.uuid().nullable(),
    startedAt: z.date().nullable(),
    dueAt: z.date().nullable(),
    closedAt: z.date().nullable(),
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

/** `/api/access-reviews`: certification campaigns (docs/access-reviews.md). */
export function accessReviewRoutes(deps: ResourceRouterDependencies, context: AccessReviewContext): ResourceRouter {
  const { db } = context;
  return new ResourceRouter('/api/access-reviews', 'Access reviews', deps)
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
        ctx.body = await createReview(db, auditedCaller(ctx), body);
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
        ctx.body = await replaceDraftReview(db, auditedCaller(ctx), params.id, body);
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
        ctx.body = await startReview(context, auditedCaller(ctx), params.id);
      },
    });
}
