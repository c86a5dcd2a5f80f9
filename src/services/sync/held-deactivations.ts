import { actorOf } from '../../audit/index.js';
import { Prisma, type Database } from '../../db/client.js';
import { heldDeactivationsSchema, type HeldDeactivations } from '../../domain/sync.js';
import { conflict } from '../../errors/index.js';
import { auditChange, type Caller } from '../caller.js';
import { loadSyncConfig, loadSyncTarget } from './sync-config-record.js';
import { deactivateCandidate } from './sync-users.js';

/**
 * What an administrator does with the deactivations the safeguard held (docs/sync.md): release
 * them (the users are deactivated now, each checked again) or discard them (the users stay).
 * Either clears the hold, in one transaction with its audit entry; 409 when nothing is held.
 */

/** Locks the config of the connector and type, and returns it with its hold (409 without one). */
async function lockHold(tx: Prisma.TransactionClient, connectorId: string, type: string) {
  const { connector, resourceType } = await loadSyncTarget(tx, connectorId, type);
  const config = await loadSyncConfig(tx, connectorId, resourceType);
  await tx.$queryRaw`SELECT 1 FROM sync_configs WHERE id = ${config.id}::uuid FOR UPDATE`;
  const { heldDeactivations } = await tx.syncConfig.findUniqueOrThrow({ where: { id: config.id } });
  const held: HeldDeactivations | null = heldDeactivationsSchema.nullable().parse(heldDeactivations);
  if (!held) throw conflict(`No deactivations are held on the ${resourceType} sync config of ${connector.name}`);
  await tx.syncConfig.update({ where: { id: config.id }, data: { heldDeactivations: Prisma.DbNull } });
  return { connector, resourceType, config, held };
}

/**
 * Deactivates the held users, except those that no longer qualify (linked again, record current
 * again, already deleted, last active admin): they are `kept`.
 */
export async function releaseHeldDeactivations(db: Database, caller: Caller, connectorId: string, type: string) {
  return db.$transaction(async (tx) => {
    const { connector, resourceType, config, held } = await lockHold(tx, connectorId, type);
    const key = { connectorId, resourceType };
    const released: string[] = [];
    for (const candidate of held.users) {
      const done = await deactivateCandidate(tx, key, candidate, {
        actor: actorOf(caller.principal),
        requestId: caller.requestId,
        source: 'held_deactivation_release',
      });
      if (done) released.push(candidate.userId);
    }
    await auditChange(
      tx,
      caller,
      'sync.held_deactivations_released',
      { type: 'sync_config', id: config.id },
      { connectorId, connectorName: connector.name, resourceType, count: held.users.length, released },
    );
    return { released: released.length, kept: held.users.length - released.length };
  });
}

/** Drops the hold: the users stay active (a later pass over the threshold holds them again). */
export async function discardHeldDeactivations(db: Database, caller: Caller, connectorId: string, type: string) {
  return db.$transaction(async (tx) => {
    const { connector, resourceType, config, held } = await lockHold(tx, connectorId, type);
    await auditChange(
      tx,
      caller,
      'sync.held_deactivations_discarded',
      { type: 'sync_config', id: config.id },
      {
        connectorId,
        connectorName: connector.name,
        resourceType,
        count: held.users.length,
        userIds: held.users.map((user) => user.userId),
      },
    );
    return { discarded: held.users.length };
  });
}
