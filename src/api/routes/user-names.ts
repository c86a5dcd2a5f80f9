import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { UUID_TEXT } from '../../domain/uuid.js';
import { userNames } from '../../services/users/user-names.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

/** As many ids as a page of the longest list names people on (runs, approvals, matches). */
export const MAX_NAMED_USERS = 100;

const namesQuery = z
  .object({
    ids: z
      .string({ error: 'ids is required' })
      .transform((value) => [...new Set(value.split(',').map((id) => id.trim()))])
      .pipe(
        z
          .array(z.guid({ error: 'ids must be UUIDs separated by commas' }))
          .max(MAX_NAMED_USERS, `ids may name at most ${MAX_NAMED_USERS} users`),
      )
      .meta({ type: 'string', pattern: `^\\s*${UUID_TEXT}\\s*(,\\s*${UUID_TEXT}\\s*)*$` })
      .describe(`Comma-separated user ids, at most ${MAX_NAMED_USERS}`),
  })
  .strict();

const userNameSchema = z
  .object({ id: z.uuid(), displayName: z.string().nullable(), email: z.string().nullable() })
  .meta({ id: 'UserName' });

/**
 * Names for the user ids a page shows (who started a run, who decided, who is waited for), in
 * one request per page. It needs run:read, which every role holds, since those ids come from
 * runs, approvals and tasks, and a name and email are what a colleague sees in any directory;
 * listing or searching users still needs user:read.
 */
export function userNameRoutes(deps: ResourceRouterDependencies, db: Database): ResourceRouter {
  return new ResourceRouter('/api/user-names', 'Users', deps).add({
    method: 'get',
    path: '',
    operationId: 'getUserNames',
    summary: 'The names and emails of up to 100 users, by id (unknown ids are left out)',
    access: 'run:read',
    query: namesQuery,
    responses: {
      200: { description: 'The users found', schema: z.object({ data: z.array(userNameSchema) }) },
    },
    async handler(ctx, { query }) {
      ctx.body = { data: await userNames(db, query.ids) };
    },
  });
}
