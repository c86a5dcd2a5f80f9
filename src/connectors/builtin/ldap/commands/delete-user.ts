import { z } from 'zod';
import { defineCommand } from '../command.js';
import { findPerson, ONE_PERSON, onePerson, personFields } from '../people.js';
import { ldapResultCode } from '../result-codes.js';

export const deleteUser = defineCommand({
  description:
    'Deletes the user’s entry. Idempotent: an entry that no longer exists counts as deleted (changed: false).',
  idempotent: true,
  writes: true,
  changes: ['user'],
  parameters: z.object(personFields).strict().refine(onePerson, ONE_PERSON),
  async run(call, named) {
    return call.withClient(async (client) => {
      const entry = await findPerson(call, client, named);
      if (!entry) return { success: true, data: { dn: named.dn ?? null, changed: false } };
      try {
        await client.del(entry.dn);
      } catch (error) {
        // Gone since it was found: the wanted state holds.
        if (ldapResultCode(error) === 32) return { success: true, data: { dn: entry.dn, changed: false } };
        throw error;
      }
      return { success: true, data: { dn: entry.dn, changed: true } };
    });
  },
});
