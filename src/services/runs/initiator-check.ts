import type { DatabaseClient } from '../../db/client.js';
import { AppError } from '../../errors/index.js';
import { permissionShortfall } from './permission-shortfall.js';

/**
 * What a trigger that starts runs without a person (a schedule, a webhook secret, a sync config's
 * automation, an entitlement's reconciliation) tells its owners to do once the person it starts
 * runs for may no longer start them.
 */
const SET_UP_AGAIN =
  'someone who may start runs (workflow:start) must set it up again: save the schedule, issue a new webhook secret, or save the sync config or entitlement';

/**
 * 403 unless `userId`, the person a trigger starts runs for (who last set it up), may still start
 * runs: not deleted, not deactivated, and holding `workflow:start` through their roles. Without
 * this, a schedule or a webhook secret would go on starting runs in the name of someone who left
 * or was demoted, with variables they chose. The reason names no one: a webhook's sender sees it.
 */
export async function requireInitiatorMayStart(db: DatabaseClient, userId: string): Promise<void> {
  const shortfall = await permissionShortfall(db, userId, 'workflow:start');
  const why =
    shortfall &&
    { deleted: 'was deleted', deactivated: 'is deactivated', lacks: 'no longer holds workflow:start' }[shortfall];
  if (why)
    throw new AppError('forbidden', `The person who set up this trigger ${why}, so it starts no runs; ${SET_UP_AGAIN}`);
}
