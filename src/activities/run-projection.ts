import type { Database } from '../db/client.js';
import type { FinishStepInput, MarkRunInput, ProjectionWrite, StartStepInput } from '../domain/run-projection.js';
import { OPEN_RUN_STATUSES, type RunStatus } from '../domain/run-statuses.js';
import { recordRunEnded } from '../metrics/operation-metrics.js';
import { closeRunArtifacts } from '../services/runs/close-ended-runs.js';
import { rowWrites, writeBatch } from './projection-batch.js';

const ENDINGS = ['completed', 'failed', 'cancelled'] as const;
type Ending = (typeof ENDINGS)[number];

/**
 * `writeBatch`, counting the run's end in the metrics when the batch takes it from an open status
 * to an end: read before the write, so a batch repeated after its run ended does not count twice.
 */
async function writeCounted(db: Database, writes: readonly ProjectionWrite[]): Promise<void> {
  const ending = rowWrites(writes).run;
  const status = ending?.status;
  if (!ending || !ENDINGS.includes(status as Ending)) return writeBatch(db, writes);
  const before = await db.workflowRun.findUnique({
    where: { id: ending.runId },
    select: { status: true, definitionName: true },
  });
  await writeBatch(db, writes);
  if (before && OPEN_RUN_STATUSES.includes(before.status as RunStatus))
    recordRunEnded(before.definitionName, status as Ending);
}

/**
 * The run's projection in PostgreSQL, written by the workflow through activities. Every write is
 * an idempotent upsert or a plain overwrite keyed by run, sequence and attempt, so an activity
 * retried after a worker crash leaves the same rows.
 */
export function createRunProjectionActivities(db: Database) {
  return {
    // One write each, for executions started before the writes were gathered: the same statement
    // as a batch of one.
    async markRun(input: MarkRunInput): Promise<void> {
      await writeCounted(db, [{ kind: 'run', ...input }]);
    },
    async startStep(input: StartStepInput): Promise<void> {
      await writeBatch(db, [{ kind: 'startStep', ...input }]);
    },
    async finishStep(input: FinishStepInput): Promise<void> {
      await writeBatch(db, [{ kind: 'finishStep', ...input }]);
    },

    /**
     * Several writes in order, as one statement (`writeBatch`): the interpreter gathers the writes
     * of the steps it walks through without waiting for anything, and sends them as one local
     * activity (or with the step work that follows them).
     */
    async applyProjection(input: { writes: ProjectionWrite[] }): Promise<void> {
      await writeCounted(db, input.writes);
    },

    /** Closes the people-facing work of a cancelled run. */
    async cancelRunArtifacts(input: { runId: string }): Promise<void> {
      await db.$transaction((tx) => closeRunArtifacts(tx, input.runId));
    },
  };
}

export type RunProjectionActivities = ReturnType<typeof createRunProjectionActivities>;
