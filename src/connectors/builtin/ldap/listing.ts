import { createHash, randomUUID } from 'node:crypto';
import { FilterParser, type Client, type Entry, type SearchResult } from 'ldapts';
import { z } from 'zod';
import { ConnectorError } from '../../connector-error.js';
import type { ConnectorResult } from '../../handler.js';
import { listCommandParameters } from '../../list-command-parameters.js';
import { closeQuietly } from './connection.js';
import { DnResolver } from './dn-resolver.js';
import { bufferAttributes } from './entries.js';
import { dnKey, escapeFilterValue } from './escape.js';
import { recordAttributes, toRecords, type RecordKind } from './records.js';
import { isConnectionFailure } from './result-codes.js';
import type { LdapSettings } from './settings.js';

/**
 * Paging a sync pass through the directory with the Simple Paged Results control (RFC 2696).
 *
 * The server's paging cookie belongs to the connection it was issued on, so a pass keeps one
 * bound connection (a session) in this process from its first page to its last. The session reads
 * ahead in the background, about one service page of entries (READ_AHEAD), so the directory
 * sends the next entries while the service converts and stores the ones given; what the reading
 * ahead meets (a dropped connection, a result code) is thrown by the next call. The `cursor` a
 * page answers holds the session's id, how many entries the pass has been given, the DN of the
 * last one and a hash of the query. When the session is gone (another worker continues the pass,
 * the worker restarted, the server closed the connection or forgot the cookie), the next call
 * opens a new connection, runs the same search again and skips the entries already given,
 * checking that the last one skipped is the DN the cursor names; if the order changed meanwhile,
 * it gives the whole result again rather than risk losing an entry (records are upserted, so
 * nothing is duplicated).
 */

/** The contract's list parameters, with the filters an LDAP directory offers. */
export const listParameters = listCommandParameters.extend({
  filter: z
    .object({
      ldap: z
        .string()
        .min(1)
        .refine(isValidFilter, 'must be an RFC 4515 filter such as (department=Sales)')
        .optional()
        .describe('An LDAP filter ANDed with the connector’s user or group filter'),
      search: z.string().min(1).optional().describe('Matches names and email addresses containing this text'),
    })
    .strict()
    .optional(),
});
export type ListParameters = z.output<typeof listParameters>;

const cursorSchema = z
  .object({ s: z.string(), q: z.string(), n: z.number().int().min(0), d: z.string().nullable() })
  .strict();
type Cursor = z.output<typeof cursorSchema>;

/** Unused sessions are closed after this long (a pass that stopped for good, say). */
const SESSION_IDLE_MS = 5 * 60_000;

/**
 * Entries a session reads ahead of what it was asked for: one page of the sync service
 * (SYNC_PAGE_SIZE), so the next page is on its way while one is stored, and memory stays bounded
 * whatever the size of the directory.
 */
export const READ_AHEAD = 5000;

/** How long closing a session waits for the page read in flight to give up (it does once the socket closes). */
const CLOSE_WAIT_MS = 2000;

interface Session {
  id: string;
  query: string;
  client: Client;
  pages: AsyncGenerator<SearchResult>;
  /** The page being read in the background; it never rejects (a failure goes to `failure`). */
  reading?: Promise<void>;
  /** What the reading ahead failed with: thrown by the next `take`. */
  failure?: { error: unknown };
  /** Entries read but not yet given. */
  buffer: Entry[];
  /** How many entries to hold before reading stops: `minimumReadAhead`, or more for a larger call. */
  readAhead: number;
  /** The read-ahead of the sessions (READ_AHEAD unless the handler was made with another). */
  minimumReadAhead: number;
  exhausted: boolean;
  /** Ended: nothing more is read, the client is closed. */
  closed: boolean;
  delivered: number;
  lastDn: string | null;
  resolver: DnResolver;
  busy: boolean;
  timer?: NodeJS.Timeout;
}

export interface ListingQuery {
  kind: RecordKind;
  base: string;
  filter: string;
  attributes: string[];
}

/** The search a list call runs: the flavour's filter, the caller's filter and modifiedSince, ANDed. */
export function listingQuery(settings: LdapSettings, kind: RecordKind, parameters: ListParameters): ListingQuery {
  const a = settings.attributes;
  const clauses = [kind === 'user' ? a.userFilter : a.groupFilter].map(parenthesised);
  if (parameters.filter?.ldap) clauses.push(parenthesised(parameters.filter.ldap));
  if (parameters.filter?.search) {
    const text = escapeFilterValue(parameters.filter.search);
    const names =
      kind === 'user'
        ? [a.usernameAttribute, a.displayNameAttribute, 'cn', a.emailAttribute]
        : ['cn', a.displayNameAttribute];
    clauses.push(`(|${[...new Set(names)].map((name) => `(${name}=*${text}*)`).join('')})`);
  }
  if (parameters.modifiedSince)
    clauses.push(`(${a.modifiedAttribute}>=${generalizedTime(parameters.modifiedSince, a.timestampFraction)})`);
  return {
    kind,
    base: kind === 'user' ? settings.userBase : settings.groupBase,
    filter: clauses.length === 1 ? clauses[0]! : `(&${clauses.join('')})`,
    attributes: recordAttributes(settings, kind),
  };
}

/** An ISO time as LDAP GeneralizedTime in UTC: `20260102030405Z` (`.0Z` where AD writes a fraction). */
export function generalizedTime(iso: string, fraction: boolean): string {
  const text = new Date(iso).toISOString();
  const digits = text.slice(0, 19).replace(/[-T:]/g, '');
  return `${digits}${fraction ? '.0' : ''}Z`;
}

export class ListingSessions {
  private readonly sessions = new Map<string, Session>();

  /** `readAhead`: entries a session holds before it stops reading (tests make it small). */
  constructor(private readonly readAhead = READ_AHEAD) {}

  /** One page of records for `parameters` (`pageSize` entries at most), and the cursor after it. */
  async page(
    settings: LdapSettings,
    open: () => Promise<Client>,
    kind: RecordKind,
    parameters: ListParameters,
  ): Promise<ConnectorResult> {
    const query = listingQuery(settings, kind, parameters);
    const queryHash = createHash('sha256')
      .update(JSON.stringify([query, settings.pageSize, settings.attributes.idAttribute]))
      .digest('base64url')
      .slice(0, 22);
    const cursor = decodeCursor(parameters.cursor);
    if (cursor && cursor.q !== queryHash)
      throw new ConnectorError(
        'invalid_parameters',
        'cursor belongs to another query (filter, modifiedSince or settings changed)',
      );

    let session = cursor ? this.sessions.get(cursor.s) : undefined;
    if (session && (session.busy || session.query !== queryHash || session.delivered !== cursor!.n))
      session = undefined;
    let entries: Entry[];
    if (session) {
      this.hold(session);
      try {
        entries = await take(session, parameters.pageSize);
      } catch (error) {
        await this.end(session);
        if (!isConnectionFailure(error)) throw error;
        // The server dropped the pass's connection (restarted, idle timeout): resume on a new one.
        session = await this.start(settings, open, query, queryHash, cursor);
        entries = await this.taking(session, parameters.pageSize);
      }
    } else {
      session = await this.start(settings, open, query, queryHash, cursor);
      entries = await this.taking(session, parameters.pageSize);
    }

    try {
      const resources = await toRecords(entries, kind, settings, session.resolver, session.client);
      session.delivered += entries.length;
      if (entries.length > 0) session.lastDn = entries.at(-1)!.dn;
      const last = session.buffer.length === 0 && (await finished(session));
      if (last) {
        await this.end(session);
        return { success: true, payload: { resources } };
      }
      const next: Cursor = { s: session.id, q: queryHash, n: session.delivered, d: session.lastDn };
      this.idle(session);
      return { success: true, payload: { resources, nextCursor: encodeCursor(next) } };
    } catch (error) {
      await this.end(session);
      throw error;
    }
  }

  /** Closes every open session (at shutdown, and in tests), each once its reading ahead has stopped. */
  async close(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((session) => this.end(session)));
  }

  private async start(
    settings: LdapSettings,
    open: () => Promise<Client>,
    query: ListingQuery,
    queryHash: string,
    cursor: Cursor | undefined,
  ): Promise<Session> {
    const client = await open();
    const session: Session = {
      id: randomUUID(),
      query: queryHash,
      client,
      pages: search(client, settings, query),
      buffer: [],
      readAhead: this.readAhead,
      minimumReadAhead: this.readAhead,
      exhausted: false,
      closed: false,
      delivered: 0,
      lastDn: null,
      resolver: new DnResolver(settings),
      busy: true,
    };
    this.sessions.set(session.id, session);
    try {
      if (cursor && cursor.n > 0 && !(await skipDelivered(session, cursor))) {
        // The directory changed under the pass: give everything again, losing nothing.
        await this.end(session);
        const again = await this.start(settings, open, query, queryHash, undefined);
        again.delivered = cursor.n;
        return again;
      }
    } catch (error) {
      await this.end(session);
      throw error;
    }
    return session;
  }

  /** `take`, ending the session when it fails. */
  private async taking(session: Session, count: number): Promise<Entry[]> {
    try {
      return await take(session, count);
    } catch (error) {
      await this.end(session);
      throw error;
    }
  }

  private hold(session: Session): void {
    session.busy = true;
    clearTimeout(session.timer);
  }

  private idle(session: Session): void {
    session.busy = false;
    session.timer = setTimeout(() => void this.end(session), SESSION_IDLE_MS);
    session.timer.unref();
  }

  /**
   * Stops the session's reading ahead and closes its connection. The page read in flight is a
   * request on that connection, which ldapts rejects once the socket closes; both are waited for
   * at most CLOSE_WAIT_MS, so a server that stopped answering cannot hold up the call.
   */
  private async end(session: Session): Promise<void> {
    clearTimeout(session.timer);
    this.sessions.delete(session.id);
    if (session.closed) return;
    session.closed = true;
    session.buffer = [];
    const closing = closeQuietly(session.client).then(() => session.reading);
    await settledWithin(closing, CLOSE_WAIT_MS);
  }
}

/** Waits for `promise` (which never rejects) at most `ms`. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

function search(client: Client, settings: LdapSettings, query: ListingQuery): AsyncGenerator<SearchResult> {
  return client.searchPaginated(query.base, {
    scope: 'sub',
    filter: query.filter,
    attributes: query.attributes,
    explicitBufferAttributes: bufferAttributes(settings),
    paged: { pageSize: settings.pageSize },
  });
}

/**
 * Up to `count` entries: what is buffered, then pages as the reading ahead brings them. Throws
 * what the reading ahead failed with; the entries it read before are read again by whoever
 * resumes the pass from its cursor.
 */
async function take(session: Session, count: number): Promise<Entry[]> {
  session.readAhead = Math.max(session.minimumReadAhead, count);
  while (session.buffer.length < count && !session.exhausted) {
    if (session.failure) throw session.failure.error;
    // Closed under a call (the handler shutting down): nothing more will be read.
    if (session.closed)
      throw new ConnectorError('unavailable', 'The listing was stopped: the worker is shutting down', {
        retryable: true,
      });
    readAhead(session);
    await session.reading;
  }
  if (session.failure) throw session.failure.error;
  const entries = session.buffer.splice(0, count);
  readAhead(session);
  return entries;
}

/**
 * Reads the next page in the background unless one is on its way, the session holds enough
 * entries, the search is over, failed or the session ended. Each page read starts the next.
 */
function readAhead(session: Session): void {
  if (session.reading || session.closed || session.exhausted || session.failure) return;
  if (session.buffer.length >= session.readAhead) return;
  session.reading = session.pages.next().then(
    (result) => {
      session.reading = undefined;
      if (session.closed) return;
      if (result.done) session.exhausted = true;
      else for (const entry of result.value.searchEntries) session.buffer.push(entry);
      readAhead(session);
    },
    (error: unknown) => {
      session.reading = undefined;
      if (!session.closed) session.failure = { error };
    },
  );
}

/**
 * Whether the search has no page left. After its last page the generator ends without asking the
 * server, so a page read that is `done` one turn of the event loop later means the end; one still
 * pending is a request on the wire, so there is more.
 */
async function finished(session: Session): Promise<boolean> {
  if (session.exhausted) return true;
  if (!session.reading) return false;
  await new Promise((resolve) => setImmediate(resolve));
  return session.exhausted;
}

/**
 * Skips the entries the cursor says were given, page by page without keeping them; true when the
 * last one skipped is the DN the cursor names, false when the directory changed under the pass.
 */
async function skipDelivered(session: Session, cursor: Cursor): Promise<boolean> {
  let skipped = 0;
  let last: Entry | undefined;
  while (skipped < cursor.n) {
    const entries = await take(session, Math.min(cursor.n - skipped, 5000));
    if (entries.length === 0) return false;
    skipped += entries.length;
    last = entries.at(-1);
  }
  if (!last || cursor.d === null || dnKey(last.dn) !== dnKey(cursor.d)) return false;
  session.delivered = cursor.n;
  session.lastDn = last.dn;
  return true;
}

function parenthesised(filter: string): string {
  const trimmed = filter.trim();
  return trimmed.startsWith('(') ? trimmed : `(${trimmed})`;
}

function isValidFilter(filter: string): boolean {
  try {
    FilterParser.parseString(parenthesised(filter));
    return true;
  } catch {
    return false;
  }
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(cursor: string | undefined): Cursor | undefined {
  if (cursor === undefined) return undefined;
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // Falls through to the failure below.
  }
  throw new ConnectorError('invalid_parameters', 'cursor is not one this connector returned');
}
