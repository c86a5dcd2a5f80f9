import { chmod, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
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

/**
 * JSON calls to the API under `baseUrl` (which may end in a path) with a bearer token; anything
 * but 2xx fails the benchmark. It runs on the
 * same two cores as the service, so it is lean: node:http on kept-alive connections takes about
 * 0.5 ms of CPU per call where fetch (undici) took 1.3 to 2.5 ms, which the service's figures paid.
 */
export function apiCaller(baseUrl: string, token: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const { hostname, port, pathname } = new URL(baseUrl);
  const basePath = pathname.replace(/\/$/, '');
  return <T = { id: string }>(method: string, route: string, body?: unknown): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: http.OutgoingHttpHeaders = { authorization: `Bearer ${token}` };
      if (payload !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = Buffer.byteLength(payload);
      }
      const request = http.request({ hostname, port, path: basePath + route, method, agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          const status = response.statusCode ?? 0;
          if (status < 200 || status > 299) reject(new Error(`${method} ${route}: ${status} ${text}`));
          else resolve((text ? JSON.parse(text) : undefined) as T);
        });
      });
      request.on('error', reject);
      request.end(payload);
    });
}
