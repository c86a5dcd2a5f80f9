import type http from 'node:http';
import { createHttpServer } from '../../src/api/http-server.js';
import { afterAll, beforeAll } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { createApp, type App } from '../../src/api/app.js';
import type { HealthProbes } from '../../src/api/routes/health.js';
import type { AccessTokenVerifier } from '../../src/auth/oidc-access-token.js';
import { loadConfig, type Config } from '../../src/config/index.js';
import type { Database } from '../../src/db/client.js';
import { createLogger } from '../../src/logging/logger.js';
import { connectTemporalClient, type TemporalClientHandle } from '../../src/temporal/client.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { stackValue } from './stack.js';
import { createConnectorRuntime, type ConnectorRuntime } from '../../src/connectors/runtime.js';
import { registerSimulatedConnectors } from '../../src/services/connectors/manage-connectors.js';

/** A fixed connector secret key for tests (never used anywhere else). */
export const TEST_SECRET_KEY = Buffer.alloc(32, 7).toString('base64');

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  body: any;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as is, instead of JSON-encoding `body`. */
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: App;
  config: Readonly<Config>;
  connectors: ConnectorRuntime;
  baseUrl: string;
  /** Every line the app logged, parsed. */
  logs: Array<Record<string, unknown>>;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  db: Database;
  /** The environment; a function gets the app's base URL first (for PUBLIC_URL and provider registrations). */
  env?: Record<string, string> | ((baseUrl: string) => Promise<Record<string, string>> | Record<string, string>);
  health?: Partial<HealthProbes>;
  accessTokenVerifier?: AccessTokenVerifier;
  /** The built console to serve at `/` (default: the project's dist/web). */
  webRoot?: string;
  /** A Temporal server of the test's own (one it may stop) instead of the suite's. */
  temporalAddress?: string;
}

// The suite shares one Temporal dev server and two cores among many test files, and a Temporal
// call of a request (a schedule's describe, say) has taken over the default 3 s there. Tests of
// the deadline itself set their own.
export const SUITE_TEMPORAL_CALL_DEADLINE_MS = 15_000;
// Likewise a write's credential check, a query that waits for a connection of a busy pool.
const SUITE_WRITE_START_TIMEOUT_MS = 15_000;

/** A client of the suite's Temporal server with the suite's request deadline, as the test apps have. */
export function connectSuiteTemporal(): Promise<TemporalClientHandle> {
  return connectTemporalClient(stackValue('temporalAddress'), 'default', SUITE_TEMPORAL_CALL_DEADLINE_MS);
}

// pino's level number of `error`: a request that failed on the server's side.
const ERROR_LEVEL = 50;

/**
 * Writes a failed request's error to stderr as it happens, so a test that fails on an unexpected
 * 5xx (say, under the load of the whole suite) shows why in the output, not only its status.
 */
function reportServerError(entry: Record<string, unknown>) {
  if (typeof entry.level !== 'number' || entry.level < ERROR_LEVEL) return;
  const error = entry.err as { type?: string; code?: string; message?: string } | undefined;
  const where = [entry.method, entry.path].filter(Boolean).join(' ');
  const what = [error?.type, error?.code, error?.message].filter(Boolean).join(' ');
  process.stderr.write(`[app ${entry.msg}] ${where}: ${what}\n`);
}

/** The real app on a real listening socket, as clients see it. */
export async function startTestApp(options: TestAppOptions): Promise<TestApp> {
  const logs: Array<Record<string, unknown>> = [];
  const logger = createLogger('info', {
    write: (line: string) => {
      const entry = JSON.parse(line) as Record<string, unknown>;
      logs.push(entry);
      reportServerError(entry);
    },
  });
  // Listen first, so the environment may depend on the URL; the app answers once it exists.
  let handle: http.RequestListener | undefined;
  const server = createHttpServer((request, response) => handle!(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const env = typeof options.env === 'function' ? await options.env(baseUrl) : options.env;
  const config = loadConfig({
    LOG_LEVEL: 'info',
    CONNECTOR_SECRET_KEY: TEST_SECRET_KEY,
    TEMPORAL_CALL_DEADLINE_MS: String(SUITE_TEMPORAL_CALL_DEADLINE_MS),
    API_WRITE_START_TIMEOUT_MS: String(SUITE_WRITE_START_TIMEOUT_MS),
    ...env,
  });
  const connectors = await createConnectorRuntime(config);
  const temporal = await connectTemporalClient(
    options.temporalAddress ?? stackValue('temporalAddress'),
    'default',
    config.temporal.callDeadlineMs,
  );
  const app = createApp({
    config,
    db: options.db,
    logger,
    connectors,
    temporal: temporal.client,
    accessTokenVerifier: options.accessTokenVerifier,
    webRoot: options.webRoot,
    checkResponses: true,
    health: {
      database: options.health?.database ?? (async () => void (await options.db.$queryRaw`SELECT 1`)),
      temporal: options.health?.temporal ?? (() => temporal.checkHealth()),
    },
  });
  handle = app.koa.callback();

  return {
    app,
    config,
    connectors,
    baseUrl,
    logs,
    async request(method, path, request = {}) {
      const headers: Record<string, string> = { ...request.headers };
      if (request.token) headers.authorization = `Bearer ${request.token}`;
      let body: string | Uint8Array | undefined = request.rawBody;
      if (request.body !== undefined) {
        body = JSON.stringify(request.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      return { status: response.status, headers: response.headers, text, body: parsed };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await temporal.close();
    },
  };
}

export interface AppUnderTest {
  readonly api: TestApp;
  readonly database: TestDatabase;
}

/**
 * The usual setup of an API test file: its own database and the app on it, created before the
 * file's tests and removed after them. Read `api` and `database` inside tests, not at load time.
 */
export function useTestApp(
  options: Omit<TestAppOptions, 'db'> & {
    /** Runs before the app closes and its database is dropped (workers stop here). */
    beforeTeardown?: () => Promise<void>;
  } = {},
): AppUnderTest {
  let api: TestApp | undefined;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    api = await startTestApp({ ...options, db: database.db });
    await registerSimulatedConnectors(database.db, api.connectors);
  });
  afterAll(async () => {
    await options.beforeTeardown?.();
    await api?.close();
    await database?.drop();
  });
  return {
    get api() {
      if (!api) throw new Error('useTestApp: the app is only available inside tests');
      return api;
    },
    get database() {
      if (!database) throw new Error('useTestApp: the database is only available inside tests');
      return database;
    },
  };
}
