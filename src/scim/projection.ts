import type { JsonObject } from './patch.js';

export interface Projection {
  attributes?: string[];
  excludedAttributes?: string[];
}

const ALWAYS_RETURNED = new Set(['schemas', 'id']);

function names(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const list = (Array.isArray(value) ? value.join(',') : value)
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .map((name) => name.replace(/^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/, ''))
    .filter(Boolean);
  return list.length > 0 ? list : undefined;
}

export function projectionOf(query: Record<string, string | string[] | undefined>): Projection {
  return { attributes: names(query.attributes), excludedAttributes: names(query.excludedAttributes) };
}

/** Whether a top-level attribute is returned, so services can skip loading it (members). */
export function returns(projection: Projection, attribute: string): boolean {
  const name = attribute.toLowerCase();
  if (projection.attributes) return projection.attributes.some((entry) => entry.split('.')[0] === name);
  return !projection.excludedAttributes?.includes(name);
}

/** RFC 7644 3.9: `attributes` keeps only the named ones (and id, schemas); `excludedAttributes` drops some. */
export function project(resource: JsonObject, projection: Projection): JsonObject {
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(resource)) {
    const name = key.toLowerCase();
    if (ALWAYS_RETURNED.has(name)) {
      result[key] = value;
      continue;
    }
    if (projection.attributes) {
      const wanted = projection.attributes.filter((entry) => entry === name || entry.startsWith(`${name}.`));
      if (wanted.length === 0) continue;
      const subs = wanted.filter((entry) => entry !== name).map((entry) => entry.slice(name.length + 1));
      result[key] =
        wanted.includes(name) || subs.length === 0 || value === null || typeof value !== 'object'
          ? value
          : pick(value, subs);
      continue;
    }
    if (!projection.excludedAttributes?.includes(name)) result[key] = value;
  }
  return result;
}

function pick(value: object, subs: string[]): unknown {
  const keep = (item: unknown) =>
    item !== null && typeof item === 'object'
      ? Object.fromEntries(Object.entries(item).filter(([key]) => subs.includes(key.toLowerCase())))
      : item;
  return Array.isArray(value) ? value.map(keep) : keep(value);
}
