import { z } from 'zod';
import { idParams } from '../../domain/common.js';
import { pageSchema, paginationQuery } from '../../domain/pagination.js';
import {
  createSchedule,
  deleteSchedule,
  listSchedules,
  loadSchedule,
  type SchedulesContext,
  toScheduleView,
  updateSchedule,
} from '../../services/schedules/manage-schedules.js';
import { markSelfAudited } from '../audit-context.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const fields = {
  workflowId: z.uuid().describe('The workflow to start; it must have the scheduled trigger'),
  name: z.string().max(200).nullable(),
  // Fields or a macro. Surrounding whitespace is allowed by the documented pattern and trimmed off after it.
  cronExpression: z
    .string()
    .max(200, 'cronExpression must be at most 200 characters')
    .regex(
      /^\s*(\S+(\s+\S+){4,6}|@(yearly|annually|monthly|weekly|daily|midnight|hourly|every \S+))\s*$/,
      'cronExpression must be a cron expression of 5 to 7 fields, e.g. "0 9 * * 1-5", or a macro such as @daily or @every 10m',
    )
    .trim()
    .describe(
      'Standard cron (minute hour day-of-month month day-of-week), also @daily, @hourly, @every 10m; firings at least SCHEDULE_MIN_INTERVAL_SECONDS (default 60) apart',
    ),
  timezone: z.string().nullable().describe('IANA time zone; null means UTC'),
  enabled: z.boolean().describe('false pauses the schedule'),
  variables: z.record(z.string(), z.unknown()).describe('Passed to every run'),
};
const createBody = z
  .object({
    ...fields,
    name: fields.name.default(null),
    timezone: fields.timezone.default(null),
    enabled: fields.enabled.default(true),
    variables: fields.variables.default({}),
  })
  .strict();
const updateBody = z.object(fields).partial().strict();
const scheduleSchema = z
  .object({
    ...fields,
    id: z.uuid(),
    pausedReason: z.string().nullable().describe('Why firings start no run (workflow deprecated or deleted)'),
    temporalScheduleId: z.string(),
    createdBy: z.uuid().nullable(),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: 'Schedule' });
const schedule = { description: 'The schedule', schema: scheduleSchema };

export function scheduleRoutes(deps: ResourceRouterDependencies, context: SchedulesContext): ResourceRouter {
  const { db } = context;
  return new ResourceRouter('/api/schedules', 'Schedules', deps)
    .add({
      method: 'get',
      path: '',
      operationId: 'listSchedules',
      summary: 'List schedules',
      access: 'schedule:read',
      query: paginationQuery({ sortable: ['createdAt', 'name'], defaultSortBy: 'createdAt' }).extend({
        workflowId: z.uuid().optional(),
      }),
      responses: { 200: { description: 'A page of schedules', schema: pageSchema(scheduleSchema) } },
      async handler(ctx, { query }) {
        ctx.body = await listSchedules(db, query);
      },
    })
    .add({
      method: 'post',
      path: '',
      operationId: 'createSchedule',
      summary: 'Create a schedule (and its Temporal Schedule); also needs workflow:start',
      access: 'schedule:manage',
      body: createBody,
      responses: {
        201: schedule,
        400: {
          description:
            'Bad cron or time zone, a schedule firing more often than the floor, or a workflow without the scheduled trigger',
        },
      },
      async handler(ctx, { body }) {
        ctx.status = 201;
        ctx.body = await createSchedule(context, markSelfAudited(ctx), body);
      },
    })
    .add({
      method: 'get',
      path: '/:id',
      operationId: 'getSchedule',
      summary: 'One schedule',
      access: 'schedule:read',
      params: idParams,
      responses: { 200: schedule },
      async handler(ctx, { params }) {
        ctx.body = toScheduleView(await loadSchedule(db, params.id));
      },
    })
    .add({
      method: 'patch',
      path: '/:id',
      operationId: 'updateSchedule',
      summary:
        'Update a schedule; enabled: false pauses it, true resumes it (changing workflowId or variables, or resuming, also needs workflow:start)',
      access: 'schedule:manage',
      params: idParams,
      body: updateBody,
      responses: { 200: schedule },
      async handler(ctx, { params, body }) {
        ctx.body = await updateSchedule(context, markSelfAudited(ctx), params.id, body);
      },
    })
    .add({
      method: 'delete',
      path: '/:id',
      operationId: 'deleteSchedule',
      summary: 'Delete a schedule (and its Temporal Schedule)',
      access: 'schedule:manage',
      params: idParams,
      responses: { 200: { description: 'Confirmation', schema: z.object({ message: z.string(), id: z.uuid() }) } },
      async handler(ctx, { params }) {
        await deleteSchedule(context, markSelfAudited(ctx), params.id);
        ctx.body = { message: 'Schedule deleted', id: params.id };
      },
    });
}
