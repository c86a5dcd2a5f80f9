import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { createUserWithToken } from '../support/users.js';
import { workerProcesses } from '../support/worker-process.js';
import { createActive, notifyOnceDefinition } from '../support/workflows.js';

// The real worker entry point, with the API processes' query timeout set absurdly low.
const taskQueue = `query-timeout-${randomUUID()}`;
const context = useTestApp({ env: { TEMPORAL_TASK_QUEUE: taskQueue } });
const workers = workerProcesses({ databaseUrl: () => context.database.url, taskQueue });

afterAll(() => workers.killAll());

describe("the API processes' query timeout", () => {
  it('does not apply to workers, whose set-based statements may rightly take longer (WORKER_DATABASE_QUERY_TIMEOUT_MS)', async () => {
    const { token: admin, user } = await createUserWithToken(context.database.db, ['admin']);
    const workflow = await createActive(context.api, admin, notifyOnceDefinition('Worker queries', user.id, 'Hello'));
    await workers.start({ DATABASE_QUERY_TIMEOUT_MS: '1' });
    const run = (
      await context.api.request('POST', `/api/workflows/${workflow.id}/start`, {
        token: admin,
        body: { variables: {} },
      })
    ).body;
    const finished = await waitForRun(context.api, admin, run.id, hasStatus('completed'), 60_000);
    expect(finished.steps.map((done: { stepId: string; status: string }) => `${done.stepId}:${done.status}`)).toEqual([
      'start:completed',
      'tell:completed',
      'end:completed',
    ]);
  }, 90_000);
});
