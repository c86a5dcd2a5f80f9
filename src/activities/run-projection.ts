import { redact } from '../audit/index.js';
import { jsonColumn, Prisma, type Database } from '../db/client.js';
import type { ErrorEnvelope, RunStatus, StepRunStatus } from '../domain/run.js';

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

/** A write of a batch after coalescing: a step's start and finish may have become one. */
type CoalescedWrite = ProjectionWrite | { kind: 'stepRun'; start: StartStepInput; finish: FinishStepInput };

/**
 * The writes of a batch with fewer statements and the same end state: the start and the finish of
 * the same step attempt (steps that do not wait, such as conditions) become one upsert, and
 * consecutive run writes one update holding the fields of both, the later winning.
 */
export function coalesce(writes: readonly ProjectionWrite[]): CoalescedWrite[] {
  const coalesced: CoalescedWrite[] = [];
  for (const write of writes) {
    const previous = coalesced.at(-1);
    if (write.kind === 'finishStep' && previous?.kind === 'startStep' && sameAttempt(previous, write)) {
      coalesced[coalesced.length - 1] = { kind: 'stepRun', start: previous, finish: write };
    } else if (write.kind === 'run' && previous?.kind === 'run' && previous.runId === write.runId) {
      coalesced[coalesced.length - 1] = { ...previous, ...definedFields(write) };
    } else {
      coalesced.push(write);
    }
  }
  return coalesced;
}

const sameAttempt = (start: StartStepInput, finish: FinishStepInput) =>
  start.runId === finish.runId && start.sequence === finish.sequence && start.attempt === finish.attempt;

/** The fields of a write that it sets (an absent field leaves the column as it is). */
const definedFields = <T extends object>(write: T) =>
  Object.fromEntries(Object.entries(write).filter(([, value]) => value !== undefined)) as Partial<T>;

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

    /** A step's row as started, or, given its finish from the same batch, written once already finished. */
    upsertStep(start: StartStepInput, finish?: FinishStepInput) {
      const key = { runId_sequence_attempt: { runId: start.runId, sequence: start.sequence, attempt: start.attempt } };
      const data = {
        stepId: start.stepId,
        stepName: start.stepName,
        stepType: start.stepType,
        status: start.status,
        input: nullableJson(start.input),
        ...(finish ? finishedStepData(finish) : {}),
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
  const statementOf = (write: CoalescedWrite) =>
    write.kind === 'run'
      ? statements.markRun(write)
      : write.kind === 'startStep'
        ? statements.upsertStep(write)
        : write.kind === 'finishStep'
          ? statements.finishStep(write)
          : statements.upsertStep(write.start, write.finish);
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
     * Several writes in order, in one batch transaction: the interpreter gathers the writes of the
     * steps it walks through without waiting for anything, and sends them as one local activity.
     */
    async applyProjection(input: { writes: ProjectionWrite[] }): Promise<void> {
      const statements = coalesce(input.writes).map(statementOf);
      // One statement is atomic by itself: no transaction around it.
      if (statements.length === 1) await statements[0];
      else await db.$transaction(statements);
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
