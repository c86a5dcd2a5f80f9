import { ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { recordAudit } from '../../audit/index.js';
import type { ConnectorRuntime } from '../../connectors/runtime.js';
import { jsonColumn, Prisma, type Database } from '../../db/client.js';
import type { ResyncSweepBatch } from '../../domain/business-role.js';
import type { RoleAssignment } from '../../db/generated/client.js';
import { isAppError } from '../../errors/index.js';
import { isRoleChangeInProgress, withRoleChangeClaim } from './role-change-claim.js';
import { RESYNC_ROLES_SCHEDULE_ID } from '../schedules/system-schedules.js';
import { ACCOUNT_CALLS_PER_PROVISION, ACCOUNT_CALLS_PER_REMOVAL } from './entitlement-accounts.js';
import {
  entitlementsOf,
  loadSubjects,
  removeEntitlements,
  PENDING,
  runEntitlementCall,
  scopeFor,
  undoInterruptedGrant,
  type EntitlementOutcome,
} from './role-grants.js';

/** How many assignments one call of the sweep brings in line: each is a connector call per change. */
export const RESYNC_BATCH_SIZE = 20;

/**
 * Brings the next `RESYNC_BATCH_SIZE` active assignments after `afterId` whose provisioned
 * entitlements differ from their role's in line with it (`resyncAssignment`), by id. One that
 * fails stays out of line, for the next sweep. Safe to repeat: an assignment in line is passed
 * over. The first batch of a sweep (no `afterId`) first undoes interrupted grants
 * (`undoInterruptedGrants`), counted with the others.
 */
export async function resyncOutOfLineAssignments(
  db: Database,
  runtime: ConnectorRuntime,
  afterId: string | null,
): Promise<ResyncSweepBatch> {
  const interrupted = afterId === null ? await undoInterruptedGrants(db, runtime) : { undone: 0, failed: 0 };
  const outOfLine = await outOfLineAssignments(db, afterId);
  let resynced = interrupted.undone;
  let failed = interrupted.failed;
  for (const { id } of outOfLine) {
    try {
      const outcome = await resyncAssignment(db, runtime, id);
      if (outcome === 'resynced') resynced += 1;
      if (outcome === 'failed') failed += 1;
    } catch (error) {
      // Its user was deleted for good meanwhile, and the assignment with them.
      if (!(isAppError(error) && error.code === 'not_found')) throw error;
    }
  }
  return { resynced, failed, next: outOfLine.length === RESYNC_BATCH_SIZE ? outOfLine.at(-1)!.id : null };
}

/**
 * The next `RESYNC_BATCH_SIZE` active assignments after `afterId`, by id, that a resync would
 * change: those whose provisioned entitlements differ from their role's. A deleted user is given
 * nothing new (`bringInLine`), so their assignment is out of line only when it holds something the
 * role no longer links; otherwise every sweep would pick it again and do nothing.
 */
export function outOfLineAssignments(db: Database, afterId: string | null) {
  return db.$queryRaw<Array<{ id: string }>>(Prisma.sql`
    SELECT a.id::text FROM role_assignments AS a
    JOIN users AS u ON u.id = a.user_id
    CROSS JOIN LATERAL (
      SELECT ARRAY(SELECT re.entitlement_id FROM role_entitlements AS re WHERE re.role_id = a.role_id ORDER BY 1) AS ids
    ) AS linked
    WHERE a.status = 'active'
      ${afterId === null ? Prisma.empty : Prisma.sql`AND a.id > ${afterId}::uuid`}
      AND CASE WHEN u.deleted_at IS NULL
        THEN ARRAY(SELECT unnest(a.provisioned_entitlement_ids) ORDER BY 1) IS DISTINCT FROM linked.ids
        ELSE NOT (a.provisioned_entitlement_ids <@ linked.ids) END
    ORDER BY a.id LIMIT ${RESYNC_BATCH_SIZE}`);
}

/**
 * Undoes up to `RESYNC_BATCH_SIZE` grants that were interrupted (`undoInterruptedGrant`): pending
 * assignments whose user nobody holds the role-change claim of, so no grant is under way. One
 * whose user is busy, or whose calls fail, stays pending for the next sweep.
 */
export async function undoInterruptedGrants(db: Database, runtime: ConnectorRuntime) {
  const pending = await db.roleAssignment.findMany({
    where: { status: PENDING },
    orderBy: { id: 'asc' },
    take: RESYNC_BATCH_SIZE,
  });
  let undone = 0;
  let failed = 0;
  for (const found of pending) {
    const claim = {
      userId: found.userId,
      holder: `undo:${found.id}`,
      connectorCalls: found.provisionedEntitlementIds.length * (1 + ACCOUNT_CALLS_PER_REMOVAL),
      timeoutMs: runtime.timeoutMs,
    };
    try {
      const outcome = await withRoleChangeClaim(db, claim, async () => {
        // Read again under the claim: the grant may have recorded its outcome since.
        const assignment = await db.roleAssignment.findUnique({ where: { id: found.id } });
        return assignment?.status === PENDING ? undoInterruptedGrant(db, runtime, assignment) : undefined;
      });
      if (outcome?.undone) undone += 1;
      if (outcome && !outcome.undone) failed += 1;
    } catch (error) {
      // A grant under way (it holds the claim), or the user deleted for good with their assignments.
      if (!isRoleChangeInProgress(error) && !(isAppError(error) && error.code === 'not_found')) throw error;
    }
  }
  return { undone, failed };
}

/**
 * Brings one active assignment in line with its role after the role's entitlements changed:
 * provisions those the role gained, deprovisions those it lost (keeping any another active role
 * of the user grants), and records what it now holds. A call that fails leaves that entitlement
 * as it was, so the next sweep tries it again. A deleted user is given nothing new. Audited
 * `role.resynced` (or `role.resync_failed`) by the system, with each outcome. Holds the user's
 * role-change claim; `busy` when another change holds it (the next sweep tries again).
 */
export async function resyncAssignment(
  db: Database,
  runtime: ConnectorRuntime,
  assignmentId: string,
): Promise<'resynced' | 'failed' | 'in_line' | 'busy'> {
  const found = await db.roleAssignment.findUnique({ where: { id: assignmentId } });
  if (found?.status !== 'active') return 'in_line';
  const subjects = await loadSubjects(db, { userId: found.userId, role: { id: found.roleId } }, { deletedUser: true });
  const claim = {
    userId: found.userId,
    holder: `resync:${found.id}`,
    connectorCalls:
      subjects.entitlements.length * (1 + ACCOUNT_CALLS_PER_PROVISION) +
      found.provisionedEntitlementIds.length * (1 + ACCOUNT_CALLS_PER_REMOVAL),
    timeoutMs: runtime.timeoutMs,
  };
  try {
    return await withRoleChangeClaim(db, claim, async () => {
      // Read again under the claim: a change that held it may have revoked or granted it since.
      const assignment = await db.roleAssignment.findUnique({ where: { id: assignmentId } });
      return assignment?.status === 'active' ? bringInLine(db, runtime, assignment, subjects) : 'in_line';
    });
  } catch (error) {
    // Another change of the user's roles is under way: the next sweep finds it out of line still.
    if (isRoleChangeInProgress(error)) return 'busy';
    throw error;
  }
}

/** The work of `resyncAssignment` on an active assignment, under the claim. */
async function bringInLine(
  db: Database,
  runtime: ConnectorRuntime,
  assignment: RoleAssignment,
  { user, role, entitlements }: Awaited<ReturnType<typeof loadSubjects>>,
): Promise<'resynced' | 'failed' | 'in_line'> {
  const provisioned = new Set(assignment.provisionedEntitlementIds);
  const gained = user.deletedAt ? [] : entitlements.filter((entitlement) => !provisioned.has(entitlement.id));
  const linkedIds = new Set(entitlements.map((entitlement) => entitlement.id));
  const lost = await entitlementsOf(
    db,
    assignment.provisionedEntitlementIds.filter((id) => !linkedIds.has(id)),
  );
  // Provisioned ids whose entitlement was deleted since: nothing is left to call, they just go.
  const vanished = assignment.provisionedEntitlementIds.filter(
    (id) => !linkedIds.has(id) && !lost.some((entitlement) => entitlement.id === id),
  );
  if (gained.length === 0 && lost.length === 0 && vanished.length === 0) return 'in_line';

  const scope = scopeFor(user, role);
  const instanceId = `resync:${assignment.id}`;
  const results: EntitlementOutcome[] = [];
  const held = new Set(assignment.provisionedEntitlementIds.filter((id) => !vanished.includes(id)));
  for (const entitlement of gained) {
    const outcome = await runEntitlementCall(db, runtime, entitlement, 'provision', scope, instanceId);
    results.push(outcome);
    if (outcome.success) held.add(entitlement.id);
  }
  const subject = { userId: user.id, roleId: role.id, scope, instanceId };
  const removals = await removeEntitlements(
    db,
    runtime,
    subject,
    lost,
    'deprovision',
    [...held].filter((id) => !lost.some((entitlement) => entitlement.id === id)),
  );
  // One outcome per lost entitlement, then those of accounts retired.
  lost.forEach((entitlement, index) => {
    if (removals[index]!.success) held.delete(entitlement.id);
  });
  results.push(...removals);

  const failed = results.some((outcome) => !outcome.success);
  await db.$transaction(async (tx) => {
    await tx.roleAssignment.update({
      where: { id: assignment.id },
      data: { provisionedEntitlementIds: [...held].sort(), results: jsonColumn(results) },
    });
    await recordAudit(tx, {
      action: failed ? 'role.resync_failed' : 'role.resynced',
      actor: { type: 'system' },
      target: { type: 'role_assignment', id: assignment.id },
      metadata: { userId: user.id, role: role.name, results },
    });
  });
  return failed ? 'failed' : 'resynced';
}

/**
 * Asks for a resync sweep now rather than at the schedule's next firing, after roles' entitlements
 * changed; one asked for while a sweep runs starts when it ends. Whether Temporal took the request
 * is answered, not thrown: the change is committed, and if Temporal did not take it, the
 * schedule's next firing (within 15 minutes) does the same work.
 */
export async function requestRoleResync(temporal: Client): Promise<boolean> {
  try {
    // The SDK's default for a trigger allows overlap: two sweeps would resync one holder twice.
    await temporal.schedule.getHandle(RESYNC_ROLES_SCHEDULE_ID).trigger(ScheduleOverlapPolicy.BUFFER_ONE);
    return true;
  } catch {
    return false;
  }
}
