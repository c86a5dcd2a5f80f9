import { z } from 'zod';
import { Prisma, type Database, type DatabaseClient } from '../../db/client.js';
import type { SyncConfig } from '../../db/generated/client.js';
import { USER_MATCH_STRATEGIES } from '../../domain/sync.js';
import type { RecordKey } from './record-store.js';

/**
 * Post-sync matching (sync item 7, spec 3.5) as set-based SQL: the records, the strategies and
 * the users meet in joins inside the database, so no statement carries more than a handful of
 * bind parameters, however many records and users there are (spec 8, host lookup parameters).
 */

export type UserMatchStrategy = (typeof USER_MATCH_STRATEGIES)[number];

/** Where the issuer is read when the config names no `issuerSourcePath` (spec 2.8). */
export const DEFAULT_ISSUER_PATH = 'attributes.identityIssuer';

export interface MatchSettings {
  /** The primary strategy first, then the fallbacks, without duplicates. */
  strategies: UserMatchStrategy[];
  /** Dot path to the issuer, rooted at the record's top-level fields and `attributes`. */
  issuerPath: string;
}

export interface MatchCounts {
  evaluated: number;
  matched: number;
  ambiguous: number;
  unmatched: number;
}

/** The strategies and issuer path of a config; an unknown stored strategy is a broken config. */
export function matchSettingsOf(
  config: SyncConfig,
): { success: true; data: MatchSettings } | { success: false; message: string } {
  const primary = z.enum(USER_MATCH_STRATEGIES).safeParse(config.userMatchStrategy);
  const fallbacks = z.array(z.enum(USER_MATCH_STRATEGIES)).nullable().safeParse(config.userMatchFallbackStrategies);
  if (!primary.success || !fallbacks.success)
    return { success: false, message: 'The sync config names an unknown user match strategy' };
  return {
    success: true,
    data: {
      strategies: [...new Set([primary.data, ...(fallbacks.data ?? [])])],
      issuerPath: config.issuerSourcePath ?? DEFAULT_ISSUER_PATH,
    },
  };
}

/**
 * Gives every record of the connector and type its match row, and refreshes the external id,
 * display name and email the rows cache from their records. Only records without a row, or whose
 * row caches other values, are written: after a pass most records have theirs already.
 */
async function ensureMatchRows(db: DatabaseClient, key: RecordKey): Promise<void> {
  await db.$executeRaw(Prisma.sql`
    INSERT INTO sync_matches
      (id, connector_id, resource_type, connector_resource_id, external_id, external_display_name, external_email, updated_at)
    SELECT gen_random_uuid(), r.connector_id, r.resource_type, r.id, r.external_id, r.display_name, r.email, now()
    FROM connector_resources r
    LEFT JOIN sync_matches m ON m.connector_id = r.connector_id AND m.resource_type = r.resource_type
      AND m.connector_resource_id = r.id
    WHERE r.connector_id = ${key.connectorId}::uuid AND r.resource_type = ${key.resourceType}
      AND (m.id IS NULL
           OR (m.external_id, m.external_display_name, m.external_email) IS DISTINCT FROM (r.external_id, r.display_name, r.email))
    ON CONFLICT (connector_id, resource_type, connector_resource_id) DO UPDATE SET
      external_id = EXCLUDED.external_id,
      external_display_name = EXCLUDED.external_display_name,
      external_email = EXCLUDED.external_email,
      updated_at = now()
    WHERE (sync_matches.external_id, sync_matches.external_display_name, sync_matches.external_email)
      IS DISTINCT FROM (EXCLUDED.external_id, EXCLUDED.external_display_name, EXCLUDED.external_email)`);
}

/**
 * Matches the current records of the connector and type that are not linked yet (`unmatched`,
 * `ambiguous`, `create_pending`, or `matched` to a user since deleted) to users, trying the
 * strategies in order: the first strategy with hits decides, one hit links (`exact` for the
 * primary strategy, `probable` for a fallback), several make the row `ambiguous` with the
 * candidates listed; no strategy with hits leaves it `unmatched`. `manual_override` and
 * `skipped` rows, linked rows and rows of stale records are left as they are. The match rows are
 * made first (`ensureMatchRows`), in the same transaction.
 */
export async function matchRecordsToUsers(db: Database, key: RecordKey, settings: MatchSettings): Promise<MatchCounts> {
  return db.$transaction(
    async (tx) => {
      // Right after a large pass the planner's statistics still describe the tables before it
      // and estimate one row per step; nested loops over tens of thousands of rows would then
      // take hours. Hash joins are right for both statements at any size.
      await tx.$executeRaw`SET LOCAL enable_nestloop = off`;
      await ensureMatchRows(tx, key);
      const [counts] = await tx.$queryRaw<MatchCounts[]>(matchStatement(key, settings));
      return counts!;
    },
    { timeout: MATCH_TIMEOUT_MS },
  );
}

/** Generous: 100,000 records match in seconds; the activity's own timeout is the real bound. */
const MATCH_TIMEOUT_MS = 10 * 60_000;

/**
 * SQL: the record's issuer, lower-cased, for the strategy that compares it; otherwise null, so
 * that no record is rebuilt as JSON to read a value nothing compares.
 */
function issuerOf(settings: MatchSettings): Prisma.Sql {
  if (!settings.strategies.includes('email_and_issuer')) return Prisma.sql`NULL::text`;
  return Prisma.sql`lower(jsonb_build_object('externalId', r.external_id, 'displayName', r.display_name,
    'email', r.email, 'attributes', r.attributes) #>> ${settings.issuerPath.split('.')}::text[])`;
}

/** The one statement of `matchRecordsToUsers`. */
export function matchStatement(key: RecordKey, settings: MatchSettings): Prisma.Sql {
  const strategies = settings.strategies;
  // Each branch is an equi-join (hash or index join); array_position numbers the branch by its
  // place in the chain and drops the branches of strategies the config does not use.
  return Prisma.sql`
    WITH eligible AS (
      SELECT m.id AS match_id, r.external_id,
             nullif(lower(btrim(r.email)), '') AS email,
             ${issuerOf(settings)} AS issuer
      FROM sync_matches m
      JOIN connector_resources r ON r.id = m.connector_resource_id
      LEFT JOIN users linked ON linked.id = m.user_id
      WHERE m.connector_id = ${key.connectorId}::uuid AND m.resource_type = ${key.resourceType}
        AND r.stale_since IS NULL
        AND (m.match_status IN ('unmatched', 'ambiguous', 'create_pending')
             OR (m.match_status = 'matched' AND (linked.id IS NULL OR linked.deleted_at IS NOT NULL)))
    ), hits AS (
      SELECT e.match_id, array_position(${strategies}::text[], 'email') AS ord, 'email' AS strategy,
             u.id AS user_id, u.email, 'user email equals the record email' AS reason
      FROM eligible e JOIN users u ON u.active_email = e.email
      WHERE array_position(${strategies}::text[], 'email') IS NOT NULL
      UNION ALL
      SELECT e.match_id, array_position(${strategies}::text[], 'email_and_issuer'), 'email_and_issuer',
             u.id, u.email, 'user email and upstream issuer equal the record email and issuer'
      FROM eligible e JOIN users u ON u.active_email = e.email AND lower(u.upstream_issuer) = e.issuer
      WHERE array_position(${strategies}::text[], 'email_and_issuer') IS NOT NULL
      UNION ALL
      SELECT e.match_id, array_position(${strategies}::text[], 'upstream_identity'), 'upstream_identity',
             u.id, u.email, 'user upstream id equals the record externalId'
      FROM eligible e JOIN users u ON u.upstream_id = e.external_id AND u.deleted_at IS NULL
      WHERE array_position(${strategies}::text[], 'upstream_identity') IS NOT NULL
      UNION ALL
      SELECT e.match_id, array_position(${strategies}::text[], 'external_id'), 'external_id',
             u.id, u.email, 'user sub equals the record externalId'
      FROM eligible e JOIN users u ON u.sub = e.external_id AND u.deleted_at IS NULL
      WHERE array_position(${strategies}::text[], 'external_id') IS NOT NULL
    ), first_strategy AS (
      SELECT match_id, min(ord) AS ord FROM hits GROUP BY match_id
    ), decided AS (
      SELECT h.match_id, h.ord, min(h.strategy) AS strategy, count(*)::int AS hits,
             (array_agg(h.user_id))[1] AS user_id,
             jsonb_agg(jsonb_build_object(
               'userId', h.user_id, 'email', h.email,
               'confidence', CASE WHEN h.ord = 1 THEN 'exact' ELSE 'probable' END,
               'reason', h.reason) ORDER BY h.email, h.user_id) AS candidates
      FROM hits h JOIN first_strategy f ON f.match_id = h.match_id AND f.ord = h.ord
      GROUP BY h.match_id, h.ord
    ), outcome AS (
      SELECT e.match_id,
             CASE WHEN d.hits IS NULL THEN 'unmatched' WHEN d.hits = 1 THEN 'matched' ELSE 'ambiguous' END AS status,
             CASE WHEN d.hits IS NULL THEN 'none' WHEN d.hits > 1 THEN 'ambiguous'
                  WHEN d.ord = 1 THEN 'exact' ELSE 'probable' END AS confidence,
             d.strategy,
             CASE WHEN d.hits = 1 THEN d.user_id END AS user_id,
             CASE WHEN d.hits > 1 THEN d.candidates ELSE '[]'::jsonb END AS candidates
      FROM eligible e LEFT JOIN decided d ON d.match_id = e.match_id
    ), written AS (
      UPDATE sync_matches m SET
        match_status = o.status, match_confidence = o.confidence, match_strategy = o.strategy,
        user_id = o.user_id, candidate_user_ids = o.candidates,
        resolution_notes = CASE WHEN m.match_status = o.status THEN m.resolution_notes END,
        updated_at = now()
      FROM outcome o
      -- Re-checked on the locked row: a resolution committed meanwhile is not overwritten.
      WHERE m.id = o.match_id AND m.match_status NOT IN ('manual_override', 'skipped')
        AND (m.match_status, m.match_confidence, m.match_strategy, m.user_id, m.candidate_user_ids)
            IS DISTINCT FROM (o.status, o.confidence, o.strategy, o.user_id, o.candidates)
      RETURNING 1
    )
    SELECT count(*)::int AS evaluated,
           count(*) FILTER (WHERE status = 'matched')::int AS matched,
           count(*) FILTER (WHERE status = 'ambiguous')::int AS ambiguous,
           count(*) FILTER (WHERE status = 'unmatched')::int AS unmatched
    FROM outcome`;
}
