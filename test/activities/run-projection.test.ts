import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApplicationFailure } from '@temporalio/common';
import { rowWrites } from '../../src/activities/projection-batch.js';
import { createRunProjectionActivities } from '../../src/activities/run-projection.js';
import type { ProjectionWrite } from '../../src/domain/run-projection.js';
import { RUN_CANCELLED_BEFORE_START, RUN_WITHDRAWN } from '../../src/domain/run.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

async function createRun() {
  const id = randomUUID();
  await database.db.workflowRun.create({
    data: {
      id,
      definitionId: randomUUID(),
      definitionName: 'Projection',
      definitionVersion: 1,
      definitionSnapshot: {},
      status: 'pending',
      temporalWorkflowId: `run-${id}`,
    },
  });
  return id;
}

const start = (runId: string, sequence: number, stepId: string): ProjectionWrite => ({
  kind: 'startStep',
  runId,
  sequence,
  attempt: 1,
  stepId,
  stepName: `Step ${stepId}`,
  stepType: 'condition',
  status: 'running',
  input: { expression: 'amount > 0' },
});

const finish = (runId: string, sequence: number, outcome: string): ProjectionWrite => ({
  kind: 'finishStep',
  runId,
  sequence,
  attempt: 1,
  status: 'completed',
  outcome,
  output: { result: outcome === 'true' },
});

describe('a batch of projection writes', () => {
  it('writes each row once: the run writes merged, a step started and finished in the batch as one', () => {
    const writes: ProjectionWrite[] = [
      { kind: 'run', runId: 'r', status: 'running', currentStepId: 'a' },
      start('r', 1, 'b'),
      { kind: 'run', runId: 'r', status: 'running', currentStepId: 'b', variables: { amount: 1 } },
      finish('r', 1, 'true'),
      start('r', 2, 'c'),
      finish('r', 3, 'false'),
      { kind: 'run', runId: 'r', status: 'waiting' },
    ];
    const rows = rowWrites(writes);
    expect(rows.run).toEqual({ runId: 'r', status: 'waiting', currentStepId: 'b', variables: { amount: 1 } });
    expect(rows.steps.map((row) => [row.start?.sequence, row.finish?.sequence])).toEqual([
      [1, 1],
      [2, undefined],
      [undefined, 3],
    ]);
  });

  it('leaves the rows it would have left written one by one, also when applied again', async () => {
    const runId = await createRun();
    const { applyProjection } = createRunProjectionActivities(database.db);
    const writes: ProjectionWrite[] = [
      { kind: 'run', runId, status: 'running', currentStepId: 'b' },
      start(runId, 1, 'b'),
      finish(runId, 1, 'true'),
      start(runId, 2, 'notify'),
      { kind: 'run', runId, status: 'running', currentStepId: 'notify' },
    ];
    await applyProjection({ writes });
    // A retried activity applies the same batch again.
    await applyProjection({ writes });
    const steps = await database.db.runStep.findMany({ where: { runId }, orderBy: { sequence: 'asc' } });
    expect(steps).toEqual([
      expect.objectContaining({
        sequence: 1,
        stepId: 'b',
        stepName: 'Step b',
        status: 'completed',
        outcome: 'true',
        input: { expression: 'amount > 0' },
        output: { result: true },
        completedAt: expect.any(Date),
      }),
      expect.objectContaining({ sequence: 2, stepId: 'notify', status: 'running', completedAt: null }),
    ]);
    expect(await database.db.workflowRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({
      status: 'running',
      currentStepId: 'notify',
      completedAt: null,
    });
  });

  it('fails a batch whose step row to finish is missing, and writes none of it', async () => {
    const runId = await createRun();
    const { applyProjection } = createRunProjectionActivities(database.db);
    const failure = await applyProjection({
      writes: [{ kind: 'run', runId, status: 'running', currentStepId: 'x' }, finish(runId, 7, 'true')],
    }).catch((error: unknown) => error);
    expect(String(failure)).toContain('Projection row missing: step 7.1');
    // Rolled back with the statement: the run row is as it was.
    expect(await database.db.workflowRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({
      status: 'pending',
      currentStepId: null,
    });
  });

  it('refuses for good a status write onto a run cancelled before it started, not onto one its execution cancelled', async () => {
    const { applyProjection } = createRunProjectionActivities(database.db);
    const firstBatch = (runId: string): ProjectionWrite[] => [
      { kind: 'run', runId, status: 'running', currentStepId: 'b' },
      start(runId, 1, 'b'),
    ];
    const cancelledBeforeStart = await createRun();
    await database.db.workflowRun.update({ where: { id: cancelledBeforeStart }, data: { status: 'cancelled' } });
    const refusal = await applyProjection({ writes: firstBatch(cancelledBeforeStart) }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ApplicationFailure);
    expect(refusal).toMatchObject({ type: RUN_CANCELLED_BEFORE_START, nonRetryable: true });
    expect(await database.db.runStep.count({ where: { runId: cancelledBeforeStart } })).toBe(0);
    // Its cancellation's own write is taken again.
    await applyProjection({ writes: [{ kind: 'run', runId: cancelledBeforeStart, status: 'cancelled' }] });

    // Cancelled by its execution, which repeats a flush made before (its workflow task was lost).
    const cancelledWhileRunning = await createRun();
    await applyProjection({ writes: firstBatch(cancelledWhileRunning) });
    await applyProjection({ writes: [{ kind: 'run', runId: cancelledWhileRunning, status: 'cancelled' }] });
    await applyProjection({ writes: firstBatch(cancelledWhileRunning) });
    expect(await database.db.workflowRun.findUniqueOrThrow({ where: { id: cancelledWhileRunning } })).toMatchObject({
      status: 'running',
    });
  });

  it('refuses for good a run write onto a run with no row (withdrawn), its step rows with it', async () => {
    const { applyProjection } = createRunProjectionActivities(database.db);
    const withdrawn = randomUUID();
    const refusal = await applyProjection({
      writes: [{ kind: 'run', runId: withdrawn, status: 'running', currentStepId: 'b' }, start(withdrawn, 1, 'b')],
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApplicationFailure);
    expect(refusal).toMatchObject({ type: RUN_WITHDRAWN, nonRetryable: true });
    expect(await database.db.runStep.count({ where: { runId: withdrawn } })).toBe(0);
  });

  it('writes one write at a time for executions started before the writes were gathered', async () => {
    const runId = await createRun();
    const { markRun, startStep, finishStep } = createRunProjectionActivities(database.db);
    const { kind: _start, ...started } = start(runId, 1, 'b') as Extract<ProjectionWrite, { kind: 'startStep' }>;
    const { kind: _finish, ...finished } = finish(runId, 1, 'true') as Extract<ProjectionWrite, { kind: 'finishStep' }>;
    await markRun({ runId, status: 'running', currentStepId: 'b' });
    await startStep(started);
    await finishStep(finished);
    expect(await database.db.runStep.findMany({ where: { runId } })).toEqual([
      expect.objectContaining({ stepId: 'b', status: 'completed', outcome: 'true', output: { result: true } }),
    ]);
    expect(await database.db.workflowRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({
      status: 'running',
      currentStepId: 'b',
    });
    // A finish whose step row is missing fails, so the local activity is retried.
    await expect(finishStep({ ...finished, sequence: 9 })).rejects.toThrow('Projection row missing');
  });

  it('applies a batch of one write, and gives a run that completes its completion time', async () => {
    const runId = await createRun();
    const { applyProjection } = createRunProjectionActivities(database.db);
    await applyProjection({ writes: [{ kind: 'run', runId, status: 'completed', currentStepId: null }] });
    expect(await database.db.workflowRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({
      status: 'completed',
      completedAt: expect.any(Date),
    });
  });
});
