import { z } from 'zod';
import { ConnectorError } from '../../../connector-error.js';
import { defineCommand } from '../command.js';
import { externalIdOf } from '../entries.js';
import { escapeDnValue, isUnder } from '../escape.js';
import { readEntry } from '../people.js';
import { ldapResultCode } from '../result-codes.js';

const values = z.union([z.string(), z.array(z.string()).min(1)]);

export const createUser = defineCommand({
  description:
    'Creates the user entry <rdnAttribute>=<rdnValue>,<parentDn> with the object classes and fixed attributes of the connector’s userTemplate plus the given attributes. Idempotent: an existing entry at that DN is changed: false (not modified).',
  idempotent: true,
  writes: true,
  changes: ['user'],
  parameters: z
    .object({
      rdnValue: z
        .string()
        .min(1)
        .max(256)
        .describe('The value of the RDN attribute (uid on OpenLDAP, cn on AD), e.g. jdoe'),
      parentDn: z.string().min(1).optional().describe('Where to create it; inside baseDn (default userBaseDn)'),
      attributes: z
        .record(z.string().min(1), values)
        .default({})
        .describe('Attributes of the new entry: name to value(s)'),
    })
    .strict(),
  async run(call, { rdnValue, parentDn, attributes }) {
    const template = call.settings.userTemplate;
    if (!template)
      throw new ConnectorError(
        'invalid_configuration',
        'createUser needs the connector’s userTemplate (object classes)',
      );
    const parent = parentDn ?? call.settings.userBase;
    if (!isUnder(parent, call.settings.baseDn))
      throw new ConnectorError('invalid_parameters', `parentDn must be inside baseDn (${call.settings.baseDn})`);
    const rdnAttribute = call.settings.attributes.rdnAttribute;
    const dn = `${rdnAttribute}=${escapeDnValue(rdnValue)},${parent}`;
    const entry: Record<string, string | string[]> = {
      ...template.attributes,
      ...attributes,
      objectClass: template.objectClass,
      [rdnAttribute]: rdnValue,
    };
    return call.withClient(async (client) => {
      let changed = true;
      try {
        await client.add(dn, entry);
      } catch (error) {
        // entryAlreadyExists: an earlier try created it, or someone else did; either way it is there.
        if (ldapResultCode(error) !== 68) throw error;
        changed = false;
      }
      const created = await readEntry(call, client, dn, [call.settings.attributes.idAttribute]);
      return {
        success: true,
        data: { dn, externalId: created ? externalIdOf(created, call.settings) : null, changed },
      };
    });
  },
});
