import { z } from 'zod';
import { PERMISSIONS, type Permission } from '../permissions/index.js';

/** A permission's name; any other is refused by name. */
export const permissionName = z.enum(PERMISSIONS as [Permission, ...Permission[]], {
  error: (issue) => `Unknown permission ${JSON.stringify(issue.input)}`,
});

/**
 * The furthest ahead an API token's expiry may be set: without a bound, a date such as
 * `9999-12-31T23:59:59-05:00` lands in a year the database and clients cannot hold. A token that
 * should never expire is created without `expiresAt`.
 */
export const MAX_API_TOKEN_LIFETIME_YEARS = 10;

function latestTokenExpiry(now = new Date()): Date {
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + MAX_API_TOKEN_LIFETIME_YEARS);
  return latest;
}

export const createApiTokenBody = z
  .object({
    name: z.string().max(100, 'name must be at most 100 characters').trim().min(1, 'name is required'),
    permissions: z.array(permissionName).min(1, 'permissions must name at least one permission'),
    expiresAt: z.iso
      .datetime({ offset: true, error: 'expiresAt must be an ISO 8601 timestamp' })
      .transform((value) => new Date(value))
      .refine((date) => date.getTime() > Date.now(), 'expiresAt must be in the future')
      .refine(
        (date) => date <= latestTokenExpiry(),
        `expiresAt must be at most ${MAX_API_TOKEN_LIFETIME_YEARS} years ahead (leave it out for a token that does not expire)`,
      )
      .optional(),
  })
  .strict()
  .meta({ id: 'CreateApiToken' });

export const apiTokenSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    prefix: z.string().describe('Public part of the token, shown in listings and audit entries'),
    permissions: z.array(z.string()),
    userId: z.uuid(),
    createdAt: z.date(),
    expiresAt: z.date().nullable(),
    lastUsedAt: z.date().nullable(),
    revokedAt: z.date().nullable(),
    parentId: z
      .uuid()
      .nullable()
      .describe('The token this one was created with; it expires no later than that one and is revoked with it'),
  })
  .meta({ id: 'ApiToken' });

export const createdApiTokenSchema = apiTokenSchema
  .extend({ token: z.string().describe('The raw token. Shown once; only its hash is stored.') })
  .meta({ id: 'CreatedApiToken' });
