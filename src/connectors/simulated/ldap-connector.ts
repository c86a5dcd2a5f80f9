import type { ConnectorResult, ListedResource } from '../handler.js';
import { ConnectorError } from '../connector-error.js';
import { defineSimulatedConnector, type SimulatedConnector } from './define-simulated-connector.js';
import { resolveDirectory, type DirectorySource } from './directory-data.js';
import { parseDn } from './ldap-dn.js';
import { matchesLdapFilter, MAX_FILTER_LENGTH, parseLdapFilter } from './ldap-filter.js';
import {
  BASE_DN,
  isSingleValued,
  LdapStore,
  ownValues,
  type AttributeChange,
  type LdapEntry,
  type ModifyOperation,
} from './ldap-store.js';
import { listCommand, listRolesCommand } from './list-page.js';
import {
  isPlainObject,
  optionalInteger,
  optionalString,
  optionalStringList,
  requiredList,
  requiredObject,
  requiredString,
} from './parameters.js';

export const TEST_LDAP_NAME = 'test-ldap';
export const DEFAULT_SEARCH_SIZE_LIMIT = 1000;

const OPERATIONAL_SINGLE = new Set(['entryuuid', 'createtimestamp', 'modifytimestamp']);

export interface TestLdapOptions extends DirectorySource {
  /** Clock for timestamps of writes; the real one by default. */
  now?: () => Date;
}

const DN_PARAMETER = {
  type: 'string',
  minLength: 1,
  description: 'Distinguished name, e.g. uid=jdoe,ou=people,dc=example,dc=test',
};
const VALUES_SCHEMA = { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] };

/**
 * The simulated LDAP directory (spec 2.6): people under `ou=people,dc=example,dc=test`, groups under
 * `ou=groups,dc=example,dc=test`, seeded from the shared directory. Seeded accounts bind with
 * `Passw0rd!`; disabled people are locked (`pwdAccountLockedTime`) and cannot bind.
 */
export function createTestLdapConnector(options: TestLdapOptions = {}): SimulatedConnector {
  const now = options.now ?? (() => new Date());
  let store: LdapStore | undefined;
  // Built on first use: registering the handler costs nothing, even with a large directory.
  const entries = (): LdapStore => (store ??= LdapStore.fromDirectory(resolveDirectory(options), now));

  const handler = defineSimulatedConnector({
    name: TEST_LDAP_NAME,
    version: '1.0.0',
    description: 'Simulated LDAP directory with people and groups (in memory, seeded, resettable)',
    defaultCommand: 'search',
    commands: {
      test: {
        description: 'Checks the connection and reports the naming context',
        idempotent: true,
        parameters: { type: 'object', additionalProperties: false, properties: {} },
        run: () => ({
          success: true,
          data: { connected: true, server: 'simulated LDAP', namingContexts: [BASE_DN], entryCount: entries().size },
        }),
      },
      search: {
        description: 'Searches entries below a base DN with an LDAP filter (RFC 4515)',
        idempotent: true,
        parameters: {
          type: 'object',
          additionalProperties: false,
          properties: {
            baseDn: { ...DN_PARAMETER, default: BASE_DN },
            scope: { enum: ['base', 'one', 'sub'], default: 'sub' },
            filter: { type: 'string', minLength: 1, maxLength: MAX_FILTER_LENGTH, default: '(objectClass=*)' },
            attributes: {
              type: 'array',
              items: { type: 'string' },
              description: "Attributes to return; '*' all user attributes, '+' operational ones, '1.1' none",
            },
            sizeLimit: { type: 'integer', minimum: 1, maximum: 10_000, default: DEFAULT_SEARCH_SIZE_LIMIT },
          },
        },
        run: (parameters) => search(entries(), parameters),
      },
      bind: {
        description: 'Checks a DN and password (simple bind)',
        idempotent: true,
        parameters: {
          type: 'object',
          additionalProperties: false,
          required: ['dn', 'password'],
          properties: { dn: DN_PARAMETER, password: { type: 'string' } },
        },
        run: (parameters) => bind(entries(), parameters),
      },
      add: {
        description: 'Adds an entry; attributes may include userPassword',
        idempotent: false,
        writes: true,
        parameters: {
          type: 'object',
          additionalProperties: false,
          required: ['dn', 'attributes'],
          properties: { dn: DN_PARAMETER, attributes: { type: 'object', additionalProperties: VALUES_SCHEMA } },
        },
        run: (parameters) => {
          const entry = entries().add(requiredString(parameters, 'dn'), readAttributeValues(parameters));
          return { success: true, data: { added: true, dn: entry.dn, entryUUID: entry.entryUUID } };
        },
      },
      modify: {
        description: 'Applies add, delete and replace changes to one entry, all or none',
        idempotent: false,
        writes: true,
        parameters: {
          type: 'object',
          additionalProperties: false,
          required: ['dn', 'changes'],
          properties: {
            dn: DN_PARAMETER,
            changes: {
              type: 'array',
              minItems: 1,
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['operation', 'attribute'],
                properties: {
                  operation: { enum: ['add', 'delete', 'replace'] },
                  attribute: { type: 'string', minLength: 1 },
                  values: VALUES_SCHEMA,
                },
              },
            },
          },
        },
        run: (parameters) => {
          const entry = entries().modify(requiredString(parameters, 'dn'), readChanges(parameters));
          return { success: true, data: { modified: true, dn: entry.dn } };
        },
      },
      delete: {
        description: 'Deletes a leaf entry and removes it from the groups it belongs to',
        idempotent: false,
        writes: true,
        parameters: {
          type: 'object',
          additionalProperties: false,
          required: ['dn'],
          properties: { dn: DN_PARAMETER },
        },
        run: (parameters) => {
          const entry = entries().delete(requiredString(parameters, 'dn'));
          return { success: true, data: { deleted: true, dn: entry.dn } };
        },
      },
      listUsers: listCommand<LdapEntry>('Pages through person entries for synchronisation', (parameters) => {
        const store = entries();
        return {
          records: store.ordered,
          parameters,
          includes: (entry) => entry.kind === 'user',
          toResource: (entry) => userResource(store, entry),
        };
      }),
      listGroups: listCommand<LdapEntry>('Pages through groupOfNames entries for synchronisation', (parameters) => {
        const store = entries();
        return {
          records: store.ordered,
          parameters,
          includes: (entry) => entry.kind === 'group',
          toResource: (entry) => groupResource(store, entry),
        };
      }),
      listRoles: listRolesCommand(),
    },
  });

  return {
    handler,
    reset: () => {
      store = undefined;
    },
  };
}

function search(store: LdapStore, parameters: Record<string, unknown>): ConnectorResult {
  const baseDn = optionalString(parameters, 'baseDn') ?? BASE_DN;
  const scope = optionalString(parameters, 'scope') ?? 'sub';
  if (scope !== 'base' && scope !== 'one' && scope !== 'sub')
    throw new ConnectorError('invalid_parameters', `scope must be base, one or sub, not '${scope}'`);
  const parsedFilter = parseLdapFilter(optionalString(parameters, 'filter') ?? '(objectClass=*)');
  if (!parsedFilter.ok) throw new ConnectorError('invalid_parameters', parsedFilter.error);
  const requested = optionalStringList(parameters, 'attributes');
  const sizeLimit = optionalInteger(parameters, 'sizeLimit', 1, 10_000) ?? DEFAULT_SEARCH_SIZE_LIMIT;

  const base = store.require(baseDn);
  const inScope = (entry: LdapEntry): boolean =>
    scope === 'base'
      ? entry === base
      : scope === 'one'
        ? entry.parentKey === base.key
        : entry === base || entry.key.endsWith(`,${base.key}`);
  const candidates = scope === 'base' ? [base] : store.ordered;

  const found: LdapEntry[] = [];
  let sizeLimitExceeded = false;
  for (const entry of candidates) {
    if (!inScope(entry) || !matchesLdapFilter(parsedFilter.filter, (name) => attributeValues(entry, name))) continue;
    if (found.length === sizeLimit) {
      sizeLimitExceeded = true;
      break;
    }
    found.push(entry);
  }
  return {
    success: true,
    data: {
      entries: found.map((entry) => ({ dn: entry.dn, attributes: entryAttributes(store, entry, requested) })),
      count: found.length,
      // A real server answers sizeLimitExceeded (4) along with the entries; here it is a flag.
      sizeLimitExceeded,
    },
  };
}

function bind(store: LdapStore, parameters: Record<string, unknown>): ConnectorResult {
  const dn = requiredString(parameters, 'dn');
  const password = optionalString(parameters, 'password') ?? '';
  // An empty password would be an unauthenticated bind, which succeeds without checking anything.
  if (password === '')
    throw new ConnectorError('invalid_credentials', 'Unwilling to perform (53): unauthenticated bind (empty password)');
  const entry = store.find(parseDn(dn).key);
  if (!entry || entry.password === null || entry.password !== password)
    throw new ConnectorError('invalid_credentials', 'Invalid credentials (49)');
  if (attributeValues(entry, 'pwdAccountLockedTime').length > 0)
    throw new ConnectorError('account_disabled', 'Invalid credentials (49): the account is locked');
  return { success: true, data: { bound: true, dn: entry.dn } };
}

/** Values of an attribute in any case of its name, operational attributes included. */
function attributeValues(entry: LdapEntry, name: string): readonly string[] {
  const lowerName = name.toLowerCase();
  switch (lowerName) {
    case 'entryuuid':
      return [entry.entryUUID];
    case 'createtimestamp':
      return [generalizedTime(entry.createdAt)];
    case 'modifytimestamp':
      return [generalizedTime(entry.modifiedAt)];
    default:
      return ownValues(entry.attributes, lowerName);
  }
}

/**
 * The attributes a search returns: all user attributes (and `memberOf`) by default, operational
 * ones only when asked for by name or with '+', never `userPassword`.
 */
function entryAttributes(
  store: LdapStore,
  entry: LdapEntry,
  requested: readonly string[] = ['*'],
): Record<string, string | string[]> {
  const wanted = new Set(requested.map((name) => name.toLowerCase()));
  const allUser = wanted.has('*') || wanted.size === 0;
  const names = Object.keys(entry.attributes).filter((name) => allUser || wanted.has(name));
  if (wanted.has('+') || wanted.has('entryuuid')) names.push('entryuuid');
  if (wanted.has('+') || wanted.has('createtimestamp')) names.push('createtimestamp');
  if (wanted.has('+') || wanted.has('modifytimestamp')) names.push('modifytimestamp');

  const attributes: Record<string, string | string[]> = {};
  for (const name of names) {
    const values = attributeValues(entry, name);
    if (values.length === 0) continue;
    attributes[store.spelling(name)] = isSingleValued(name) || OPERATIONAL_SINGLE.has(name) ? values[0]! : [...values];
  }
  return attributes;
}

function userResource(store: LdapStore, entry: LdapEntry): ListedResource {
  const attributes = entryAttributes(store, entry, ['*', 'entryUUID', 'modifyTimestamp']);
  return {
    externalId: entry.entryUUID,
    displayName: firstValue(entry, 'displayname') ?? firstValue(entry, 'cn') ?? entry.rdnValue,
    email: firstValue(entry, 'mail') ?? null,
    attributes: {
      dn: entry.dn,
      ...attributes,
      memberOf: [...attributeValues(entry, 'memberof')],
      enabled: attributeValues(entry, 'pwdaccountlockedtime').length === 0,
    },
  };
}

function groupResource(store: LdapStore, entry: LdapEntry): ListedResource {
  const attributes = entryAttributes(store, entry, ['*', 'entryUUID', 'modifyTimestamp']);
  return {
    externalId: entry.entryUUID,
    displayName: firstValue(entry, 'cn') ?? entry.rdnValue,
    email: firstValue(entry, 'mail') ?? null,
    attributes: { dn: entry.dn, ...attributes, member: [...attributeValues(entry, 'member')] },
  };
}

function firstValue(entry: LdapEntry, lowerName: string): string | undefined {
  return attributeValues(entry, lowerName)[0];
}

/** `2024-05-01T10:00:00.000Z` as LDAP's GeneralizedTime, `20240501100000Z`. */
function generalizedTime(iso: string): string {
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

function readValues(value: unknown, where: string): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((item): item is string => typeof item === 'string')) return value;
  throw new ConnectorError('invalid_parameters', `${where} must be a string or a list of strings`);
}

function readAttributeValues(parameters: Record<string, unknown>): [name: string, values: string[]][] {
  return Object.entries(requiredObject(parameters, 'attributes')).map(([name, value]) => [
    name,
    readValues(value, `attributes.${name}`),
  ]);
}

function readChanges(parameters: Record<string, unknown>): AttributeChange[] {
  return requiredList(parameters, 'changes').map((change, index) => {
    if (!isPlainObject(change)) throw new ConnectorError('invalid_parameters', `changes[${index}] must be an object`);
    const operation = change.operation;
    if (operation !== 'add' && operation !== 'delete' && operation !== 'replace')
      throw new ConnectorError('invalid_parameters', `changes[${index}].operation must be add, delete or replace`);
    return {
      operation: operation satisfies ModifyOperation,
      attribute: requiredString(change, 'attribute'),
      values: change.values === undefined ? [] : readValues(change.values, `changes[${index}].values`),
    };
  });
}
