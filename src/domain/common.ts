import { z } from 'zod';

/** A JSON object, as a jsonb column stores one: any keys, any values. */
export const jsonObject = z.record(z.string(), z.unknown());

export const idParams = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });

/** Query-string booleans: only `true` and `false` are accepted. */
export const queryBoolean = (name: string) =>
  z.enum(['true', 'false'], { error: `${name} must be true or false` }).transform((value) => value === 'true');

/**
 * An ISO 8601 timestamp in a query string, in the years 1 to 9999 once its offset is applied:
 * PostgreSQL has no year 0 (`0000-01-01T00:00:00Z`, or `0001-01-01T00:00:00+01:00`, which is in
 * the year before).
 */
export const queryTimestamp = (name: string) =>
  z.iso
    .datetime({ offset: true, error: `${name} must be an ISO 8601 timestamp` })
    .transform((value) => new Date(value))
    .refine((date) => date.getUTCFullYear() >= 1 && date.getUTCFullYear() <= 9999, {
      error: `${name} must be in the years 0001 to 9999 (UTC)`,
    });

/**
 * Longest name, email address or search term accepted: PostgreSQL b-tree entries (unique names,
 * emails) cannot hold much more, and no real one is longer.
 */
export const MAX_KEY_TEXT_LENGTH = 255;

/** A free-text filter in a query string (a search term, a name or email to match). */
export const queryText = (name: string) =>
  z
    .string()
    .min(1, `${name} must not be empty`)
    .max(MAX_KEY_TEXT_LENGTH, `${name} must be at most ${MAX_KEY_TEXT_LENGTH} characters`);

/** An email address as input, at most `MAX_KEY_TEXT_LENGTH` characters. */
export const emailAddress = (name = 'email') =>
  z
    .email({ error: `${name} must be an email address` })
    .max(MAX_KEY_TEXT_LENGTH, `${name} must be at most ${MAX_KEY_TEXT_LENGTH} characters`);
