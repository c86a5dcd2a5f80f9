import { z } from 'zod';
import { defineCommand } from '../command.js';
import { listResponse } from '../representations.js';
import { expectShape } from '../scim-client.js';

export const test = defineCommand({
  description:
    'Reads the target’s ServiceProviderConfig again (the capabilities other commands use) and one user, to check URL and credentials.',
  idempotent: true,
  parameters: z.object({}).strict(),
  async run(session) {
    const capabilities = await session.capabilities({ refresh: true });
    // The ServiceProviderConfig may be public (RFC 7644 §4); a listing proves the credentials.
    const users = expectShape(
      listResponse,
      await session.callOk('GET', '/Users', {
        query: { ...(capabilities.cursor ? { cursor: '' } : { startIndex: 1 }), count: 1 },
      }),
    );
    return { success: true, data: { capabilities: { ...capabilities }, users: users.totalResults } };
  },
});
