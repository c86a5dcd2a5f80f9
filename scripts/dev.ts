import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateSecretKey } from '../src/connectors/secret-box.js';
import { loadConfig } from '../src/config/index.js';
import { createDatabase } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { projectRoot } from '../src/config/project-root.js';
import { createLogger } from '../src/logging/logger.js';
import { bootstrapPrincipal, createAdminToken, hasNoUsers } from '../src/services/bootstrap-admin.js';
import { createSignInLink } from '../src/services/sign-in-links.js';
import { SAMPLE_PROJECT, seedExampleWorkflows } from '../src/services/seed-examples.js';
import { startApiServer } from '../src/server.js';
import { startTracing, stopTracing } from '../src/telemetry/tracing.js';
import { startWorker } from '../workers/main.js';
import { DEFAULT_EMBEDDED_PG_PORT, ensureDatabase, startEmbeddedPostgres } from './local/embedded-postgres.js';
import { isPortOpen } from './local/free-port.js';
import { startTemporalDevServer } from './local/temporal-dev-server.js';
import { ensureWebBuild } from './local/web-build.js';
import { parseCommandLine } from './lib/command-line.js';

// npm start — the whole service in one terminal: PostgreSQL and the Temporal dev server (unless
// DATABASE_URL / TEMPORAL_ADDRESS point elsewhere), migrations, the API and a worker. It runs as
// one node process (`node --import tsx`, not the tsx launcher, which would add a parent process
// that answers a supervisor's SIGTERM by killing this one outright), so a signal reaches the code
// below and every child is stopped.

parseCommandLine(
  [
    'Usage: npm start',
    '  the whole service in one terminal: embedded PostgreSQL and the Temporal dev server (unless',
    '  DATABASE_URL / TEMPORAL_ADDRESS point elsewhere), migrations, the API, a worker and the console',
    '  Settings come from the environment (README.md, "Configuration"); data is kept in LOCAL_DATA_DIR (default .data/)',
  ].join('\n'),
  {},
);
const log = (line: string) => console.log(`[flowgate] ${line}`);
const dataDir = path.resolve(process.env.LOCAL_DATA_DIR ?? path.join(projectRoot(), '.data'));
const stops: Array<() => Promise<void>> = [];
const BOOTSTRAP_EMAIL = 'admin@localhost';

async function provideDatabase(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const port = Number(process.env.EMBEDDED_PG_PORT ?? DEFAULT_EMBEDDED_PG_PORT);
  if (await isPortOpen(port))
    throw new Error(`Port ${port} is taken: is another \`npm start\` running? (set EMBEDDED_PG_PORT)`);
  log('Starting embedded PostgreSQL');
  const postgres = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, 'postgres'),
    port,
    persistent: true,
    log,
  });
  stops.push(() => postgres.stop());
  await ensureDatabase(postgres.url('postgres'), 'flowgate');
  return postgres.url('flowgate');
}

async function provideTemporal(): Promise<{ address: string; uiUrl?: string }> {
  if (process.env.TEMPORAL_ADDRESS)
    return { address: process.env.TEMPORAL_ADDRESS, uiUrl: process.env.TEMPORAL_UI_URL };
  const port = Number(process.env.TEMPORAL_DEV_PORT ?? 7233);
  if (await isPortOpen(port))
    throw new Error(`Port ${port} is taken: is a Temporal server already running? (set TEMPORAL_ADDRESS to use it)`);
  log('Starting the Temporal dev server');
  const temporal = await startTemporalDevServer({
    port,
    uiPort: Number(process.env.TEMPORAL_DEV_UI_PORT ?? 8233),
    dbFile: path.join(dataDir, 'temporal.sqlite'),
    namespace: process.env.TEMPORAL_NAMESPACE ?? 'default',
    log,
  });
  stops.push(() => temporal.stop());
  return temporal;
}

/** CONNECTOR_SECRET_KEY, or a key kept in .data/ so connector secrets survive restarts. */
async function provideSecretKey(): Promise<string> {
  if (process.env.CONNECTOR_SECRET_KEY) return process.env.CONNECTOR_SECRET_KEY;
  const file = path.join(dataDir, 'connector-secret.key');
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing) return existing.trim();
  const key = generateSecretKey();
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${key}\n`, { mode: 0o600 });
  log(`Generated a connector secret key in ${path.relative(process.cwd(), file)}`);
  return key;
}

async function main(): Promise<void> {
  // The API and the worker share this process, and so one service name.
  if (await startTracing('flowgate')) {
    log('Tracing to the OTEL_* exporter');
    stops.push(stopTracing);
  }
  await ensureWebBuild(log);
  const databaseUrl = await provideDatabase();
  const temporal = await provideTemporal();
  const applied = await migrateDatabase(databaseUrl);
  log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date');

  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporal.address,
    TEMPORAL_UI_URL: temporal.uiUrl,
    CONNECTOR_SECRET_KEY: await provideSecretKey(),
  });
  const logger = createLogger(config.logLevel);

  const worker = await startWorker(config, logger, { handleSignals: false });
  stops.unshift(() => worker.shutdown());
  const api = await startApiServer(config, logger);
  stops.unshift(() => api.close());

  // Only once everything runs, so a failed start never swallows the one-time token.
  const db = createDatabase(databaseUrl);
  const bootstrap = (await hasNoUsers(db)) ? await createAdminToken(db, BOOTSTRAP_EMAIL, 'bootstrap') : undefined;
  if (bootstrap) {
    await seedExampleWorkflows(db, { principal: bootstrapPrincipal(bootstrap, 'bootstrap') });
    log(`Seeded the example workflows as drafts in "${SAMPLE_PROJECT.name}"`);
  }
  // Development mode has no identity provider: the console is entered through a one-time link.
  const signInLink = config.oidc
    ? undefined
    : await createSignInLink(db, {
        email: BOOTSTRAP_EMAIL,
        publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
      }).catch(() => undefined);
  await db.$disconnect();

  log(`Console:       ${api.url}/`);
  log(`API:           ${api.url}/api`);
  log(`API explorer:  ${api.url}/api/docs`);
  log(`Temporal UI:   ${temporal.uiUrl ?? '(set TEMPORAL_UI_URL)'}`);
  if (bootstrap) {
    log(`Bootstrap admin token for ${bootstrap.email} (shown once, store it now):`);
    log(`  ${bootstrap.token}`);
    log(`  try: curl -H "Authorization: Bearer ${bootstrap.token}" ${api.url}/api/auth/me`);
  }
  if (signInLink) {
    log(`Sign in to the console as ${signInLink.email} (one-time link, valid 15 minutes):`);
    log(`  ${signInLink.url}`);
    log(
      `  another one: npm run admin -- sign-in-link --email ${signInLink.email} (in another terminal, with the same DATABASE_URL if npm start has one; docs/console.md)`,
    );
  }
  log('Press Ctrl-C to stop.');
}

async function stopAll(): Promise<void> {
  for (const stop of stops.splice(0)) {
    await stop().catch((error: unknown) => console.error(error));
  }
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // `on`, not `once`: a second signal (a supervisor that signals the whole process group, or a
  // second Ctrl-C) must not fall through to the default action and cut the clean stop short.
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log('Stopping...');
    void stopAll().then(() => process.exit(0));
  });
}

main().catch(async (error: unknown) => {
  console.error(`[flowgate] ${error instanceof Error ? error.message : String(error)}`);
  await stopAll();
  process.exit(1);
});
