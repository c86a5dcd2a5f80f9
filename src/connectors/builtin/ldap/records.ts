import type { Client, Entry } from 'ldapts';
import type { ListedResource } from '../../handler.js';
import type { DnResolver } from './dn-resolver.js';
import { externalIdOf, firstText, textValues } from './entries.js';
import type { LdapSettings } from './settings.js';

/**
 * Directory entries as the records list commands and lookups answer: the id as `externalId`, the
 * DN, `memberOf` and the manager (its DN resolved to its externalId) in `attributes`, and
 * `enabled: false` for a disabled account (docs/connectors.md, "Disabled accounts").
 */

export type RecordKind = 'user' | 'group';

// userAccountControl's ACCOUNTDISABLE flag (MS-ADTS 2.2.16).
const ACCOUNT_DISABLED = 0x2;
const PPOLICY_LOCKED = 'pwdAccountLockedTime';

/** The attributes a search for records of `kind` asks for. */
export function recordAttributes(settings: LdapSettings, kind: RecordKind): string[] {
  const a = settings.attributes;
  const common = [a.idAttribute, 'cn', 'description', ...settings.extraAttributes];
  const names =
    kind === 'user'
      ? [
          ...common,
          a.usernameAttribute,
          a.emailAttribute,
          a.displayNameAttribute,
          'givenName',
          'sn',
          a.groupMemberOfAttribute,
          a.managerAttribute,
          'userAccountControl',
          PPOLICY_LOCKED,
          ...(settings.disabledAttribute ? [settings.disabledAttribute.attribute] : []),
        ]
      : [
          ...common,
          a.displayNameAttribute,
          a.emailAttribute,
          a.memberAttribute,
          'uniqueMember',
          'memberUid',
          'objectClass',
        ];
  return [...new Map(names.map((name) => [name.toLowerCase(), name])).values()];
}

/** A page of entries as records, their manager or member DNs resolved in batches. */
export async function toRecords(
  entries: readonly Entry[],
  kind: RecordKind,
  settings: LdapSettings,
  resolver: DnResolver,
  client: Client,
): Promise<ListedResource[]> {
  const a = settings.attributes;
  if (kind === 'group')
    entries = await Promise.all(entries.map((entry) => withAllValues(client, entry, a.memberAttribute)));
  const ids = entries.map((entry) => externalIdOf(entry, settings));
  entries.forEach((entry, index) => resolver.remember(entry.dn, ids[index]!));
  const referenced = entries.flatMap((entry) =>
    kind === 'user' ? textValues(entry, a.managerAttribute) : memberDns(entry, settings),
  );
  const resolved = await resolver.resolve(client, referenced);
  return entries.map((entry, index) =>
    kind === 'user'
      ? userRecord(entry, ids[index]!, settings, resolved)
      : groupRecord(entry, ids[index]!, settings, resolved),
  );
}

/**
 * The entry with every value of `attribute`: Active Directory answers a large multi-valued
 * attribute in ranges (`member;range=0-1499`, MaxValRange), and the rest is read range by range.
 */
export async function withAllValues(client: Client, entry: Entry, attribute: string): Promise<Entry> {
  const prefix = `${attribute.toLowerCase()};range=`;
  const rangedKey = (candidate: Entry) => Object.keys(candidate).find((key) => key.toLowerCase().startsWith(prefix));
  const first = rangedKey(entry);
  if (first === undefined) return entry;
  const values = textValues(entry, first);
  let range = first.slice(prefix.length);
  while (!range.endsWith('-*')) {
    const end = Number(range.split('-')[1]);
    if (!Number.isSafeInteger(end)) break;
    const { searchEntries } = await client.search(entry.dn, {
      scope: 'base',
      filter: '(objectClass=*)',
      attributes: [`${attribute};range=${end + 1}-*`],
    });
    const next = searchEntries[0];
    const key = next ? rangedKey(next) : undefined;
    if (!next || key === undefined) break;
    values.push(...textValues(next, key));
    range = key.slice(prefix.length);
  }
  const { [first]: _ranged, ...rest } = entry;
  return { ...rest, dn: entry.dn, [attribute]: values };
}

/** The DN-valued members of a group entry (`member`, `uniqueMember`); `memberUid` holds names instead. */
export function memberDns(entry: Entry, settings: LdapSettings): string[] {
  const unique = textValues(entry, 'uniqueMember').map((value) => value.replace(/#'[01]*'B$/, ''));
  return [...textValues(entry, settings.attributes.memberAttribute), ...unique];
}

function userRecord(
  entry: Entry,
  externalId: string,
  settings: LdapSettings,
  resolved: Map<string, string | null>,
): ListedResource {
  const a = settings.attributes;
  const username = firstText(entry, a.usernameAttribute) ?? null;
  const managerDn = firstText(entry, a.managerAttribute) ?? null;
  return {
    externalId,
    displayName: firstText(entry, a.displayNameAttribute) ?? firstText(entry, 'cn') ?? username ?? entry.dn,
    email: firstText(entry, a.emailAttribute) ?? null,
    attributes: {
      dn: entry.dn,
      username,
      firstName: firstText(entry, 'givenName') ?? null,
      lastName: firstText(entry, 'sn') ?? null,
      memberOf: textValues(entry, a.groupMemberOfAttribute),
      manager: managerDn === null ? null : (resolved.get(managerDn) ?? null),
      managerDn,
      ...(isDisabled(entry, settings) ? { enabled: false } : {}),
      ...extraAttributes(entry, settings),
    },
  };
}

function groupRecord(
  entry: Entry,
  externalId: string,
  settings: LdapSettings,
  resolved: Map<string, string | null>,
): ListedResource {
  const dns = memberDns(entry, settings);
  const members = dns.map((dn) => resolved.get(dn)).filter((id): id is string => typeof id === 'string');
  return {
    externalId,
    displayName: firstText(entry, settings.attributes.displayNameAttribute) ?? firstText(entry, 'cn') ?? entry.dn,
    email: firstText(entry, settings.attributes.emailAttribute) ?? null,
    attributes: {
      dn: entry.dn,
      description: firstText(entry, 'description') ?? null,
      // Sorted, so a record's hash does not change with the order the server lists members in.
      members: [...new Set(members)].sort(),
      memberUids: textValues(entry, 'memberUid').sort(),
      unresolvedMembers: dns.filter((dn) => (resolved.get(dn) ?? null) === null).sort(),
      ...extraAttributes(entry, settings),
    },
  };
}

/** A disabled account: AD's ACCOUNTDISABLE bit, ppolicy's lock, or the configured attribute. */
export function isDisabled(entry: Entry, settings: LdapSettings): boolean {
  const control = Number(firstText(entry, 'userAccountControl'));
  if (Number.isInteger(control) && (control & ACCOUNT_DISABLED) !== 0) return true;
  if (textValues(entry, PPOLICY_LOCKED).length > 0) return true;
  const configured = settings.disabledAttribute;
  return configured !== undefined && textValues(entry, configured.attribute).includes(configured.value);
}

function extraAttributes(entry: Entry, settings: LdapSettings): Record<string, string[]> {
  return Object.fromEntries(settings.extraAttributes.map((name) => [name, textValues(entry, name)]));
}
