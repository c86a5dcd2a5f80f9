import type { Database, DatabaseClient } from '../../src/db/client.js';
import { pollUntil } from './poll.js';

/**
 * A race made deterministic: `write` is written in a transaction that stays open while `request`
 * is sent, and commits once the request's statement matching `waitingStatement` (a LIKE pattern)
 * waits on the lock the write holds (`pg_stat_activity`). So the request has read the state
 * before the write, and meets the write's committed state at its own write. Answers what the
 * request answered.
 */
export async function requestAcrossUncommittedWrite<T>(
  db: Database,
  write: (tx: DatabaseClient) => Promise<unknown>,
  request: () => Promise<T>,
  waitingStatement: string,
): Promise<T> {
  let answer: Promise<T> | undefined;
  await db.$transaction(
    async (tx) => {
      await write(tx);
      answer = request();
      const [{ waiting }] = await pollUntil(
        () => db.$queryRaw<[{ waiting: number }]>`
          SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND query LIKE ${waitingStatement}`,
        ([row]) => row.waiting > 0,
        { intervalMs: 50 },
      );
      if (waiting === 0) throw new Error(`no statement like ${waitingStatement} waited on the write`);
    },
    { timeout: 90_000 },
  );
  return answer!;
}
