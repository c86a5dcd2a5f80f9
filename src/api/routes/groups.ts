import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { idParams } from '../../domain/common.js';
import { groupInputSchema } from '../../domain/group.js';
import { pageSchema, paginationQuery } from '../../domain/pagination.js';
import {
  addGroupMember,
  createGroup,
  deleteGroup,
  listGroupMembers,
  listGroups,
  loadGroup,
  removeGroupMember,
  toGroupView,
  updateGroup,
} from '../../services/groups.js';
import { markSelfAudited, principalOf } from '../audit-context.js';
import { addCrudRoutes } from '../crud-routes.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const groupSchema = groupInputSchema
  .extend({ id: z.uuid(), memberCount: z.number().int(), createdAt: z.date(), updatedAt: z.date() })
  .meta({ id: 'Group' });
const memberSchema = z.object({
  userId: z.uuid(),
  email: z.string().nullable().describe('null unless the caller holds user:read'),
  displayName: z.string().nullable(),
  addedAt: z.date(),
});

export function groupRoutes(deps: ResourceRouterDependencies, db: Database): ResourceRouter {
  const router = addCrudRoutes(new ResourceRouter('/api/groups', 'Groups', deps), {
    noun: 'group',
    readPermission: 'group:read',
    managePermission: 'user:manage',
    viewSchema: groupSchema,
    inputSchema: groupInputSchema,
    list: (query) => listGroups(db, query),
    load: async (id) => toGroupView(await loadGroup(db, id)),
    create: (caller, input) => createGroup(db, caller, input),
    update: (caller, id, input) => updateGroup(db, caller, id, input),
    remove: (caller, id) => deleteGroup(db, caller, id),
  });
  return router
    .add({
      method: 'get',
      path: '/:id/members',
      operationId: 'listGroupMembers',
      summary: 'Members of a group',
      access: 'group:read',
      params: idParams,
      query: paginationQuery({ sortable: ['createdAt'], defaultSortBy: 'createdAt', defaultSortOrder: 'asc' }),
      responses: { 200: { description: 'A page of members', schema: pageSchema(memberSchema) } },
      async handler(ctx, { params, query }) {
        ctx.body = await listGroupMembers(db, params.id, query, principalOf(ctx));
      },
    })
    .add({
      method: 'post',
      path: '/:id/members',
      operationId: 'addGroupMember',
      summary: 'Add a member (409 if already one)',
      access: 'user:manage',
      params: idParams,
      body: z.object({ userId: z.uuid() }).strict(),
      responses: {
        409: { description: 'The user is already a member' },
        200: { description: 'The group', schema: groupSchema },
      },
      async handler(ctx, { params, body }) {
        ctx.body = await addGroupMember(db, markSelfAudited(ctx), params.id, body.userId);
      },
    })
    .add({
      method: 'delete',
      path: '/:id/members/:userId',
      operationId: 'removeGroupMember',
      summary: 'Remove a member',
      access: 'user:manage',
      params: z.object({ id: z.uuid(), userId: z.uuid() }),
      responses: { 200: { description: 'The group', schema: groupSchema } },
      async handler(ctx, { params }) {
        ctx.body = await removeGroupMember(db, markSelfAudited(ctx), params.id, params.userId);
      },
    });
}
