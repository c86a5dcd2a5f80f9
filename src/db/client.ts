import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { Prisma, PrismaClient } from './generated/client.js';

export type Database = PrismaClient;
/** A client inside `$transaction`, or the root client: what repository functions accept. */
export type DatabaseClient = PrismaClient | Prisma.TransactionClient;

export interface PoolOptions {
  /** Connections this process holds at most (pg's default: 10). */
  size?: number;
  /**
   * How long a query waits for a connection, from the pool or a new one, before it fails as
   * "database unavailable" (503) instead of piling up behind an exhausted pool or a dead server.
   */
  connectTimeoutMs?: number;
  /**
   * How long a query waits for its answer. A network that drops packets (no error, no answer)
   * otherwise holds the query, its request and its connection until TCP gives up, minutes later;
   * past this the query fails as "database unavailable" (503) and the connection is discarded.
   */
  queryTimeoutMs?: number;
}

export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_QUERY_TIMEOUT_MS = 10_000;

export function createDatabase(databaseUrl: string, pool: PoolOptions = {}): Database {
  const connectTimeoutMs = pool.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const connections = new pg.Pool({
    connectionString: databaseUrl,
    max: pool.size ?? DEFAULT_POOL_SIZE,
    connectionTimeoutMillis: connectTimeoutMs,
    query_timeout: pool.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS,
    onConnect: (client) => setSessionToUtc(client, connectTimeoutMs),
  });
  const db = new PrismaClient({ adapter: new PrismaPg(connections, { disposeExternalPool: true }) });
  pools.set(db, connections);
  return db;
}

const pools = new WeakMap<Database, pg.Pool>();

/** The connections of a client `createDatabase` made, as the metrics report them; undefined for another. */
export function poolUse(db: Database): { total: number; idle: number; waiting: number } | undefined {
  const pool = pools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/** A query with its own answer deadline, which pg reads and @types/pg does not declare. */
type TimedQuery = pg.QueryConfig & { query_timeout: number };

/**
 * Puts a new connection's session in UTC; the pool hands the connection out only afterwards, and
 * closes it when this fails (its query fails then). Why: the pg adapter sends timestamps without
 * an offset, which PostgreSQL reads in the session's time zone, and reads `timestamptz` values
 * back as UTC whatever their offset. On a server whose `timezone` is not UTC every timestamp
 * Prisma wrote would be off by the offset, so would `now()` as Prisma reads it, and so would SQL
 * comparisons of the two (the expiry of a web sign-in attempt). A session `SET`, not a startup
 * option: PgBouncer in transaction mode refuses `options`, and keeps `TimeZone` per client itself.
 * The pool stops timing a connection once its socket is open, so the SET gets the connect
 * timeout of its own: a server that accepts connections and then stalls is unavailable as soon.
 */
async function setSessionToUtc(client: pg.ClientBase, timeoutMs: number): Promise<void> {
  const query: TimedQuery = { text: "SET TIME ZONE 'UTC'", query_timeout: timeoutMs };
  await client.query(query);
}

/**
 * True when `error` is a unique-constraint violation: Prisma's P2002, or a raw statement's
 * (P2010, which carries the pg adapter's kind of error).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  return error.code === 'P2002' || driverErrorCause(error)?.kind === 'UniqueConstraintViolation';
}

/**
 * Whether a write failed on a foreign key: a row it refers to, or one that refers to it, was
 * deleted or added by a write that committed meanwhile (P2003, or P2010 from a raw statement).
 */
export function isForeignKeyViolation(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  return error.code === 'P2003' || driverErrorCause(error)?.kind === 'ForeignKeyConstraintViolation';
}

/**
 * Whether a statement was cancelled by PostgreSQL (SQLSTATE 57014): its `statement_timeout`
 * expired, or someone cancelled it.
 */
export function isStatementCancelled(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  const cause = driverErrorCause(error);
  return cause?.kind === 'postgres' && cause.code === '57014';
}

/**
 * Makes the statements left in transaction `tx` wait at most `timeoutMs` for a lock, after which
 * they fail with `isLockUnavailable`: for transactions with their own time budget to keep.
 */
export async function limitLockWait(tx: DatabaseClient, timeoutMs: number): Promise<void> {
  await tx.$queryRaw`SELECT set_config('lock_timeout', ${String(timeoutMs)}, true)`;
}

/** Whether a statement gave up waiting for a lock (SQLSTATE 55P03, after `limitLockWait`). */
export function isLockUnavailable(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  const cause = driverErrorCause(error);
  return cause?.kind === 'postgres' && cause.code === '55P03';
}

/**
 * Whether an interactive transaction outlived its timeout (Prisma's P2028): Prisma rolled it back,
 * so nothing it wrote was kept.
 */
export function isTransactionExpired(error: unknown): boolean {
  // P2028 covers other transaction troubles too (one that could not start in time, say).
  return (
    error instanceof Prisma.PrismaClientKnownRequestError &&
    error.code === 'P2028' &&
    error.message.includes('expired transaction')
  );
}

/** The SQLSTATE of an error PostgreSQL raised for a statement Prisma ran, if it was one. */
export function sqlStateOf(error: unknown): string | undefined {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return undefined;
  const cause = driverErrorCause(error);
  return cause?.kind === 'postgres' && typeof cause.code === 'string' ? cause.code : undefined;
}

/** What the pg adapter said went wrong, kept by Prisma on the errors of queries it ran. */
function driverErrorCause(error: Prisma.PrismaClientKnownRequestError) {
  return (error.meta?.driverAdapterError as { cause?: { kind?: unknown; code?: unknown } } | undefined)?.cause;
}

// Prisma's codes for an unreachable server, a timeout and a closed connection or pool; the pg
// adapter's kinds for the same; SQLSTATE classes 08 (connection) and 57P (server shutting down).
const UNAVAILABLE_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
const UNAVAILABLE_DRIVER_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
  'TlsConnectionError',
]);

// What the pg driver throws unwrapped when a connection dies under a query (a server killed or
// restarted) or cannot be had in time, and the socket errors of an unreachable server.
const DRIVER_CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout)/;
const SOCKET_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/** True when `error` says the database cannot be used right now (not that the query was wrong). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientInitializationError) return true;
  if (error instanceof Error && !(error instanceof Prisma.PrismaClientKnownRequestError)) {
    const { code } = error as { code?: unknown };
    return DRIVER_CONNECTION_MESSAGES.test(error.message) || (typeof code === 'string' && SOCKET_ERROR_CODES.has(code));
  }
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (UNAVAILABLE_CODES.has(error.code)) return true;
  const cause = driverErrorCause(error);
  if (typeof cause?.kind === 'string' && UNAVAILABLE_DRIVER_KINDS.has(cause.kind)) return true;
  return cause?.kind === 'postgres' && typeof cause.code === 'string' && /^(08|57P)/.test(cause.code);
}

export { Prisma };

/**
 * A value for a JSON column. Callers pass data that came from parsed JSON (validated request
 * bodies), which is JSON by construction; zod's inferred types just do not say so.
 */
export function jsonColumn(value: unknown): Prisma.InputJsonValue {
  return value as Prisma.InputJsonValue;
}
