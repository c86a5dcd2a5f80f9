import { createHttpServer } from './api/http-server.js';
import { pathToFileURL } from 'node:url';
import { createApp } from './api/app.js';
import { loadConfig, requireRuntimeConnections, type Config } from './config/index.js';
import { createDatabase } from './db/client.js';
import { createLogger, type Logger } from './logging/logger.js';
import { connectTemporalClient } from './temporal/client.js';
import { createConnectorRuntime } from './connectors/runtime.js';
import { registerSimulatedConnectors } from './services/connectors/manage-connectors.js';
import { reconcileSchedules } from './services/schedules/manage-schedules.js';
import { ensureSystemSchedules } from './services/schedules/system-schedules.js';
import { startTracing, stopTracing } from './telemetry/tracing.js';

export interface RunningApi {
  url: string;
  close(): Promise<void>;
}

/** Wires the API's dependencies from `config` and listens. */
export async function startApiServer(config: Readonly<Config>, logger: Logger): Promise<RunningApi> {
  const { databaseUrl, temporalAddress } = requireRuntimeConnections(config);
  if (config.oidc?.clientId && !config.connectors.secretKey) {
    logger.warn(
      'CONNECTOR_SECRET_KEY is not set: web sessions keep no provider refresh token, so extending a session cannot keep the provider session alive',
    );
  }
  const db = createDatabase(databaseUrl, config.databasePool);
  const temporal = await connectTemporalClient(
    temporalAddress,
    config.temporal.namespace,
    config.temporal.callDeadlineMs,
  );
  const connectors = await createConnectorRuntime(config, logger);
  await registerSimulatedConnectors(db, connectors);
  const repaired = await reconcileSchedules({ db, temporal: temporal.client, config });
  if (repaired.recreated.length || repaired.removed.length)
    logger.info({ recreated: repaired.recreated, removed: repaired.removed }, 'reconciled Temporal schedules');
  for (const { scheduleId, reason } of repaired.refused)
    logger.warn(
      { scheduleId, reason },
      'Temporal refused to recreate this schedule: correct it with PATCH /api/schedules/:id',
    );
  const housekeeping = await ensureSystemSchedules(temporal.client, config.temporal.taskQueue);
  if (housekeeping.length) logger.info({ created: housekeeping }, 'created housekeeping schedules');
  const { koa } = createApp({
    config,
    db,
    logger,
    connectors,
    temporal: temporal.client,
    health: {
      database: async () => void (await db.$queryRaw`SELECT 1`),
      temporal: () => temporal.checkHealth(),
    },
  });
  const server = createHttpServer(koa.callback());
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl ?? `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  logger.info({ url }, 'API listening');
  return {
    url,
    async close() {
      // Stop accepting connections, let in-flight requests finish (idle keep-alive connections
      // close at once), cut the ones still open after the grace time, then release dependencies.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const grace = setTimeout(() => server.closeAllConnections(), config.shutdownGraceMs);
      await closed;
      clearTimeout(grace);
      await connectors.close();
      await temporal.close();
      await db.$disconnect();
    },
  };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  // Before any connection or server exists (docs/observability.md, "Traces").
  if (await startTracing('flowgate-api')) logger.info('tracing to the OTEL_* exporter');
  const api = await startApiServer(config, logger);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'shutting down API');
      api
        .close()
        .then(stopTracing)
        .then(
          () => process.exit(0),
          (error: unknown) => {
            logger.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
    });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
