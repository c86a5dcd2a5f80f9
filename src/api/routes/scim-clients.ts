import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { idParams } from '../../domain/common.js';
import { pageSchema, paginationQuery } from '../../domain/pagination.js';
import {
  createScimClient,
  deleteScimClient,
  listScimClients,
  rotateScimClientToken,
  updateScimClient,
} from '../../services/scim-clients.js';
import { markSelfAudited } from '../audit-context.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const scimClientSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    tokenPrefix: z.string(),
    enabled: z.boolean(),
    createdBy: z.uuid().nullable(),
    lastUsedAt: z.date().nullable(),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: 'ScimClient' });
const scimClientWithTokenSchema = scimClientSchema
  .extend({ token: z.string().describe('The bearer token; shown only in this response') })
  .meta({ id: 'ScimClientWithToken' });

export function scimClientRoutes(deps: ResourceRouterDependencies, db: Database): ResourceRouter {
  return new ResourceRouter('/api/scim-clients', 'SCIM clients', deps)
    .add({
      method: 'post',
      path: '',
      operationId: 'createScimClient',
      summary: 'Create a SCIM client; its token is shown once',
      access: 'user:manage',
      body: z
        .object({
          // Not blank, stated as a pattern in the API description (NUL is refused in every request).
          name: z
            .string()
            .max(200)
            .regex(/^[^\u0000]*[^\s\u0000][^\u0000]*$/, 'name must not be blank')
            .trim(),
        })
        .strict(),
      responses: {
        409: { description: 'A SCIM client with this name exists' },
        201: { description: 'The client and its token', schema: scimClientWithTokenSchema },
      },
      async handler(ctx, { body }) {
        ctx.status = 201;
        ctx.body = await createScimClient(db, markSelfAudited(ctx), body);
      },
    })
    .add({
      method: 'get',
      path: '',
      operationId: 'listScimClients',
      summary: 'List SCIM clients (never their tokens)',
      access: 'user:manage',
      query: paginationQuery({ sortable: ['createdAt', 'name', 'lastUsedAt'], defaultSortBy: 'createdAt' }),
      responses: { 200: { description: 'A page of SCIM clients', schema: pageSchema(scimClientSchema) } },
      async handler(ctx, { query }) {
        ctx.body = await listScimClients(db, query);
      },
    })
    .add({
      method: 'post',
      path: '/:id/rotate-token',
      operationId: 'rotateScimClientToken',
      summary: 'Replace the token of a SCIM client; the old one stops working, the new one is shown once',
      access: 'user:manage',
      params: idParams,
      responses: { 200: { description: 'The client and its new token', schema: scimClientWithTokenSchema } },
      async handler(ctx, { params }) {
        ctx.body = await rotateScimClientToken(db, markSelfAudited(ctx), params.id);
      },
    })
    .add({
      method: 'patch',
      path: '/:id',
      operationId: 'updateScimClient',
      summary: 'Enable or disable a SCIM client',
      access: 'user:manage',
      params: idParams,
      body: z.object({ enabled: z.boolean() }).strict(),
      responses: { 200: { description: 'The client', schema: scimClientSchema } },
      async handler(ctx, { params, body }) {
        ctx.body = await updateScimClient(db, markSelfAudited(ctx), params.id, body);
      },
    })
    .add({
      method: 'delete',
      path: '/:id',
      operationId: 'deleteScimClient',
      summary: 'Delete a SCIM client; its token stops working, the users and groups it provisioned stay',
      description:
        'The client’s own record of its users and groups (their SCIM external ids and resources) goes with it, ' +
        'so another SCIM client may link those users and groups later (docs/scim.md, "Deleting a client").',
      access: 'user:manage',
      params: idParams,
      responses: {
        200: {
          description: 'Confirmation, with how many users and groups the client had provisioned',
          schema: z.object({
            message: z.string(),
            id: z.uuid(),
            users: z.number().int().describe('Users it provisioned or linked; they stay'),
            groups: z.number().int().describe('Groups it provisioned; they stay'),
          }),
        },
        404: { description: 'No such SCIM client' },
      },
      async handler(ctx, { params }) {
        const deleted = await deleteScimClient(db, markSelfAudited(ctx), params.id);
        ctx.body = {
          message: `SCIM client ${deleted.name} deleted; the ${counted(deleted.users, 'user')} and ${counted(deleted.groups, 'group')} it provisioned stay`,
          id: deleted.id,
          users: deleted.users,
          groups: deleted.groups,
        };
      },
    });
}

const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
