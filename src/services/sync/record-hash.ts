import { createHash } from 'node:crypto';
import type { ListedResource } from '../../connectors/handler.js';

/**
 * JSON with the keys of every object sorted, arrays in their order: one text per value. Every
 * record of every pass goes through it, so it is one `JSON.stringify` of a copy whose objects
 * hold their keys in order. JavaScript lists integer-like keys first, in numeric order, whatever
 * the insertion order: a value with such a key has its text joined here instead.
 */
export function canonicalJson(value: unknown): string {
  const ordered = inKeyOrder(value);
  return ordered === INTEGER_LIKE_KEY ? joinedJson(value) : JSON.stringify(ordered);
}

const INTEGER_LIKE_KEY = Symbol('integer-like key');

/** The value with every object replaced by a copy holding its keys sorted (arrays and plain values as they are). */
function inKeyOrder(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    if (!value.some(isNested)) return value;
    const ordered = value.map(inKeyOrder);
    return ordered.includes(INTEGER_LIKE_KEY) ? INTEGER_LIKE_KEY : ordered;
  }
  const object = value as Record<string, unknown>;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(object).sort()) {
    if (startsWithDigit(key) || key === '__proto__') return INTEGER_LIKE_KEY;
    const inner = inKeyOrder(object[key]);
    if (inner === INTEGER_LIKE_KEY) return INTEGER_LIKE_KEY;
    sorted[key] = inner;
  }
  return sorted;
}

/** The canonical text built piece by piece. */
function joinedJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((inner) => joinedJson(inner ?? null)).join(',')}]`;
  const object = value as Record<string, unknown>;
  const members = Object.keys(object)
    .sort()
    .filter((key) => object[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${joinedJson(object[key])}`);
  return `{${members.join(',')}}`;
}

const isNested = (value: unknown) => value !== null && typeof value === 'object';
const startsWithDigit = (key: string) => key.charCodeAt(0) >= 48 && key.charCodeAt(0) <= 57;

/**
 * The `sync_hash` of a record (spec 2.7): SHA-256 hex of the canonical JSON of
 * `{ attributes, displayName, email, externalId }`. Equal hashes mean an unchanged record.
 */
export function recordHash(resource: ListedResource): string {
  const { externalId, displayName, email, attributes } = resource;
  return createHash('sha256').update(canonicalJson({ attributes, displayName, email, externalId })).digest('hex');
}
