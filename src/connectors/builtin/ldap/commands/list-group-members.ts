import { z } from 'zod';
import { defineCommand } from '../command.js';
import { DnResolver } from '../dn-resolver.js';
import { textValues } from '../entries.js';
import { findGroup, groupFields, ONE_GROUP, oneGroup, required } from '../people.js';
import { memberDns, withAllValues } from '../records.js';

export const listGroupMembers = defineCommand({
  description:
    'The group’s direct members: each member DN with its externalId (null for a DN that names no readable entry), and memberUid names.',
  idempotent: true,
  parameters: z.object(groupFields).strict().refine(oneGroup, ONE_GROUP),
  async run(call, named) {
    const attributes = [call.settings.attributes.memberAttribute, 'uniqueMember', 'memberUid'];
    return call.withClient(async (client) => {
      const found = required(await findGroup(call, client, named, attributes), named);
      const group = await withAllValues(client, found, call.settings.attributes.memberAttribute);
      const dns = memberDns(group, call.settings);
      const ids = await new DnResolver(call.settings).resolve(client, dns);
      return {
        success: true,
        data: {
          groupDn: group.dn,
          count: dns.length,
          members: dns.map((dn) => ({ dn, externalId: ids.get(dn) ?? null })),
          memberUids: textValues(group, 'memberUid'),
        },
      };
    });
  },
});
