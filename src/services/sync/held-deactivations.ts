import { actorOf } from '../../audit/index.js';
import { jsonColumn, Prisma, type Database } from '../../db/client.js';
import { heldDeactivationsSchema, type HeldDeactivations } from '../../domain/sync.js';
import { conflict } from '../../errors/index.js';
import { auditChange, type Caller } from '../caller.js';
import { loadSyncConfig, loadSyncTarget } from './sync-config-record.js';
import { deactivateCandidate } from './sync-users.js';

/**
 * What an administrator does with the deactivations the safeguard held (docs/sync.md): release
 * them (the users are deactivated now, each checked again) or discard them (the users stay).
 * 409 when nothing is held.
 */

/** Locks the config of the connector and type, and returns it with its hold (null without one). */
async function lockedHold(tx: Prisma.TransactionClient, connectorId: string, type: string) {
  const { connector, resourceType } = await loadSyncTarget(tx, connectorId, type);
  const config = await loadSyncConfig(tx, connectorId, resourceType);
  await tx.$queryRaw`SELECT 1 FROM sync_configs WHERE id = ${config.id}::uuid FOR UPDATE`;
  const { heldDeactivations } = await tx.syncConfig.findUniqueOrThrow({ where: { id: config.id } });
  const held: HeldDeactivations | null = heldDeactivationsSchema.nullable().parse(heldDeactivations);
  return { connector, resourceType, config, held };
}

const nothingHeld = (connectorName: string, resourceType: string) =>
  conflict(`No deactivations are held on the ${resourceType} sync config of ${connectorName}`);

/** How many held users one transaction of a release deactivates. */
const RELEASE_BATCH = 100;

/**
 * Deactivates the held users, except those that no longer qualify (linked again, record current
 * again, already deleted, last active admin): they are `kept`. A hold is large by nature (it is
 * over a threshold), so it is released in transactions of RELEASE_BATCH users, each taking its
 * users off the hold: an interrupted release leaves the rest held, for the next release. It ends
 * when the hold is empty, or replaced by a newer pass's hold, which is not released unseen.
 */
export async function releaseHeldDeactivations(db: Database, caller: Caller, connectorId: string, type: string) {
  const released: string[] = [];
  let kept = 0;
  let heldAt: string | undefined;
  for (let done = false; !done;) {
    done = await db.$transaction(
      async (tx) => {
        const { connector, resourceType, config, held } = await lockedHold(tx, connectorId, type);
        if (heldAt === undefined && !held) throw nothingHeld(connector.name, resourceType);
        // Released to the end by another request, or replaced by a newer pass's hold.
        if (!held || (heldAt !== undefined && held.heldAt !== heldAt)) return true;
        heldAt = held.heldAt;
        const key = { connectorId, resourceType };
        const rules = { disabled: config.deactivateDisabledUsers };
        for (const candidate of held.users.slice(0, RELEASE_BATCH)) {
          const deactivated = await deactivateCandidate(tx, key, rules, candidate, {
            actor: actorOf(caller.principal),
            requestId: caller.requestId,
            source: 'held_deactivation_release',
          });
          if (deactivated) released.push(candidate.userId);
          else kept += 1;
        }
        const rest = held.users.slice(RELEASE_BATCH);
        await tx.syncConfig.update({
          where: { id: config.id },
          data: { heldDeactivations: rest.length > 0 ? jsonColumn({ ...held, users: rest }) : Prisma.DbNull },
        });
        if (rest.length > 0) return false;
        await auditChange(
          tx,
          caller,
          'sync.held_deactivations_released',
          { type: 'sync_config', id: config.id },
          { connectorId, connectorName: connector.name, resourceType, count: released.length + kept, released },
        );
        return true;
      },
      { timeout: 60_000 },
    );
  }
  return { released: released.length, kept };
}

/** Drops the hold: the users stay active (a later pass over the threshold holds them again). */
export async function discardHeldDeactivations(db: Database, caller: Caller, connectorId: string, type: string) {
  return db.$transaction(async (tx) => {
    const { connector, resourceType, config, held } = await lockedHold(tx, connectorId, type);
    if (!held) throw nothingHeld(connector.name, resourceType);
    await tx.syncConfig.update({ where: { id: config.id }, data: { heldDeactivations: Prisma.DbNull } });
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
