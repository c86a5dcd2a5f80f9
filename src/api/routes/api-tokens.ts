import type { Database } from '../../db/client.js';
import { apiTokenSchema, createApiTokenBody, createdApiTokenSchema } from '../../domain/api-tokens.js';
import { idParams, queryBoolean } from '../../domain/common.js';
import { AppError } from '../../errors/index.js';
import { can } from '../../permissions/index.js';
import { createApiToken, revokeApiToken, viewOf } from '../../services/api-tokens.js';
import { auditedCaller, callerOf } from '../audit-context.js';
import { fetchPage, pageSchema, paginationQuery } from '../../domain/pagination.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const listQuery = paginationQuery({ sortable: ['createdAt', 'name', 'lastUsedAt'], defaultSortBy: 'createdAt' }).extend(
  {
    all: queryBoolean('all').optional().describe("Every user's tokens (needs user:manage)"),
    includeRevoked: queryBoolean('includeRevoked').optional(),
  },
);

export function apiTokenRoutes(deps: ResourceRouterDependencies, db: Database): ResourceRouter {
  return new ResourceRouter('/api/auth/tokens', 'API tokens', deps)
    .add({
      method: 'post',
      path: '',
      operationId: 'createApiToken',
      summary: "Create an API token carrying a subset of the caller's permissions",
      access: 'authenticated',
      body: createApiTokenBody,
      responses: {
        409: { description: 'The caller already has a token with this name' },
        201: { description: 'The token; its raw value is shown only here', schema: createdApiTokenSchema },
      },
      async handler(ctx, { body }) {
        const { principal, requestId } = auditedCaller(ctx);
        ctx.status = 201;
        ctx.body = await createApiToken(db, { ...body, ownerId: principal.userId, createdBy: principal, requestId });
      },
    })
    .add({
      method: 'get',
      path: '',
      operationId: 'listApiTokens',
      summary: "List the caller's API tokens (or everyone's, with all=true and user:manage)",
      access: 'authenticated',
      query: listQuery,
      responses: { 200: { description: 'A page of tokens, without secrets', schema: pageSchema(apiTokenSchema) } },
      async handler(ctx, { query }) {
        const principal = callerOf(ctx);
        if (query.all && !can(principal, 'user:manage')) {
          throw new AppError('forbidden', 'Missing permission user:manage', { details: { permission: 'user:manage' } });
        }
        const where = {
          ...(query.all ? {} : { userId: principal.userId }),
          ...(query.includeRevoked ? {} : { revokedAt: null }),
        };
        ctx.body = await fetchPage(
          query,
          async (window) =>
            (await db.apiToken.findMany({ where, orderBy: { [query.sortBy]: query.sortOrder }, ...window })).map(
              viewOf,
            ),
          () => db.apiToken.count({ where }),
        );
      },
    })
    .add({
      method: 'delete',
      path: '/:id',
      operationId: 'revokeApiToken',
      summary: 'Revoke an API token',
      access: 'authenticated',
      params: idParams,
      responses: { 200: { description: 'The revoked token', schema: apiTokenSchema } },
      async handler(ctx, { params }) {
        const { principal, requestId } = auditedCaller(ctx);
        ctx.body = await revokeApiToken(db, principal, params.id, requestId);
      },
    });
}
