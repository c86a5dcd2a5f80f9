import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApplicationFailure } from '@temporalio/common';
import { Worker } from '@temporalio/worker';
import type { Activities } from '../../src/activities/index.js';
import type { ProjectionWrite } from '../../src/domain/run-projection.js';
import { EXECUTION_ENDED_CODE, RUN_ABANDONED_CODE } from '../../src/domain/run.js';
import { closeRunsWithEndedExecutions } from '../../src/services/runs/close-ended-runs.js';
import { runWorkflowId } from '../../src/temporal/messages.js';
import { RunStatusAttribute } from '../../src/temporal/search-attributes.js';
import type { TemporalClientHandle } from '../../src/temporal/client.js';
import { connectSuiteTemporal } from '../support/app.js';
import { pollUntil } from '../support/poll.js';
import { useRunStack } from '../support/run-stack.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { stackValue } from '../support/stack.js';
import { createUserWithToken } from '../support/users.js';
import { createActive, definition, end, start, step } from '../support/workflows.js';

// A run abandoned on an internal error can never be resumed: nobody should be left with its
// approvals or tasks (docs/runs.md). The database "fails" for chosen runs: the worker's
// activities refuse their projection writes while the fault lasts.

type DatabaseFault = 'gone' | 'back-for-the-abandonment';
/**
 * By workflow name, set before its run starts: from the write that shows the run waiting, the
 * database is gone for its projection writes, or for all but the abandonment's.
 */
const databaseFaults = new Map<string, DatabaseFault>();
const runsWithoutDatabase = new Set<string>();

const isAbandonment = (write: ProjectionWrite) =>
  write.kind === 'run' && write.status === 'failed' && write.error?.code === RUN_ABANDONED_CODE;

async function refuse(runId: string, writes: ProjectionWrite[] | 'close open work') {
  const run = await stack.database.db.workflowRun.findUnique({ where: { id: runId } });
  const fault = run && databaseFaults.get(run.definitionName);
  if (!fault) return;
  if (writes !== 'close open work' && writes.some((write) => write.kind === 'run' && write.status === 'waiting'))
    runsWithoutDatabase.add(runId);
  if (!runsWithoutDatabase.has(runId)) return;
  if (fault === 'back-for-the-abandonment' && (writes === 'close open work' || writes.some(isAbandonment))) return;
  throw ApplicationFailure.nonRetryable('injected: the database is unreachable');
}

/** The real activities, with the projection writes of faulty runs refused. */
function withDatabaseFaults(real: Activities): Activities {
  return {
    ...real,
    async applyProjection(input) {
      await refuse(input.writes[0]!.runId, input.writes);
      return real.applyProjection(input);
    },
    async cancelRunArtifacts(input) {
      await refuse(input.runId, 'close open work');
      return real.cancelRunArtifacts(input);
    },
  };
}

const stack = useRunStack({ activities: withDatabaseFaults });
let admin: { token: string; user: { id: string } };
let temporal: TemporalClientHandle;

beforeAll(async () => {
  admin = await createUserWithToken(stack.database.db, ['admin']);
  temporal = await connectSuiteTemporal();
});

afterAll(() => temporal.close());

/** Starts a run that opens a task for the admin and loses its database (`fault`) as it waits. */
async function runLosingItsDatabase(fault: DatabaseFault) {
  const name = `loses its database: ${fault}`;
  databaseFaults.set(name, fault);
  const workflow = await createActive(
    stack.api,
    admin.token,
    definition(name, [
      start('ask'),
      step('ask', 'task', { assignee: admin.user.id, title: 'Answer', fields: [] }, { success: 'end' }),
      end(),
    ]),
  );
  const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
    token: admin.token,
    body: { variables: {} },
  });
  const runId = started.body.id as string;
  const execution = temporal.client.workflow.getHandle(runWorkflowId(runId));
  await expect(execution.result()).rejects.toMatchObject({
    cause: { message: expect.stringContaining('cannot be resumed') },
  });
  expect(runsWithoutDatabase.has(runId)).toBe(true);
  // The workflow code replays its own history.
  await expect(
    Worker.runReplayHistory(
      { workflowBundle: { codePath: stackValue('workflowBundle') } },
      await execution.fetchHistory(),
      execution.workflowId,
    ),
  ).resolves.toBeUndefined();
  return { runId, execution };
}

const taskStatuses = (runId: string) => stack.database.db.task.findMany({ where: { runId }, select: { status: true } });

describe('a run abandoned on an internal error', () => {
  it('is recorded failed with its open task and step closed', async () => {
    const { runId, execution } = await runLosingItsDatabase('back-for-the-abandonment');

    const run = await waitForRun(stack.api, admin.token, runId, hasStatus('failed'));
    // The injected failure's text stays in the worker's log, under the reference the run shows.
    expect(run.error).toEqual({
      code: RUN_ABANDONED_CODE,
      message: expect.stringContaining('cannot be resumed'),
      reference: expect.any(String),
    });
    expect(run.steps.find((item: { stepId: string }) => item.stepId === 'ask').status).toBe('cancelled');
    expect(await taskStatuses(runId)).toEqual([{ status: 'cancelled' }]);
    expect((await execution.describe()).searchAttributes[RunStatusAttribute.name]).toEqual(['failed']);
  });

  it('that could not record it is closed with its work by the reconciliation once the database is back', async () => {
    const { runId, execution } = await runLosingItsDatabase('gone');
    expect((await execution.describe()).searchAttributes[RunStatusAttribute.name]).toEqual(['running']);
    expect(await taskStatuses(runId)).toEqual([{ status: 'open' }]);

    runsWithoutDatabase.delete(runId);
    const reconcile = () =>
      closeRunsWithEndedExecutions({ db: stack.database.db, temporal: temporal.client, taskQueue: stack.taskQueue });
    // Temporal's visibility shows the closed execution a moment later.
    expect(await pollUntil(reconcile, (ids) => ids.includes(runId))).toContain(runId);
    const run = (await stack.api.request('GET', `/api/runs/${runId}`, { token: admin.token })).body;
    expect(run).toMatchObject({ status: 'failed', error: { code: EXECUTION_ENDED_CODE } });
    expect(await taskStatuses(runId)).toEqual([{ status: 'cancelled' }]);
  });
});
