import { Attribute, Change, type Client, type Entry } from 'ldapts';
import { z } from 'zod';
import { ConnectorError } from '../../../connector-error.js';
import type { LdapCall } from '../command.js';
import { defineCommand } from '../command.js';
import { firstText, textValues } from '../entries.js';
import {
  findGroup,
  findPerson,
  groupFields,
  ONE_GROUP,
  ONE_PERSON,
  oneGroup,
  onePerson,
  personFields,
  required,
} from '../people.js';
import { ldapResultCode } from '../result-codes.js';

/**
 * Group membership, in the attribute the group's object class uses: `uniqueMember` (a DN) for
 * groupOfUniqueNames, `memberUid` (the user name) for a posixGroup that is not also a
 * groupOfNames, and the member attribute (a DN; `member` by default) otherwise, Active Directory
 * groups included. Whether the user is a member is asked with a compare, so a group of thousands
 * is never read whole.
 */

const parameters = z
  .object({ ...personFields, ...groupFields })
  .strict()
  .refine(onePerson, ONE_PERSON)
  .refine(oneGroup, ONE_GROUP);
type Parameters = z.output<typeof parameters>;

interface Membership {
  group: Entry;
  attribute: string;
  value: string;
  dn: string;
}

async function membershipOf(call: LdapCall, client: Client, named: Parameters): Promise<Membership> {
  const group = required(await findGroup(call, client, named, ['objectClass']), named);
  const classes = textValues(group, 'objectClass').map((name) => name.toLowerCase());
  const usernameAttribute = call.settings.attributes.usernameAttribute;
  const person = required(await findPerson(call, client, named, [usernameAttribute]), named);
  if (classes.includes('groupofuniquenames'))
    return { group, attribute: 'uniqueMember', value: person.dn, dn: person.dn };
  if (classes.includes('posixgroup') && !classes.includes('groupofnames')) {
    const username = firstText(person, usernameAttribute);
    if (!username)
      throw new ConnectorError('constraint_violation', `${person.dn} has no ${usernameAttribute} for memberUid`);
    return { group, attribute: 'memberUid', value: username, dn: person.dn };
  }
  return { group, attribute: call.settings.attributes.memberAttribute, value: person.dn, dn: person.dn };
}

async function isMember(client: Client, membership: Membership): Promise<boolean> {
  try {
    return await client.compare(membership.group.dn, membership.attribute, membership.value);
  } catch (error) {
    // noSuchAttribute: the group has no member at all.
    if (ldapResultCode(error) === 16) return false;
    throw error;
  }
}

async function setMembership(call: LdapCall, client: Client, named: Parameters, member: boolean) {
  const membership = await membershipOf(call, client, named);
  let changed = (await isMember(client, membership)) !== member;
  if (changed) {
    const change = new Change({
      operation: member ? 'add' : 'delete',
      modification: new Attribute({ type: membership.attribute, values: [membership.value] }),
    });
    try {
      await client.modify(membership.group.dn, change);
    } catch (error) {
      // Someone made the same change since the compare: the wanted state holds.
      const code = ldapResultCode(error);
      if ((member && code === 20) || (!member && code === 16)) changed = false;
      else throw error;
    }
  }
  return {
    success: true,
    data: { groupDn: membership.group.dn, userDn: membership.dn, attribute: membership.attribute, changed },
  };
}

export const addToGroup = defineCommand({
  description:
    'Makes the user a member of the group (member, uniqueMember or memberUid by the group’s object class). Idempotent: a member already is changed: false.',
  idempotent: true,
  writes: true,
  changes: ['user', 'group'],
  parameters,
  run: (call, named) => call.withClient((client) => setMembership(call, client, named, true)),
});

export const removeFromGroup = defineCommand({
  description: 'Ends the user’s membership of the group. Idempotent: a non-member is changed: false.',
  idempotent: true,
  writes: true,
  changes: ['user', 'group'],
  parameters,
  run: (call, named) => call.withClient((client) => setMembership(call, client, named, false)),
});
