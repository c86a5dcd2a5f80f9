import { pathToFileURL } from 'node:url';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { createActivities } from '../src/activities/index.js';
import { loadConfig, requireRuntimeConnections, type Config } from '../src/config/index.js';
import { createDatabase } from '../src/db/client.js';
import { createLogger, type Logger } from '../src/logging/logger.js';
import { ensureSearchAttributes } from '../src/temporal/client.js';

export interface RunningWorker {
  /** Resolves when the worker has stopped; rejects if it crashed. */
  finished: Promise<void>;
  /** Stops polling, lets in-flight activities finish (or hands them back), then resolves. */
  shutdown(): Promise<void>;
}

export interface WorkerOptions {
  /** Let Temporal's runtime stop the worker on SIGINT/SIGTERM (the standalone process does). */
  handleSignals: boolean;
}

/** Connects to Temporal and runs a worker on the service's task queue. */
export async function startWorker(
  config: Readonly<Config>,
  logger: Logger,
  options: WorkerOptions,
): Promise<RunningWorker> {
  const { databaseUrl, temporalAddress } = requireRuntimeConnections(config);
  Runtime.install({
    logger: new DefaultLogger(config.logLevel === 'debug' || config.logLevel === 'trace' ? 'DEBUG' : 'WARN'),
    shutdownSignals: options.handleSignals ? ['SIGINT', 'SIGTERM', 'SIGQUIT', 'SIGUSR2'] : [],
  });
  const db = createDatabase(databaseUrl);
  const connection = await NativeConnection.connect({ address: temporalAddress });
  const added = await ensureSearchAttributes(connection, config.temporal.namespace);
  if (added.length > 0) logger.info({ added }, 'registered Temporal search attributes');
  const worker = await Worker.create({
    connection,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    activities: createActivities({ db }),
    shutdownGraceTime: '30s',
  });
  logger.info({ taskQueue: config.temporal.taskQueue }, 'worker polling');
  const finished = worker.run().finally(async () => {
    await connection.close();
    await db.$disconnect();
  });
  return {
    finished,
    async shutdown() {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await finished;
    },
  };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const worker = await startWorker(config, logger, { handleSignals: true });
  await worker.finished;
  logger.info('worker stopped');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
