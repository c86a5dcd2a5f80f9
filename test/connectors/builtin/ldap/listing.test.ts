import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Attribute, Change } from 'ldapts';
import type { RunningSlapd } from '../../../../scripts/local/slapd.js';
import type { LdapHandler } from '../../../../src/connectors/builtin/ldap/index.js';
import type { ConnectorResult, ListedResource } from '../../../../src/connectors/handler.js';
import {
  adminSearch,
  asAdmin,
  callLdap,
  ldapHandler,
  peopleLdif,
  startDirectory,
} from '../../../support/ldap-connector.js';

const USERS = 23;
let slapd: RunningSlapd;
let connection: Record<string, unknown>;
let handler: LdapHandler;
/** externalId (entryUUID as the server holds it) by uid. */
const uuidOf = new Map<string, string>();
let log = '';

beforeAll(async () => {
  ({ slapd, connection } = await startDirectory({
    ldif: peopleLdif(USERS),
    logLevel: 'stats',
    log: (line) => (log += line),
  }));
  connection = { ...connection, pageSize: 5 };
  handler = ldapHandler();
  await asAdmin(slapd, async (client) => {
    // Added over LDAP, not slapadd, so the memberof overlay writes each member's memberOf.
    await client.add(`cn=staff,ou=groups,${slapd.baseDn}`, {
      objectClass: 'groupOfNames',
      cn: 'staff',
      member: Array.from({ length: 20 }, (_, index) => `uid=user${index},ou=people,${slapd.baseDn}`),
    });
    await client.add(`cn=leads,ou=groups,${slapd.baseDn}`, {
      objectClass: 'groupOfNames',
      cn: 'leads',
      member: [`uid=user0,ou=people,${slapd.baseDn}`, `cn=nobody,ou=people,${slapd.baseDn}`],
    });
    await client.modify(
      `uid=user1,ou=people,${slapd.baseDn}`,
      new Change({
        operation: 'add',
        modification: new Attribute({ type: 'manager', values: [`uid=user0,ou=people,${slapd.baseDn}`] }),
      }),
    );
  });
  // A manager the pass has not reached yet: looked up in the middle of the paged search.
  await asAdmin(slapd, (client) =>
    client.modify(
      `uid=user5,ou=people,${slapd.baseDn}`,
      new Change({
        operation: 'add',
        modification: new Attribute({ type: 'manager', values: [`uid=user22,ou=people,${slapd.baseDn}`] }),
      }),
    ),
  );
  for (const entry of await adminSearch(slapd, `ou=people,${slapd.baseDn}`, '(uid=*)', ['uid', 'entryUUID']))
    uuidOf.set(String(entry.uid), String(entry.entryUUID));
});

afterAll(async () => {
  await handler.close();
  await slapd.stop();
});

const list = (command: string, parameters: Record<string, unknown> = {}, on = handler, settings = connection) =>
  callLdap(on, settings, command, parameters);

/** Every record of a list command, following the cursor, with the number of pages. */
async function walk(command: string, parameters: Record<string, unknown> = {}, on = handler) {
  const resources: ListedResource[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const result: ConnectorResult = await list(command, { ...parameters, ...(cursor ? { cursor } : {}) }, on);
    expect(result).toMatchObject({ success: true });
    resources.push(...result.payload!.resources);
    cursor = result.payload!.nextCursor;
    pages += 1;
  } while (cursor && pages < 100);
  return { resources, pages };
}

describe('listUsers pages through the directory with the Simple Paged Results control', () => {
  it('lists every user once, by entryUUID, the last page without a cursor', async () => {
    const { resources, pages } = await walk('listUsers', { pageSize: 4 });
    expect(pages).toBe(6);
    expect(resources.map((resource) => resource.externalId).sort()).toEqual([...uuidOf.values()].sort());
    // Looked up on the pass's connection between its pages, which goes on paging after it.
    expect(resources.find((resource) => resource.attributes.username === 'user5')!.attributes.manager).toBe(
      uuidOf.get('user22'),
    );
    expect(resources.find((resource) => resource.attributes.username === 'user3')).toEqual({
      externalId: uuidOf.get('user3'),
      displayName: 'user 3',
      email: 'user3@example.org',
      attributes: expect.objectContaining({
        dn: `uid=user3,ou=people,${slapd.baseDn}`,
        username: 'user3',
        lastName: 'user3',
      }),
    });
  });

  it('puts the DN, memberOf and the manager’s externalId into attributes', async () => {
    const { resources } = await walk('listUsers', { pageSize: 50 });
    const user1 = resources.find((resource) => resource.attributes.username === 'user1')!;
    expect(user1.attributes).toMatchObject({
      dn: `uid=user1,ou=people,${slapd.baseDn}`,
      memberOf: [`cn=staff,ou=groups,${slapd.baseDn}`],
      manager: uuidOf.get('user0'),
      managerDn: `uid=user0,ou=people,${slapd.baseDn}`,
    });
    expect(resources.find((resource) => resource.attributes.username === 'user22')!.attributes).toMatchObject({
      memberOf: [],
      manager: null,
    });
  });

  it('adds filter.ldap and filter.search to the user filter, escaping the search text', async () => {
    const { resources } = await walk('listUsers', { filter: { ldap: '(|(uid=user1)(uid=user2))' } });
    expect(resources.map((resource) => resource.attributes.username).sort()).toEqual(['user1', 'user2']);
    const search = await walk('listUsers', { filter: { search: 'user1' } });
    expect(search.resources).toHaveLength(11); // user1 and user10 to user19
    expect((await walk('listUsers', { filter: { search: '*)(uid=*' } })).resources).toEqual([]);
  });

  it('refuses a filter that is no LDAP filter and a cursor it did not make', async () => {
    expect(await list('listUsers', { filter: { ldap: '(uid=' } })).toMatchObject({
      success: false,
      code: 'invalid_parameters',
    });
    expect(await list('listUsers', { cursor: 'bm9wZQ' })).toMatchObject({ success: false, code: 'invalid_parameters' });
    const first = await list('listUsers', { pageSize: 2 });
    const other = await list('listUsers', { pageSize: 2, cursor: first.payload!.nextCursor, filter: { search: 'x' } });
    expect(other).toMatchObject({ success: false, code: 'invalid_parameters' });
  });

  it('lists only entries changed since modifiedSince (modifyTimestamp)', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const since = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    await asAdmin(slapd, (client) =>
      client.modify(
        `uid=user7,ou=people,${slapd.baseDn}`,
        new Change({ operation: 'replace', modification: new Attribute({ type: 'displayName', values: ['Seven'] }) }),
      ),
    );
    const { resources } = await walk('listUsers', { modifiedSince: since });
    expect(resources.map((resource) => resource.displayName)).toEqual(['Seven']);
    expect(log).toMatch(/filter="\(&\(objectClass=inetOrgPerson\)\(modifyTimestamp>=\d{14}Z\)\)"/);
  });
});

describe('a cursor resumes a pass', () => {
  it('continues on another handler (another worker) without losing or repeating an entry', async () => {
    const first = await list('listUsers', { pageSize: 7 });
    const other = ldapHandler();
    try {
      const rest = await walk('listUsers', { pageSize: 7, cursor: first.payload!.nextCursor }, other);
      const ids = [...first.payload!.resources, ...rest.resources].map((resource) => resource.externalId);
      expect(ids).toHaveLength(USERS);
      expect(new Set(ids)).toEqual(new Set(uuidOf.values()));
    } finally {
      await other.close();
    }
  });

  it('continues on a new connection when the server dropped the pass’s one', async () => {
    const first = await list('listUsers', { pageSize: 7 });
    await slapd.restart();
    const rest = await walk('listUsers', { pageSize: 7, cursor: first.payload!.nextCursor });
    const ids = [...first.payload!.resources, ...rest.resources].map((resource) => resource.externalId);
    expect(ids).toHaveLength(USERS);
    expect(new Set(ids)).toEqual(new Set(uuidOf.values()));
  });
});

describe('listGroups carries the members’ externalIds', () => {
  it('resolves member DNs in batches, not one request per member', async () => {
    const lookups = () => (log.match(/ SRCH base=.* filter="\(\|?\(entryDN=/g) ?? []).length;
    // slapd's log lines of earlier tests may still be on their way.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = lookups();
    const { resources } = await walk('listGroups');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const staff = resources.find((resource) => resource.displayName === 'staff')!;
    expect(staff.attributes.members).toEqual(
      Array.from({ length: 20 }, (_, index) => uuidOf.get(`user${index}`)).sort(),
    );
    const leads = resources.find((resource) => resource.displayName === 'leads')!;
    expect(leads.attributes).toMatchObject({
      members: [uuidOf.get('user0')],
      unresolvedMembers: [`cn=nobody,ou=people,${slapd.baseDn}`],
    });
    // The 21 member DNs of both groups, looked up in one search.
    expect(lookups() - before).toBe(1);
  });
});

describe('a resumed pass whose directory changed before the cursor', () => {
  it('gives the whole result again rather than skip past an entry it never gave', async () => {
    const first = await list('listUsers', { pageSize: 7 });
    const given = first.payload!.resources.map((resource) => resource.attributes.username);
    // An entry the first page gave goes away: skipping seven entries now lands one too far.
    await asAdmin(slapd, (client) => client.del(`uid=${given[2]},ou=people,${slapd.baseDn}`));
    const other = ldapHandler();
    try {
      const rest = await walk('listUsers', { pageSize: 7, cursor: first.payload!.nextCursor }, other);
      const remaining = [...uuidOf.entries()].filter(([uid]) => uid !== given[2]).map(([, id]) => id);
      expect(rest.resources.map((resource) => resource.externalId).sort()).toEqual(remaining.sort());
    } finally {
      await other.close();
    }
  });
});
