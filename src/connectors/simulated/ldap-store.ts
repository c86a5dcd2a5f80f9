import { ConnectorError } from '../connector-error.js';
import { SEEDED_PASSWORD, type Directory } from './directory-data.js';
import { escapeDnValue, parseDn } from './ldap-dn.js';
import type { ListableRecord } from './list-page.js';
import { createSeededRandom } from './seeded-random.js';

/**
 * The entries of the simulated LDAP server and the rules a real one enforces on writes: a small
 * schema (known object classes, their required and single-valued attributes), RDN values that
 * stay in the entry, server-maintained `memberOf` kept in step with groups' `member` values, and
 * referential integrity when an entry is deleted. Error messages carry the LDAP result code.
 */

export const BASE_DN = 'dc=example,dc=test';
export const PEOPLE_DN = `ou=people,${BASE_DN}`;
export const GROUPS_DN = `ou=groups,${BASE_DN}`;
/** The `pwdAccountLockedTime` value OpenLDAP's password policy uses for a permanently locked account. */
export const PERMANENTLY_LOCKED = '000001010000Z';

export type LdapEntryKind = 'user' | 'group' | 'other';

/** Attribute values by lower-case attribute name. Value lists are replaced, never changed in place. */
export type LdapAttributes = Record<string, readonly string[]>;

export interface LdapEntry extends ListableRecord {
  seq: number;
  dn: string;
  key: string;
  parentKey: string;
  rdnAttribute: string;
  rdnValue: string;
  kind: LdapEntryKind;
  entryUUID: string;
  createdAt: string;
  modifiedAt: string;
  attributes: LdapAttributes;
  password: string | null;
}

export type ModifyOperation = 'add' | 'delete' | 'replace';

export interface AttributeChange {
  operation: ModifyOperation;
  attribute: string;
  values: string[];
}

const USER_OBJECT_CLASSES: readonly string[] = ['top', 'person', 'organizationalPerson', 'inetOrgPerson'];
const GROUP_OBJECT_CLASSES: readonly string[] = ['top', 'groupOfNames'];

/** Object classes the schema knows, with the attributes each requires (lower case). */
const OBJECT_CLASSES: ReadonlyMap<string, readonly string[]> = new Map([
  ['top', []],
  ['person', ['cn', 'sn']],
  ['organizationalperson', ['cn', 'sn']],
  ['inetorgperson', ['cn', 'sn']],
  // Stricter servers also require `member`; allowing empty groups keeps deletes and removals simple.
  ['groupofnames', ['cn']],
  ['organizationalunit', ['ou']],
  ['dcobject', ['dc']],
  ['organization', ['o']],
]);

const SINGLE_VALUED = new Set([
  'uid',
  'cn',
  'sn',
  'givenname',
  'displayname',
  'mail',
  'title',
  'department',
  'employeenumber',
  'manager',
  'o',
  'pwdaccountlockedtime',
]);

/** Maintained by the server; clients may read but never write them. */
const OPERATIONAL = new Set(['memberof', 'entryuuid', 'createtimestamp', 'modifytimestamp']);

const KNOWN_SPELLINGS = [
  'objectClass',
  'uid',
  'cn',
  'sn',
  'givenName',
  'displayName',
  'mail',
  'title',
  'department',
  'employeeNumber',
  'manager',
  'memberOf',
  'member',
  'description',
  'telephoneNumber',
  'o',
  'ou',
  'dc',
  'userPassword',
  'pwdAccountLockedTime',
  'entryUUID',
  'createTimestamp',
  'modifyTimestamp',
];

const ATTRIBUTE_NAME = /^[A-Za-z][A-Za-z0-9-]*$/;
const SEEDED_AT = '2019-01-01T00:00:00.000Z';

/** The values of an attribute; attribute names such as `constructor` must not reach the prototype. */
export function ownValues(attributes: LdapAttributes, lowerName: string): readonly string[] {
  return Object.hasOwn(attributes, lowerName) ? attributes[lowerName]! : [];
}

/** Whether LDAP clients see the attribute as a list (multi-valued) or a single string. */
export function isSingleValued(lowerName: string): boolean {
  return SINGLE_VALUED.has(lowerName);
}

export class LdapStore {
  /** Entries in creation order: what list commands page through. */
  readonly ordered: LdapEntry[] = [];
  private readonly byKey = new Map<string, LdapEntry>();
  private readonly childCounts = new Map<string, number>();
  private readonly spellings = new Map(KNOWN_SPELLINGS.map((name) => [name.toLowerCase(), name]));
  private nextSeq = 1;
  private readonly newUuid: () => string;

  constructor(
    private readonly now: () => Date,
    uuidSeed: number,
  ) {
    // A stream of its own, so new entries get reproducible UUIDs that differ from the seeded ones.
    const random = createSeededRandom(uuidSeed ^ 0x1da9);
    this.newUuid = () => random.uuid();
  }

  /** A store holding the directory's people under `ou=people` and its groups under `ou=groups`. */
  static fromDirectory(directory: Directory, now: () => Date): LdapStore {
    const store = new LdapStore(now, directory.seed);
    store.insertSeeded(BASE_DN, {
      objectclass: ['top', 'dcObject', 'organization'],
      dc: ['example'],
      o: ['Example Corp'],
    });
    store.insertSeeded(PEOPLE_DN, { objectclass: ['top', 'organizationalUnit'], ou: ['people'] });
    store.insertSeeded(GROUPS_DN, { objectclass: ['top', 'organizationalUnit'], ou: ['groups'] });

    const userDns = directory.people.map((person) => `uid=${escapeDnValue(person.username)},${PEOPLE_DN}`);
    const groupDns = directory.groups.map((group) => `cn=${escapeDnValue(group.name)},${GROUPS_DN}`);
    for (const person of directory.people) {
      const attributes: Record<string, readonly string[]> = {
        objectclass: USER_OBJECT_CLASSES,
        uid: [person.username],
        cn: [person.displayName],
        sn: [person.lastName],
        givenname: [person.firstName],
        displayname: [person.displayName],
        mail: [person.email],
        title: [person.title],
        department: [person.department],
        employeenumber: [person.employeeId],
      };
      if (person.managerIndex !== null) attributes.manager = [userDns[person.managerIndex]!];
      if (person.groupIndexes.length > 0) attributes.memberof = person.groupIndexes.map((index) => groupDns[index]!);
      if (!person.enabled) attributes.pwdaccountlockedtime = [PERMANENTLY_LOCKED];
      store.insertSeeded(userDns[person.index]!, attributes, person, SEEDED_PASSWORD);
    }
    for (const group of directory.groups) {
      const attributes: Record<string, readonly string[]> = {
        objectclass: GROUP_OBJECT_CLASSES,
        cn: [group.name],
        description: [group.description],
      };
      if (group.memberIndexes.length > 0) attributes.member = group.memberIndexes.map((index) => userDns[index]!);
      store.insertSeeded(groupDns[group.index]!, attributes, group, null);
    }
    return store;
  }

  get size(): number {
    return this.byKey.size;
  }

  /** The entry at `dn`; `not_found` (noSuchObject) when there is none. */
  require(dn: string): LdapEntry {
    const entry = this.byKey.get(parseDn(dn).key);
    if (!entry) throw new ConnectorError('not_found', `No such object (32): ${dn}`);
    return entry;
  }

  find(key: string): LdapEntry | undefined {
    return this.byKey.get(key);
  }

  /** The spelling clients see for a lower-case attribute name. */
  spelling(lowerName: string): string {
    return this.spellings.get(lowerName) ?? lowerName;
  }

  add(dn: string, requested: readonly [name: string, values: string[]][]): LdapEntry {
    const parsed = parseDn(dn);
    if (this.byKey.has(parsed.key)) throw new ConnectorError('already_exists', `Entry already exists (68): ${dn}`);
    if (!this.byKey.has(parsed.parentKey))
      throw new ConnectorError('not_found', `No such object (32): the parent of ${dn} does not exist`);
    const rdn = parsed.rdns[0]!;
    const rdnAttribute = rdn.attribute.toLowerCase();

    const attributes: Record<string, readonly string[]> = {};
    let password: string | null = null;
    for (const [name, values] of requested) {
      const lowerName = this.checkWritable(name);
      if (lowerName === 'userpassword') password = singlePassword(values);
      else if (values.length > 0)
        attributes[lowerName] = uniqueValues(lowerName, [...ownValues(attributes, lowerName), ...values]);
    }
    // The RDN value belongs to the entry; servers add it when the request leaves it out.
    const rdnValues = ownValues(attributes, rdnAttribute);
    if (!containsValue(rdnAttribute, rdnValues, rdn.value)) {
      if (rdnValues.length > 0)
        throw new ConnectorError(
          'constraint_violation',
          `Naming violation (64): ${rdn.attribute} does not include the RDN value '${rdn.value}'`,
        );
      attributes[rdnAttribute] = [rdn.value];
    }
    const kind = this.checkSchema(attributes);
    if (attributes.member) this.requireMembersExist(attributes.member);

    const timestamp = this.now().toISOString();
    const entry: LdapEntry = {
      seq: this.nextSeq++,
      dn: dn.trim(),
      key: parsed.key,
      parentKey: parsed.parentKey,
      rdnAttribute,
      rdnValue: rdn.value,
      kind,
      entryUUID: this.newUuid(),
      createdAt: timestamp,
      modifiedAt: timestamp,
      attributes,
      password,
    };
    this.insert(entry);
    this.updateMemberOf(entry, [], attributes.member ?? []);
    return entry;
  }

  /** Applies all changes or none (RFC 4511 modify is atomic). */
  modify(dn: string, changes: readonly AttributeChange[]): LdapEntry {
    const entry = this.require(dn);
    const attributes: Record<string, readonly string[]> = { ...entry.attributes };
    let password = entry.password;
    for (const change of changes) {
      const lowerName = this.checkWritable(change.attribute);
      if (lowerName === 'userpassword') {
        password = change.operation === 'delete' ? null : singlePassword(change.values);
        continue;
      }
      const next = applyChange(lowerName, ownValues(attributes, lowerName), change);
      if (next.length > 0) attributes[lowerName] = next;
      else delete attributes[lowerName];
    }
    if (!containsValue(entry.rdnAttribute, ownValues(attributes, entry.rdnAttribute), entry.rdnValue))
      throw new ConnectorError(
        'constraint_violation',
        `Not allowed on RDN (67): ${this.spelling(entry.rdnAttribute)} must keep the value '${entry.rdnValue}'; rename the entry instead`,
      );
    const kind = this.checkSchema(attributes);
    const previousMembers = entry.attributes.member ?? [];
    const members = attributes.member ?? [];
    if (members !== previousMembers) this.requireMembersExist(members);

    entry.attributes = attributes;
    entry.password = password;
    entry.kind = kind;
    entry.modifiedAt = this.now().toISOString();
    if (members !== previousMembers) this.updateMemberOf(entry, previousMembers, members);
    return entry;
  }

  /** Deletes a leaf entry and, like the referential integrity overlay, its group memberships. */
  delete(dn: string): LdapEntry {
    const entry = this.require(dn);
    if ((this.childCounts.get(entry.key) ?? 0) > 0)
      throw new ConnectorError('constraint_violation', `Not allowed on non-leaf (66): ${dn} has entries below it`);
    this.updateMemberOf(entry, entry.attributes.member ?? [], []);
    const timestamp = this.now().toISOString();
    for (const groupDn of entry.attributes.memberof ?? []) {
      const group = this.byKey.get(parseDn(groupDn).key);
      if (!group) continue;
      const remaining = (group.attributes.member ?? []).filter((member) => parseDn(member).key !== entry.key);
      const { member: _removed, ...others } = group.attributes;
      group.attributes = remaining.length > 0 ? { ...others, member: remaining } : others;
      group.modifiedAt = timestamp;
    }
    this.byKey.delete(entry.key);
    this.childCounts.set(entry.parentKey, (this.childCounts.get(entry.parentKey) ?? 1) - 1);
    const index = this.ordered.indexOf(entry);
    if (index !== -1) this.ordered.splice(index, 1);
    return entry;
  }

  /** `memberOf` of each entry that joined or left `group`, which also counts as a change to it. */
  private updateMemberOf(group: LdapEntry, before: readonly string[], after: readonly string[]): void {
    const beforeKeys = new Set(before.map((member) => parseDn(member).key));
    const afterKeys = new Set(after.map((member) => parseDn(member).key));
    const timestamp = this.now().toISOString();
    for (const key of afterKeys) {
      if (beforeKeys.has(key)) continue;
      const member = this.byKey.get(key);
      if (!member) continue;
      member.attributes = { ...member.attributes, memberof: [...(member.attributes.memberof ?? []), group.dn] };
      member.modifiedAt = timestamp;
    }
    for (const key of beforeKeys) {
      if (afterKeys.has(key)) continue;
      const member = this.byKey.get(key);
      if (!member) continue;
      const remaining = (member.attributes.memberof ?? []).filter((groupDn) => groupDn !== group.dn);
      const { memberof: _removed, ...others } = member.attributes;
      member.attributes = remaining.length > 0 ? { ...others, memberof: remaining } : others;
      member.modifiedAt = timestamp;
    }
  }

  private requireMembersExist(members: readonly string[]): void {
    for (const member of members)
      if (!this.byKey.has(parseDn(member).key))
        throw new ConnectorError('constraint_violation', `Constraint violation (19): member ${member} does not exist`);
  }

  /** The lower-case name of an attribute a client may write; remembers the client's spelling. */
  private checkWritable(name: string): string {
    if (!ATTRIBUTE_NAME.test(name))
      throw new ConnectorError('invalid_parameters', `Undefined attribute type (17): '${name}'`);
    const lowerName = name.toLowerCase();
    if (OPERATIONAL.has(lowerName))
      throw new ConnectorError(
        'constraint_violation',
        `Constraint violation (19): ${this.spelling(lowerName)} is maintained by the server`,
      );
    if (!this.spellings.has(lowerName)) this.spellings.set(lowerName, name);
    return lowerName;
  }

  private checkSchema(attributes: LdapAttributes): LdapEntryKind {
    const objectClasses = (attributes.objectclass ?? []).map((name) => name.toLowerCase());
    if (objectClasses.length === 0)
      throw new ConnectorError('constraint_violation', 'Object class violation (65): objectClass is required');
    for (const objectClass of objectClasses) {
      const required = OBJECT_CLASSES.get(objectClass);
      if (!required)
        throw new ConnectorError(
          'constraint_violation',
          `Object class violation (65): objectClass '${objectClass}' is not defined in the schema`,
        );
      const missing = required.find((name) => ownValues(attributes, name).length === 0);
      if (missing)
        throw new ConnectorError(
          'constraint_violation',
          `Object class violation (65): ${objectClass} requires ${this.spelling(missing)}`,
        );
    }
    for (const [name, values] of Object.entries(attributes))
      if (values.length > 1 && isSingleValued(name))
        throw new ConnectorError(
          'constraint_violation',
          `Constraint violation (19): ${this.spelling(name)} is single-valued`,
        );
    if (objectClasses.includes('person') || objectClasses.includes('inetorgperson')) return 'user';
    return objectClasses.includes('groupofnames') ? 'group' : 'other';
  }

  private insertSeeded(
    dn: string,
    attributes: LdapAttributes,
    source?: { guid: string; createdAt: string; modifiedAt: string },
    password: string | null = null,
  ): void {
    // Seeded DNs are built from lower-case slugs, so the DN is already its own key.
    const key = dn.toLowerCase();
    const comma = key.indexOf(',');
    const equals = dn.indexOf('=');
    const objectClasses = attributes.objectclass ?? [];
    this.insert({
      seq: this.nextSeq++,
      dn,
      key,
      parentKey: key.slice(comma + 1),
      rdnAttribute: key.slice(0, equals),
      rdnValue: dn.slice(equals + 1, comma),
      kind: objectClasses === USER_OBJECT_CLASSES ? 'user' : objectClasses === GROUP_OBJECT_CLASSES ? 'group' : 'other',
      entryUUID: source?.guid ?? this.newUuid(),
      createdAt: source?.createdAt ?? SEEDED_AT,
      modifiedAt: source?.modifiedAt ?? SEEDED_AT,
      attributes,
      password,
    });
  }

  private insert(entry: LdapEntry): void {
    this.byKey.set(entry.key, entry);
    this.ordered.push(entry);
    this.childCounts.set(entry.parentKey, (this.childCounts.get(entry.parentKey) ?? 0) + 1);
  }
}

/** The attribute's values after one modify change (RFC 4511 section 4.6). */
function applyChange(lowerName: string, current: readonly string[], change: AttributeChange): readonly string[] {
  const values = uniqueValues(lowerName, change.values);
  switch (change.operation) {
    case 'add': {
      if (values.length === 0)
        throw new ConnectorError('invalid_parameters', `add of ${change.attribute} needs at least one value`);
      const present = values.find((value) => containsValue(lowerName, current, value));
      if (present !== undefined)
        throw new ConnectorError(
          'constraint_violation',
          `Attribute or value exists (20): ${change.attribute}: ${present}`,
        );
      return [...current, ...values];
    }
    case 'delete': {
      const absent = values.find((value) => !containsValue(lowerName, current, value));
      if (current.length === 0 || absent !== undefined)
        throw new ConnectorError(
          'not_found',
          `No such attribute (16): ${change.attribute}${absent === undefined ? '' : `: ${absent}`}`,
        );
      return values.length === 0 ? [] : current.filter((value) => !containsValue(lowerName, values, value));
    }
    case 'replace':
      return values;
  }
}

const DN_VALUED = new Set(['member', 'manager', 'memberof']);

/** How values compare: DNs by their normalized key, everything else ignoring case. */
function valueKey(lowerName: string, value: string): string {
  return DN_VALUED.has(lowerName) ? parseDn(value).key : value.toLowerCase();
}

function containsValue(lowerName: string, values: readonly string[], value: string): boolean {
  const key = valueKey(lowerName, value);
  return values.some((candidate) => valueKey(lowerName, candidate) === key);
}

/** The values without duplicates; empty values are not valid for any attribute the schema knows. */
function uniqueValues(lowerName: string, values: readonly string[]): string[] {
  if (values.includes(''))
    throw new ConnectorError('invalid_parameters', `Invalid attribute syntax (21): ${lowerName} has an empty value`);
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = valueKey(lowerName, value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function singlePassword(values: readonly string[]): string {
  const [password, ...others] = values;
  if (password === undefined || password === '' || others.length > 0)
    throw new ConnectorError('invalid_parameters', 'userPassword takes exactly one non-empty value');
  return password;
}
