import { z } from 'zod';
import { idParams, queryText } from '../domain/common.js';
import { pageSchema, paginationQuery, type Page } from '../domain/pagination.js';
import type { Permission } from '../permissions/index.js';
import type { Caller } from '../services/caller.js';
import { markSelfAudited } from './audit-context.js';
import type { ResourceRouter } from './resource-router.js';

/** A named resource managed with the usual five routes. */
export interface CrudResource<V, I> {
  /** Singular, for summaries: `entitlement`. */
  noun: string;
  readPermission: Permission;
  managePermission: Permission;
  viewSchema: z.ZodType;
  inputSchema: z.ZodType<I>;
  list(query: NameListQuery): Promise<Page<V>>;
  load(id: string): Promise<V>;
  create(caller: Caller, input: I): Promise<V>;
  update(caller: Caller, id: string, input: I): Promise<V>;
  remove(caller: Caller, id: string): Promise<void>;
}

export const nameListQuery = paginationQuery({
  sortable: ['name', 'createdAt'],
  defaultSortBy: 'name',
  defaultSortOrder: 'asc',
}).extend({
  search: queryText('search').optional().describe('Case-insensitive match on the name'),
});
export type NameListQuery = z.output<typeof nameListQuery>;

/** `GET /`, `POST /`, `GET /:id`, `PUT /:id` and `DELETE /:id` for `resource`. */
export function addCrudRoutes<V, I>(router: ResourceRouter, resource: CrudResource<V, I>): ResourceRouter {
  const one = { description: `The ${resource.noun}`, schema: resource.viewSchema };
  // `business role` names operations such as `listBusinessRoles` and `getBusinessRole`.
  const typeName = resource.noun.replace(/(?:^|\s+)(\w)/g, (_, letter: string) => letter.toUpperCase());
  return router
    .add({
      method: 'get',
      path: '',
      operationId: `list${typeName}s`,
      summary: `List ${resource.noun}s`,
      access: resource.readPermission,
      query: nameListQuery,
      responses: { 200: { description: `A page of ${resource.noun}s`, schema: pageSchema(resource.viewSchema) } },
      async handler(ctx, { query }) {
        ctx.body = await resource.list(query);
      },
    })
    .add({
      method: 'post',
      path: '',
      operationId: `create${typeName}`,
      summary: `Create a ${resource.noun}`,
      access: resource.managePermission,
      body: resource.inputSchema,
      responses: { 201: one, 409: { description: 'The name is taken' } },
      async handler(ctx, { body }) {
        ctx.status = 201;
        ctx.body = await resource.create(markSelfAudited(ctx), body as I);
      },
    })
    .add({
      method: 'get',
      path: '/:id',
      operationId: `get${typeName}`,
      summary: `One ${resource.noun}`,
      access: resource.readPermission,
      params: idParams,
      responses: { 200: one },
      async handler(ctx, { params }) {
        ctx.body = await resource.load(params.id);
      },
    })
    .add({
      method: 'put',
      path: '/:id',
      operationId: `replace${typeName}`,
      summary: `Replace a ${resource.noun}`,
      access: resource.managePermission,
      params: idParams,
      body: resource.inputSchema,
      responses: { 200: one, 409: { description: 'The name is taken' } },
      async handler(ctx, { params, body }) {
        ctx.body = await resource.update(markSelfAudited(ctx), params.id, body as I);
      },
    })
    .add({
      method: 'delete',
      path: '/:id',
      operationId: `delete${typeName}`,
      summary: `Delete a ${resource.noun} that is not in use`,
      access: resource.managePermission,
      params: idParams,
      responses: {
        200: { description: 'Confirmation', schema: z.object({ message: z.string(), id: z.uuid() }) },
        409: { description: 'Still in use' },
      },
      async handler(ctx, { params }) {
        await resource.remove(markSelfAudited(ctx), params.id);
        ctx.body = { message: `${resource.noun[0]!.toUpperCase()}${resource.noun.slice(1)} deleted`, id: params.id };
      },
    });
}
