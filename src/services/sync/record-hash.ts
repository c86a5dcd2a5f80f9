import { createHash } from 'node:crypto';
import type { ListedResource } from '../../connectors/handler.js';

/** JSON with the keys of every object sorted, arrays in their order: one text per value. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The `sync_hash` of a record (spec 2.7): SHA-256 hex of the canonical JSON of
 * `{ attributes, displayName, email, externalId }`. Equal hashes mean an unchanged record.
 */
export function recordHash(resource: ListedResource): string {
  const { externalId, displayName, email, attributes } = resource;
  return createHash('sha256').update(canonicalJson({ attributes, displayName, email, externalId })).digest('hex');
}
