import type { Client, Entry } from 'ldapts';
import { z } from 'zod';
import { ConnectorError } from '../../connector-error.js';
import type { LdapCall } from './command.js';
import { bufferAttributes } from './entries.js';
import { escapeFilterValue } from './escape.js';
import { bytesFilterValue, guidToBytes } from './guid.js';
import { ldapResultCode } from './result-codes.js';

/**
 * How commands name the entries they act on. A person is named by exactly one of: the Flowgate
 * user id (`userId`, found through the user's sync match on this connector, so an entitlement can
 * say `{{user.id}}`), the entry's DN, or its `externalId`. A group by its DN or `externalId`.
 */

const dn = z.string().min(1).max(2048).describe('The entry’s distinguished name');
const externalId = z.string().min(1).max(256).describe('The entry’s entryUUID or objectGUID, as listUsers gives it');

export const personFields = {
  userId: z
    .string()
    .min(1)
    .max(256)
    .optional()
    .describe('The Flowgate user id: the entry their sync match links them to'),
  dn: dn.optional(),
  externalId: externalId.optional(),
};
export const groupFields = {
  groupDn: dn.optional().describe('The group’s distinguished name'),
  groupExternalId: externalId.optional().describe('The group’s entryUUID or objectGUID, as listGroups gives it'),
};

/** Exactly one way of naming the person; a refinement, so the check runs where parameters are parsed. */
export function onePerson<T extends { userId?: string; dn?: string; externalId?: string }>(value: T): boolean {
  return [value.userId, value.dn, value.externalId].filter((item) => item !== undefined).length === 1;
}
export const ONE_PERSON = { message: 'name the person by exactly one of userId, dn or externalId' };

export function oneGroup<T extends { groupDn?: string; groupExternalId?: string }>(value: T): boolean {
  return [value.groupDn, value.groupExternalId].filter((item) => item !== undefined).length === 1;
}
export const ONE_GROUP = { message: 'name the group by exactly one of groupDn or groupExternalId', path: ['groupDn'] };

export interface Named {
  userId?: string;
  dn?: string;
  externalId?: string;
}

/** The entry a person parameter names, or undefined when no entry has that DN or id. */
export async function findPerson(
  call: LdapCall,
  client: Client,
  named: Named,
  attributes: string[] = ['1.1'],
): Promise<Entry | undefined> {
  if (named.dn !== undefined) return readEntry(call, client, named.dn, attributes);
  if (named.externalId !== undefined) return findById(call, client, named.externalId, attributes);
  const linked = await linkedRecord(call, named.userId!);
  return findById(call, client, linked.externalId, attributes);
}

/** The record the Flowgate user is linked to on this connector; `not_linked` when there is none. */
export async function linkedRecord(call: LdapCall, userId: string) {
  if (!call.linkedUserRecord)
    throw new ConnectorError('not_linked', 'This call cannot name people by Flowgate user id: give dn or externalId');
  const record = await call.linkedUserRecord(userId);
  if (!record)
    throw new ConnectorError(
      'not_linked',
      `Flowgate user ${userId} is not linked to an entry of this directory (no sync match on this connector)`,
    );
  return record;
}

/** The group a group parameter names, or undefined. */
export async function findGroup(
  call: LdapCall,
  client: Client,
  named: { groupDn?: string; groupExternalId?: string },
  attributes: string[] = ['1.1'],
): Promise<Entry | undefined> {
  if (named.groupDn !== undefined) return readEntry(call, client, named.groupDn, attributes);
  return findById(call, client, named.groupExternalId!, attributes);
}

/** The entry at `dn` (its `attributes`), or undefined when there is none. */
export async function readEntry(
  call: LdapCall,
  client: Client,
  dn: string,
  attributes: string[],
): Promise<Entry | undefined> {
  try {
    const { searchEntries } = await client.search(dn, {
      scope: 'base',
      filter: '(objectClass=*)',
      attributes,
      explicitBufferAttributes: bufferAttributes(call.settings),
    });
    return searchEntries[0];
  } catch (error) {
    if (ldapResultCode(error) === 32) return undefined;
    throw error;
  }
}

/** The entry under baseDn whose id attribute is `id`. */
async function findById(call: LdapCall, client: Client, id: string, attributes: string[]): Promise<Entry | undefined> {
  const { idAttribute, idIsBinaryGuid } = call.settings.attributes;
  let value: string;
  if (idIsBinaryGuid) {
    const bytes = guidToBytes(id);
    if (!bytes) throw new ConnectorError('invalid_parameters', `externalId ${id} is not a GUID`);
    value = bytesFilterValue(bytes);
  } else value = escapeFilterValue(id);
  const { searchEntries } = await client.search(call.settings.baseDn, {
    scope: 'sub',
    filter: `(${idAttribute}=${value})`,
    attributes,
    explicitBufferAttributes: bufferAttributes(call.settings),
    sizeLimit: 2,
  });
  return searchEntries[0];
}

/** `found`, or a `no_such_object` failure naming what was asked for. */
export function required<T>(found: T | undefined, what: Named & { groupDn?: string; groupExternalId?: string }): T {
  if (found !== undefined) return found;
  const name =
    what.dn ?? what.groupDn ?? what.externalId ?? what.groupExternalId ?? `the entry linked to user ${what.userId}`;
  throw new ConnectorError('no_such_object', `No entry ${name} in the directory`);
}
