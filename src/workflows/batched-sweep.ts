import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';

/**
 * The activities of the business role sweeps: a batch makes a connector call per entitlement of
 * up to 20 assignments, each with its own timeout.
 */
export const sweepActivities = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '1s', maximumInterval: '30s', maximumAttempts: 5 },
});

/**
 * Runs `batch` from no cursor, then from each `next` it answers until that is null, and answers
 * the sum of each count in `counted` over all batches.
 */
export async function sweepInBatches<Cursor, Count extends string>(
  counted: readonly Count[],
  batch: (cursor: Cursor | null) => Promise<Record<Count, number> & { next: Cursor | null }>,
): Promise<Record<Count, number>> {
  const totals = Object.fromEntries(counted.map((count) => [count, 0])) as Record<Count, number>;
  let cursor: Cursor | null = null;
  do {
    const done = await batch(cursor);
    for (const count of counted) totals[count] += done[count];
    cursor = done.next;
  } while (cursor !== null);
  return totals;
}
