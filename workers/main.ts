import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { HEARTBEAT_INTERVAL } from '../src/activities/heartbeat.js';
import { createActivities } from '../src/activities/index.js';
import { loadConfig, requireRuntimeConnections, type Config } from '../src/config/index.js';
import { createConnectorRuntime } from '../src/connectors/runtime.js';
import { createDatabase } from '../src/db/client.js';
import { projectRoot } from '../src/config/project-root.js';
import { createLogger, type Logger } from '../src/logging/logger.js';
import { createMailer } from '../src/notifications/mailer.js';
import { AUDIT_SEAL_INTERVAL_MS, sealAuditEntries } from '../src/audit/audit-chain.js';
import { coreMetricsText, freeLoopbackPort } from '../src/metrics/core-metrics.js';
import { startMetricsServer } from '../src/metrics/metrics-server.js';
import { processMetrics } from '../src/metrics/process-metrics.js';
import { STALLED_RUN_AGE_MS, startStalledRuns } from '../src/services/runs/start-run.js';
import { closeRunsWithEndedExecutions } from '../src/services/runs/close-ended-runs.js';
import { reconcileSyncSchedules } from '../src/services/sync/sync-schedules.js';
import { ensureSinkWorkflows } from '../src/services/audit-sinks/sink-workflows.js';
import { clientWithCallDeadline, ensureSearchAttributes } from '../src/temporal/client.js';
import { activeTracing } from '../src/telemetry/active-tracing.js';
import { startTracing, stopTracing } from '../src/telemetry/tracing.js';
import { TRACED_WORKFLOW_BUNDLE_FILE, WORKFLOW_BUNDLE_FILE, workflowBundleOptions } from './workflow-code.js';

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

/**
 * The workflow code: the bundle `npm run build` writes (production workers load it and skip
 * bundling at start), or else the sources, bundled now; with the tracing interceptors in either
 * case when the worker traces.
 */
function workflowCode(traced: boolean): {
  code:
    { workflowBundle: { codePath: string } } | { workflowsPath: string; bundlerOptions: { preloadModules: string[] } };
  workflowModules: string[];
} {
  const { workflowsPath: source, preloadModules, workflowInterceptorModules } = workflowBundleOptions({ traced });
  const prebuilt = path.join(projectRoot(), 'dist', traced ? TRACED_WORKFLOW_BUNDLE_FILE : WORKFLOW_BUNDLE_FILE);
  // Only the compiled worker trusts the bundle; run from source, it bundles the current sources.
  if (source.endsWith('.js') && existsSync(prebuilt))
    return { code: { workflowBundle: { codePath: prebuilt } }, workflowModules: [] };
  return {
    code: { workflowsPath: source, bundlerOptions: { preloadModules } },
    workflowModules: workflowInterceptorModules,
  };
}

/** Connects to Temporal and runs a worker on the service's task queue. */
export async function startWorker(
  config: Readonly<Config>,
  logger: Logger,
  options: WorkerOptions,
): Promise<RunningWorker> {
  const { databaseUrl, temporalAddress } = requireRuntimeConnections(config);
  const corePort = config.workerMetrics ? await freeLoopbackPort() : undefined;
  Runtime.install({
    logger: new DefaultLogger(config.logLevel === 'debug' || config.logLevel === 'trace' ? 'DEBUG' : 'WARN'),
    shutdownSignals: options.handleSignals ? ['SIGINT', 'SIGTERM', 'SIGQUIT', 'SIGUSR2'] : [],
    ...(corePort === undefined
      ? {}
      : { telemetryOptions: { metrics: { prometheus: { bindAddress: `127.0.0.1:${corePort}` } } } }),
  });
  const db = createDatabase(databaseUrl, {
    ...config.databasePool,
    queryTimeoutMs: config.databasePool.workerQueryTimeoutMs,
  });
  const connection = await NativeConnection.connect({ address: temporalAddress });
  const added = await ensureSearchAttributes(connection, config.temporal.namespace);
  if (added.length > 0) logger.info({ added }, 'registered Temporal search attributes');
  const connectors = await createConnectorRuntime(config, logger);
  const starter = {
    db,
    temporal: clientWithCallDeadline(connection, config.temporal.namespace, config.temporal.callDeadlineMs),
    taskQueue: config.temporal.taskQueue,
  };
  // Sync item 5: every enabled sync config with a cron gets its Temporal Schedule back.
  const repaired = await reconcileSyncSchedules(starter);
  if (repaired.recreated.length || repaired.removed.length) logger.info(repaired, 'reconciled sync schedules');
  // Runs are committed before their execution starts (docs/runs.md): now and every minute, the
  // pending runs whose start failed or was cut short by a crash are started.
  const startStalled = () =>
    startStalledRuns(starter).then(
      ({ started, refused }) => {
        if (started.length > 0) logger.info({ runIds: started }, 'started stalled pending runs');
        if (refused.length > 0) logger.error({ refused }, 'Temporal refused to start these pending runs');
      },
      (error: unknown) => logger.warn({ err: error }, 'could not start stalled pending runs'),
    );
  // Runs whose execution ended outside the service (terminated in the Temporal UI, say) would
  // show running for ever: now and every minute, they are closed as failed (docs/runs.md).
  const closeEnded = () =>
    closeRunsWithEndedExecutions(starter).then(
      (closed) => closed.length > 0 && logger.warn({ runIds: closed }, 'closed runs whose execution ended outside'),
      (error: unknown) => logger.warn({ err: error }, 'could not close runs whose execution ended'),
    );
  // Every enabled audit sink streams through a workflow of its own; one whose start was lost (Temporal
  // down when the sink was created or enabled) is started here (docs/observability.md).
  const ensureAuditStreams = () =>
    ensureSinkWorkflows({ db, temporal: starter.temporal, taskQueue: starter.taskQueue }).catch((error: unknown) =>
      logger.warn({ err: error }, 'could not start the audit sinks’ streams'),
    );
  const reconcileRuns = () => Promise.all([startStalled(), closeEnded(), ensureAuditStreams()]);
  // Audit entries get their place in the hash chain within seconds; the head is logged each time,
  // so a copy of it lives outside the database (docs/audit.md, "Tamper evidence").
  const sealAudit = () =>
    sealAuditEntries(db).then(
      ({ sealed, head }) =>
        sealed > 0 &&
        logger.info({ sealed, headSeq: head.seq.toString(), headHash: head.hash }, 'sealed audit entries'),
      (error: unknown) => logger.warn({ err: error }, 'could not seal audit entries'),
    );
  const auditSealing = setInterval(() => void sealAudit(), AUDIT_SEAL_INTERVAL_MS);
  await reconcileRuns();
  const runReconciliation = setInterval(() => void reconcileRuns(), STALLED_RUN_AGE_MS);
  const tracing = activeTracing();
  const { code, workflowModules } = workflowCode(tracing !== undefined);
  const worker = await Worker.create({
    connection,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    ...code,
    ...(tracing && {
      interceptors: { activity: tracing.activityInterceptors, workflowModules },
      sinks: tracing.workerSinks,
    }),
    activities: createActivities({
      db,
      connectors,
      mailer: createMailer(config),
      logger,
      auditRetention: config.auditRetention,
    }),
    shutdownGraceTime: '30s',
    // Bounds the worker's memory whatever the number of runs waiting for people (docs/runs.md#worker).
    maxCachedWorkflows: config.temporal.maxCachedWorkflows,
    // Heartbeats carry a cancellation back: sent as often as they beat, a cancelled run's connector
    // call stops within seconds instead of the 12 s the heartbeat timeout's throttle would allow.
    maxHeartbeatThrottleInterval: HEARTBEAT_INTERVAL,
  });
  const metrics =
    config.workerMetrics && config.metricsToken
      ? await startMetricsServer(processMetrics(db), {
          ...config.workerMetrics,
          token: config.metricsToken,
          more: () => (corePort === undefined ? Promise.resolve('') : coreMetricsText(corePort)),
        })
      : undefined;
  if (metrics) logger.info({ port: metrics.port }, 'worker metrics at /metrics');
  logger.info({ taskQueue: config.temporal.taskQueue }, 'worker polling');
  const finished = worker.run().finally(async () => {
    clearInterval(runReconciliation);
    clearInterval(auditSealing);
    await metrics?.close();
    // Open directory connections would keep the process alive after the worker stopped.
    await connectors.close();
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
  // Before any connection exists (docs/observability.md, "Traces").
  if (await startTracing('flowgate-worker')) logger.info('tracing to the OTEL_* exporter');
  const worker = await startWorker(config, logger, { handleSignals: true });
  await worker.finished;
  await stopTracing();
  logger.info('worker stopped');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
