import type { ConnectorResult, ListedResource } from './handler.js';

/**
 * Keeps a connector's secret values out of what its commands return. Results are stored on run
 * steps and shown to every role that may read runs, and a remote system can echo back whatever
 * it received (headers, bodies), so the execution layer scrubs every result, successful or not,
 * before it leaves the connector layer. Matching is by value, never by key name.
 */

export const SCRUBBED = '[REDACTED]';

export interface SecretScrubber {
  /** `value` with every form of every secret replaced by `[REDACTED]`. */
  text(value: string): string;
  /** The result with its data, payload, error and code scrubbed (nested values, keys included). */
  result(result: ConnectorResult): ConnectorResult;
}

/**
 * The secret texts of a connector's secret settings: every non-empty string and every number
 * inside them, however nested, and `username:password` of each `{ username, password }` pair (what
 * basic auth encodes). The username of such a pair is an account name, not a secret, and is kept.
 */
export function secretTextsOf(secrets: unknown): string[] {
  const texts = new Set<string>();
  const visit = (value: unknown, key?: string, parent?: Record<string, unknown>) => {
    if (typeof value === 'string') {
      const accountName = key === 'username' && typeof parent?.password === 'string';
      if (value !== '' && !accountName) texts.add(value);
    } else if (typeof value === 'number') {
      texts.add(String(value));
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item);
    } else if (value !== null && typeof value === 'object') {
      const record: Record<string, unknown> = Object.fromEntries(Object.entries(value));
      if (typeof record.username === 'string' && typeof record.password === 'string' && record.password !== '')
        texts.add(`${record.username}:${record.password}`);
      for (const [name, inner] of Object.entries(record)) visit(inner, name, record);
    }
  };
  visit(secrets);
  return [...texts];
}

/** The ways a secret travels in HTTP and shows up again in what a server answers. */
function formsOf(secret: string): string[] {
  const base64 = Buffer.from(secret).toString('base64');
  return [
    secret,
    encodeURIComponent(secret),
    encodeURI(secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
    base64,
    base64.replace(/=+$/, ''),
    Buffer.from(secret).toString('base64url'),
    JSON.stringify(secret).slice(1, -1),
  ];
}

/**
 * A scrubber for the given secret texts (see `secretTextsOf`). Every non-empty secret is scrubbed
 * whatever its length: a short secret is still a secret. Longer forms are replaced first, so a
 * secret that contains another one is removed whole.
 */
export function secretScrubber(secrets: readonly string[]): SecretScrubber {
  const forms = [...new Set(secrets.filter((secret) => secret !== '').flatMap(formsOf))]
    .filter((form) => form !== '')
    .sort((a, b) => b.length - a.length);

  const text = (value: string): string => {
    let scrubbed = value;
    for (const form of forms) if (scrubbed.includes(form)) scrubbed = scrubbed.split(form).join(SCRUBBED);
    return scrubbed;
  };
  const exact = new Set(secrets);
  // Copied only where something is scrubbed: a listed page of thousands of records usually holds
  // no secret, and copying each of them cost a sync pass more than scrubbing did.
  const record = (value: object): Record<string, unknown> => {
    const original = value as Record<string, unknown>;
    const keys = Object.keys(original);
    let copy: Record<string, unknown> | undefined;
    keys.forEach((key, index) => {
      const scrubbedKey = text(key);
      const inner = any(original[key]);
      if (copy === undefined && (scrubbedKey !== key || inner !== original[key]))
        copy = Object.fromEntries(keys.slice(0, index).map((earlier) => [earlier, original[earlier]]));
      if (copy !== undefined) copy[scrubbedKey] = inner;
    });
    return copy ?? original;
  };
  const list = (value: unknown[]): unknown[] => {
    const scrubbed = value.map(any);
    return scrubbed.some((inner, index) => inner !== value[index]) ? scrubbed : value;
  };
  const any = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (typeof value === 'number') return exact.has(String(value)) ? SCRUBBED : value;
    if (Array.isArray(value)) return list(value);
    if (value instanceof Date) return value;
    if (value !== null && typeof value === 'object') return record(value);
    return value;
  };
  const resource = (value: ListedResource): ListedResource => {
    const externalId = text(value.externalId);
    const displayName = text(value.displayName);
    const email = value.email === null ? null : text(value.email);
    const attributes = record(value.attributes);
    const same =
      externalId === value.externalId &&
      displayName === value.displayName &&
      email === value.email &&
      attributes === value.attributes;
    return same ? value : { externalId, displayName, email, attributes };
  };

  return {
    text,
    result(result) {
      if (forms.length === 0) return result;
      const scrubbed = { ...result };
      if (result.data !== undefined) scrubbed.data = record(result.data);
      if (result.payload !== undefined) {
        const { resources, nextCursor } = result.payload;
        scrubbed.payload = { ...result.payload, resources: resources.map(resource) };
        if (nextCursor !== undefined) scrubbed.payload.nextCursor = text(nextCursor);
      }
      if (result.error !== undefined) scrubbed.error = text(result.error);
      if (result.code !== undefined) scrubbed.code = text(result.code);
      return scrubbed;
    },
  };
}
