import { z } from 'zod';
import { idParams, queryText } from '../../domain/common.js';
import { pageSchema, paginationQuery } from '../../domain/pagination.js';
import { approvalSchema, taskSchema } from '../../domain/people-work.js';
import { can } from '../../permissions/index.js';
import { completeTask, decideApproval } from '../../services/runs/people-decisions.js';
import { listApprovals, listTasks } from '../../services/runs/people-work-lists.js';
import { reassignApproval } from '../../services/runs/reassign-approval.js';
import { reassignTask } from '../../services/runs/reassign-task.js';
import type { RunsContext } from '../../services/runs/start-run.js';
import { markSelfAudited, principalOf } from '../audit-context.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const approvalWithoutDecisions = approvalSchema.omit({ decisions: true });
const search = queryText('search').optional();
const approvalsQuery = paginationQuery({ sortable: ['createdAt'], defaultSortBy: 'createdAt' }).extend({
  status: z.enum(['pending', 'approved', 'rejected', 'timed_out', 'cancelled']).optional().describe('Default: pending'),
  runId: z.uuid().optional(),
  all: z
    .enum(['true', 'false'])
    .optional()
    .describe("With approval:decide_any (admins): everyone's approvals, not just the caller's"),
  search: search.describe("Case-insensitive match on the step's name or the run's workflow name"),
});
const tasksQuery = paginationQuery({ sortable: ['createdAt'], defaultSortBy: 'createdAt' }).extend({
  status: z.enum(['open', 'completed', 'timed_out', 'cancelled']).optional().describe('Default: open'),
  runId: z.uuid().optional(),
  all: z
    .enum(['true', 'false'])
    .optional()
    .describe("With task:complete_any (admins): everyone's tasks, not just the caller's"),
  search: search.describe("Case-insensitive match on the task's title or the run's workflow name"),
});

export function approvalRoutes(deps: ResourceRouterDependencies, context: RunsContext): ResourceRouter {
  const { db } = context;
  return new ResourceRouter('/api/approvals', 'Approvals', deps)
    .add({
      method: 'get',
      path: '',
      operationId: 'listApprovals',
      summary: "The caller's pending approvals (approval:decide_any: everyone's with all=true, with filters)",
      access: 'approval:read',
      query: approvalsQuery,
      responses: { 200: { description: 'A page of approvals', schema: pageSchema(approvalSchema) } },
      async handler(ctx, { query }) {
        const principal = principalOf(ctx);
        const everyone = query.all === 'true' && can(principal, 'approval:decide_any');
        ctx.body = await listApprovals(db, principal, { ...query, everyone });
      },
    })
    .add({
      method: 'post',
      path: '/:id/decide',
      operationId: 'decideApproval',
      summary: 'Approve or reject; answered once the decision is durably recorded',
      access: 'approval:decide',
      params: idParams,
      body: z.object({ decision: z.enum(['approve', 'reject']), comment: z.string().max(2000).optional() }).strict(),
      responses: {
        200: { description: 'The approval with its decisions', schema: approvalSchema },
        403: { description: 'Not an eligible approver, or deciding about oneself' },
        409: { description: 'Already decided, or another request holds what the decision writes for longer than 1 s' },
      },
      async handler(ctx, { params, body }) {
        ctx.body = await decideApproval(context, markSelfAudited(ctx), params.id, body);
      },
    })
    .add({
      method: 'post',
      path: '/:id/reassign',
      operationId: 'reassignApproval',
      summary: 'Hand a pending approval from one of its listed approvers to another user (for an approver who is away)',
      access: 'approval:decide_any',
      params: idParams,
      body: z
        .object({
          from: z.uuid({ error: 'from must be the id of one of the approvers' }),
          to: z.uuid({ error: 'to must be the id of a user' }),
        })
        .strict(),
      responses: {
        200: { description: 'The approval with its approvers now', schema: approvalWithoutDecisions },
        400: { description: 'from is not a listed approver, or to is not an active user who may decide it' },
        409: { description: 'Not pending, from has decided already, or to is an approver already' },
      },
      async handler(ctx, { params, body }) {
        ctx.body = await reassignApproval(db, markSelfAudited(ctx), params.id, body);
      },
    });
}

export function taskRoutes(deps: ResourceRouterDependencies, context: RunsContext): ResourceRouter {
  const { db } = context;
  return new ResourceRouter('/api/tasks', 'Tasks', deps)
    .add({
      method: 'get',
      path: '',
      operationId: 'listTasks',
      summary: "The caller's open tasks (task:complete_any: everyone's with all=true)",
      access: 'task:read',
      query: tasksQuery,
      responses: { 200: { description: 'A page of tasks', schema: pageSchema(taskSchema) } },
      async handler(ctx, { query }) {
        const principal = principalOf(ctx);
        const everyone = query.all === 'true' && can(principal, 'task:complete_any');
        ctx.body = await listTasks(db, principal, { ...query, everyone });
      },
    })
    .add({
      method: 'post',
      path: '/:id/complete',
      operationId: 'completeTask',
      summary: 'Complete a task with the values its fields declare; they join the run variables',
      access: 'task:complete',
      params: idParams,
      body: z.object({ values: z.record(z.string(), z.unknown()).default({}) }).strict(),
      responses: {
        200: { description: 'The completed task', schema: taskSchema },
        409: { description: 'Not open, or another request holds what the completion writes for longer than 1 s' },
      },
      async handler(ctx, { params, body }) {
        ctx.body = await completeTask(context, markSelfAudited(ctx), params.id, body.values);
      },
    })
    .add({
      method: 'post',
      path: '/:id/reassign',
      operationId: 'reassignTask',
      summary: 'Hand an open task to another user, replacing its assignee or role (for an assignee who is away)',
      access: 'task:complete_any',
      params: idParams,
      body: z.object({ to: z.uuid({ error: 'to must be the id of a user' }) }).strict(),
      responses: {
        200: { description: 'The task with its new assignee', schema: taskSchema },
        400: { description: 'to is not an active user' },
        409: { description: 'The task is not open' },
      },
      async handler(ctx, { params, body }) {
        ctx.body = await reassignTask(db, markSelfAudited(ctx), params.id, body);
      },
    });
}
