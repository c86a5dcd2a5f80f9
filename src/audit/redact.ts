/**
 * Removes credentials from audit metadata, whatever the nesting: values under sensitive keys,
 * and values that look like credentials wherever they appear.
 */
export const REDACTED = '[REDACTED]';

const SENSITIVE_KEY =
  /(token|secret|password|passwd|pwd|cookie|authorization|apikey|credential|privatekey|assertion|otp)/;
// Keys that name or point at a credential without containing it.
const DESCRIPTIVE_SUFFIX = /(name|names|prefix|id|ids|type|count|expiresat|createdat|lastusedat|revokedat)$/;
const CREDENTIAL_VALUE = [
  /^bearer\s+\S+/i,
  /^basic\s+\S+/i,
  /^fgt_[A-Za-z0-9]+_[A-Za-z0-9_-]+$/, // our API tokens
  /^scim_[A-Za-z0-9]+_[A-Za-z0-9_-]+$/, // our SCIM client tokens
  /^eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/, // JWTs
];

export function isSensitiveKey(key: string): boolean {
  const normalised = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  return SENSITIVE_KEY.test(normalised) && !DESCRIPTIVE_SUFFIX.test(normalised);
}

function looksLikeCredential(value: string): boolean {
  return CREDENTIAL_VALUE.some((pattern) => pattern.test(value.trim()));
}

export function redact(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return looksLikeCredential(value) ? REDACTED : value;
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redact(item, seen));
  if (value instanceof Date) return value.toISOString();
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    result[key] = isSensitiveKey(key) && inner !== null && inner !== undefined ? REDACTED : redact(inner, seen);
  }
  return result;
}
