/** The run shapes the API answers, shared by the routes that return runs (OpenAPI Run, RunSummary, StartedRun). */
import { z } from 'zod';
import { RUN_STATUSES } from '../../domain/run-statuses.js';
import { errorEnvelopeSchema } from '../../domain/run.js';
import { runWaitSchema } from '../../services/runs/run-waits.js';

export const stepSchema = z.object({
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
export const runSummarySchema = z
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
export const runSchema = runSummarySchema
  .extend({
    steps: z.array(stepSchema),
    waitingFor: z
      .array(runWaitSchema)
      .describe('The open approvals and tasks the run waits on: whom each is addressed to, and until when'),
  })
  .meta({ id: 'Run' });
/** A run as starting it answers: its summary and the steps begun so far. */
export const startedRunSchema = runSummarySchema.extend({ steps: z.array(stepSchema) }).meta({ id: 'StartedRun' });
