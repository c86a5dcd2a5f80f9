import type { Database } from '../../db/client.js';
import { apiTokenSchema, createApiTokenBody, createdApiTokenSchema } from '../../domain/api-tokens.js';
import { idParams, queryBoolean } from '../../domain/common.js';
import { createApiToken, listApiTokens, revokeApiToken } from '../../services/api-tokens.js';
import { markSelfAudited, principalOf } from '../audit-context.js';
import { pageSchema, paginationQuery } from '../../domain/pagination.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const listQuery = paginationQuery({ sortable: ['createdAt', 'name', 'lastUsedAt'], defaultSortBy: 'createdAt' }).extend(
  {
    all: queryBoolean('all').optional().describe("Every user's tokens (needs user:manage)"),
    includeRevoked: queryBoolean('includeRevoked').optional(),
  },
);

// Every route needs token:manage: every role holds it, so logins always pass, while a token
// passes only when it was minted with token:manage among its permissions.
export function apiTokenRoutes(deps: ResourceRouterDependencies, db: Database): ResourceRouter {
  return new ResourceRouter('/api/auth/tokens', 'API tokens', deps)
    .add({
      method: 'post',
      path: '',
      operationId: 'createApiToken',
      summary: "Create an API token carrying a subset of the caller's permissions",
      description:
        'A token created with a token is its child: it expires no later than its parent (400 for a later ' +
        "expiresAt; none means the parent's) and is revoked with it.",
      access: 'token:manage',
      body: createApiTokenBody,
      responses: {
        201: { description: 'The token; its raw value is shown only here', schema: createdApiTokenSchema },
        400: { description: "Invalid fields, or an expiresAt later than the creating token's" },
        403: { description: 'Missing token:manage, or a permission the caller lacks' },
        409: { description: 'The caller already has a token with this name' },
      },
      async handler(ctx, { body }) {
        const { principal, requestId } = markSelfAudited(ctx);
        ctx.status = 201;
        ctx.body = await createApiToken(db, { ...body, ownerId: principal.userId, createdBy: principal, requestId });
      },
    })
    .add({
      method: 'get',
      path: '',
      operationId: 'listApiTokens',
      summary: "List the caller's API tokens (or everyone's, with all=true and user:manage)",
      access: 'token:manage',
      query: listQuery,
      responses: { 200: { description: 'A page of tokens, without secrets', schema: pageSchema(apiTokenSchema) } },
      async handler(ctx, { query }) {
        ctx.body = await listApiTokens(db, principalOf(ctx), query);
      },
    })
    .add({
      method: 'delete',
      path: '/:id',
      operationId: 'revokeApiToken',
      summary: 'Revoke an API token and every token minted from it',
      access: 'token:manage',
      params: idParams,
      responses: {
        200: { description: 'The revoked token', schema: apiTokenSchema },
        404: { description: "No such token, or another user's without user:manage" },
      },
      async handler(ctx, { params }) {
        const { principal, requestId } = markSelfAudited(ctx);
        ctx.body = await revokeApiToken(db, principal, params.id, requestId);
      },
    });
}
