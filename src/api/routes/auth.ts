import { z } from 'zod';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/client.js';
import { notFound } from '../../errors/index.js';
import { callerOf } from '../audit-context.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const authConfigSchema = z
  .object({
    oidcEnabled: z.boolean().describe('False in development mode: API tokens only'),
    issuer: z.string().nullable(),
    clientId: z.string().nullable(),
    scope: z.string().nullable(),
  })
  .meta({ id: 'AuthConfig' });

const meSchema = z
  .object({
    id: z.uuid(),
    email: z.string().nullable(),
    displayName: z.string().nullable(),
    roles: z.array(z.string()),
    permissions: z.array(z.string()),
    via: z.enum(['api_token', 'oidc_token', 'session']),
    apiToken: z.object({ id: z.uuid(), name: z.string(), prefix: z.string() }).optional(),
  })
  .meta({ id: 'Me' });

export function authRoutes(deps: ResourceRouterDependencies, db: Database, config: Readonly<Config>): ResourceRouter {
  return new ResourceRouter('/api/auth', 'Authentication', deps)
    .add({
      method: 'get',
      path: '/config',
      operationId: 'getAuthConfig',
      summary: 'Whether OIDC login is enabled, and how',
      access: 'public',
      responses: { 200: { description: 'Login configuration', schema: authConfigSchema } },
      handler(ctx) {
        ctx.body = {
          oidcEnabled: config.oidc !== undefined,
          issuer: config.oidc?.issuer ?? null,
          clientId: config.oidc?.clientId ?? null,
          scope: config.oidc?.scope ?? null,
        };
      },
    })
    .add({
      method: 'get',
      path: '/me',
      operationId: 'getCurrentUser',
      summary: 'The caller, with effective permissions',
      access: 'authenticated',
      responses: { 200: { description: 'The current user', schema: meSchema } },
      async handler(ctx) {
        const principal = callerOf(ctx);
        const user = await db.user.findUnique({ where: { id: principal.userId } });
        if (!user) throw notFound('User');
        ctx.body = {
          id: user.id,
          email: user.email,
          displayName: user.displayName,
          roles: user.roles,
          permissions: [...principal.permissions].sort(),
          via: principal.via,
          apiToken: principal.apiToken,
        };
      },
    });
}
