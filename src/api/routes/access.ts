import type { Client } from '@temporalio/client';
import { z } from 'zod';
import { actorOf } from '../../audit/index.js';
import type { ConnectorRuntime } from '../../connectors/runtime.js';
import type { Database } from '../../db/client.js';
import { businessRoleInputSchema } from '../../domain/business-role.js';
import { idParams } from '../../domain/common.js';
import { entitlementInputSchema } from '../../domain/entitlement.js';
import { pageSchema, paginationQuery } from '../../domain/pagination.js';
import {
  createBusinessRole,
  deleteBusinessRole,
  listBusinessRoles,
  listRoleAssignments,
  loadBusinessRole,
  toBusinessRoleView,
  updateBusinessRole,
} from '../../services/access/business-roles.js';
import {
  createEntitlement,
  deleteEntitlement,
  listEntitlements,
  loadEntitlement,
  toEntitlementView,
  updateEntitlement,
} from '../../services/access/entitlements.js';
import { grantRole, revokeRole } from '../../services/access/role-grants.js';
import { setOwner } from '../../services/access/owners.js';
import { requestRoleResync } from '../../services/access/role-resync.js';
import type { Caller } from '../../services/caller.js';
import { markSelfAudited } from '../audit-context.js';
import { addCrudRoutes } from '../crud-routes.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const ownerIdField = z
  .uuid()
  .nullable()
  .describe('Who answers for it (a user id): the reviewer of its holders in owner reviews; set with PUT …/owner');

const entitlementSchema = entitlementInputSchema
  .extend({
    id: z.uuid(),
    // As stored, not parsed: rows written before writes were checked need not fit ReconciliationConfig.
    reconciliationConfig: z.record(z.string(), z.unknown()).nullable(),
    ownerId: ownerIdField,
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: 'Entitlement' });
const businessRoleSchema = businessRoleInputSchema
  .extend({
    id: z.uuid(),
    activeAssignments: z.number().int(),
    ownerId: ownerIdField,
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: 'BusinessRole' });
const assignmentSchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    roleId: z.uuid(),
    status: z.string().describe('active, revoked, failed (provisioning failed and was rolled back) or pending'),
    grantedBy: z.uuid().nullable(),
    grantedAt: z.date(),
    expiresAt: z.date().nullable(),
    sourceRunId: z.string().nullable().describe('The run whose role_grant step granted it'),
    revokedBy: z.uuid().nullable(),
    revokedAt: z.date().nullable(),
    revokeRunId: z.string().nullable().describe('The run whose role_revoke step revoked it'),
    results: z
      .array(z.record(z.string(), z.unknown()))
      .describe('Per entitlement, as recorded by the last grant, revoke or resync'),
    provisionedEntitlementIds: z.array(z.uuid()).describe('The entitlements this assignment has provisioned'),
    updatedAt: z.date(),
  })
  .meta({ id: 'RoleAssignment' });
const outcomeSchema = z
  .object({
    status: z.enum(['granted', 'skipped', 'failed', 'revoked']),
    assignmentId: z.uuid().nullable(),
    results: z.array(
      z.object({
        entitlement: z.string(),
        connector: z.string(),
        action: z
          .enum(['provision', 'deprovision', 'compensate', 'keep', 'deactivate_account', 'delete_account'])
          .meta({
            description:
              '`deactivate_account` / `delete_account`: the account in a connector that keeps accounts (scim), retired because the user holds none of its entitlements any more',
          }),
        success: z.boolean(),
        error: z.string().optional(),
        heldThrough: z.array(z.string()).optional().meta({
          description: 'With `keep`: the other active roles of the user that grant this entitlement',
        }),
      }),
    ),
  })
  .meta({ id: 'RoleChangeOutcome' });

/** Adds `PUT /:id/owner`, which sets or clears who answers for a business role or an entitlement. */
function withOwnerRoute<V>(
  router: ResourceRouter,
  noun: string,
  viewSchema: z.ZodType,
  setOwnerOf: (caller: Caller, id: string, ownerId: string | null) => Promise<V>,
): ResourceRouter {
  const typeName = noun.replace(/(?:^|\s+)(\w)/g, (_, letter: string) => letter.toUpperCase());
  return router.add({
    method: 'put',
    path: '/:id/owner',
    operationId: `set${typeName}Owner`,
    summary: `Set or clear the owner of a ${noun}`,
    description:
      'The owner reviews its holders in access reviews whose reviewers are `owner`; exports leave owners out.',
    access: 'role:manage',
    params: idParams,
    body: z
      .object({ ownerId: z.uuid({ error: 'ownerId must be a user id (UUID)' }).nullable() })
      .strict()
      .describe('An active user, or null for none'),
    responses: { 200: { description: `The ${noun}`, schema: viewSchema } },
    async handler(ctx, { params, body }) {
      ctx.body = await setOwnerOf(markSelfAudited(ctx), params.id, body.ownerId);
    },
  });
}

export function entitlementRoutes(deps: ResourceRouterDependencies, db: Database): ResourceRouter {
  const router = addCrudRoutes(new ResourceRouter('/api/entitlements', 'Entitlements', deps), {
    noun: 'entitlement',
    readPermission: 'role_definition:read',
    managePermission: 'role:manage',
    viewSchema: entitlementSchema,
    inputSchema: entitlementInputSchema,
    list: (query) => listEntitlements(db, query),
    load: async (id) => toEntitlementView(await loadEntitlement(db, id)),
    create: (caller, input) => createEntitlement(db, caller, input),
    update: (caller, id, input) => updateEntitlement(db, caller, id, input),
    remove: (caller, id) => deleteEntitlement(db, caller, id),
  });
  return withOwnerRoute(router, 'entitlement', entitlementSchema, async (caller, id, ownerId) => {
    await setOwner(db, caller, 'entitlement', id, ownerId);
    return toEntitlementView(await loadEntitlement(db, id));
  });
}

export function businessRoleRoutes(
  deps: ResourceRouterDependencies,
  db: Database,
  runtime: ConnectorRuntime,
  temporal: Client,
): ResourceRouter {
  const router = addCrudRoutes(new ResourceRouter('/api/roles', 'Business roles', deps), {
    noun: 'business role',
    readPermission: 'role_definition:read',
    managePermission: 'role:manage',
    viewSchema: businessRoleSchema,
    inputSchema: businessRoleInputSchema,
    list: (query) => listBusinessRoles(db, query),
    load: async (id) => toBusinessRoleView(await loadBusinessRole(db, id)),
    create: (caller, input) => createBusinessRole(db, caller, input),
    async update(caller, id, input) {
      const role = await updateBusinessRole(db, caller, id, input);
      await requestRoleResync(temporal);
      return role;
    },
    remove: (caller, id) => deleteBusinessRole(db, caller, id),
  });
  return withOwnerRoute(router, 'business role', businessRoleSchema, async (caller, id, ownerId) => {
    await setOwner(db, caller, 'business_role', id, ownerId);
    return toBusinessRoleView(await loadBusinessRole(db, id));
  })
    .add({
      method: 'get',
      path: '/:id/assignments',
      operationId: 'listBusinessRoleAssignments',
      summary: 'Who holds the role (all statuses)',
      access: 'role_definition:read',
      params: idParams,
      query: paginationQuery({ sortable: ['grantedAt'], defaultSortBy: 'grantedAt' }),
      responses: {
        200: { description: 'A page of assignments', schema: pageSchema(assignmentSchema) },
      },
      async handler(ctx, { params, query }) {
        ctx.body = await listRoleAssignments(db, params.id, query);
      },
    })
    .add({
      method: 'post',
      path: '/:id/assignments',
      operationId: 'assignBusinessRole',
      summary: 'Grant the role to a user, provisioning each entitlement (rolled back if one fails)',
      access: 'role:manage',
      params: idParams,
      body: z.object({ userId: z.uuid(), onDuplicate: z.enum(['skip', 'error']).default('skip') }).strict(),
      responses: {
        200: { description: 'What happened, per entitlement', schema: outcomeSchema },
        409: {
          description:
            "Already held (onDuplicate error), an inactive role, or another change of the user's roles under way (details.reason role_change_in_progress; try again)",
        },
      },
      async handler(ctx, { params, body }) {
        const { principal, requestId } = markSelfAudited(ctx);
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
      operationId: 'revokeBusinessRole',
      summary: 'Revoke the role from a user, deprovisioning each entitlement',
      access: 'role:manage',
      params: z.object({ id: z.uuid(), userId: z.uuid() }),
      responses: {
        200: { description: 'What happened, per entitlement', schema: outcomeSchema },
        409: {
          description:
            "Another change of the user's roles under way (details.reason role_change_in_progress; try again)",
        },
      },
      async handler(ctx, { params }) {
        const { principal, requestId } = markSelfAudited(ctx);
        ctx.body = await revokeRole(db, runtime, {
          userId: params.userId,
          role: { id: params.id },
          actor: actorOf(principal),
          requestId,
        });
      },
    });
}
