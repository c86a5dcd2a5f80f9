import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { idParams, queryBoolean, queryText } from '../../domain/common.js';
import {
  ACTIVE_ORGANIZATION_MARKER,
  contactSchema,
  organizationCreateSchema,
  organizationMemberInputSchema,
  organizationRoleSchema,
  organizationUpdateSchema,
} from '../../domain/organization.js';
import { pageSchema, paginationQuery } from '../../domain/pagination.js';
import { listOrganizations } from '../../services/organizations/list-organizations.js';
import {
  createOrganization,
  permanentlyDeleteOrganization,
  restoreOrganization,
  softDeleteOrganization,
  updateOrganization,
} from '../../services/organizations/manage-organizations.js';
import {
  addOrganizationMember,
  changeOrganizationMemberRole,
  removeOrganizationMemberRole,
} from '../../services/organizations/organization-members.js';
import {
  loadOrganization,
  organizationViewFor,
  toOrganizationView,
} from '../../services/organizations/organization-record.js';
import { listChildren } from '../../services/organizations/organization-tree.js';
import { markSelfAudited, principalOf } from '../audit-context.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const childSchema = z.object({ id: z.uuid(), name: z.string() }).meta({ id: 'OrganizationChild' });

const listItemSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    domain: z.string().nullable(),
    website: z.string().nullable(),
    address: z.string().nullable(),
    parentId: z.uuid().nullable(),
    parentName: z.string().nullable(),
    memberCount: z.number().int().describe('Distinct users holding at least one role'),
    contacts: z.array(contactSchema),
    createdBy: z.uuid().nullable(),
    createdAt: z.date(),
    updatedAt: z.date(),
    deletedAt: z.date().nullable().describe('When it was soft-deleted; null while active'),
    deleted: z
      .date()
      .describe(
        `The spec's soft-delete marker: ${ACTIVE_ORGANIZATION_MARKER} while active, otherwise the same time as deletedAt`,
      ),
  })
  .meta({ id: 'OrganizationListItem' });

const organizationSchema = listItemSchema
  .extend({
    members: z.array(
      z.object({
        id: z.uuid(),
        organizationId: z.uuid(),
        userId: z.uuid(),
        email: z.string().nullable().describe('null unless the caller holds user:read'),
        role: organizationRoleSchema,
        addedBy: z.uuid().nullable(),
        createdAt: z.date(),
      }),
    ),
    children: z.array(childSchema).describe('Active direct children'),
  })
  .meta({ id: 'Organization' });
const organization = { description: 'The organization with members and children', schema: organizationSchema };

const listQuery = paginationQuery({
  sortable: ['name', 'createdAt', 'updatedAt'],
  defaultSortBy: 'name',
  defaultSortOrder: 'asc',
}).extend({
  search: queryText('search').optional().describe('Case-insensitive match on name or domain'),
  includeDeleted: queryBoolean('includeDeleted').optional(),
});
const includeDeletedQuery = z.object({ includeDeleted: queryBoolean('includeDeleted').optional() });
const memberRoleParams = z.object({
  id: z.uuid({ error: 'id must be a UUID' }),
  userId: z.uuid({ error: 'userId must be a UUID' }),
  role: organizationRoleSchema,
});

export function organizationRoutes(deps: ResourceRouterDependencies, db: Database): ResourceRouter {
  return new ResourceRouter('/api/organizations', 'Organizations', deps)
    .add({
      method: 'get',
      path: '',
      operationId: 'listOrganizations',
      summary: 'Organizations with member counts and parent names',
      access: 'org:read',
      query: listQuery,
      responses: { 200: { description: 'A page of organizations', schema: pageSchema(listItemSchema) } },
      async handler(ctx, { query }) {
        ctx.body = await listOrganizations(db, query);
      },
    })
    .add({
      method: 'post',
      path: '',
      operationId: 'createOrganization',
      summary: 'Create an organization',
      access: 'org:manage',
      body: organizationCreateSchema,
      responses: {
        201: organization,
        400: { description: 'Invalid fields, or a parent that does not exist or is deleted' },
        409: { description: 'An active organization has the name' },
      },
      async handler(ctx, { body }) {
        ctx.status = 201;
        ctx.body = organizationViewFor(await createOrganization(db, markSelfAudited(ctx), body), principalOf(ctx));
      },
    })
    .add({
      method: 'get',
      path: '/:id',
      operationId: 'getOrganization',
      summary: 'One organization with members, children and parent name',
      access: 'org:read',
      params: idParams,
      query: includeDeletedQuery,
      responses: { 200: organization, 404: { description: 'No such organization (or deleted, unless asked for)' } },
      async handler(ctx, { params, query }) {
        ctx.body = organizationViewFor(
          toOrganizationView(await loadOrganization(db, params.id, query)),
          principalOf(ctx),
        );
      },
    })
    .add({
      method: 'put',
      path: '/:id',
      operationId: 'updateOrganization',
      summary: 'Change an organization (all fields optional; null clears one)',
      access: 'org:manage',
      params: idParams,
      body: organizationUpdateSchema,
      responses: {
        200: organization,
        400: { description: 'Invalid fields, or a parent that does not exist or is deleted' },
        409: { description: 'The name is taken by an active organization, or the parent would create a cycle' },
      },
      async handler(ctx, { params, body }) {
        ctx.body = organizationViewFor(
          await updateOrganization(db, markSelfAudited(ctx), params.id, body),
          principalOf(ctx),
        );
      },
    })
    .add({
      method: 'delete',
      path: '/:id',
      operationId: 'deleteOrganization',
      summary: 'Soft-delete an organization (restorable)',
      access: 'org:manage',
      params: idParams,
      responses: { 200: { description: 'Confirmation', schema: z.object({ message: z.string(), id: z.uuid() }) } },
      async handler(ctx, { params }) {
        await softDeleteOrganization(db, markSelfAudited(ctx), params.id);
        ctx.body = { message: 'Organization deleted', id: params.id };
      },
    })
    .add({
      method: 'post',
      path: '/:id/restore',
      operationId: 'restoreOrganization',
      summary: 'Restore a soft-deleted organization',
      access: 'org:manage',
      params: idParams,
      responses: {
        200: organization,
        409: { description: 'Not deleted, or an active organization has taken the name meanwhile' },
      },
      async handler(ctx, { params }) {
        ctx.body = organizationViewFor(
          await restoreOrganization(db, markSelfAudited(ctx), params.id),
          principalOf(ctx),
        );
      },
    })
    .add({
      method: 'delete',
      path: '/:id/permanent',
      operationId: 'permanentlyDeleteOrganization',
      summary: 'Delete a soft-deleted organization for good (its children lose their parent)',
      access: 'org:manage',
      params: idParams,
      responses: {
        200: { description: 'Confirmation', schema: z.object({ message: z.string(), id: z.uuid() }) },
        409: { description: 'The organization is not soft-deleted' },
      },
      async handler(ctx, { params }) {
        await permanentlyDeleteOrganization(db, markSelfAudited(ctx), params.id);
        ctx.body = { message: 'Organization permanently deleted', id: params.id };
      },
    })
    .add({
      method: 'get',
      path: '/:id/children',
      operationId: 'listOrganizationChildren',
      summary: 'Direct active children of an organization',
      access: 'org:read',
      params: idParams,
      query: includeDeletedQuery,
      responses: { 200: { description: 'The children', schema: z.array(childSchema) } },
      async handler(ctx, { params, query }) {
        ctx.body = await listChildren(db, params.id, query);
      },
    })
    .add({
      method: 'post',
      path: '/:id/members',
      operationId: 'addOrganizationMember',
      summary: 'Give a user a role in the organization (a user may hold several)',
      access: 'org:manage',
      params: idParams,
      body: organizationMemberInputSchema,
      responses: {
        201: organization,
        404: { description: 'No such organization or user' },
        409: { description: 'The user already holds that role there' },
      },
      async handler(ctx, { params, body }) {
        ctx.status = 201;
        ctx.body = organizationViewFor(
          await addOrganizationMember(db, markSelfAudited(ctx), params.id, body),
          principalOf(ctx),
        );
      },
    })
    .add({
      method: 'delete',
      path: '/:id/members/:userId/roles/:role',
      operationId: 'removeOrganizationMemberRole',
      summary: 'Remove one role of a user in the organization',
      access: 'org:manage',
      params: memberRoleParams,
      responses: { 200: organization, 404: { description: 'No such organization or role assignment' } },
      async handler(ctx, { params }) {
        const view = await removeOrganizationMemberRole(db, markSelfAudited(ctx), params.id, {
          userId: params.userId,
          role: params.role,
        });
        ctx.body = organizationViewFor(view, principalOf(ctx));
      },
    })
    .add({
      method: 'patch',
      path: '/:id/members/:userId/roles/:role',
      operationId: 'changeOrganizationMemberRole',
      summary: 'Move a user from one role in the organization to another, in one step',
      description:
        'The user never holds both roles or neither. Audited as organization.member_removed and ' +
        'organization.member_added, each naming the other role. The role the user holds already is a no-op.',
      access: 'org:manage',
      params: memberRoleParams,
      body: z.object({ role: organizationRoleSchema.describe('The new role') }).strict(),
      responses: {
        200: organization,
        404: { description: 'No such organization or role assignment' },
        409: { description: 'The user already holds the new role there' },
      },
      async handler(ctx, { params, body }) {
        const view = await changeOrganizationMemberRole(db, markSelfAudited(ctx), params.id, {
          userId: params.userId,
          from: params.role,
          to: body.role,
        });
        ctx.body = organizationViewFor(view, principalOf(ctx));
      },
    });
}
