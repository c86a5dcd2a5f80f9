import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { idParams, queryText } from '../../domain/common.js';
import { pageSchema, paginationQuery } from '../../domain/pagination.js';
import {
  addWorkflowSet,
  createProject,
  deleteProject,
  deleteWorkflowSet,
  listProjects,
  loadProject,
  removeProjectMember,
  setProjectMember,
  toProjectView,
  updateProject,
  updateWorkflowSet,
} from '../../services/projects.js';
import { markSelfAudited } from '../audit-context.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const name = z.string().max(200).trim().min(1, 'name is required');
const description = z.string().max(5000);
const workflowSetInput = z.object({ name, description: description.default('') }).strict();

const projectSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    workflowSets: z.array(z.object({ id: z.uuid(), name: z.string(), description: z.string() })),
    members: z.array(z.object({ userId: z.uuid(), role: z.string() })),
    workflowCount: z.number().int(),
    createdBy: z.uuid().nullable(),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: 'Project' });
const project = { description: 'The project', schema: projectSchema };

const listQuery = paginationQuery({
  sortable: ['name', 'createdAt'],
  defaultSortBy: 'name',
  defaultSortOrder: 'asc',
}).extend({
  search: queryText('search').optional(),
});
const setParams = z.object({ id: z.uuid(), setId: z.uuid() });
const memberParams = z.object({ id: z.uuid(), userId: z.uuid() });

export function projectRoutes(deps: ResourceRouterDependencies, db: Database): ResourceRouter {
  return new ResourceRouter('/api/projects', 'Projects', deps)
    .add({
      method: 'get',
      path: '',
      operationId: 'listProjects',
      summary: 'Projects with their workflow sets',
      access: 'project:read',
      query: listQuery,
      responses: { 200: { description: 'A page of projects', schema: pageSchema(projectSchema) } },
      async handler(ctx, { query }) {
        ctx.body = await listProjects(db, query);
      },
    })
    .add({
      method: 'post',
      path: '',
      operationId: 'createProject',
      summary: 'Create a project (the creator becomes its owner)',
      access: 'project:create',
      body: z
        .object({ name, description: description.default(''), workflowSets: z.array(workflowSetInput).default([]) })
        .strict(),
      responses: { 201: project, 409: { description: 'The name is taken' } },
      async handler(ctx, { body }) {
        ctx.status = 201;
        ctx.body = await createProject(db, markSelfAudited(ctx), body);
      },
    })
    .add({
      method: 'get',
      path: '/:id',
      operationId: 'getProject',
      summary: 'One project',
      access: 'project:read',
      params: idParams,
      responses: { 200: project },
      async handler(ctx, { params }) {
        ctx.body = toProjectView(await loadProject(db, params.id));
      },
    })
    .add({
      method: 'put',
      path: '/:id',
      operationId: 'updateProject',
      summary: 'Rename or describe a project',
      access: 'project:update',
      params: idParams,
      body: z.object({ name: name.optional(), description: description.optional() }).strict(),
      responses: { 200: project, 409: { description: 'The name is taken' } },
      async handler(ctx, { params, body }) {
        ctx.body = await updateProject(db, markSelfAudited(ctx), params.id, body);
      },
    })
    .add({
      method: 'delete',
      path: '/:id',
      operationId: 'deleteProject',
      summary: 'Delete a project that holds no workflows',
      access: 'project:delete',
      params: idParams,
      responses: {
        409: { description: 'The project still holds workflows' },
        200: { description: 'Confirmation', schema: z.object({ message: z.string(), id: z.uuid() }) },
      },
      async handler(ctx, { params }) {
        await deleteProject(db, markSelfAudited(ctx), params.id);
        ctx.body = { message: 'Project deleted', id: params.id };
      },
    })
    .add({
      method: 'post',
      path: '/:id/workflow-sets',
      operationId: 'createWorkflowSet',
      summary: 'Add a workflow set',
      access: 'workflow_set:manage',
      params: idParams,
      body: workflowSetInput,
      responses: { 409: { description: 'The project already has a workflow set with this name' }, 201: project },
      async handler(ctx, { params, body }) {
        ctx.status = 201;
        ctx.body = await addWorkflowSet(db, markSelfAudited(ctx), params.id, body);
      },
    })
    .add({
      method: 'put',
      path: '/:id/workflow-sets/:setId',
      operationId: 'updateWorkflowSet',
      summary: 'Rename or describe a workflow set',
      access: 'workflow_set:manage',
      params: setParams,
      body: z.object({ name: name.optional(), description: description.optional() }).strict(),
      responses: { 409: { description: 'The project already has a workflow set with this name' }, 200: project },
      async handler(ctx, { params, body }) {
        ctx.body = await updateWorkflowSet(db, markSelfAudited(ctx), params.id, params.setId, body);
      },
    })
    .add({
      method: 'delete',
      path: '/:id/workflow-sets/:setId',
      operationId: 'deleteWorkflowSet',
      summary: 'Delete an empty workflow set',
      access: 'workflow_set:manage',
      params: setParams,
      responses: { 409: { description: 'The workflow set still holds workflows' }, 200: project },
      async handler(ctx, { params }) {
        ctx.body = await deleteWorkflowSet(db, markSelfAudited(ctx), params.id, params.setId);
      },
    })
    .add({
      method: 'put',
      path: '/:id/members/:userId',
      operationId: 'setProjectMember',
      summary: 'Make a user an owner or member of the project (project authority over its workflows)',
      access: 'project:update',
      params: memberParams,
      body: z.object({ role: z.enum(['owner', 'member']).default('member') }).strict(),
      responses: { 200: project },
      async handler(ctx, { params, body }) {
        ctx.body = await setProjectMember(db, markSelfAudited(ctx), params.id, {
          userId: params.userId,
          role: body.role,
        });
      },
    })
    .add({
      method: 'delete',
      path: '/:id/members/:userId',
      operationId: 'removeProjectMember',
      summary: 'Remove a user from the project',
      access: 'project:update',
      params: memberParams,
      responses: { 200: project },
      async handler(ctx, { params }) {
        ctx.body = await removeProjectMember(db, markSelfAudited(ctx), params.id, params.userId);
      },
    });
}
