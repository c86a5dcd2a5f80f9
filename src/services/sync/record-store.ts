import { Prisma, type DatabaseClient } from '../../db/client.js';
import type { ListedResource } from '../../connectors/handler.js';
import { parseDuration } from '../../domain/duration.js';
import { recordHash } from './record-hash.js';

/**
 * Set-based writes of synced records: one statement per page, however many records it holds.
 */

export interface RecordKey {
  connectorId: string;
  resourceType: string;
}

export interface PageCounts {
  added: number;
  updated: number;
  unchanged: number;
}

/**
 * Upserts a page by hash (sync item 1): a new record is inserted, a record whose hash changed is
 * replaced (both get `changed_at`), an unchanged one only gets `synced_at`. Every record written
 * is no longer stale. Unchanged records are settled first by id and hash alone, so they cost the
 * database no attributes to receive or parse, and their update is a HOT one (docs/sync.md, "Scale").
 */
export async function upsertRecords(
  db: DatabaseClient,
  key: RecordKey,
  records: readonly HashedResource[],
  syncedAt: Date,
): Promise<PageCounts> {
  // The same external id twice in one page would make the upsert touch a row twice: the last wins.
  const unique = [...new Map(records.map((record) => [record.resource.externalId, record])).values()];
  if (unique.length === 0) return { added: 0, updated: 0, unchanged: 0 };
  const unchanged = await touchUnchanged(db, key, unique, syncedAt);
  const changed = unique.filter(({ resource }) => !unchanged.has(resource.externalId));
  const added = await writeRecords(db, key, changed, syncedAt);
  return { added, updated: changed.length - added, unchanged: unchanged.size };
}

/** Each record with its `sync_hash`, computed before the transaction that stores it. */
export function withHashes(resources: readonly ListedResource[]): HashedResource[] {
  return resources.map((resource) => ({ resource, hash: recordHash(resource) }));
}

export interface HashedResource {
  resource: ListedResource;
  hash: string;
}

/**
 * Gives the stored records whose hash is the listed one their new `synced_at` (and clears
 * `stale_since`); answers their external ids. The ids select rows through the unique index; the
 * pair comparison (id, then the fixed-length hash) keeps only the unchanged ones.
 */
async function touchUnchanged(
  db: DatabaseClient,
  key: RecordKey,
  records: HashedResource[],
  syncedAt: Date,
): Promise<Set<string>> {
  const externalIds = records.map(({ resource }) => resource.externalId);
  const pairs = records.map(({ resource, hash }) => `${resource.externalId} ${hash}`);
  const rows = await db.$queryRaw<Array<{ external_id: string }>>(Prisma.sql`
    UPDATE connector_resources SET synced_at = ${syncedAt}, stale_since = NULL
    WHERE connector_id = ${key.connectorId}::uuid AND resource_type = ${key.resourceType}
      AND external_id = ANY(${externalIds}::text[])
      AND (external_id || ' ' || sync_hash) = ANY(${pairs}::text[])
    RETURNING external_id`);
  return new Set(rows.map((row) => row.external_id));
}

/**
 * New and changed records, whole; answers how many were inserted. A record another writer (the
 * resource webhook) stored meanwhile is replaced all the same: this pass saw it last. A new user
 * record gets its match row (sync item 7) in the same statement: made page by page, while the
 * connector lists the next page, rather than all at once by the matching after the pass.
 */
async function writeRecords(
  db: DatabaseClient,
  key: RecordKey,
  records: HashedResource[],
  syncedAt: Date,
): Promise<number> {
  if (records.length === 0) return 0;
  const column = <T>(read: (resource: ListedResource) => T) => records.map(({ resource }) => read(resource));
  const [counts] = await db.$queryRaw<Array<{ inserted: number }>>(Prisma.sql`
    WITH written AS (
      INSERT INTO connector_resources
        (id, connector_id, resource_type, external_id, display_name, email, attributes, sync_hash, synced_at, changed_at, created_at)
      SELECT gen_random_uuid(), ${key.connectorId}::uuid, ${key.resourceType}, external_id, display_name, email,
             attributes::jsonb, sync_hash, ${syncedAt}, ${syncedAt}, ${syncedAt}
      FROM unnest(${column((resource) => resource.externalId)}::text[], ${column((resource) => resource.displayName)}::text[],
                  ${column((resource) => resource.email)}::text[],
                  ${column((resource) => JSON.stringify(resource.attributes))}::text[],
                  ${records.map(({ hash }) => hash)}::text[])
        AS t(external_id, display_name, email, attributes, sync_hash)
      ON CONFLICT (connector_id, resource_type, external_id) DO UPDATE SET
        display_name = EXCLUDED.display_name, email = EXCLUDED.email, attributes = EXCLUDED.attributes,
        sync_hash = EXCLUDED.sync_hash, synced_at = EXCLUDED.synced_at, changed_at = EXCLUDED.changed_at,
        stale_since = NULL
      -- A row inserted by this statement has no xmax; one it updated has.
      RETURNING id, external_id, display_name, email, xmax = 0 AS inserted
    )${key.resourceType === 'user' ? newMatchRows(key) : Prisma.empty}
    SELECT count(*) FILTER (WHERE inserted)::int AS inserted FROM written`);
  return counts!.inserted;
}

/** SQL: a CTE giving each user record `written` inserted its match row, as `ensureMatchRows` would. */
const newMatchRows = (key: RecordKey) => Prisma.sql`, matched AS (
      INSERT INTO sync_matches
        (id, connector_id, resource_type, connector_resource_id, external_id, external_display_name, external_email, updated_at)
      SELECT gen_random_uuid(), ${key.connectorId}::uuid, ${key.resourceType}, id, external_id, display_name, email, now()
      FROM written WHERE inserted
      ON CONFLICT (connector_id, resource_type, connector_resource_id) DO NOTHING
    )`;

/** Marks the records a full pass did not see (synced before it started) as stale since `now`. */
export async function markUnseenStale(
  db: DatabaseClient,
  key: RecordKey,
  passStartedAt: Date,
  now: Date,
): Promise<number> {
  return db.$executeRaw(Prisma.sql`
    UPDATE connector_resources SET stale_since = ${now}
    WHERE connector_id = ${key.connectorId}::uuid AND resource_type = ${key.resourceType}
      AND synced_at < ${passStartedAt} AND stale_since IS NULL`);
}

/** SQL: the records of the connector and type stale since before `staleBefore` (retention over). */
const purgeable = (key: RecordKey, staleBefore: Date) => Prisma.sql`
  connector_id = ${key.connectorId}::uuid AND resource_type = ${key.resourceType} AND stale_since < ${staleBefore}`;

/** Deletes the records stale since before `staleBefore` (retention over). */
export async function purgeStale(db: DatabaseClient, key: RecordKey, staleBefore: Date): Promise<number> {
  return db.$executeRaw(Prisma.sql`DELETE FROM connector_resources WHERE ${purgeable(key, staleBefore)}`);
}

/** The first `limit` records (by external id) `purgeStale` would delete: what a preview shows. */
export async function purgeableRecords(db: DatabaseClient, key: RecordKey, staleBefore: Date, limit: number) {
  return db.$queryRaw<Array<{ externalId: string; displayName: string; email: string | null }>>(Prisma.sql`
    SELECT external_id AS "externalId", display_name AS "displayName", email FROM connector_resources
    WHERE ${purgeable(key, staleBefore)} ORDER BY external_id LIMIT ${limit}`);
}

/** When stale records of a pass ending at `now` are purged: stale since before this. */
export const purgeBefore = (now: Date, staleRetention: string) =>
  new Date(now.getTime() - parseDuration(staleRetention));

/**
 * The end of a full pass: the records it did not see become stale since `now`, then those stale
 * for longer than `staleRetention` are purged.
 */
export async function endFullPass(
  db: DatabaseClient,
  key: RecordKey,
  pass: { startedAt: Date; now: Date },
  staleRetention: string,
  /** Called between the two, with the purge's limit: a preview lists what would be purged. */
  beforePurge?: (staleBefore: Date) => Promise<void>,
): Promise<{ staled: number; removed: number }> {
  const staled = await markUnseenStale(db, key, pass.startedAt, pass.now);
  const staleBefore = purgeBefore(pass.now, staleRetention);
  await beforePurge?.(staleBefore);
  return { staled, removed: await purgeStale(db, key, staleBefore) };
}

/** Lower-cased external ids and distinguished names of the connector's current group records. */
export async function syncedGroupKeys(db: DatabaseClient, connectorId: string): Promise<Set<string>> {
  const rows = await db.$queryRaw<Array<{ key: string }>>(Prisma.sql`
    SELECT lower(k) AS key FROM connector_resources r,
      LATERAL unnest(ARRAY[r.external_id, r.attributes->>'distinguishedName', r.attributes->>'dn']) AS k
    WHERE r.connector_id = ${connectorId}::uuid AND r.resource_type = 'group' AND r.stale_since IS NULL
      AND k IS NOT NULL`);
  return new Set(rows.map((row) => row.key));
}
