import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { DefaultLogger, bundleWorkflowCode } from '@temporalio/worker';
import { workflowBundleOptions } from '../../workers/workflow-code.js';
import os from 'node:os';
import path from 'node:path';
import { migrateDatabase } from '../../src/db/migrate.js';
import { ensureDatabase, startEmbeddedPostgres } from '../../scripts/local/embedded-postgres.js';
import { freePort } from '../../scripts/local/free-port.js';
import { startTemporalDevServer } from '../../scripts/local/temporal-dev-server.js';
import { ensureWebBuild } from '../../scripts/local/web-build.js';
import { STACK_ENV } from './stack.js';

const TEMPLATE_DATABASE = 'flowgate_template';
const log = (line: string) => process.stdout.write(`[test stack] ${line}\n`);
const quietLogger = new DefaultLogger('WARN');

/**
 * Starts the real components once per run: a throw-away embedded PostgreSQL (never the dev
 * data; DATABASE_URL is ignored so tests cannot touch a real database) holding a migrated
 * template database that each test file copies, and a Temporal dev server in memory unless
 * TEMPORAL_ADDRESS names one. The console is built first when dist/web is missing or
 * outdated (a fresh clone has none), so the API serves it to the browser tests.
 */
export async function startStack(): Promise<void> {
  const started = Date.now();
  await ensureWebBuild(log);
  const root = await mkdtemp(path.join(os.tmpdir(), 'flowgate-test-'));
  await chmod(root, 0o755);
  const postgres = await startEmbeddedPostgres({
    dataDir: path.join(root, 'pg'),
    port: await freePort(),
    persistent: false,
    log,
  });
  const stops: Array<() => Promise<void>> = [() => postgres.stop()];
  (globalThis as { flowgateTestStops?: typeof stops }).flowgateTestStops = stops;

  await ensureDatabase(postgres.url('postgres'), TEMPLATE_DATABASE);
  await migrateDatabase(postgres.url(TEMPLATE_DATABASE));

  let temporalAddress = process.env.TEMPORAL_ADDRESS;
  if (!temporalAddress) {
    const temporal = await startTemporalDevServer({
      port: await freePort(),
      uiPort: await freePort(),
      namespace: 'default',
      log,
    });
    stops.unshift(() => temporal.stop());
    temporalAddress = temporal.address;
  }

  // One workflow bundle for the whole suite; each test file's worker loads it instead of bundling.
  const { code } = await bundleWorkflowCode({ ...workflowBundleOptions(), logger: quietLogger });
  const bundlePath = path.join(root, 'workflow-bundle.js');
  await writeFile(bundlePath, code);
  process.env[STACK_ENV.workflowBundle] = bundlePath;

  process.env[STACK_ENV.postgresAdminUrl] = postgres.url('postgres');
  process.env[STACK_ENV.templateDatabase] = TEMPLATE_DATABASE;
  process.env[STACK_ENV.temporalAddress] = temporalAddress;
  log(`PostgreSQL on port ${postgres.port}, Temporal at ${temporalAddress}; ready in ${Date.now() - started} ms`);
}
