import { Prisma, type Database } from '../../db/client.js';
import { conflict, isAppError, type AppError } from '../../errors/index.js';

/** What a 409 of a role change refused because another is under way says in `details.reason`. */
export const ROLE_CHANGE_IN_PROGRESS = 'role_change_in_progress';

/** How long a claim outlives the longest its change's connector calls could take. */
const CLAIM_MARGIN_MS = 60_000;

export interface RoleChangeClaim {
  userId: string;
  /** Who changes: `run:<id>` for a run's step, so that a retried step takes its own claim again. */
  holder: string;
  /** How many connector calls the change may make, each bounded by `timeoutMs`: the claim's lease. */
  connectorCalls: number;
  timeoutMs: number;
}

export function roleChangeInProgress(): AppError {
  return conflict("Another change of this user's business roles is in progress; try again when it has ended", {
    reason: ROLE_CHANGE_IN_PROGRESS,
  });
}

export function isRoleChangeInProgress(error: unknown): boolean {
  return (
    isAppError(error) &&
    error.code === 'conflict' &&
    (error.details as { reason?: unknown } | undefined)?.reason === ROLE_CHANGE_IN_PROGRESS
  );
}

/**
 * Runs `change` holding the user's role-change claim, so that no other grant, revoke, resync or
 * expiry of that user's roles decides from the same assignments meanwhile: two grants would
 * both provision, and a failed one's compensation would take away what the other granted; a
 * revoke would keep an entitlement for a role whose grant then fails. A claim held by someone
 * else is a 409 (`roleChangeInProgress`). A claim whose holder died frees itself when its lease
 * (every connector call timing out, plus a margin) has passed; the database's clock decides, so
 * processes whose clocks differ agree.
 */
export async function withRoleChangeClaim<T>(
  db: Database,
  claim: RoleChangeClaim,
  change: () => Promise<T>,
): Promise<T> {
  const leaseMs = claim.connectorCalls * claim.timeoutMs + CLAIM_MARGIN_MS;
  const taken = await db.$queryRaw<unknown[]>(Prisma.sql`
    INSERT INTO role_change_claims (user_id, holder, expires_at)
    VALUES (${claim.userId}::uuid, ${claim.holder}, now() + ${leaseMs} * interval '1 millisecond')
    ON CONFLICT (user_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
    WHERE role_change_claims.expires_at <= now() OR role_change_claims.holder = EXCLUDED.holder
    RETURNING user_id`);
  if (taken.length === 0) throw roleChangeInProgress();
  try {
    return await change();
  } finally {
    // The change's outcome is committed (or it failed) either way: should this delete fail too,
    // the lease frees the claim, and the caller still hears how the change went.
    await db.roleChangeClaim
      .deleteMany({ where: { userId: claim.userId, holder: claim.holder } })
      .catch(() => undefined);
  }
}
