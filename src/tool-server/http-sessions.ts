import { createHash } from 'node:crypto';

/**
 * What the stateless HTTP transport remembers of a caller between its POSTs, by its token
 * (hashed): the permissions read at its `initialize` (so tools/list and tools/call need not ask
 * the API each time) and the client's name from `initialize` (for the audit). Each POST is served
 * by a fresh server, which cannot otherwise know them. Entries expire, and the map is bounded:
 * a caller not remembered is asked about again.
 */

export interface CallerSession {
  permissions?: ReadonlySet<string>;
  clientName?: string;
  checkedAt: number;
}

/** How long permissions read from the API are trusted before they are read again. */
export const PERMISSIONS_TTL_MS = 60_000;
const MAX_CALLERS = 10_000;

export class CallerSessions {
  readonly #entries = new Map<string, CallerSession>();

  /** The caller's session, when its permissions are fresh enough to use. */
  fresh(token: string, now = Date.now()): CallerSession | undefined {
    const entry = this.#entries.get(keyOf(token));
    return entry && now - entry.checkedAt < PERMISSIONS_TTL_MS ? entry : undefined;
  }

  /** The client name the caller gave at its last initialize, however old. */
  clientName(token: string): string | undefined {
    return this.#entries.get(keyOf(token))?.clientName;
  }

  remember(token: string, session: CallerSession): void {
    const key = keyOf(token);
    this.#entries.delete(key);
    if (this.#entries.size >= MAX_CALLERS) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, session);
  }
}

const keyOf = (token: string) => createHash('sha256').update(token).digest('hex');
