import { Client, Connection, type ConnectionLike } from '@temporalio/client';
import proto from '@temporalio/proto';
import { activeTracing } from '../telemetry/active-tracing.js';
import { CUSTOM_SEARCH_ATTRIBUTES } from './search-attributes.js';

// A CommonJS module whose exports Node cannot name statically; take them off the default export.
const { grpc, temporal } = proto;

export interface TemporalClientHandle {
  connection: Connection;
  client: Client;
  /** Resolves when the frontend answers its health check. */
  checkHealth(): Promise<void>;
  close(): Promise<void>;
}

// gRPC status codes UNAVAILABLE (14) and DEADLINE_EXCEEDED (4): the server could not be reached
// or did not answer in time.
const UNAVAILABLE_GRPC_CODES = new Set([14, 4]);

/**
 * True when `error` says Temporal cannot be used right now (the frontend is unreachable or did
 * not answer in time), not that the call was wrong. Checked by name and code, which survive realms.
 */
export function isTemporalUnavailable(error: unknown): boolean {
  const { name, cause, code } = (error ?? {}) as { name?: unknown; cause?: { code?: unknown }; code?: unknown };
  if (name === 'ServiceError') return UNAVAILABLE_GRPC_CODES.has(cause?.code as number);
  return name === 'TransportError' || (typeof code === 'number' && UNAVAILABLE_GRPC_CODES.has(code));
}

/**
 * How long a Temporal call made while answering a request may take (the SDK's own retries
 * included), unless `TEMPORAL_CALL_DEADLINE_MS` says otherwise. When Temporal is down the caller
 * gets a 503 instead of the request hanging while the SDK retries; after a commit (a run's start)
 * it bounds the wait before the compensating write.
 */
const DEFAULT_TEMPORAL_CALL_DEADLINE_MS = 3_000;

// Prisma's own timeout of an interactive transaction, which a Temporal call inside one must not outlive.
const PRISMA_TRANSACTION_TIMEOUT_MS = 5_000;
// What a transaction that makes a Temporal call gets on top of the call's deadline, for its own statements.
const TRANSACTION_MARGIN_MS = 2_000;

// The deadline each connection was configured with, for every client on it. Kept beside the
// connection rather than threaded through every service context, which all carry a client already.
const callDeadlines = new WeakMap<object, number>();

function callDeadlineOf(client: Client): number {
  return callDeadlines.get(client.connection) ?? DEFAULT_TEMPORAL_CALL_DEADLINE_MS;
}

/** Runs `call` against Temporal under the request deadline of `client`. */
export function withTemporalDeadline<T>(client: Client, call: () => Promise<T>): Promise<T> {
  return client.withDeadline(Date.now() + callDeadlineOf(client), call);
}

/**
 * Options of a database transaction that makes a Temporal call under the request deadline: it
 * outlasts the call, so when Temporal is slow or down the call's 503 rolls the transaction back,
 * rather than the transaction expiring underneath the call.
 */
export function transactionAroundTemporalCall(client: Client): { timeout: number } {
  return { timeout: Math.max(PRISMA_TRANSACTION_TIMEOUT_MS, callDeadlineOf(client) + TRANSACTION_MARGIN_MS) };
}

/**
 * A client on `connection` whose calls made with `withTemporalDeadline` get `callDeadlineMs`: the
 * API's own connection, and the worker's, whose activities start runs and schedules too.
 */
export function clientWithCallDeadline(connection: ConnectionLike, namespace: string, callDeadlineMs: number): Client {
  // When tracing, starting or signalling a workflow carries the caller's trace into it.
  const client = new Client({ connection, namespace, interceptors: activeTracing()?.temporalClientInterceptors });
  callDeadlines.set(client.connection, callDeadlineMs);
  return client;
}

/** Connects the API side (client, not worker) to Temporal. */
export async function connectTemporalClient(
  address: string,
  namespace: string,
  callDeadlineMs = DEFAULT_TEMPORAL_CALL_DEADLINE_MS,
): Promise<TemporalClientHandle> {
  const connection = await Connection.connect({ address, connectTimeout: '10s' });
  const client = clientWithCallDeadline(connection, namespace, callDeadlineMs);
  // Health checks report the state right now, so they go through a connection without the
  // SDK's retry interceptor (whose retries would outlive the check, and even the connection).
  const healthConnection = Connection.lazy({ address, interceptors: [] });
  return {
    connection,
    client,
    async checkHealth() {
      const response = await healthConnection.withDeadline(Date.now() + 2000, () =>
        healthConnection.healthService.check({}),
      );
      if (response.status !== grpc.health.v1.HealthCheckResponse.ServingStatus.SERVING) {
        throw new Error('Temporal frontend is not serving');
      }
    },
    async close() {
      await Promise.all([connection.close(), healthConnection.close()]);
    },
  };
}

const INDEXED_VALUE_TYPES = {
  KEYWORD: temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD,
  TEXT: temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_TEXT,
  INT: temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_INT,
  DOUBLE: temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_DOUBLE,
  BOOL: temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_BOOL,
  DATETIME: temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_DATETIME,
  KEYWORD_LIST: temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD_LIST,
} as const;

/**
 * Registers the service's custom search attributes on a server that lacks them (a dev server
 * started by us already has them; an external cluster may not). Idempotent.
 */
export async function ensureSearchAttributes(
  connection: Pick<Connection, 'operatorService'>,
  namespace: string,
): Promise<string[]> {
  const existing = await connection.operatorService.listSearchAttributes({ namespace });
  const known = new Set(Object.keys(existing.customAttributes ?? {}));
  const missing = CUSTOM_SEARCH_ATTRIBUTES.filter((key) => !known.has(key.name));
  if (missing.length > 0) {
    await connection.operatorService.addSearchAttributes({
      namespace,
      searchAttributes: Object.fromEntries(missing.map((key) => [key.name, INDEXED_VALUE_TYPES[key.type]])),
    });
  }
  return missing.map((key) => key.name);
}
