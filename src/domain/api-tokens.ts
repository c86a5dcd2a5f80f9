import { z } from 'zod';
import { PERMISSIONS, type Permission } from '../permissions/index.js';

const permissionName = z.enum(PERMISSIONS as [Permission, ...Permission[]], {
  error: (issue) => `Unknown permission ${JSON.stringify(issue.input)}`,
});

export const createApiTokenBody = z
  .object({
    name: z.string().max(100, 'name must be at most 100 characters').trim().min(1, 'name is required'),
    permissions: z.array(permissionName).min(1, 'permissions must name at least one permission'),
    expiresAt: z.iso
      .datetime({ offset: true, error: 'expiresAt must be an ISO 8601 timestamp' })
      .transform((value) => new Date(value))
      .refine((date) => date.getTime() > Date.now(), 'expiresAt must be in the future')
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
