import { z } from 'zod';
import { idParams, queryTimestamp } from '../../domain/common.js';
import { pageSchema, paginationQuery } from '../../domain/pagination.js';
import { errorEnvelopeSchema, RUN_STATUSES } from '../../domain/run.js';
import { cancelRun, resumeRun, updateRunVariables } from '../../services/runs/control-run.js';
import { diagnoseRun } from '../../services/runs/diagnose-run.js';
import { listRuns } from '../../services/runs/list-runs.js';
import { loadRun, toRunView } from '../../services/runs/run-record.js';
import { concealRunData } from '../../services/runs/secret-variables.js';
import { runWaits, runWaitSchema } from '../../services/runs/run-waits.js';
import { approvalDecisionsOf } from '../../services/runs/approval-decisions.js';
import type { RunsContext } from '../../services/runs/start-run.js';
import { auditedCaller } from '../audit-context.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const stepSchema = z.object({
  sequence: z.number().int(),
  attempt: z.number().int(),
  stepId: z.string(),
  name: z.string(),
  type: z.string(),
  status: z.string().describe('running, waiting, completed, failed, skipped or cancelled'),
  outcome: z.string().nullable(),
  error: errorEnvelopeSchema.nullable(),
  startedAt: z.date(),
  completedAt: z.date().nullable(),
});
const runSummarySchema = z
  .object({
    id: z.uuid(),
    definitionId: z.uuid(),
    definitionName: z.string(),
    definitionVersion: z.number().int(),
    isTestRun: z.boolean(),
    status: z.enum(RUN_STATUSES),
    variables: z.record(z.string(), z.unknown()),
    subject: z.string().nullable(),
    startedBy: z.uuid().nullable(),
    initiatedBy: z
      .uuid()
      .nullable()
      .describe(
        'For a run no person started: who last set up its schedule, sync config or entitlement, or issued its webhook secret',
      ),
    currentStepId: z.string().nullable(),
    failedStepId: z.string().nullable(),
    error: errorEnvelopeSchema.nullable(),
    temporalWorkflowId: z.string(),
    temporalUiLink: z.string().nullable(),
    startedAt: z.date(),
    completedAt: z.date().nullable(),
  })
  .meta({ id: 'RunSummary' });
const runSchema = runSummarySchema
  .extend({
    steps: z.array(stepSchema),
    waitingFor: z
      .array(runWaitSchema)
      .describe('The open approvals and tasks the run waits on: whom each is addressed to, and until when'),
  })
  .meta({ id: 'Run' });
const run = { description: 'The run', schema: runSchema };

const listQuery = paginationQuery({
  sortable: ['startedAt', 'completedAt', 'status'],
  defaultSortBy: 'startedAt',
}).extend({
  status: z.enum(RUN_STATUSES, { error: `status must be one of: ${RUN_STATUSES.join(', ')}` }).optional(),
  definitionId: z.uuid().optional(),
  startedBy: z.uuid().optional(),
  requester: z
    .uuid({ error: 'requester must be a UUID' })
    .optional()
    .describe('Runs this user started or is the subject of (a subject variable holds a user id)'),
  from: queryTimestamp('from').optional().describe('Runs started at or after this time'),
  to: queryTimestamp('to').optional().describe('Runs started before this time'),
});

export function runRoutes(deps: ResourceRouterDependencies, context: RunsContext): ResourceRouter {
  const { db, config } = context;
  const view = (row: Awaited<ReturnType<typeof loadRun>>) =>
    toRunView(row, config.temporal.uiUrl, config.temporal.namespace);
  const viewWithWaits = async (row: Awaited<ReturnType<typeof loadRun>>) => ({
    ...view(row),
    waitingFor: await runWaits(db, row),
  });
  return new ResourceRouter('/api/runs', 'Runs', deps)
    .add({
      method: 'get',
      path: '',
      operationId: 'listRuns',
      summary: 'List runs, newest first',
      access: 'run:read',
      query: listQuery,
      responses: {
        200: { description: 'A page of run summaries (without steps)', schema: pageSchema(runSummarySchema) },
      },
      async handler(ctx, { query }) {
        ctx.body = await listRuns(db, query, config.temporal);
      },
    })
    .add({
      method: 'get',
      path: '/:id',
      operationId: 'getRun',
      summary: 'A run with its step statuses, Temporal workflow id and Temporal UI link',
      access: 'run:read',
      params: idParams,
      responses: { 200: run },
      async handler(ctx, { params }) {
        ctx.body = await viewWithWaits(await loadRun(db, params.id));
      },
    })
    .add({
      method: 'put',
      path: '/:id',
      operationId: 'updateRunVariables',
      summary: 'Edit run variables while the run is pending, running or waiting',
      access: 'run:update',
      params: idParams,
      body: z.object({ variables: z.record(z.string(), z.unknown()) }).strict(),
      responses: { 200: run, 409: { description: 'The run is not pending, running or waiting' } },
      async handler(ctx, { params, body }) {
        await updateRunVariables(context, auditedCaller(ctx), params.id, body.variables);
        ctx.body = await viewWithWaits(await loadRun(db, params.id));
      },
    })
    .add({
      method: 'get',
      path: '/:id/steps',
      operationId: 'listRunSteps',
      summary:
        'The step timeline, with sanitized inputs and outputs (connector bodies included) and, on approval steps, who decided, how and with what comment',
      access: 'run:read',
      params: idParams,
      responses: {
        200: {
          description: 'Steps in execution order',
          schema: z.object({ runId: z.uuid(), steps: z.array(z.record(z.string(), z.unknown())) }),
        },
      },
      async handler(ctx, { params }) {
        const row = await loadRun(db, params.id);
        const decisions = await approvalDecisionsOf(db, row.id);
        ctx.body = {
          runId: row.id,
          steps: row.steps.map((step) => ({
            ...view({ ...row, steps: [step] }).steps[0],
            input: concealRunData(step.input),
            output: concealRunData(step.output),
            ...(step.stepType === 'approval' ? { decisions: decisions.get(step.sequence) ?? [] } : {}),
          })),
        };
      },
    })
    .add({
      method: 'get',
      path: '/:id/diagnose',
      operationId: 'diagnoseRun',
      summary: 'Failure analysis: statuses, the failed step and its error, audit trail, variables, suggested actions',
      access: 'run:read',
      params: idParams,
      responses: { 200: { description: 'The diagnosis', schema: z.record(z.string(), z.unknown()) } },
      async handler(ctx, { params }) {
        ctx.body = await diagnoseRun(db, params.id);
      },
    })
    .add({
      method: 'post',
      path: '/:id/retry',
      operationId: 'retryRun',
      summary: 'Resume a failed run at the failed step, with the current variables',
      access: 'run:update',
      params: idParams,
      responses: { 200: run, 409: { description: 'The run is not failed' } },
      async handler(ctx, { params }) {
        ctx.body = view(await resumeRun(context, auditedCaller(ctx), params.id, 'retry'));
      },
    })
    .add({
      method: 'post',
      path: '/:id/skip',
      operationId: 'skipFailedStep',
      summary: 'Skip the failed step of a failed run and continue on its success path',
      access: 'run:update',
      params: idParams,
      responses: { 200: run, 409: { description: 'The run is not failed' } },
      async handler(ctx, { params }) {
        ctx.body = view(await resumeRun(context, auditedCaller(ctx), params.id, 'skip'));
      },
    })
    .add({
      method: 'post',
      path: '/:id/cancel',
      operationId: 'cancelRun',
      summary: 'Cancel a run; its open approvals and tasks are closed as cancelled',
      access: 'run:cancel',
      params: idParams,
      responses: { 200: run, 409: { description: 'The run is finished' } },
      async handler(ctx, { params }) {
        ctx.body = view(await cancelRun(context, auditedCaller(ctx), params.id));
      },
    });
}
