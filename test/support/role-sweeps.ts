import { afterAll, beforeAll, expect } from '@jest/globals';
import type { WorkflowHandle } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import type { TemporalClientHandle } from '../../src/temporal/client.js';
import { connectSuiteTemporal } from './app.js';
import { useRunStack, type RunStack } from './run-stack.js';
import { stackValue } from './stack.js';
import { createUserWithToken } from './users.js';

export interface RoleSweepStack {
  stack: RunStack;
  /** The suite's Temporal server, to start the sweeps on this file's task queue. */
  readonly temporal: TemporalClientHandle;
  /** A request to the API as an administrator. */
  call(method: string, path: string, body?: unknown): ReturnType<RunStack['api']['request']>;
  /** Runs a sweep workflow on this file's worker, checks that its history replays, and answers both. */
  sweep<T>(workflowType: string): Promise<{ result: T; history: Awaited<ReturnType<WorkflowHandle['fetchHistory']>> }>;
}

/** A run stack (API and worker) with an administrator, for tests of the business role sweeps. */
export function useRoleSweepStack(): RoleSweepStack {
  const stack = useRunStack();
  let temporal: TemporalClientHandle | undefined;
  let admin = '';
  let sweeps = 0;
  beforeAll(async () => {
    temporal = await connectSuiteTemporal();
    admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
  });
  afterAll(async () => {
    await temporal?.close();
  });
  const connected = () => {
    if (!temporal) throw new Error('useRoleSweepStack: Temporal is only connected inside tests');
    return temporal;
  };
  return {
    stack,
    get temporal() {
      return connected();
    },
    call: (method, path, body) => stack.api.request(method, path, { token: admin, body }),
    async sweep<T>(workflowType: string) {
      const handle = await connected().client.workflow.start(workflowType, {
        taskQueue: stack.taskQueue,
        workflowId: `${workflowType}-${stack.taskQueue}-${(sweeps += 1)}`,
        args: [],
      });
      const result = (await handle.result()) as T;
      const history = await handle.fetchHistory();
      await expect(
        Worker.runReplayHistory(
          { workflowBundle: { codePath: stackValue('workflowBundle') } },
          history,
          handle.workflowId,
        ),
      ).resolves.toBeUndefined();
      return { result, history };
    },
  };
}
