import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrateDatabase } from '../../src/db/migrate.js';
import { ensureDatabase, startEmbeddedPostgres } from '../local/embedded-postgres.js';
import { freePort } from '../local/free-port.js';
import { startTemporalDevServer } from '../local/temporal-dev-server.js';

/** A real PostgreSQL and Temporal dev server of a benchmark's own, in a temporary folder. */
export interface BenchStack {
  temporalAddress: string;
  /** Creates and migrates a database of this name; answers its URL. */
  database(name: string): Promise<string>;
}

/** Runs `measure` against a fresh stack and removes the stack afterwards, whatever happens. */
export async function withBenchStack<T>(log: (line: string) => void, measure: (stack: BenchStack) => Promise<T>) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'flowgate-bench-'));
  await chmod(root, 0o755);
  const postgres = await startEmbeddedPostgres({
    dataDir: path.join(root, 'pg'),
    port: await freePort(),
    persistent: false,
  });
  try {
    const temporal = await startTemporalDevServer({
      port: await freePort(),
      uiPort: await freePort(),
      namespace: 'default',
      log,
    });
    try {
      return await measure({
        temporalAddress: temporal.address,
        async database(name) {
          await ensureDatabase(postgres.url('postgres'), name);
          const url = postgres.url(name);
          await migrateDatabase(url);
          return url;
        },
      });
    } finally {
      await temporal.stop();
    }
  } finally {
    await postgres.stop();
    await rm(root, { recursive: true, force: true });
  }
}
