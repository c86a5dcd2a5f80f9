import { Client, Connection } from '@temporalio/client';
import proto from '@temporalio/proto';
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
 * included). Inside a database transaction it stays well within Prisma's 5 s interactive-
 * transaction timeout, so when Temporal is down the caller gets a 503 and the transaction rolls
 * back, instead of the request hanging while the SDK retries and the transaction expiring
 * underneath it; after a commit (a run's start) it bounds the wait before the compensating write.
 */
export const TEMPORAL_CALL_DEADLINE_MS = 3_000;

/** Runs `call` against Temporal under the request deadline. */
export function withTemporalDeadline<T>(client: Client, call: () => Promise<T>): Promise<T> {
  return client.withDeadline(Date.now() + TEMPORAL_CALL_DEADLINE_MS, call);
}

/** Connects the API side (client, not worker) to Temporal. */
export async function connectTemporalClient(address: string, namespace: string): Promise<TemporalClientHandle> {
  const connection = await Connection.connect({ address, connectTimeout: '10s' });
  const client = new Client({ connection, namespace });
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
