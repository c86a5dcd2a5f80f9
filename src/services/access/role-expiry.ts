import type { ConnectorRuntime } from '../../connectors/runtime.js';
import type { Database } from '../../db/client.js';
import { isAppError } from '../../errors/index.js';
import type { ExpirySweepBatch, ExpirySweepCursor } from '../../domain/business-role.js';
import { isRoleChangeInProgress } from './role-change-claim.js';
import { revokeRole } from './role-grants.js';

/** How many expired assignments one call revokes: each is a connector call per entitlement. */
export const EXPIRY_BATCH_SIZE = 20;

/**
 * Revokes the next `EXPIRY_BATCH_SIZE` active assignments whose `expiresAt` has passed, oldest
 * expiry first, after `cursor` (audited `role.revoked` by the system with `reason: 'expired'`).
 * A revoke that fails leaves its assignment active with the failures recorded, for the next
 * sweep; one revoked or granted anew meanwhile is passed over, and so is one whose user's roles
 * another change is changing (for the next sweep). `next` is where to go on from, or
 * null when this was the last batch. Safe to repeat: a repeated batch finds its revoked
 * assignments no longer active.
 */
export async function revokeExpiredAssignments(
  db: Database,
  runtime: ConnectorRuntime,
  cursor: ExpirySweepCursor | null,
  now = new Date(),
): Promise<ExpirySweepBatch> {
  const after = cursor
    ? {
        OR: [
          { expiresAt: { gt: new Date(cursor.expiresAt) } },
          { expiresAt: new Date(cursor.expiresAt), id: { gt: cursor.id } },
        ],
      }
    : {};
  const expired = await db.roleAssignment.findMany({
    where: { status: 'active', expiresAt: { lte: now }, ...after },
    orderBy: [{ expiresAt: 'asc' }, { id: 'asc' }],
    take: EXPIRY_BATCH_SIZE,
    select: { id: true, userId: true, roleId: true, expiresAt: true },
  });
  let revoked = 0;
  let failed = 0;
  for (const assignment of expired) {
    try {
      const outcome = await revokeRole(db, runtime, {
        userId: assignment.userId,
        role: { id: assignment.roleId },
        actor: { type: 'system' },
        reason: 'expired',
      });
      if (outcome.status === 'revoked') revoked += 1;
      else failed += 1;
    } catch (error) {
      // Revoked or granted anew meanwhile, or another change of the user's roles is under way
      // (the next sweep finds it expired still).
      if (!(isAppError(error) && error.code === 'not_found') && !isRoleChangeInProgress(error)) throw error;
    }
  }
  const last = expired.at(-1);
  return {
    revoked,
    failed,
    next:
      expired.length === EXPIRY_BATCH_SIZE && last ? { expiresAt: last.expiresAt!.toISOString(), id: last.id } : null,
  };
}
