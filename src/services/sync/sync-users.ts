import { z } from 'zod';
import type { AuditActor } from '../../audit/index.js';
import { recordAudit } from '../../audit/index.js';
import { jsonColumn, Prisma, type Database, type DatabaseClient } from '../../db/client.js';
import { emailAddress } from '../../domain/common.js';
import type { DeactivationThreshold, HeldDeactivations, LeaverReason, PrivilegedLeavers } from '../../domain/sync.js';
import type { SyncMatch, User } from '../../db/generated/client.js';
import { isAppError, validationFailed } from '../../errors/index.js';
import { holdsPrivilegedRole } from '../../permissions/index.js';
import { emailInUse, emailTaken, insertUnconfirmedUser, softDeleteUser } from '../users/manage-users.js';
import { writeProfile, type ProfileChanges } from '../users/profile.js';
import { PROFILE_FIELDS, type ProfileField } from '../../domain/profile.js';
import { LEAVER_REASON_TEXT, leaverReason, leaverRecord, type LeaverRules } from './leaver-records.js';
import type { RecordKey } from './record-store.js';

/**
 * Post-sync steps (b) and (c) (sync item 6): users created for unmatched records, and users
 * whose only link is a stale record of this connector and type soft-deleted. Users are written
 * one per transaction, with their audit entry, so one refused row does not undo the others.
 */

const SYSTEM: AuditActor = { type: 'system' };
const defaultsSchema = z.record(z.string(), z.unknown()).nullable().catch(null);

/** `createUserDefaults` as profile changes: built-in fields as text, the rest as custom attributes. */
export function defaultsAsProfile(stored: unknown): ProfileChanges {
  const fields: Partial<Record<ProfileField, string>> = {};
  const custom: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(defaultsSchema.parse(stored) ?? {})) {
    if (value === null || value === undefined) continue;
    if ((PROFILE_FIELDS as readonly string[]).includes(name)) fields[name as ProfileField] = String(value);
    else custom[name] = value;
  }
  return { fields, custom };
}

/**
 * Creates an unconfirmed requestor for a match row from its cached email and display name,
 * with `createUserDefaults` applied once (source `connector`). 400 when the row has no email,
 * 409 when an active user has it. Call inside a transaction, inside `emailTaken`.
 */
export async function createUserForMatch(
  tx: DatabaseClient,
  match: SyncMatch,
  defaults: unknown,
  audit: { actor: AuditActor; requestId?: string; source: string },
): Promise<User> {
  const email = match.externalEmail?.trim();
  if (!email) throw validationFailed('The synced record has no email, so no user can be created for it');
  // The rule of POST /api/users: a connector's record is no more trusted than a request.
  if (!emailAddress().safeParse(email).success)
    throw validationFailed(
      `The synced record's email "${email}" is not an email address, so no user can be created for it`,
    );
  if (await tx.user.findUnique({ where: { activeEmail: email.toLowerCase() }, select: { id: true } }))
    throw emailInUse(email);
  const user = await insertUnconfirmedUser(
    tx,
    { email, displayName: match.externalDisplayName, roles: ['requestor'] },
    {
      actor: audit.actor,
      requestId: audit.requestId,
      metadata: {
        source: audit.source,
        connectorId: match.connectorId,
        resourceType: match.resourceType,
        externalId: match.externalId,
      },
    },
  );
  await writeProfile(tx, user.id, defaultsAsProfile(defaults), 'connector');
  return user;
}

const BATCH_SIZE = 200;

/** Told of each user step (b) creates and each row it fails: how a preview lists them. */
export interface CreationObserver {
  created?(match: SyncMatch, user: User): void;
  failed?(match: SyncMatch, reason: string): void;
}

/**
 * Step (b): marks the unmatched records with an email that are no leavers (not stale, and not
 * reported disabled when `rules.disabled`) `create_pending`, then creates
 * and links a user for each (`matched`, confidence `exact`). A taken email, or one that is no
 * email address, fails that row only: it goes back to `unmatched` with the reason in
 * `resolutionNotes`. Rows still `create_pending`
 * after an interruption are taken up by the next run.
 */
export async function createUsersForUnmatched(
  db: Database,
  key: RecordKey,
  defaults: unknown,
  rules: LeaverRules,
  progress: () => void = () => {},
  observer: CreationObserver = {},
): Promise<{ created: number; failed: number }> {
  await db.$executeRaw(Prisma.sql`
    UPDATE sync_matches m SET match_status = 'create_pending', updated_at = now()
    FROM connector_resources r
    WHERE r.id = m.connector_resource_id AND NOT ${leaverRecord('r', rules)}
      AND m.connector_id = ${key.connectorId}::uuid AND m.resource_type = ${key.resourceType}
      AND m.match_status = 'unmatched' AND nullif(btrim(m.external_email), '') IS NOT NULL`);
  const counts = { created: 0, failed: 0 };
  for (;;) {
    // Every row handled leaves create_pending, so each query returns the next ones.
    const batch = await db.syncMatch.findMany({
      where: { connectorId: key.connectorId, resourceType: key.resourceType, matchStatus: 'create_pending' },
      orderBy: { id: 'asc' },
      take: BATCH_SIZE,
    });
    if (batch.length === 0) return counts;
    for (const match of batch) {
      try {
        const created = await emailTaken(match.externalEmail, () =>
          db.$transaction(async (tx) => {
            // Re-read under lock: a resolution made through the API meanwhile wins.
            const [current] = await tx.$queryRaw<Array<{ match_status: string }>>`
              SELECT match_status FROM sync_matches WHERE id = ${match.id}::uuid FOR UPDATE`;
            if (current?.match_status !== 'create_pending') return null;
            const user = await createUserForMatch(tx, match, defaults, { actor: SYSTEM, source: 'connector_sync' });
            await tx.syncMatch.update({
              where: { id: match.id },
              data: {
                matchStatus: 'matched',
                matchConfidence: 'exact',
                matchStrategy: null,
                userId: user.id,
                candidateUserIds: [],
                resolutionNotes: null,
              },
            });
            return user;
          }),
        );
        if (created) {
          counts.created += 1;
          observer.created?.(match, created);
        }
      } catch (error) {
        // A refusal of this row's user (its email taken, or no email address) fails the row only.
        if (!isAppError(error) || (error.code !== 'conflict' && error.code !== 'validation_failed')) throw error;
        await db.syncMatch.updateMany({
          where: { id: match.id, matchStatus: 'create_pending' },
          data: { matchStatus: 'unmatched', resolutionNotes: `Automatic user creation failed: ${error.message}` },
        });
        counts.failed += 1;
        observer.failed?.(match, error.message);
      }
    }
    progress();
  }
}

/**
 * Whether the user has a link that keeps it: to a current record of this connector and type (one
 * that is no leaver under `rules`), or to any record of another connector or type.
 */
const hasOtherLink = (userId: Prisma.Sql, key: RecordKey, rules: LeaverRules) => Prisma.sql`EXISTS (
  SELECT 1 FROM sync_matches o JOIN connector_resources orr ON orr.id = o.connector_resource_id
  WHERE o.user_id = ${userId} AND o.match_status IN ('matched', 'manual_override')
    AND (o.connector_id <> ${key.connectorId}::uuid OR o.resource_type <> ${key.resourceType}
         OR NOT ${leaverRecord('orr', rules)}))`;

/** A user step (c) would deactivate: linked to a leaver record of this connector and type only. */
export interface DeactivationCandidate {
  userId: string;
  email: string | null;
  externalId: string;
  /** Why the record is a leaver; absent in holds made before disabled records were leavers. */
  reason?: LeaverReason;
}

/** A leaver whose user holds a role beyond requestor: kept, and reported (docs/sync.md). */
export type PrivilegedLeaver = Required<DeactivationCandidate> & { roles: string[] };

/**
 * The users linked to a leaver record of this connector and type only: those step (c) would
 * deactivate, and those it keeps because they hold a role beyond requestor: an upstream record
 * anyone can create with someone's email must not be a way to remove an admin
 * (`holdsPrivilegedRole`).
 */
async function leaversOf(
  db: DatabaseClient,
  key: RecordKey,
  rules: LeaverRules,
): Promise<{ candidates: DeactivationCandidate[]; privileged: PrivilegedLeaver[] }> {
  const rows = await db.$queryRaw<PrivilegedLeaver[]>(Prisma.sql`
    SELECT DISTINCT ON (m.user_id) m.user_id::text AS "userId", u.email, m.external_id AS "externalId",
           ${leaverReason('r')} AS reason, u.roles
    FROM sync_matches m
    JOIN connector_resources r ON r.id = m.connector_resource_id
    JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL
    WHERE m.connector_id = ${key.connectorId}::uuid AND m.resource_type = ${key.resourceType}
      AND m.match_status IN ('matched', 'manual_override') AND ${leaverRecord('r', rules)}
      AND NOT ${hasOtherLink(Prisma.sql`m.user_id`, key, rules)}
    ORDER BY m.user_id, r.stale_since NULLS LAST`);
  const candidates: DeactivationCandidate[] = [];
  const privileged: PrivilegedLeaver[] = [];
  for (const { roles, ...candidate } of rows) {
    if (holdsPrivilegedRole(roles)) privileged.push({ ...candidate, roles });
    else candidates.push(candidate);
  }
  return { candidates, privileged };
}

/** Active users linked to records (current or stale) of this connector and type. */
async function linkedUserCount(db: DatabaseClient, key: RecordKey): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ count: number }>>(Prisma.sql`
    SELECT count(DISTINCT m.user_id)::int AS count FROM sync_matches m
    JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL
    WHERE m.connector_id = ${key.connectorId}::uuid AND m.resource_type = ${key.resourceType}
      AND m.match_status IN ('matched', 'manual_override')`);
  return row?.count ?? 0;
}

/** Whether deactivating `count` of `linked` users exceeds the threshold: its count and its percentage. */
export const exceedsThreshold = (count: number, linked: number, threshold: DeactivationThreshold): boolean =>
  count > threshold.maxCount && count * 100 > threshold.maxPercent * linked;

/**
 * Soft-deletes one candidate with its audit entry, unless it holds a role beyond requestor (given
 * since it was listed, say while held), is already deleted, is no longer linked to a leaver record
 * of this connector and type, or is linked elsewhere (a resolution made through the API since the
 * list was read). Call inside a transaction.
 */
export async function deactivateCandidate(
  tx: DatabaseClient,
  key: RecordKey,
  rules: LeaverRules,
  candidate: DeactivationCandidate,
  audit: { actor: AuditActor; requestId?: string; source: string },
): Promise<boolean> {
  const { userId } = candidate;
  // The row lock waits for a role change in flight, so a role given meanwhile is seen.
  const [user] = await tx.$queryRaw<Array<Pick<User, 'email' | 'roles' | 'deletedAt'>>>(Prisma.sql`
    SELECT email, roles, deleted_at AS "deletedAt" FROM users WHERE id = ${userId}::uuid FOR UPDATE`);
  if (!user || user.deletedAt || holdsPrivilegedRole(user.roles)) return false;
  const [state] = await tx.$queryRaw<Array<{ reason: LeaverReason | null; linked: boolean }>>(Prisma.sql`
    SELECT (SELECT ${leaverReason('r')} FROM sync_matches m JOIN connector_resources r ON r.id = m.connector_resource_id
            WHERE m.user_id = ${userId}::uuid AND m.connector_id = ${key.connectorId}::uuid
              AND m.resource_type = ${key.resourceType} AND m.match_status IN ('matched', 'manual_override')
              AND ${leaverRecord('r', rules)}
            ORDER BY r.stale_since NULLS LAST LIMIT 1) AS reason,
           ${hasOtherLink(Prisma.sql`${userId}::uuid`, key, rules)} AS linked`);
  if (!state?.reason || state.linked) return false;
  await softDeleteUser(tx, userId);
  await recordAudit(tx, {
    action: 'user.deleted',
    actor: audit.actor,
    target: { type: 'user', id: userId },
    requestId: audit.requestId,
    metadata: {
      email: user.email,
      source: audit.source,
      reason: LEAVER_REASON_TEXT[state.reason],
      connectorId: key.connectorId,
      resourceType: key.resourceType,
      externalId: candidate.externalId,
    },
  });
  return true;
}

/**
 * Records the privileged leavers of this pass on the config (`privilegedLeavers`, shown by the
 * status and the console) and audits each (`sync.privileged_leaver_kept`): they are kept, never
 * silently. Null when there are none.
 */
async function reportPrivilegedLeavers(db: Database, key: RecordKey, privileged: PrivilegedLeaver[]): Promise<void> {
  const where = { connectorId: key.connectorId, resourceType: key.resourceType };
  const report: PrivilegedLeavers | null =
    privileged.length === 0 ? null : { reportedAt: new Date().toISOString(), users: privileged };
  await db.$transaction(async (tx) => {
    await tx.syncConfig.updateMany({
      where,
      data: { privilegedLeavers: report ? jsonColumn(report) : Prisma.DbNull },
    });
    for (const leaver of privileged) {
      await recordAudit(tx, {
        action: 'sync.privileged_leaver_kept',
        actor: SYSTEM,
        target: { type: 'user', id: leaver.userId },
        metadata: {
          ...where,
          email: leaver.email,
          externalId: leaver.externalId,
          roles: leaver.roles,
          reason: LEAVER_REASON_TEXT[leaver.reason],
        },
      });
    }
  });
}

/** Told what step (c) found and whom it deactivated: how a preview lists them. */
export interface DeactivationObserver {
  /** The leavers found: `held` when the safeguard holds the candidates rather than deactivating them. */
  leavers?(found: {
    candidates: DeactivationCandidate[];
    privileged: PrivilegedLeaver[];
    linkedUsers: number;
    held: boolean;
  }): void;
  deactivated?(candidate: DeactivationCandidate): void;
}

/**
 * Step (c): soft-deletes the users linked to a leaver record of this connector and type (stale,
 * or reported disabled when `rules.disabled`) that have no other link (a current record of this
 * type, or any record of another connector or type). Users holding a role beyond requestor are
 * never deleted: they are reported instead. When there are more of the others than the threshold
 * allows (count and percentage of the linked users), none is deleted: they are held on the config
 * for an administrator to release or discard (the accidental-deletion safeguard).
 */
export async function deactivateUsersOfLeaverRecords(
  db: Database,
  key: RecordKey,
  threshold: DeactivationThreshold,
  rules: LeaverRules,
  observer: DeactivationObserver = {},
): Promise<{ deactivated: number; held: number; linkedUsers: number; privilegedKept: number }> {
  const { candidates, privileged } = await leaversOf(db, key, rules);
  const linkedUsers = await linkedUserCount(db, key);
  const hold = candidates.length > 0 && exceedsThreshold(candidates.length, linkedUsers, threshold);
  observer.leavers?.({ candidates, privileged, linkedUsers, held: hold });
  await reportPrivilegedLeavers(db, key, privileged);
  const privilegedKept = privileged.length;
  const where = { connectorId: key.connectorId, resourceType: key.resourceType };
  if (hold) {
    const held: HeldDeactivations = { heldAt: new Date().toISOString(), linkedUsers, users: candidates };
    await db.$transaction(async (tx) => {
      const config = await tx.syncConfig.update({
        where: { connectorId_resourceType: where },
        data: { heldDeactivations: jsonColumn(held) },
      });
      await recordAudit(tx, {
        action: 'sync.deactivations_held',
        actor: SYSTEM,
        target: { type: 'sync_config', id: config.id },
        metadata: { ...where, count: candidates.length, linkedUsers, threshold },
      });
    });
    return { deactivated: 0, held: candidates.length, linkedUsers, privilegedKept };
  }
  // Under the threshold: an earlier hold is superseded, its users being among these candidates.
  await db.syncConfig.updateMany({ where, data: { heldDeactivations: Prisma.DbNull } });
  let deactivated = 0;
  for (const candidate of candidates) {
    const done = await db.$transaction((tx) =>
      deactivateCandidate(tx, key, rules, candidate, { actor: SYSTEM, source: 'connector_sync' }),
    );
    if (done) {
      deactivated += 1;
      observer.deactivated?.(candidate);
    }
  }
  return { deactivated, held: 0, linkedUsers, privilegedKept };
}
