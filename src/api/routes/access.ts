import { z } from 'zod';
import { actorOf } from '../../audit/index.js';
import type { ConnectorRuntime } from '../../connectors/runtime.js';
import type { Database } from '../../db/client.js';
import { idParams } from '../../domain/common.js';
import { fetchPage, pageSchema, paginationQuery } from '../../domain/pagination.js';
import {
  businessRoleInclude,
  businessRoleInputSchema,
  createBusinessRole,
  deleteBusinessRole,
  loadBusinessRole,
  toBusinessRoleView,
  updateBusinessRole,
} from '../../services/access/business-roles.js';
import {
  createEntitlement,
  deleteEntitlement,
  entitlementInclude,
  entitlementInputSchema,
  loadEntitlement,
  toEntitlementView,
  updateEntitlement,
} from '../../services/access/entitlements.js';
import { grantRole, revokeRole } from '../../services/access/role-grants.js';
import { auditedCaller } from '../audit-context.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const confirmation = { description: 'Confirmation', schema: z.object({ message: z.string(), id: z.uuid() }) };
const listQuery = paginationQuery({
  sortable: ['name', 'createdAt'],
  defaultSortBy: 'name',
  defaultSortOrder: 'asc',
}).extend({
  search: z.string().min(1).optional(),
});
const byName = (search?: string) => (search ? { name: { contains: search, mode: 'insensitive' as const } } : {});

const entitlementSchema = entitlementInputSchema
  .extend({ id: z.uuid(), createdAt: z.date(), updatedAt: z.date() })
  .meta({ id: 'Entitlement' });
const businessRoleSchema = businessRoleInputSchema
  .extend({ id: z.uuid(), activeAssignments: z.number().int(), createdAt: z.date(), updatedAt: z.date() })
  .meta({ id: 'BusinessRole' });
const outcomeSchema = z
  .object({
    status: z.enum(['granted', 'skipped', 'failed', 'revoked']),
    assignmentId: z.uuid().nullable(),
    results: z.array(
      z.object({
        entitlement: z.string(),
        connector: z.string(),
        action: z.enum(['provision', 'deprovision', 'compensate']),
        success: z.boolean(),
        error: z.string().optional(),
      }),
    ),
  })
  .meta({ id: 'RoleChangeOutcome' });

export function entitlementRoutes(deps: ResourceRouterDependencies, db: Database): ResourceRouter {
  return new ResourceRouter('/api/entitlements', 'Entitlements', deps)
    .add({
      method: 'get',
      path: '',
      summary: 'List entitlements',
      access: 'role_definition:read',
      query: listQuery,
      responses: { 200: { description: 'A page of entitlements', schema: pageSchema(entitlementSchema) } },
      async handler(ctx, { query }) {
        const where = byName(query.search);
        ctx.body = await fetchPage(
          query,
          async (window) =>
            (
              await db.entitlement.findMany({
                where,
                include: entitlementInclude,
                orderBy: { [query.sortBy]: query.sortOrder },
                ...window,
              })
            ).map(toEntitlementView),
          () => db.entitlement.count({ where }),
        );
      },
    })
    .add({
      method: 'post',
      path: '',
      summary: 'Create an entitlement',
      access: 'role:manage',
      body: entitlementInputSchema,
      responses: { 201: { description: 'The entitlement', schema: entitlementSchema } },
      async handler(ctx, { body }) {
        ctx.status = 201;
        ctx.body = await createEntitlement(db, auditedCaller(ctx), body);
      },
    })
    .add({
      method: 'get',
      path: '/:id',
      summary: 'One entitlement',
      access: 'role_definition:read',
      params: idParams,
      responses: { 200: { description: 'The entitlement', schema: entitlementSchema } },
      async handler(ctx, { params }) {
        ctx.body = toEntitlementView(await loadEntitlement(db, params.id));
      },
    })
    .add({
      method: 'put',
      path: '/:id',
      summary: 'Replace an entitlement',
      access: 'role:manage',
      params: idParams,
      body: entitlementInputSchema,
      responses: { 200: { description: 'The entitlement', schema: entitlementSchema } },
      async handler(ctx, { params, body }) {
        ctx.body = await updateEntitlement(db, auditedCaller(ctx), params.id, body);
      },
    })
    .add({
      method: 'delete',
      path: '/:id',
      summary: 'Delete an entitlement no role links to',
      access: 'role:manage',
      params: idParams,
      responses: { 200: confirmation },
      async handler(ctx, { params }) {
        await deleteEntitlement(db, auditedCaller(ctx), params.id);
        ctx.body = { message: 'Entitlement deleted', id: params.id };
      },
    });
}

export function businessRoleRoutes(
  deps: ResourceRouterDependencies,
  db: Database,
  runtime: ConnectorRuntime,
): ResourceRouter {
  return new ResourceRouter('/api/roles', 'Business roles', deps)
    .add({
      method: 'get',
      path: '',
      summary: 'List business roles (role definitions)',
      access: 'role_definition:read',
      query: listQuery,
      responses: { 200: { description: 'A page of business roles', schema: pageSchema(businessRoleSchema) } },
      async handler(ctx, { query }) {
        const where = byName(query.search);
        ctx.body = await fetchPage(
          query,
          async (window) =>
            (
              await db.businessRole.findMany({
                where,
                include: businessRoleInclude,
                orderBy: { [query.sortBy]: query.sortOrder },
                ...window,
              })
            ).map(toBusinessRoleView),
          () => db.businessRole.count({ where }),
        );
      },
    })
    .add({
      method: 'post',
      path: '',
      summary: 'Create a business role',
      access: 'role:manage',
      body: businessRoleInputSchema,
      responses: { 201: { description: 'The role', schema: businessRoleSchema } },
      async handler(ctx, { body }) {
        ctx.status = 201;
        ctx.body = await createBusinessRole(db, auditedCaller(ctx), body);
      },
    })
    .add({
      method: 'get',
      path: '/:id',
      summary: 'One business role',
      access: 'role_definition:read',
      params: idParams,
      responses: { 200: { description: 'The role', schema: businessRoleSchema } },
      async handler(ctx, { params }) {
        ctx.body = toBusinessRoleView(await loadBusinessRole(db, params.id));
      },
    })
    .add({
      method: 'put',
      path: '/:id',
      summary: 'Replace a business role and its entitlement links',
      access: 'role:manage',
      params: idParams,
      body: businessRoleInputSchema,
      responses: { 200: { description: 'The role', schema: businessRoleSchema } },
      async handler(ctx, { params, body }) {
        ctx.body = await updateBusinessRole(db, auditedCaller(ctx), params.id, body);
      },
    })
    .add({
      method: 'delete',
      path: '/:id',
      summary: 'Delete a business role nobody holds',
      access: 'role:manage',
      params: idParams,
      responses: { 200: confirmation },
      async handler(ctx, { params }) {
        await deleteBusinessRole(db, auditedCaller(ctx), params.id);
        ctx.body = { message: 'Business role deleted', id: params.id };
      },
    })
    .add({
      method: 'get',
      path: '/:id/assignments',
      summary: 'Who holds the role (all statuses)',
      access: 'role_definition:read',
      params: idParams,
      query: paginationQuery({ sortable: ['grantedAt'], defaultSortBy: 'grantedAt' }),
      responses: {
        200: { description: 'A page of assignments', schema: pageSchema(z.record(z.string(), z.unknown())) },
      },
      async handler(ctx, { params, query }) {
        await loadBusinessRole(db, params.id);
        const where = { roleId: params.id };
        ctx.body = await fetchPage(
          query,
          (window) => db.roleAssignment.findMany({ where, orderBy: { grantedAt: query.sortOrder }, ...window }),
          () => db.roleAssignment.count({ where }),
        );
      },
    })
    .add({
      method: 'post',
      path: '/:id/assignments',
      summary: 'Grant the role to a user, provisioning each entitlement (rolled back if one fails)',
      access: 'role:manage',
      params: idParams,
      body: z.object({ userId: z.uuid(), onDuplicate: z.enum(['skip', 'error']).default('skip') }).strict(),
      responses: {
        200: { description: 'What happened, per entitlement', schema: outcomeSchema },
        409: { description: 'Already held (onDuplicate error) or inactive role' },
      },
      async handler(ctx, { params, body }) {
        const { principal, requestId } = auditedCaller(ctx);
        ctx.body = await grantRole(db, runtime, {
          ...body,
          role: { id: params.id },
          actor: actorOf(principal),
          requestId,
        });
      },
    })
    .add({
      method: 'delete',
      path: '/:id/assignments/:userId',
      summary: 'Revoke the role from a user, deprovisioning each entitlement',
      access: 'role:manage',
      params: z.object({ id: z.uuid(), userId: z.uuid() }),
      responses: { 200: { description: 'What happened, per entitlement', schema: outcomeSchema } },
      async handler(ctx, { params }) {
        const { principal, requestId } = auditedCaller(ctx);
        ctx.body = await revokeRole(db, runtime, {
          userId: params.userId,
          role: { id: params.id },
          actor: actorOf(principal),
          requestId,
        });
      },
    });
}
