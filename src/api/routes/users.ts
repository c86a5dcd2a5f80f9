import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { emailAddress, idParams, queryBoolean, queryText } from '../../domain/common.js';
import { pageSchema, paginationQuery } from '../../domain/pagination.js';
import { ROLES } from '../../permissions/index.js';
import {
  createUser,
  deleteUser,
  restoreUser,
  setUserRoles,
  updateUserProfile,
} from '../../services/users/manage-users.js';
import { PROFILE_FIELD_VALUES, PROFILE_FIELDS } from '../../domain/profile.js';
import { listUsers } from '../../services/users/list-users.js';
import { loadUser, toUserView } from '../../services/users/user-record.js';
import { markSelfAudited } from '../audit-context.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const role = z.enum(ROLES, { error: `roles must be among: ${ROLES.join(', ')}` });
const userSchema = z
  .object({
    id: z.uuid(),
    email: z.string().nullable(),
    displayName: z.string().nullable(),
    roles: z.array(z.string()),
    active: z.boolean(),
    confirmed: z.boolean(),
    iss: z.string().nullable(),
    sub: z.string().nullable(),
    upstreamIssuer: z.string().nullable(),
    upstreamId: z.string().nullable(),
    profile: z.object({
      title: z.string().nullable(),
      department: z.string().nullable(),
      phoneNumber: z.string().nullable(),
      location: z.string().nullable(),
      employeeId: z.string().nullable(),
      costCenter: z.string().nullable(),
      startDate: z.string().nullable().describe('YYYY-MM-DD'),
      managerId: z.uuid().nullable().describe("The user's manager (a user id): their reviewer in manager reviews"),
      custom: z.record(z.string(), z.unknown()).describe('Custom attributes by name'),
    }),
    attributeSources: z.record(z.string(), z.enum(['manual', 'oidc', 'workflow', 'connector'])),
    deletedAt: z.date().nullable(),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: 'User' });
const user = { description: 'The user', schema: userSchema };

const listQuery = paginationQuery({
  sortable: ['email', 'createdAt', 'displayName'],
  defaultSortBy: 'email',
  defaultSortOrder: 'asc',
}).extend({
  email: queryText('email').optional().describe('Exact email, case-insensitive'),
  role: role.optional(),
  search: queryText('search').optional().describe('Part of the email or display name'),
  includeDeleted: queryBoolean('includeDeleted').optional(),
});

const profileBody = z
  .object({
    displayName: z.string().max(200).nullable().optional(),
    ...Object.fromEntries(PROFILE_FIELDS.map((field) => [field, PROFILE_FIELD_VALUES[field].nullable().optional()])),
    managerId: z
      .uuid({ error: 'managerId must be a user id (UUID)' })
      .nullable()
      .optional()
      .describe('An active user other than this one; null removes the manager'),
    custom: z
      .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/), z.unknown())
      .optional()
      .describe('Custom attributes; null removes one'),
  })
  .strict();

export function userRoutes(deps: ResourceRouterDependencies, db: Database): ResourceRouter {
  return new ResourceRouter('/api/users', 'Users', deps)
    .add({
      method: 'get',
      path: '',
      operationId: 'listUsers',
      summary: 'List users',
      access: 'user:read',
      query: listQuery,
      responses: { 200: { description: 'A page of users', schema: pageSchema(userSchema) } },
      async handler(ctx, { query }) {
        ctx.body = await listUsers(db, query);
      },
    })
    .add({
      method: 'post',
      path: '',
      operationId: 'createUser',
      summary: 'Create a user (unconfirmed until its first interactive login); joins organizations by email domain',
      access: 'user:manage',
      body: z
        .object({
          email: emailAddress(),
          displayName: z.string().max(200).optional(),
          roles: z.array(role).default(['requestor']),
        })
        .strict(),
      responses: { 201: user, 409: { description: 'Another active user has the email' } },
      async handler(ctx, { body }) {
        ctx.status = 201;
        ctx.body = await createUser(db, markSelfAudited(ctx), body);
      },
    })
    .add({
      method: 'get',
      path: '/:id',
      operationId: 'getUser',
      summary: 'One user',
      access: 'user:read',
      params: idParams,
      query: z.object({ includeDeleted: queryBoolean('includeDeleted').optional() }),
      responses: { 200: user },
      async handler(ctx, { params, query }) {
        ctx.body = toUserView(await loadUser(db, params.id, query));
      },
    })
    .add({
      method: 'patch',
      path: '/:id/roles',
      operationId: 'updateUserRoles',
      summary: "Replace a user's roles (the last admin cannot lose admin)",
      access: 'user:manage',
      params: idParams,
      body: z.object({ roles: z.array(role) }).strict(),
      responses: { 200: user, 409: { description: 'Would remove the last admin' } },
      async handler(ctx, { params, body }) {
        ctx.body = await setUserRoles(db, markSelfAudited(ctx), params.id, body.roles);
      },
    })
    .add({
      method: 'patch',
      path: '/:id/profile',
      operationId: 'updateUserProfile',
      summary: 'Edit profile attributes (recorded with source manual)',
      access: 'user:manage',
      params: idParams,
      body: profileBody,
      responses: { 200: user },
      async handler(ctx, { params, body }) {
        const { displayName, custom, managerId, ...fields } = body;
        ctx.body = await updateUserProfile(db, markSelfAudited(ctx), params.id, {
          displayName,
          managerId,
          custom,
          fields: fields as Partial<Record<(typeof PROFILE_FIELDS)[number], string | null>>,
        });
      },
    })
    .add({
      method: 'delete',
      path: '/:id',
      operationId: 'deleteUser',
      summary: 'Soft delete (restorable; the last admin cannot be deleted)',
      access: 'user:manage',
      params: idParams,
      responses: { 200: user, 409: { description: 'The last admin' } },
      async handler(ctx, { params }) {
        ctx.body = await deleteUser(db, markSelfAudited(ctx), params.id);
      },
    })
    .add({
      method: 'post',
      path: '/:id/restore',
      operationId: 'restoreUser',
      summary: 'Restore a soft-deleted user (409 if its email was taken meanwhile)',
      access: 'user:manage',
      params: idParams,
      responses: { 200: user, 409: { description: 'Email taken, or not deleted' } },
      async handler(ctx, { params }) {
        ctx.body = await restoreUser(db, markSelfAudited(ctx), params.id);
      },
    });
}
