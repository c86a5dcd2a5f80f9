import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generateSecretKey } from '../../src/connectors/secret-box.js';
import { migrateDatabase } from '../../src/db/migrate.js';
import { ensureDatabase, startEmbeddedPostgres } from '../local/embedded-postgres.js';
import { freePort } from '../local/free-port.js';
import { startTemporalDevServer } from '../local/temporal-dev-server.js';

/** Creates and migrates a database of this name on the benchmark's PostgreSQL; answers its URL. */
export type BenchDatabase = (name: string) => Promise<string>;

/** A real PostgreSQL and Temporal dev server of a benchmark's own. */
export interface BenchStack {
  temporalAddress: string;
  database: BenchDatabase;
}

/** Runs `measure` against a fresh PostgreSQL in a temporary folder, removed afterwards whatever happens. */
export async function withBenchPostgres<T>(measure: (database: BenchDatabase) => Promise<T>): Promise<T> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'flowgate-bench-'));
  await chmod(root, 0o755);
  const postgres = await startEmbeddedPostgres({
    dataDir: path.join(root, 'pg'),
    port: await freePort(),
    persistent: false,
  });
  try {
    return await measure(async (name) => {
      await ensureDatabase(postgres.url('postgres'), name);
      const url = postgres.url(name);
      await migrateDatabase(url);
      return url;
    });
  } finally {
    await postgres.stop();
    await rm(root, { recursive: true, force: true });
  }
}

/** Runs `measure` against a fresh PostgreSQL and Temporal dev server, both stopped afterwards. */
export async function withBenchStack<T>(log: (line: string) => void, measure: (stack: BenchStack) => Promise<T>) {
  return withBenchPostgres(async (database) => {
    const temporal = await startTemporalDevServer({
      port: await freePort(),
      uiPort: await freePort(),
      namespace: 'default',
      log,
    });
    try {
      return await measure({ temporalAddress: temporal.address, database });
    } finally {
      await temporal.stop();
    }
  });
}

/** The environment of a service process of a benchmark: quiet, on a free local port. */
export async function benchEnvironment(
  stack: BenchStack,
  databaseUrl: string,
  extra: Record<string, string> = {},
): Promise<Record<string, string>> {
  return {
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: stack.temporalAddress,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    CONNECTOR_SECRET_KEY: generateSecretKey(),
    ...extra,
  };
}

/** JSON calls to the API with a bearer token; anything but 2xx fails the benchmark. */
export function apiCaller(baseUrl: string, token: string) {
  return async <T = { id: string }>(method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}
