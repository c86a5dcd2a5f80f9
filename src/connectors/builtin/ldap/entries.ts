import type { Entry } from 'ldapts';
import { ConnectorError } from '../../connector-error.js';
import { guidFromBytes } from './guid.js';
import type { LdapSettings } from './settings.js';

/** Reading attribute values of search entries, which ldapts keys by the server's spelling. */

/** The values of `name` (any letter case) as text; binary values as UTF-8. */
export function textValues(entry: Entry, name: string): string[] {
  const raw = valueOf(entry, name);
  if (raw === undefined) return [];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.map((value) => (Buffer.isBuffer(value) ? value.toString('utf8') : value));
}

export function firstText(entry: Entry, name: string): string | undefined {
  return textValues(entry, name)[0];
}

function valueOf(entry: Entry, name: string): Entry[string] | undefined {
  if (Object.hasOwn(entry, name)) return entry[name];
  const lower = name.toLowerCase();
  const key = Object.keys(entry).find((candidate) => candidate.toLowerCase() === lower);
  return key === undefined ? undefined : entry[key];
}

/** Attribute names ldapts must hand over as bytes: the id when it is a binary GUID. */
export function bufferAttributes(settings: LdapSettings): string[] {
  const id = settings.attributes.idAttribute;
  return settings.attributes.idIsBinaryGuid ? [id, id.toLowerCase(), 'objectGUID'] : [];
}

/** The entry's stable id (`entryUUID`, or objectGUID as Microsoft's GUID string); never its DN. */
export function externalIdOf(entry: Entry, settings: LdapSettings): string {
  const { idAttribute, idIsBinaryGuid } = settings.attributes;
  const raw = valueOf(entry, idAttribute);
  const first = Array.isArray(raw) ? raw[0] : raw;
  if (idIsBinaryGuid && Buffer.isBuffer(first) && first.length === 16) return guidFromBytes(first);
  const text = Buffer.isBuffer(first) ? first.toString('utf8') : first;
  if (typeof text === 'string' && text !== '') return text.toLowerCase();
  throw new ConnectorError(
    'invalid_configuration',
    `The entry ${entry.dn} has no ${idAttribute}: set idAttribute to an attribute every entry has (and the bind account may read)`,
  );
}
