import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from '@jest/globals';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../scripts/local/embedded-postgres.js';
import { freePort } from '../../scripts/local/free-port.js';

// `npm start` again on the same LOCAL_DATA_DIR, outside the project: as root, the data folder is
// the postgres user's (mode 700) from the first start on, and the second start must still run.

const root = mkdtemp(path.join(os.tmpdir(), 'flowgate-pg-restart-'));

afterAll(async () => rm(await root, { recursive: true, force: true }));

async function startAndQuery(dataDir: string): Promise<number> {
  const postgres = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: true });
  const client = new pg.Client({ connectionString: postgres.url('postgres') });
  try {
    await client.connect();
    const { rows } = await client.query<{ answer: number }>('SELECT 41 + 1 AS answer');
    return rows[0]!.answer;
  } finally {
    await client.end().catch(() => undefined);
    await postgres.stop();
  }
}

it('starts again on a data folder an earlier start initialised', async () => {
  const folder = await root;
  await chmod(folder, 0o755);
  const dataDir = path.join(folder, 'postgres');
  expect(await startAndQuery(dataDir)).toBe(42);
  expect(await startAndQuery(dataDir)).toBe(42);
}, 60_000);
