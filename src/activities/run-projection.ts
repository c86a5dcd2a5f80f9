import { redact } from '../audit/index.js';
import { jsonColumn, Prisma, type Database } from '../db/client.js';
import type { ErrorEnvelope, RunStatus, StepRunStatus } from '../domain/run.js';
import { writeBatch } from './projection-batch.js';

export interface MarkRunInput {
  runId: string;
  status: RunStatus;
  currentStepId?: string | null;
  failedStepId?: string | null;
  error?: ErrorEnvelope | null;
  variables?: Record<string, unknown>;
}

export interface StartStepInput {
  runId: string;
  sequence: number;
  attempt: number;
  stepId: string;
  stepName: string;
  stepType: string;
  status: Extract<StepRunStatus, 'running' | 'waiting'>;
  input?: unknown;
}

export interface FinishStepInput {
  runId: string;
  sequence: number;
  attempt: number;
  status: Extract<StepRunStatus, 'completed' | 'failed' | 'skipped' | 'cancelled'>;
  outcome?: string;
  output?: unknown;
  error?: ErrorEnvelope;
}

const nullableJson = (value: unknown) =>
  value === undefined ? undefined : value === null ? Prisma.DbNull : jsonColumn(redact(value));

/** One write of the projection, for `applyProjection`. */
export type ProjectionWrite =
  | ({ kind: 'run' } & MarkRunInput)
  | ({ kind: 'startStep' } & StartStepInput)
  | ({ kind: 'finishStep' } & FinishStepInput);

function finishedStepData(input: FinishStepInput) {
  return {
    status: input.status,
    outcome: input.outcome,
    output: nullableJson(input.output),
    error: nullableJson(input.error),
    completedAt: new Date(),
  };
}

/**
 * The run's projection in PostgreSQL, written by the workflow through activities. Every write is
 * an idempotent upsert or a plain overwrite keyed by run, sequence and attempt, so an activity
 * retried after a worker crash leaves the same rows.
 */
export function createRunProjectionActivities(db: Database) {
  // Each write as one statement not yet sent, so that several can share a batch transaction.
  const statements = {
    markRun(input: MarkRunInput) {
      const finished = input.status === 'completed' || input.status === 'cancelled' || input.status === 'failed';
      return db.workflowRun.update({
        where: { id: input.runId },
        data: {
          status: input.status,
          currentStepId: input.currentStepId,
          failedStepId: input.failedStepId,
          error: nullableJson(input.error),
          variables: input.variables === undefined ? undefined : jsonColumn(input.variables),
          completedAt: finished ? new Date() : null,
        },
      });
    },

    /** A step's row as started. */
    upsertStep(start: StartStepInput) {
      const key = { runId_sequence_attempt: { runId: start.runId, sequence: start.sequence, attempt: start.attempt } };
      const data = {
        stepId: start.stepId,
        stepName: start.stepName,
        stepType: start.stepType,
        status: start.status,
        input: nullableJson(start.input),
      };
      return db.runStep.upsert({
        where: key,
        create: { runId: start.runId, sequence: start.sequence, attempt: start.attempt, ...data },
        update: data,
      });
    },

    finishStep(input: FinishStepInput) {
      return db.runStep.update({
        where: { runId_sequence_attempt: { runId: input.runId, sequence: input.sequence, attempt: input.attempt } },
        data: finishedStepData(input),
      });
    },
  };
  return {
    async markRun(input: MarkRunInput): Promise<void> {
      await statements.markRun(input);
    },
    async startStep(input: StartStepInput): Promise<void> {
      await statements.upsertStep(input);
    },
    async finishStep(input: FinishStepInput): Promise<void> {
      await statements.finishStep(input);
    },

    /**
     * Several writes in order, as one statement (`writeBatch`): the interpreter gathers the writes
     * of the steps it walks through without waiting for anything, and sends them as one local
     * activity (or with the step work that follows them).
     */
    async applyProjection(input: { writes: ProjectionWrite[] }): Promise<void> {
      await writeBatch(db, input.writes);
    },

    /** Closes the people-facing work of a cancelled run. */
    async cancelRunArtifacts(input: { runId: string }): Promise<void> {
      await db.$transaction([
        db.approval.updateMany({
          where: { runId: input.runId, status: 'pending' },
          data: { status: 'cancelled', decidedAt: new Date() },
        }),
        db.task.updateMany({ where: { runId: input.runId, status: 'open' }, data: { status: 'cancelled' } }),
        db.runStep.updateMany({
          where: { runId: input.runId, status: { in: ['running', 'waiting'] } },
          data: { status: 'cancelled', completedAt: new Date() },
        }),
      ]);
    },
  };
}

export type RunProjectionActivities = ReturnType<typeof createRunProjectionActivities>;
