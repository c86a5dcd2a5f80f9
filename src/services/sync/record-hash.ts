import { createHash } from 'node:crypto';
import type { ListedResource } from '../../connectors/handler.js';

/**
 * JSON with the keys of every object sorted, arrays in their order: one text per value. Built
 * by concatenation, since every record of every pass goes through it.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index += 1) {
      if (index > 0) text += ',';
      text += canonicalJson(value[index] ?? null);
    }
    return `${text}]`;
  }
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    let text = '{';
    for (const key of Object.keys(object).sort()) {
      const inner = object[key];
      if (inner === undefined) continue;
      if (text.length > 1) text += ',';
      text += `${JSON.stringify(key)}:${canonicalJson(inner)}`;
    }
    return `${text}}`;
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
