import { z } from 'zod';
import { actorOf } from '../../audit/index.js';
import { Prisma, type Database, type DatabaseClient } from '../../db/client.js';
import type { SyncMatch } from '../../db/generated/client.js';
import { fetchPage, sortedById, type PageQuery } from '../../domain/pagination.js';
import {
  candidateSchema,
  MATCH_CONFIDENCES,
  MATCH_STATUSES,
  type BulkResolveMatchesInput,
  type MatchStatus,
  type ResolveMatchInput,
} from '../../domain/sync-matches.js';
import { SYNC_RESOURCE_TYPES, USER_MATCH_STRATEGIES, type SyncResourceType } from '../../domain/sync.js';
import { notFound, validationFailed } from '../../errors/index.js';
import { auditChange, type Caller } from '../caller.js';
import { loadConnector } from '../connectors/connector-record.js';
import { emailTaken } from '../users/manage-users.js';
import { isSyncResourceType, loadSyncTarget } from './sync-config-record.js';
import { createUserForMatch } from './sync-users.js';
import { containsIgnoringCase } from '../../domain/text-match.js';

/** Sync matches through the API (spec 4.8): list, statistics and the resolve actions. */

export interface MatchListQuery extends PageQuery {
  sortBy: 'externalDisplayName' | 'externalId' | 'externalEmail' | 'matchStatus' | 'createdAt' | 'updatedAt';
  sortOrder: 'asc' | 'desc';
  type: string;
  status?: MatchStatus;
  /** Part of the external id, email or display name, case-insensitively. */
  search?: string;
}

/** A sync match as the API shows it (spec 2.10). */
// Readers of the stored enum and JSON columns, built once rather than for every row read.
const stored = {
  matchStatus: z.enum(MATCH_STATUSES),
  matchConfidence: z.enum(MATCH_CONFIDENCES),
  matchStrategy: z.enum(USER_MATCH_STRATEGIES).nullable(),
  candidateUserIds: z.array(candidateSchema),
};

export function toMatchView(row: SyncMatch) {
  return {
    id: row.id,
    connectorId: row.connectorId,
    resourceType: row.resourceType,
    connectorResourceId: row.connectorResourceId,
    externalId: row.externalId,
    externalDisplayName: row.externalDisplayName,
    externalEmail: row.externalEmail,
    userId: row.userId,
    matchStatus: stored.matchStatus.parse(row.matchStatus),
    matchConfidence: stored.matchConfidence.parse(row.matchConfidence),
    matchStrategy: stored.matchStrategy.parse(row.matchStrategy),
    candidateUserIds: stored.candidateUserIds.parse(row.candidateUserIds),
    resolutionNotes: row.resolutionNotes,
    resolvedBy: row.resolvedBy,
    resolvedAt: row.resolvedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A page of the matches of a connector's records of one type (404: unknown connector or type). */
export async function listSyncMatches(db: DatabaseClient, connectorId: string, query: MatchListQuery) {
  const { resourceType } = await loadSyncTarget(db, connectorId, query.type);
  const search = query.search ? containsIgnoringCase(query.search) : undefined;
  const where = {
    connectorId,
    resourceType,
    matchStatus: query.status,
    OR: search ? [{ externalId: search }, { externalEmail: search }, { externalDisplayName: search }] : undefined,
  };
  return fetchPage(
    query,
    async (window) => (await db.syncMatch.findMany({ where, orderBy: sortedById(query), ...window })).map(toMatchView),
    () => db.syncMatch.count({ where }),
  );
}

const zeroCounts = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

type MatchCounts = {
  total: number;
  byStatus: Record<(typeof MATCH_STATUSES)[number], number>;
  byConfidence: Record<(typeof MATCH_CONFIDENCES)[number], number>;
};

const emptyCounts = (): MatchCounts => ({
  total: 0,
  byStatus: zeroCounts(MATCH_STATUSES),
  byConfidence: zeroCounts(MATCH_CONFIDENCES),
});

function addCount(counts: MatchCounts, group: { matchStatus: string; matchConfidence: string }, count: number) {
  counts.total += count;
  counts.byStatus[stored.matchStatus.parse(group.matchStatus)] += count;
  counts.byConfidence[stored.matchConfidence.parse(group.matchConfidence)] += count;
}

/**
 * Counts of the matches in total, per status and per confidence (every value listed): of one type
 * when `type` is given, else of every type together with `byType` (404: unknown connector or type).
 */
export async function syncMatchStats(db: DatabaseClient, connectorId: string, type: string | undefined) {
  if (type !== undefined) {
    const { resourceType } = await loadSyncTarget(db, connectorId, type);
    const counts = emptyCounts();
    const groups = await db.syncMatch.groupBy({
      by: ['matchStatus', 'matchConfidence'],
      where: { connectorId, resourceType },
      _count: { _all: true },
    });
    for (const group of groups) addCount(counts, group, group._count._all);
    return { connectorId, resourceType, ...counts };
  }
  await loadConnector(db, connectorId);
  const counts = emptyCounts();
  const byType = Object.fromEntries(SYNC_RESOURCE_TYPES.map((name) => [name, emptyCounts()])) as Record<
    SyncResourceType,
    MatchCounts
  >;
  const groups = await db.syncMatch.groupBy({
    by: ['resourceType', 'matchStatus', 'matchConfidence'],
    where: { connectorId },
    _count: { _all: true },
  });
  for (const group of groups) {
    addCount(counts, group, group._count._all);
    if (isSyncResourceType(group.resourceType)) addCount(byType[group.resourceType], group, group._count._all);
  }
  return { connectorId, resourceType: null, ...counts, byType };
}

/** The match locked for this transaction; 404 unless it belongs to the connector. */
async function lockMatch(tx: DatabaseClient, connectorId: string, matchId: string): Promise<SyncMatch> {
  await tx.$queryRaw`SELECT 1 FROM sync_matches WHERE id = ${matchId}::uuid FOR UPDATE`;
  const match = await tx.syncMatch.findUnique({ where: { id: matchId } });
  if (!match || match.connectorId !== connectorId) throw notFound('Sync match');
  return match;
}

/** 400 unless `userId` names an active (not deleted) user. */
async function requireLinkableUser(tx: DatabaseClient, userId: string): Promise<void> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { deletedAt: true } });
  if (!user || user.deletedAt)
    throw validationFailed(`userId ${userId} is not an active user`, { field: 'userId', userId });
}

/** The fields every resolution writes: who decided, when and why; the automatic outcome goes. */
const resolution = (caller: Caller, notes: string | null | undefined) => ({
  matchStrategy: null,
  candidateUserIds: [],
  resolutionNotes: notes ?? null,
  resolvedBy: caller.principal.userId,
  resolvedAt: new Date(),
});

/**
 * Resolves one match (spec 3.5): `link` links the given user and makes the row
 * `manual_override`; `skip` makes it `skipped` without a user; `create` creates an unconfirmed
 * user from the record's email (400 without one, 409 when it is taken) and links it as
 * `manual_override`. Either way later passes leave the row alone until it is unlinked.
 */
export async function resolveSyncMatch(
  db: Database,
  caller: Caller,
  connectorId: string,
  matchId: string,
  input: ResolveMatchInput,
) {
  const connector = await loadConnector(db, connectorId);
  return emailTaken(undefined, () =>
    db.$transaction(async (tx) => {
      const match = await lockMatch(tx, connectorId, matchId);
      let userId: string | null;
      switch (input.action) {
        case 'link':
          await requireLinkableUser(tx, input.userId!);
          userId = input.userId!;
          break;
        case 'skip':
          userId = null;
          break;
        case 'create': {
          const config = await tx.syncConfig.findUnique({
            where: { connectorId_resourceType: { connectorId, resourceType: match.resourceType } },
            select: { createUserDefaults: true },
          });
          const user = await createUserForMatch(tx, match, config?.createUserDefaults ?? null, {
            actor: actorOf(caller.principal),
            requestId: caller.requestId,
            source: 'sync_match_resolve',
          });
          userId = user.id;
          break;
        }
      }
      const updated = await tx.syncMatch.update({
        where: { id: match.id },
        data: {
          ...resolution(caller, input.notes),
          userId,
          matchStatus: input.action === 'skip' ? 'skipped' : 'manual_override',
          matchConfidence: input.action === 'skip' ? 'none' : 'exact',
        },
      });
      await auditChange(
        tx,
        caller,
        'sync_match.resolved',
        { type: 'sync_match', id: match.id },
        { action: input.action, userId, ...matchAuditFacts(match, connector) },
      );
      return toMatchView(updated);
    }),
  );
}

/** What an audit entry of a match change says about the match before it changed. */
function matchAuditFacts(
  match: { matchStatus: string; userId: string | null; connectorId: string; resourceType: string; externalId: string },
  connector: { name: string },
) {
  return {
    previousStatus: match.matchStatus,
    previousUserId: match.userId,
    connectorId: match.connectorId,
    connectorName: connector.name,
    resourceType: match.resourceType,
    externalId: match.externalId,
  };
}

/** Unlinks a match: back to `unmatched`, link and resolution cleared; a later pass matches it again. */
export async function unlinkSyncMatch(db: Database, caller: Caller, connectorId: string, matchId: string) {
  const connector = await loadConnector(db, connectorId);
  return db.$transaction(async (tx) => {
    const match = await lockMatch(tx, connectorId, matchId);
    const updated = await tx.syncMatch.update({
      where: { id: match.id },
      data: {
        matchStatus: 'unmatched',
        matchConfidence: 'none',
        matchStrategy: null,
        userId: null,
        candidateUserIds: [],
        resolutionNotes: null,
        resolvedBy: null,
        resolvedAt: null,
      },
    });
    await auditChange(
      tx,
      caller,
      'sync_match.unlinked',
      { type: 'sync_match', id: match.id },
      matchAuditFacts(match, connector),
    );
    return toMatchView(updated);
  });
}

/**
 * `link` or `skip` for many matches at once, in one statement: only the listed matches of this
 * connector change; ids of other connectors' or unknown matches come back in `notFound`.
 */
export async function bulkResolveSyncMatches(
  db: Database,
  caller: Caller,
  connectorId: string,
  input: BulkResolveMatchesInput,
): Promise<{ updated: number; notFound: string[] }> {
  const connector = await loadConnector(db, connectorId);
  const ids = [...new Set(input.matchIds)];
  return db.$transaction(async (tx) => {
    if (input.action === 'link') await requireLinkableUser(tx, input.userId!);
    const link = input.action === 'link';
    const rows = await tx.$queryRaw<Array<{ id: string }>>(Prisma.sql`
      UPDATE sync_matches SET
        match_status = ${link ? 'manual_override' : 'skipped'},
        match_confidence = ${link ? 'exact' : 'none'},
        user_id = ${link ? input.userId! : null}::uuid,
        match_strategy = NULL, candidate_user_ids = '[]'::jsonb,
        resolution_notes = ${input.notes ?? null}, resolved_by = ${caller.principal.userId}::uuid,
        resolved_at = now(), updated_at = now()
      WHERE connector_id = ${connectorId}::uuid AND id = ANY(${ids}::uuid[])
      RETURNING id`);
    const updated = new Set(rows.map((row) => row.id));
    if (updated.size > 0)
      await auditChange(
        tx,
        caller,
        'sync_match.bulk_resolved',
        { type: 'connector', id: connectorId },
        {
          action: input.action,
          userId: link ? input.userId : null,
          count: updated.size,
          matchIds: [...updated],
          connectorName: connector.name,
        },
      );
    return { updated: updated.size, notFound: ids.filter((id) => !updated.has(id)) };
  });
}
