import type { Entry } from 'ldapts';
import { z } from 'zod';
import { ConnectorError } from '../../../connector-error.js';
import { defineCommand } from '../command.js';
import { textValues } from '../entries.js';
import { isUnder } from '../escape.js';
import { listParameters } from '../listing.js';
import { ldapResultCode } from '../result-codes.js';

const ldapFilter = listParameters.shape.filter.unwrap().shape.ldap.unwrap();

export const search = defineCommand({
  description:
    'Searches under baseDn (or a base inside it) with an LDAP filter and answers the entries’ DNs and the attributes asked for (at most sizeLimit).',
  idempotent: true,
  parameters: z
    .object({
      filter: ldapFilter.describe('An RFC 4515 filter, e.g. (&(objectClass=person)(department=Sales))'),
      base: z.string().min(1).optional().describe('Where to search; inside baseDn (default baseDn)'),
      scope: z.enum(['base', 'one', 'sub']).default('sub'),
      attributes: z.array(z.string().min(1)).max(100).default(['cn', 'mail']),
      sizeLimit: z.number().int().min(1).max(1000).default(100),
    })
    .strict(),
  async run(call, { filter, base, scope, attributes, sizeLimit }) {
    const where = base ?? call.settings.baseDn;
    if (!isUnder(where, call.settings.baseDn))
      throw new ConnectorError('invalid_parameters', `base must be inside baseDn (${call.settings.baseDn})`);
    return call.withClient(async (client) => {
      let truncated = false;
      let entries: Entry[];
      try {
        ({ searchEntries: entries } = await client.search(where, {
          scope,
          filter: filter.trim().startsWith('(') ? filter : `(${filter})`,
          attributes,
          sizeLimit: sizeLimit,
        }));
      } catch (error) {
        if (ldapResultCode(error) !== 4) throw error;
        truncated = true;
        entries = [];
      }
      if (entries.length >= sizeLimit) truncated = true;
      return {
        success: true,
        data: {
          count: entries.length,
          truncated,
          entries: entries.map((entry) => ({
            dn: entry.dn,
            attributes: Object.fromEntries(attributes.map((name) => [name, textValues(entry, name)])),
          })),
        },
      };
    });
  },
});
