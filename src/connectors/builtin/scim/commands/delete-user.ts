import { z } from 'zod';
import { defineCommand } from '../command.js';
import { statusFailure } from '../scim-client.js';
import { accountOf, person, resourcePath } from './parameters.js';

export const deleteUser = defineCommand({
  description:
    'Deletes the account and its link. Idempotent: an account that no longer exists counts as deleted (changed: false).',
  idempotent: true,
  writes: true,
  parameters: z.object({ user: person }).strict(),
  async run(session, { user }) {
    const account = await accountOf(session, user);
    const response = await session.call('DELETE', resourcePath('/Users', account.id));
    if (response.status !== 404 && (response.status < 200 || response.status >= 300)) throw statusFailure(response);
    if (account.userId) await session.accounts?.removeLink(account.userId);
    return { success: true, data: { id: account.id, changed: response.status !== 404 } };
  },
});
