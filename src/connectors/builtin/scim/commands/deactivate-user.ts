import { z } from 'zod';
import { defineCommand } from '../command.js';
import { accountOf, person } from './parameters.js';
import { changeAccount } from './user-accounts.js';

export const deactivateUser = defineCommand({
  description: 'Sets active: false on the account. Idempotent: an inactive account is left alone (changed: false).',
  idempotent: true,
  writes: true,
  parameters: z.object({ user: person }).strict(),
  async run(session, { user }) {
    const account = await accountOf(session, user);
    const changed = await changeAccount(session, account.id, {
      operations: (current) => (current.active === false ? [] : [{ op: 'replace', path: 'active', value: false }]),
      document: (current) => ({ ...current, active: false }),
    });
    return { success: true, data: { id: account.id, changed: changed.length > 0 } };
  },
});
