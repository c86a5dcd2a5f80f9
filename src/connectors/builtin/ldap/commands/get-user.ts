import { z } from 'zod';
import { defineCommand } from '../command.js';
import { DnResolver } from '../dn-resolver.js';
import { findPerson, ONE_PERSON, onePerson, personFields, required } from '../people.js';
import { recordAttributes, toRecords } from '../records.js';

export const getUser = defineCommand({
  description:
    'Reads one user as listUsers gives it (externalId, displayName, email, attributes with dn, memberOf and manager). A user that does not exist is no_such_object.',
  idempotent: true,
  lookup: { resourceType: 'user', idField: 'externalId' },
  parameters: z.object(personFields).strict().refine(onePerson, ONE_PERSON),
  async run(call, named) {
    return call.withClient(async (client) => {
      const entry = required(await findPerson(call, client, named, recordAttributes(call.settings, 'user')), named);
      const [record] = await toRecords([entry], 'user', call.settings, new DnResolver(call.settings), client);
      return { success: true, data: { ...record! } };
    });
  },
});
