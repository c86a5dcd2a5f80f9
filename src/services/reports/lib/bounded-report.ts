import { isStatementCancelled, type Database, type DatabaseClient } from '../../../db/client.js';
import { AppError } from '../../../errors/index.js';

/** Reports one process computes at once; more wait for a turn. */
export const CONCURRENT_REPORTS = 2;

let running = 0;
const waiting: Array<() => void> = [];

function busy(waitMs: number) {
  return new AppError(
    'service_unavailable',
    `Other reports kept the database busy for ${waitMs / 1000} s; try again, or ask for a shorter window (from, to)`,
  );
}

/** Takes one of the CONCURRENT_REPORTS turns, waiting at most `waitMs` for one to free. */
async function takeTurn(waitMs: number): Promise<void> {
  if (running < CONCURRENT_REPORTS) {
    running += 1;
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const grant = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      waiting.splice(waiting.indexOf(grant), 1);
      reject(busy(waitMs));
    }, waitMs);
    waiting.push(grant);
  });
}

/** Hands the turn to the next waiting report, or frees it. */
function endTurn(): void {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

/**
 * Computes one report with `query` under a deadline PostgreSQL enforces itself: the statement
 * runs in a transaction of its own with `SET LOCAL statement_timeout` (which PgBouncer in
 * transaction mode keeps to that transaction). The client-side query timeout only stops waiting
 * for the answer, and a report over a wide window scans approvals and runs whole: without this, a
 * report nobody waits for any more kept a database backend busy until it ended. At most
 * CONCURRENT_REPORTS run at once per process, so reports asked for in a loop cannot hold every
 * connection of the pool the rest of the API needs. A report over the deadline, or one that
 * waited that long for its turn, is a 503 that says to narrow the window.
 */
export async function boundedReport<T>(
  db: Database,
  timeoutMs: number,
  query: (tx: DatabaseClient) => Promise<T>,
): Promise<T> {
  await takeTurn(timeoutMs);
  try {
    return await db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT set_config('statement_timeout', ${String(timeoutMs)}, true)`;
        return query(tx);
      },
      // Prisma's own limit on the transaction, past the statement's, so that PostgreSQL's ends it first.
      { timeout: timeoutMs + 2_000, maxWait: timeoutMs },
    );
  } catch (error) {
    if (isStatementCancelled(error)) {
      throw new AppError(
        'service_unavailable',
        `The report took longer than ${timeoutMs / 1000} s and was stopped; ask for a shorter window (from, to)`,
        { cause: error },
      );
    }
    throw error;
  } finally {
    endTurn();
  }
}
