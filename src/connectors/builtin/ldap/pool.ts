import type { Client } from 'ldapts';
import { closeQuietly } from './connection.js';
import { isConnectionFailure } from './result-codes.js';

/**
 * The connections commands in runs use: a few bound connections per connector kept open between
 * calls and closed after `idleMs` unused. Servers close idle connections too (OpenLDAP's
 * `idletimeout`, AD's MaxConnIdleTime): a connection found closed is dropped, and an operation
 * whose connection dies under it runs once more on a fresh one (every command is idempotent).
 */

export interface PoolOptions {
  /** Idle connections kept per connector. */
  maxIdle: number;
  idleMs: number;
}

interface IdleConnection {
  client: Client;
  timer: NodeJS.Timeout;
}

export class ConnectionPool {
  private readonly idle = new Map<string, IdleConnection[]>();

  constructor(private readonly options: PoolOptions) {}

  /** Runs `work` on a bound connection for `key`, opened with `open` when none is idle. */
  async use<T>(key: string, open: () => Promise<Client>, work: (client: Client) => Promise<T>): Promise<T> {
    const reused = this.take(key);
    const client = reused ?? (await open());
    try {
      const result = await work(client);
      this.release(key, client);
      return result;
    } catch (error) {
      if (!isConnectionFailure(error)) {
        this.release(key, client);
        throw error;
      }
      await closeQuietly(client);
      // A pooled connection may have been closed by the server while it waited: once more, fresh.
      if (!reused) throw error;
      const fresh = await open();
      try {
        const result = await work(fresh);
        this.release(key, fresh);
        return result;
      } catch (retryError) {
        if (isConnectionFailure(retryError)) await closeQuietly(fresh);
        else this.release(key, fresh);
        throw retryError;
      }
    }
  }

  /** Closes every idle connection (at shutdown, and in tests). */
  async close(): Promise<void> {
    const all = [...this.idle.values()].flat();
    this.idle.clear();
    await Promise.all(
      all.map(({ client, timer }) => {
        clearTimeout(timer);
        return closeQuietly(client);
      }),
    );
  }

  private take(key: string): Client | undefined {
    const list = this.idle.get(key) ?? [];
    while (list.length > 0) {
      const { client, timer } = list.pop()!;
      clearTimeout(timer);
      // ldapts reconnects a closed connection by itself but unbound: such a connection is useless here.
      if (client.isConnected) return client;
      void closeQuietly(client);
    }
    return undefined;
  }

  private release(key: string, client: Client): void {
    const list = this.idle.get(key) ?? [];
    if (!client.isConnected || list.length >= this.options.maxIdle) {
      void closeQuietly(client);
      return;
    }
    const entry: IdleConnection = {
      client,
      timer: setTimeout(() => {
        const current = this.idle.get(key) ?? [];
        const index = current.indexOf(entry);
        if (index >= 0) current.splice(index, 1);
        if (current.length === 0) this.idle.delete(key);
        void closeQuietly(client);
      }, this.options.idleMs),
    };
    entry.timer.unref();
    list.push(entry);
    this.idle.set(key, list);
  }
}
