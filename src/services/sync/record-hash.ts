import { hash } from 'node:crypto';
import type { ListedResource } from '../../connectors/handler.js';
import { canonicalJson } from '../../domain/canonical-json.js';

/**
 * The `sync_hash` of a record (spec 2.7): SHA-256 hex of the canonical JSON of
 * `{ attributes, displayName, email, externalId }`. Equal hashes mean an unchanged record.
 */
export function recordHash(resource: ListedResource): string {
  const { externalId, displayName, email, attributes } = resource;
  // One-shot hashing: no Hash object per record.
  return hash('sha256', canonicalJson({ attributes, displayName, email, externalId }), 'hex');
}
