import { z } from 'zod';
import { idParams, queryTimestamp } from '../../domain/common.js';
import { pageSchema, paginationQuery } from '../../domain/pagination.js';
import { RUN_STATUSES } from '../../domain/run-statuses.js';
import { errorEnvelopeSchema } from '../../domain/run.js';
import { runSchema, runSummarySchema, stepSchema } from './run-schemas.js';
import { ERROR_STRATEGIES, transitionSchema } from '../../domain/workflow-definition.js';
import { cancelRun, resumeRun, updateRunVariables } from '../../services/runs/control-run.js';
import { diagnoseRun } from '../../services/runs/diagnose-run.js';
import { listRuns } from '../../services/runs/list-runs.js';
import { loadRun, toRunView } from '../../services/runs/run-record.js';
import { concealRunData } from '../../services/runs/secret-variables.js';
import { runWaits, runWaitSchema } from '../../services/runs/run-waits.js';
import { approvalDecisionsOf } from '../../services/runs/approval-decisions.js';
import type { RunsContext } from '../../services/runs/start-run.js';
import { markSelfAudited } from '../audit-context.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const run = { description: 'The run', schema: runSchema };
const decisionSchema = z.object({
  userId: z.uuid(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  decision: z.enum(['approve', 'reject']),
  comment: z.string().nullable(),
  decidedAt: z.date(),
});
const detailedStepSchema = stepSchema
  .extend({
    input: z.unknown().describe('Sanitized: secret values concealed'),
    output: z.unknown().describe('Sanitized: secret values concealed'),
    decisions: z.array(decisionSchema).optional().describe('Approval steps only: who decided, how, with what comment'),
  })
  .meta({ id: 'RunStepDetail' });
const diagnosisSchema = z
  .object({
    run: runSummarySchema.pick({
      id: true,
      status: true,
      isTestRun: true,
      startedBy: true,
      startedAt: true,
      completedAt: true,
      temporalWorkflowId: true,
      error: true,
    }),
    definition: z.object({
      id: z.uuid(),
      name: z.string(),
      version: z.number().int(),
      onError: z.enum(ERROR_STRATEGIES),
      stepCount: z.number().int(),
    }),
    steps: z.array(stepSchema),
    failedStep: z
      .object({
        id: z.string(),
        name: z.string(),
        type: z.string(),
        config: z.unknown(),
        transitions: z.array(transitionSchema),
        attempts: z.number().int(),
        error: errorEnvelopeSchema.nullable(),
      })
      .nullable(),
    auditTrail: z.array(
      z.object({
        action: z.string(),
        actorType: z.string(),
        actorId: z.string().nullable(),
        metadata: z.unknown(),
        createdAt: z.date(),
      }),
    ),
    variables: z.record(z.string(), z.unknown()).describe('Secret values concealed'),
    waitingFor: z.array(runWaitSchema),
    suggestedActions: z.array(
      z.object({
        action: z.enum(['retry', 'skip', 'fix_workflow']),
        reason: z.string(),
      }),
    ),
  })
  .meta({ id: 'RunDiagnosis' });

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
        await updateRunVariables(context, markSelfAudited(ctx), params.id, body.variables);
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
          schema: z.object({ runId: z.uuid(), steps: z.array(detailedStepSchema) }),
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
      responses: { 200: { description: 'The diagnosis', schema: diagnosisSchema } },
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
        ctx.body = await viewWithWaits(await resumeRun(context, markSelfAudited(ctx), params.id, 'retry'));
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
        ctx.body = await viewWithWaits(await resumeRun(context, markSelfAudited(ctx), params.id, 'skip'));
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
        ctx.body = await viewWithWaits(await cancelRun(context, markSelfAudited(ctx), params.id));
      },
    });
}
