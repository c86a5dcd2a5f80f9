import { z } from 'zod';
import { ConnectorError } from '../../../connector-error.js';
import { defineCommand } from '../command.js';
import { dnKey, escapeDnValue, isUnder, splitDn } from '../escape.js';
import { findPerson, ONE_PERSON, onePerson, personFields, required } from '../people.js';

export const moveUser = defineCommand({
  description:
    'Moves or renames the user’s entry (modify DN): to newParentDn, and/or to a new RDN value. The entry keeps its externalId, so the sync match holds. Idempotent: an entry already there is changed: false.',
  idempotent: true,
  writes: true,
  changes: ['user'],
  parameters: z
    .object({
      ...personFields,
      newParentDn: z.string().min(1).optional().describe('The new parent (an OU inside baseDn)'),
      newRdnValue: z.string().min(1).optional().describe('A new value of the RDN attribute (a rename)'),
    })
    .strict()
    .refine(onePerson, ONE_PERSON)
    .refine((value) => value.newParentDn !== undefined || value.newRdnValue !== undefined, {
      message: 'give newParentDn, newRdnValue or both',
    }),
  async run(call, parameters) {
    if (parameters.newParentDn !== undefined && !isUnder(parameters.newParentDn, call.settings.baseDn))
      throw new ConnectorError('invalid_parameters', `newParentDn must be inside baseDn (${call.settings.baseDn})`);
    return call.withClient(async (client) => {
      const entry = required(await findPerson(call, client, parameters), parameters);
      const { rdn, parent } = splitDn(entry.dn);
      const rdnType = rdn.slice(0, rdn.indexOf('='));
      const newRdn = parameters.newRdnValue !== undefined ? `${rdnType}=${escapeDnValue(parameters.newRdnValue)}` : rdn;
      const newDn = `${newRdn},${parameters.newParentDn ?? parent}`;
      if (dnKey(newDn) === dnKey(entry.dn))
        return { success: true, data: { dn: entry.dn, previousDn: entry.dn, changed: false } };
      await client.modifyDN(entry.dn, newDn);
      return { success: true, data: { dn: newDn, previousDn: entry.dn, changed: true } };
    });
  },
});
