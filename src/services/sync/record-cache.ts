import { z } from 'zod';
import type { ConnectorResult } from '../../connectors/handler.js';
import { jsonColumn, Prisma, type Database, type DatabaseClient } from '../../db/client.js';
import { auditChange, type Caller } from '../caller.js';
import { loadConnector } from '../connectors/connector-record.js';
import { canonicalJson } from './record-hash.js';

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
  await countLookup(db, lookup.connectorId, entry !== null);
  if (entry)
    return { result: { success: true, data: z.record(z.string(), z.unknown()).parse(entry.value) }, hit: true };

  const result = await fetch();
  const data = result.success ? result.data : undefined;
  if (data && Object.keys(data).length > 0) {
    const resourceId = typeof data[lookup.idField] === 'string' ? String(data[lookup.idField]).slice(0, 255) : null;
    const fields = { resourceId, value: jsonColumn(data), expiresAt: new Date(options.now.getTime() + options.ttlMs) };
    await db.recordCacheEntry.upsert({
      where: { connectorId_resourceType_cacheKey: where },
      create: { ...where, ...fields },
      update: fields,
    });
  }
  return { result, hit: false };
}

function countLookup(db: DatabaseClient, connectorId: string, hit: boolean) {
  const [hits, misses] = hit ? [1, 0] : [0, 1];
  return db.$executeRaw(Prisma.sql`
    INSERT INTO record_cache_stats (connector_id, hits, misses) VALUES (${connectorId}::uuid, ${hits}, ${misses})
    ON CONFLICT (connector_id) DO UPDATE SET
      hits = record_cache_stats.hits + EXCLUDED.hits, misses = record_cache_stats.misses + EXCLUDED.misses`);
}

export interface CacheSelection {
  resourceType?: string;
  /** A record's external id, or a lookup's key (the canonical JSON of its parameters). */
  key?: string;
}

/** Removes the connector's entries that match; answers how many went. */
export async function invalidateCache(
  db: DatabaseClient,
  connectorId: string,
  selection: CacheSelection = {},
): Promise<number> {
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
