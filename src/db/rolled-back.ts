import { Prisma, type Database } from './client.js';

/**
 * Work run for its answer only: whatever it writes is undone. For previews that run the real
 * statements of a change to say what the change would do.
 */

const ROLLBACK = Symbol('rollback');

/**
 * Runs `work` in a transaction that is always rolled back, and answers what `work` answered.
 * `work` gets the transaction as a client whose own `$transaction` calls run in savepoints of it
 * (`withSavepoints`), so code written for the root client runs unchanged inside.
 */
export async function rolledBack<T>(
  db: Database,
  work: (tx: Database) => Promise<T>,
  options: { timeoutMs?: number } = {},
): Promise<T> {
  let result: { value: T } | undefined;
  try {
    await db.$transaction(
      async (tx) => {
        result = { value: await work(withSavepoints(tx)) };
        throw ROLLBACK;
      },
      { timeout: options.timeoutMs ?? 5_000, maxWait: 5_000 },
    );
  } catch (error) {
    if (error !== ROLLBACK || !result) throw error;
  }
  return result!.value;
}

/**
 * `tx` as a root client whose `$transaction(work)` runs `work` in a savepoint: each inner
 * transaction is still undone alone when it fails (a user the step could not create, say), as it
 * would be on its own, and a failed statement does not abort the outer transaction.
 */
export function withSavepoints(tx: Prisma.TransactionClient): Database {
  let savepoints = 0;
  async function nested(work: unknown): Promise<unknown> {
    if (typeof work !== 'function') throw new Error('Only interactive transactions run inside a rolled-back one');
    const name = Prisma.raw(`rolled_back_${(savepoints += 1)}`);
    await tx.$executeRaw`SAVEPOINT ${name}`;
    try {
      const value: unknown = await work(client);
      await tx.$executeRaw`RELEASE SAVEPOINT ${name}`;
      return value;
    } catch (error) {
      await tx.$executeRaw`ROLLBACK TO SAVEPOINT ${name}`;
      throw error;
    }
  }
  // The transaction client lacks only `$transaction` of the root client's interface; everything
  // else is passed through, so the cast states what the proxy makes true.
  const client = new Proxy(tx, {
    get: (target, property) => (property === '$transaction' ? nested : Reflect.get(target, property)),
  }) as unknown as Database;
  return client;
}
