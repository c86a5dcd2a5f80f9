import { randomUUID } from 'node:crypto';
import { beforeAll } from '@jest/globals';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { HEARTBEAT_INTERVAL } from '../../src/activities/heartbeat.js';
import { createActivities, type Activities } from '../../src/activities/index.js';
import { createLogger } from '../../src/logging/logger.js';
import { createMailer } from '../../src/notifications/mailer.js';
import { useTestApp, type AppUnderTest, type TestAppOptions } from './app.js';
import { stackValue } from './stack.js';

let runtimeInstalled = false;

/** The Temporal runtime of this jest process, installed once with quiet logs. */
function installRuntime(): void {
  if (runtimeInstalled) return;
  Runtime.install({ logger: new DefaultLogger('WARN'), shutdownSignals: [] });
  runtimeInstalled = true;
}

export interface RunStack extends AppUnderTest {
  readonly taskQueue: string;
  /** Every line the worker's activities logged, parsed. */
  readonly workerLogs: Array<Record<string, unknown>>;
  /** Stops this file's worker (to test durability) and starts a fresh one. */
  restartWorker(): Promise<void>;
  stopWorker(): Promise<void>;
  startWorker(): Promise<void>;
}

/**
 * `useTestApp` plus a real Temporal worker on a task queue of this test file's own, loading the
 * suite's shared workflow bundle and running the real activities against this file's database.
 */
export function useRunStack(
  options: Omit<TestAppOptions, 'db'> & {
    /** Fault injection: the activities the worker runs, made from the real ones. */
    activities?: (real: Activities) => Activities;
  } = {},
): RunStack {
  const taskQueue = `test-runs-${randomUUID()}`;
  let connection: NativeConnection | undefined;
  let worker: Worker | undefined;
  let running: Promise<void> | undefined;
  const workerLogs: Array<Record<string, unknown>> = [];
  const logger = createLogger('info', { write: (line: string) => void workerLogs.push(JSON.parse(line)) });
  const app = useTestApp({
    ...options,
    env: async (baseUrl) => ({
      ...(typeof options.env === 'function' ? await options.env(baseUrl) : options.env),
      TEMPORAL_TASK_QUEUE: taskQueue,
    }),
    beforeTeardown: async () => {
      await stopWorker();
      await connection?.close();
    },
  });

  async function startWorker() {
    installRuntime();
    connection ??= await NativeConnection.connect({ address: stackValue('temporalAddress') });
    worker = await Worker.create({
      connection,
      taskQueue,
      workflowBundle: { codePath: stackValue('workflowBundle') },
      activities: (options.activities ?? ((real) => real))(
        createActivities({
          db: app.database.db,
          connectors: app.api.connectors,
          mailer: createMailer(app.api.config),
          logger,
        }),
      ),
      maxCachedWorkflows: 50,
      maxHeartbeatThrottleInterval: HEARTBEAT_INTERVAL,
    });
    running = worker.run();
  }

  async function stopWorker() {
    if (worker && worker.getState() === 'RUNNING') worker.shutdown();
    await running;
    worker = undefined;
  }

  beforeAll(startWorker);

  return {
    get api() {
      return app.api;
    },
    get database() {
      return app.database;
    },
    taskQueue,
    workerLogs,
    startWorker,
    stopWorker,
    async restartWorker() {
      await stopWorker();
      await startWorker();
    },
  };
}
