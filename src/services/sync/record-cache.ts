import type { ConnectorResult } from '../../connectors/handler.js';
import { Prisma, type Database, type DatabaseClient } from '../../db/client.js';
import { jsonObject } from '../../domain/common.js';
import { auditChange, type Caller } from '../caller.js';
import { loadConnector } from '../connectors/connector-record.js';
import { canonicalJson } from '../../domain/canonical-json.js';

/**
 * The record cache (sync item 3; docs/sync.md): single-record lookups made during runs, cache-aside
 * in PostgreSQL so every API and worker process sees the same entries. A hit returns the stored
 * value; a miss calls the connector and stores a successful result for the TTL; a failure or an
 * empty result (not found) is never stored.
 */

export interface CacheLookup {
  connectorId: string;
  resourceType: string;
  parameters: Record<string, unknown>;
  /** The field of the result's `data` holding the record's external id. */
  idField: string;
}

export interface CacheOptions {
  ttlMs: number;
  now: Date;
}

/** Longer keys are not cached (they would not fit the key column); such lookups always call the connector. */
const MAX_KEY_LENGTH = 1000;

export async function cachedLookup(
  db: DatabaseClient,
  lookup: CacheLookup,
  fetch: () => Promise<ConnectorResult>,
  options: CacheOptions,
): Promise<{ result: ConnectorResult; hit: boolean }> {
  const cacheKey = canonicalJson(lookup.parameters);
  if (cacheKey.length > MAX_KEY_LENGTH) return { result: await fetch(), hit: false };
  const where = { connectorId: lookup.connectorId, resourceType: lookup.resourceType, cacheKey };
  const entry = await db.recordCacheEntry.findFirst({ where: { ...where, expiresAt: { gt: options.now } } });
  const generation = await countLookup(db, lookup.connectorId, entry !== null);
  if (entry) return { result: { success: true, data: jsonObject.parse(entry.value) }, hit: true };

  const result = await fetch();
  const data = result.success ? result.data : undefined;
  if (data && Object.keys(data).length > 0) {
    const resourceId = typeof data[lookup.idField] === 'string' ? String(data[lookup.idField]).slice(0, 255) : null;
    const expiresAt = new Date(options.now.getTime() + options.ttlMs);
    // Stored only if the connector's generation is still the one read before the fetch: an
    // invalidation meanwhile (a write command, a webhook) means the record may have changed since
    // it was fetched. The no-op UPDATE takes the stats row's lock, so an invalidation whose
    // transaction has not committed yet is waited for, and then wins.
    await db.$executeRaw(Prisma.sql`
      WITH unchanged AS (
        UPDATE record_cache_stats SET generation = generation
        WHERE connector_id = ${lookup.connectorId}::uuid AND generation = ${generation}
        RETURNING connector_id
      )
      INSERT INTO record_cache (connector_id, resource_type, cache_key, resource_id, value, expires_at)
      SELECT connector_id, ${lookup.resourceType}, ${cacheKey}, ${resourceId}, ${JSON.stringify(data)}::jsonb, ${expiresAt}
      FROM unchanged
      ON CONFLICT (connector_id, resource_type, cache_key) DO UPDATE SET
        resource_id = EXCLUDED.resource_id, value = EXCLUDED.value, expires_at = EXCLUDED.expires_at`);
  }
  return { result, hit: false };
}

/** Counts a hit or a miss; answers the connector's cache generation as it is now. */
async function countLookup(db: DatabaseClient, connectorId: string, hit: boolean): Promise<bigint> {
  const [hits, misses] = hit ? [1, 0] : [0, 1];
  const [row] = await db.$queryRaw<Array<{ generation: bigint }>>(Prisma.sql`
    INSERT INTO record_cache_stats (connector_id, hits, misses) VALUES (${connectorId}::uuid, ${hits}, ${misses})
    ON CONFLICT (connector_id) DO UPDATE SET
      hits = record_cache_stats.hits + EXCLUDED.hits, misses = record_cache_stats.misses + EXCLUDED.misses
    RETURNING generation`);
  return row!.generation;
}

export interface CacheSelection {
  resourceType?: string;
  /** A record's external id, or a lookup's key (the canonical JSON of its parameters). */
  key?: string;
}

/**
 * Removes the connector's entries that match, and bumps its generation so that no lookup fetched
 * before now stores its result (see `cachedLookup`); answers how many entries went.
 */
export async function invalidateCache(
  db: DatabaseClient,
  connectorId: string,
  selection: CacheSelection = {},
): Promise<number> {
  await db.$executeRaw(Prisma.sql`
    INSERT INTO record_cache_stats (connector_id, generation) VALUES (${connectorId}::uuid, 1)
    ON CONFLICT (connector_id) DO UPDATE SET generation = record_cache_stats.generation + 1`);
  const { count } = await db.recordCacheEntry.deleteMany({
    where: {
      connectorId,
      resourceType: selection.resourceType,
      OR: selection.key === undefined ? undefined : [{ resourceId: selection.key }, { cacheKey: selection.key }],
    },
  });
  return count;
}

/** The manual clear (`DELETE /api/connectors/:id/cache`): 404 for an unknown connector; audited. */
export async function clearRecordCache(db: Database, caller: Caller, connectorId: string, selection: CacheSelection) {
  return db.$transaction(async (tx) => {
    const connector = await loadConnector(tx, connectorId);
    const removed = await invalidateCache(tx, connectorId, selection);
    await auditChange(
      tx,
      caller,
      'connector.cache_cleared',
      { type: 'connector', id: connectorId },
      {
        connectorName: connector.name,
        ...selection,
        removed,
      },
    );
    return removed;
  });
}

/** Live entries and the hit and miss counters of the connector's cache (404 for an unknown connector). */
export async function recordCacheStatus(db: DatabaseClient, connectorId: string, now: Date) {
  await loadConnector(db, connectorId);
  const [entries, stats] = await Promise.all([
    db.recordCacheEntry.count({ where: { connectorId, expiresAt: { gt: now } } }),
    db.recordCacheStats.findUnique({ where: { connectorId } }),
  ]);
  return { entries, hits: Number(stats?.hits ?? 0), misses: Number(stats?.misses ?? 0) };
}
