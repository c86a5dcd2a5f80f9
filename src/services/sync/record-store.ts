import { Prisma, type DatabaseClient } from '../../db/client.js';
import type { ListedResource } from '../../connectors/handler.js';
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
 * replaced (both get `changed_at`), an unchanged one only gets `synced_at`. Every record written is no longer stale.
 */
export async function upsertRecords(
  db: DatabaseClient,
  key: RecordKey,
  resources: readonly ListedResource[],
  syncedAt: Date,
): Promise<PageCounts> {
  // The same external id twice in one page would make the upsert touch a row twice: the last wins.
  const unique = [...new Map(resources.map((resource) => [resource.externalId, resource])).values()];
  if (unique.length === 0) return { added: 0, updated: 0, unchanged: 0 };
  const externalIds = unique.map((resource) => resource.externalId);
  const names = unique.map((resource) => resource.displayName);
  const emails = unique.map((resource) => resource.email);
  const attributes = unique.map((resource) => JSON.stringify(resource.attributes));
  const hashes = unique.map(recordHash);
  // The CTEs share one snapshot: `existing` sees the rows as they were before the upsert.
  const [counts] = await db.$queryRaw<Array<PageCounts>>(Prisma.sql`
    WITH incoming AS (
      SELECT * FROM unnest(${externalIds}::text[], ${names}::text[], ${emails}::text[], ${attributes}::text[], ${hashes}::text[])
        AS t(external_id, display_name, email, attributes, sync_hash)
    ), existing AS (
      SELECT r.external_id, r.sync_hash FROM connector_resources r
      WHERE r.connector_id = ${key.connectorId}::uuid AND r.resource_type = ${key.resourceType}
        AND r.external_id IN (SELECT external_id FROM incoming)
    ), written AS (
      INSERT INTO connector_resources
        (id, connector_id, resource_type, external_id, display_name, email, attributes, sync_hash, synced_at, changed_at, created_at)
      SELECT gen_random_uuid(), ${key.connectorId}::uuid, ${key.resourceType}, external_id, display_name, email,
             attributes::jsonb, sync_hash, ${syncedAt}, ${syncedAt}, ${syncedAt}
      FROM incoming
      ON CONFLICT (connector_id, resource_type, external_id) DO UPDATE SET
        display_name = CASE WHEN connector_resources.sync_hash = EXCLUDED.sync_hash
                            THEN connector_resources.display_name ELSE EXCLUDED.display_name END,
        email = CASE WHEN connector_resources.sync_hash = EXCLUDED.sync_hash
                     THEN connector_resources.email ELSE EXCLUDED.email END,
        attributes = CASE WHEN connector_resources.sync_hash = EXCLUDED.sync_hash
                          THEN connector_resources.attributes ELSE EXCLUDED.attributes END,
        changed_at = CASE WHEN connector_resources.sync_hash = EXCLUDED.sync_hash
                          THEN connector_resources.changed_at ELSE EXCLUDED.changed_at END,
        sync_hash = EXCLUDED.sync_hash,
        synced_at = EXCLUDED.synced_at,
        stale_since = NULL
      RETURNING 1
    )
    SELECT count(*) FILTER (WHERE e.external_id IS NULL)::int AS added,
           count(*) FILTER (WHERE e.sync_hash <> i.sync_hash)::int AS updated,
           count(*) FILTER (WHERE e.sync_hash = i.sync_hash)::int AS unchanged
    FROM incoming i LEFT JOIN existing e ON e.external_id = i.external_id`);
  return counts!;
}

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

/** Deletes the records stale since before `staleBefore` (retention over). */
export async function purgeStale(db: DatabaseClient, key: RecordKey, staleBefore: Date): Promise<number> {
  return db.$executeRaw(Prisma.sql`
    DELETE FROM connector_resources
    WHERE connector_id = ${key.connectorId}::uuid AND resource_type = ${key.resourceType}
      AND stale_since < ${staleBefore}`);
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
