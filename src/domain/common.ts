import { z } from 'zod';

export const idParams = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });

/** Query-string booleans: only `true` and `false` are accepted. */
export const queryBoolean = (name: string) =>
  z.enum(['true', 'false'], { error: `${name} must be true or false` }).transform((value) => value === 'true');

/** An ISO 8601 timestamp in a query string. */
export const queryTimestamp = (name: string) =>
  z.iso
    .datetime({ offset: true, error: `${name} must be an ISO 8601 timestamp` })
    .transform((value) => new Date(value));
