import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createDatabase } from '../../src/db/client.js';
import { connectTemporalClient } from '../../src/temporal/client.js';
import { startEmbeddedPostgres } from '../../scripts/local/embedded-postgres.js';
import { freePort } from '../../scripts/local/free-port.js';
import { startTemporalDevServer } from '../../scripts/local/temporal-dev-server.js';
import { startTestApp, type TestApp, type TestResponse } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { pollUntil } from '../support/poll.js';

let database: TestDatabase;
let scratchDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  scratchDir = await mkdtemp(path.join(os.tmpdir(), 'flowgate-health-'));
  await chmod(scratchDir, 0o755); // reachable by the postgres user when tests run as root
});

afterAll(async () => {
  await database.drop();
  await rm(scratchDir, { recursive: true, force: true });
});

/**
 * The health report once `settled` accepts it, asked again for up to 15 s: each probe has a
 * 2-3 s limit of its own, which a busy machine can overrun once (a first connection, say).
 */
async function healthOnce(api: TestApp, settled: (response: TestResponse) => boolean): Promise<TestResponse> {
  return pollUntil(() => api.request('GET', '/api/health'), settled, { timeoutMs: 15_000 });
}

const bothUp = (response: TestResponse) => response.status === 200;

describe('GET /api/health reports PostgreSQL and Temporal without authentication', () => {
  it('is 200 when both answer', async () => {
    const api = await startTestApp({ db: database.db });
    try {
      const response = await healthOnce(api, bothUp);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'ok', database: { status: 'up' }, temporal: { status: 'up' } });
    } finally {
      await api.close();
    }
  });

  it('turns 503 when PostgreSQL is stopped', async () => {
    const postgres = await startEmbeddedPostgres({
      dataDir: path.join(scratchDir, 'pg'),
      port: await freePort(),
      persistent: false,
    });
    const db = createDatabase(postgres.url('postgres'));
    const api = await startTestApp({ db });
    try {
      expect((await healthOnce(api, bothUp)).status).toBe(200);
      await postgres.stop();
      const response = await healthOnce(api, (answer) => answer.body?.temporal?.status === 'up');
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        status: 'unavailable',
        database: { status: 'down', error: expect.any(String) },
        temporal: { status: 'up' },
      });
    } finally {
      await api.close();
      await db.$disconnect();
      await postgres.stop();
    }
  });

  it('turns 503 when Temporal is stopped', async () => {
    const temporal = await startTemporalDevServer({
      port: await freePort(),
      uiPort: await freePort(),
      namespace: 'default',
      log: () => undefined,
    });
    const client = await connectTemporalClient(temporal.address, 'default');
    const api = await startTestApp({ db: database.db, health: { temporal: () => client.checkHealth() } });
    try {
      expect((await healthOnce(api, bothUp)).status).toBe(200);
      await temporal.stop();
      const response = await api.request('GET', '/api/health');
      expect(response.status).toBe(503);
      expect(response.body.database).toEqual({ status: 'up' });
      expect(response.body.temporal.status).toBe('down');
    } finally {
      await api.close();
      await client.close();
      await temporal.stop();
    }
  });
});
