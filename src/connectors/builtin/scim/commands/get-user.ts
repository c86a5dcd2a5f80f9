import { z } from 'zod';
import { defineCommand } from '../command.js';
import { scimUser } from '../representations.js';
import { expectShape, statusFailure } from '../scim-client.js';
import { accountOf, person, resourcePath } from './parameters.js';

export const getUser = defineCommand({
  description: 'Reads the user’s account. found: false (a success) when the application has no such account.',
  idempotent: true,
  parameters: z.object({ user: person }).strict(),
  async run(session, { user }) {
    const account = await accountOf(session, user);
    const response = await session.call('GET', resourcePath('/Users', account.id));
    if (response.status === 404) return { success: true, data: { id: account.id, found: false } };
    if (response.status < 200 || response.status >= 300) throw statusFailure(response);
    const found = expectShape(scimUser, response);
    return { success: true, data: { id: found.id, found: true, user: found } };
  },
});
