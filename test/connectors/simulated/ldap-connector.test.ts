import { beforeEach, describe, expect, it } from '@jest/globals';
import { generateDirectory, SEEDED_PASSWORD } from '../../../src/connectors/simulated/directory-data.js';
import { createTestLdapConnector } from '../../../src/connectors/simulated/ldap-connector.js';
import { call, callData } from './call-handler.js';

const directory = generateDirectory();
const connector = createTestLdapConnector({ directory });
const ldap = connector.handler;
const JDOE = 'uid=jdoe,ou=people,dc=example,dc=test';
const ENGINEERING = 'cn=engineering,ou=groups,dc=example,dc=test';
const NEW_PERSON = 'uid=nnew,ou=people,dc=example,dc=test';
const newPerson = { objectClass: ['inetOrgPerson'], cn: 'Nora New', sn: 'New', mail: 'nora.new@example.test' };

interface SearchEntry {
  dn: string;
  attributes: Record<string, string | string[]>;
}

async function search(parameters: Record<string, unknown>): Promise<SearchEntry[]> {
  const data = await callData(ldap, 'search', parameters);
  return data.entries as SearchEntry[];
}

async function attributesOf(dn: string): Promise<Record<string, string | string[]> | undefined> {
  const result = await call(ldap, 'search', { baseDn: dn, scope: 'base' });
  return result.success ? (result.data?.entries as SearchEntry[])[0]?.attributes : undefined;
}

beforeEach(() => connector.reset());

describe('test-ldap test reports the connection', () => {
  it('answers with the naming context and entry count', async () => {
    expect(await callData(ldap, 'test')).toEqual({
      connected: true,
      server: 'simulated LDAP',
      namingContexts: ['dc=example,dc=test'],
      entryCount: 3 + directory.people.length + directory.groups.length,
    });
  });
});

describe('test-ldap search follows LDAP scope and filter semantics', () => {
  it('finds a person by uid below the default base and returns its attributes, never the password', async () => {
    const [jdoe, ...others] = await search({ filter: '(uid=jdoe)' });
    expect(others).toEqual([]);
    expect(jdoe).toEqual({
      dn: JDOE,
      attributes: expect.objectContaining({
        objectClass: ['top', 'person', 'organizationalPerson', 'inetOrgPerson'],
        uid: 'jdoe',
        cn: 'John Doe',
        sn: 'Doe',
        givenName: 'John',
        mail: 'john.doe@example.test',
        department: 'Engineering',
        manager: expect.stringMatching(/^uid=[a-z0-9]+,ou=people,dc=example,dc=test$/),
        memberOf: expect.arrayContaining([ENGINEERING]),
      }),
    });
    expect(jdoe?.attributes).not.toHaveProperty('userPassword');
  });

  it('is the default command', () => {
    expect(ldap.defaultCommand).toBe('search');
  });

  it('honours base, one and sub scopes', async () => {
    expect((await search({ baseDn: 'dc=example,dc=test', scope: 'base' })).map((entry) => entry.dn)).toEqual([
      'dc=example,dc=test',
    ]);
    expect((await search({ baseDn: 'dc=example,dc=test', scope: 'one' })).map((entry) => entry.dn)).toEqual([
      'ou=people,dc=example,dc=test',
      'ou=groups,dc=example,dc=test',
    ]);
    const people = await search({ baseDn: 'ou=people,dc=example,dc=test', scope: 'one' });
    expect(people).toHaveLength(directory.people.length);
    const everything = await search({ baseDn: 'ou=groups,dc=example,dc=test', scope: 'sub' });
    expect(everything).toHaveLength(directory.groups.length + 1);
  });

  it('reads DNs case- and space-insensitively', async () => {
    expect(await search({ baseDn: 'UID=JDoe, OU=People,DC=Example, DC=Test', scope: 'base' })).toHaveLength(1);
  });

  it('combines and, or, not and wildcards like a directory server', async () => {
    const enabledEngineers = directory.people.filter(
      (person) => person.department === 'Engineering' && person.enabled,
    ).length;
    const found = await search({
      filter: '(&(objectClass=inetOrgPerson)(department=Engineering)(!(pwdAccountLockedTime=*)))',
      sizeLimit: 10_000,
    });
    expect(found).toHaveLength(enabledEngineers);

    expect((await search({ filter: '(|(uid=jdoe)(uid=jsmith))' })).map((entry) => entry.attributes.uid)).toEqual([
      'jdoe',
      'jsmith',
    ]);
    const startingWithJ = directory.people.filter((person) => person.email.startsWith('j')).length;
    expect(await search({ filter: '(mail=j*)' })).toHaveLength(startingWithJ);
  });

  it('returns only the requested attributes; operational ones on request', async () => {
    const [selected] = await search({ filter: '(uid=jdoe)', attributes: ['mail', 'CN'] });
    expect(selected?.attributes).toEqual({ cn: 'John Doe', mail: 'john.doe@example.test' });
    const [none] = await search({ filter: '(uid=jdoe)', attributes: ['1.1'] });
    expect(none).toEqual({ dn: JDOE, attributes: {} });
    const [operational] = await search({ filter: '(uid=jdoe)', attributes: ['+'] });
    expect(operational?.attributes).toEqual({
      entryUUID: directory.people.find((person) => person.username === 'jdoe')?.guid,
      createTimestamp: expect.stringMatching(/^\d{14}Z$/),
      modifyTimestamp: expect.stringMatching(/^\d{14}Z$/),
    });
  });

  it('stops at the size limit and says so', async () => {
    const data = await callData(ldap, 'search', { filter: '(objectClass=person)', sizeLimit: 5 });
    expect(data).toMatchObject({ count: 5, sizeLimitExceeded: true });
    expect(await callData(ldap, 'search', { filter: '(uid=jdoe)', sizeLimit: 1 })).toMatchObject({
      count: 1,
      sizeLimitExceeded: false,
    });
  });

  it('fails for a base DN that does not exist', async () => {
    expect(await call(ldap, 'search', { baseDn: 'ou=nowhere,dc=example,dc=test' })).toEqual({
      success: false,
      error: 'No such object (32): ou=nowhere,dc=example,dc=test',
      code: 'not_found',
    });
  });

  it('fails gracefully for a malformed filter or DN', async () => {
    expect(await call(ldap, 'search', { filter: '(&(uid=jdoe)' })).toEqual({
      success: false,
      error: expect.stringMatching(/^Invalid LDAP filter/),
      code: 'invalid_parameters',
    });
    expect(await call(ldap, 'search', { baseDn: 'not a dn' })).toMatchObject({
      success: false,
      code: 'invalid_parameters',
    });
  });
});

describe('test-ldap bind checks passwords', () => {
  it('binds a seeded person with the seeded password', async () => {
    expect(await call(ldap, 'bind', { dn: JDOE, password: SEEDED_PASSWORD })).toEqual({
      success: true,
      data: { bound: true, dn: JDOE },
    });
  });

  it('refuses a wrong password and an unknown DN alike', async () => {
    const expected = { success: false, error: 'Invalid credentials (49)', code: 'invalid_credentials' };
    expect(await call(ldap, 'bind', { dn: JDOE, password: 'wrong' })).toEqual(expected);
    expect(await call(ldap, 'bind', { dn: 'uid=ghost,ou=people,dc=example,dc=test', password: 'x' })).toEqual(expected);
    expect(await call(ldap, 'bind', { dn: ENGINEERING, password: SEEDED_PASSWORD })).toEqual(expected);
  });

  it('refuses an empty password instead of binding anonymously', async () => {
    expect(await call(ldap, 'bind', { dn: JDOE, password: '' })).toMatchObject({
      success: false,
      code: 'invalid_credentials',
    });
  });

  it('refuses a locked (disabled) person even with the right password', async () => {
    const locked = directory.people.find((person) => !person.enabled)!;
    const dn = `uid=${locked.username},ou=people,dc=example,dc=test`;
    expect(await call(ldap, 'bind', { dn, password: SEEDED_PASSWORD })).toMatchObject({
      success: false,
      code: 'account_disabled',
    });
  });

  it('uses passwords set by add and modify', async () => {
    await callData(ldap, 'add', { dn: NEW_PERSON, attributes: { ...newPerson, userPassword: 'First1!' } });
    expect((await call(ldap, 'bind', { dn: NEW_PERSON, password: 'First1!' })).success).toBe(true);
    await callData(ldap, 'modify', {
      dn: NEW_PERSON,
      changes: [{ operation: 'replace', attribute: 'userPassword', values: 'Second2!' }],
    });
    expect((await call(ldap, 'bind', { dn: NEW_PERSON, password: 'First1!' })).success).toBe(false);
    expect((await call(ldap, 'bind', { dn: NEW_PERSON, password: 'Second2!' })).success).toBe(true);
  });
});

describe('test-ldap add creates entries the schema allows', () => {
  it('adds a person that search then finds, with its RDN value', async () => {
    expect(await call(ldap, 'add', { dn: NEW_PERSON, attributes: newPerson })).toEqual({
      success: true,
      data: { added: true, dn: NEW_PERSON, entryUUID: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    expect(await attributesOf(NEW_PERSON)).toEqual({
      objectClass: ['inetOrgPerson'],
      cn: 'Nora New',
      sn: 'New',
      mail: 'nora.new@example.test',
      uid: 'nnew',
    });
  });

  it('fails to add an entry that already exists', async () => {
    expect(await call(ldap, 'add', { dn: JDOE, attributes: newPerson })).toEqual({
      success: false,
      error: `Entry already exists (68): ${JDOE}`,
      code: 'already_exists',
    });
  });

  it('fails without an existing parent', async () => {
    expect(
      await call(ldap, 'add', { dn: 'uid=x,ou=contractors,dc=example,dc=test', attributes: newPerson }),
    ).toMatchObject({ success: false, code: 'not_found' });
  });

  it('enforces required, single-valued, known and server-maintained attributes', async () => {
    const attempts: [Record<string, unknown>, RegExp][] = [
      [{ objectClass: 'inetOrgPerson', cn: 'No Surname' }, /requires sn/],
      [{ cn: 'No class', sn: 'x' }, /objectClass is required/],
      [{ objectClass: 'spaceship', cn: 'x', sn: 'y' }, /not defined in the schema/],
      [{ ...newPerson, mail: ['a@example.test', 'b@example.test'] }, /mail is single-valued/],
      [{ ...newPerson, memberOf: ENGINEERING }, /memberOf is maintained by the server/],
      [{ ...newPerson, uid: 'someone-else' }, /Naming violation/],
    ];
    for (const [attributes, reason] of attempts) {
      const result = await call(ldap, 'add', { dn: NEW_PERSON, attributes });
      expect(result).toMatchObject({ success: false, code: 'constraint_violation' });
      expect(result.error).toMatch(reason);
    }
    expect(await attributesOf(NEW_PERSON)).toBeUndefined();
  });

  it('refuses empty values', async () => {
    expect(await call(ldap, 'add', { dn: NEW_PERSON, attributes: { ...newPerson, title: '' } })).toEqual({
      success: false,
      error: 'Invalid attribute syntax (21): title has an empty value',
      code: 'invalid_parameters',
    });
  });

  it('adds a group and shows it in its members memberOf', async () => {
    const dn = 'cn=new-team,ou=groups,dc=example,dc=test';
    await callData(ldap, 'add', { dn, attributes: { objectClass: ['top', 'groupOfNames'], member: [JDOE] } });
    expect((await attributesOf(JDOE))?.memberOf).toContain(dn);
    expect(
      await call(ldap, 'add', {
        dn: 'cn=ghosts,ou=groups,dc=example,dc=test',
        attributes: { objectClass: 'groupOfNames', member: 'uid=ghost,ou=people,dc=example,dc=test' },
      }),
    ).toMatchObject({ success: false, code: 'constraint_violation' });
  });

  it('fails gracefully for a malformed DN', async () => {
    expect(await call(ldap, 'add', { dn: 'uid=a+cn=b,ou=people,dc=example,dc=test', attributes: newPerson })).toEqual({
      success: false,
      error: expect.stringMatching(/multi-valued RDNs/),
      code: 'invalid_parameters',
    });
  });
});

describe('test-ldap modify applies replace, add and delete atomically', () => {
  it('replaces a value', async () => {
    await callData(ldap, 'modify', {
      dn: JDOE,
      changes: [{ operation: 'replace', attribute: 'title', values: ['Principal Engineer'] }],
    });
    expect((await attributesOf(JDOE))?.title).toBe('Principal Engineer');
  });

  it('adds and deletes values, keeping memberOf in step with member', async () => {
    const vpn = 'cn=vpn-users,ou=groups,dc=example,dc=test';
    const wasMember = ((await attributesOf(JDOE))?.memberOf ?? []).includes(vpn);
    const operation = wasMember ? 'delete' : 'add';
    await callData(ldap, 'modify', { dn: vpn, changes: [{ operation, attribute: 'member', values: [JDOE] }] });
    expect(((await attributesOf(JDOE))?.memberOf ?? []).includes(vpn)).toBe(!wasMember);

    await callData(ldap, 'modify', {
      dn: JDOE,
      changes: [
        { operation: 'add', attribute: 'telephoneNumber', values: ['+1 555 0100', '+1 555 0101'] },
        { operation: 'delete', attribute: 'telephoneNumber', values: '+1 555 0100' },
      ],
    });
    expect((await attributesOf(JDOE))?.telephoneNumber).toEqual(['+1 555 0101']);
    await callData(ldap, 'modify', { dn: JDOE, changes: [{ operation: 'delete', attribute: 'telephoneNumber' }] });
    expect(await attributesOf(JDOE)).not.toHaveProperty('telephoneNumber');
  });

  it('refuses to add a value that exists or delete one that does not', async () => {
    const exists = await call(ldap, 'modify', {
      dn: JDOE,
      changes: [{ operation: 'add', attribute: 'objectClass', values: 'person' }],
    });
    expect(exists).toMatchObject({ success: false, code: 'constraint_violation' });
    expect(exists.error).toMatch(/Attribute or value exists \(20\)/);
    const missing = await call(ldap, 'modify', {
      dn: JDOE,
      changes: [{ operation: 'delete', attribute: 'telephoneNumber' }],
    });
    expect(missing).toMatchObject({ success: false, code: 'not_found' });
    expect(missing.error).toMatch(/No such attribute \(16\)/);
  });

  it('applies nothing when one change fails', async () => {
    const result = await call(ldap, 'modify', {
      dn: JDOE,
      changes: [
        { operation: 'replace', attribute: 'title', values: 'Changed' },
        { operation: 'delete', attribute: 'sn' },
      ],
    });
    expect(result).toMatchObject({ success: false, code: 'constraint_violation' });
    expect((await attributesOf(JDOE))?.title).not.toBe('Changed');
  });

  it('checks the RDN value after all changes, so a value may be replaced and restored', async () => {
    expect(
      await call(ldap, 'modify', {
        dn: JDOE,
        changes: [
          { operation: 'replace', attribute: 'uid', values: 'john' },
          { operation: 'replace', attribute: 'uid', values: 'jdoe' },
        ],
      }),
    ).toMatchObject({ success: true });
  });

  it('protects the RDN value and server-maintained attributes', async () => {
    for (const change of [
      { operation: 'replace', attribute: 'uid', values: 'john' },
      { operation: 'replace', attribute: 'memberOf', values: ENGINEERING },
      { operation: 'replace', attribute: 'entryUUID', values: 'x' },
    ])
      expect(await call(ldap, 'modify', { dn: JDOE, changes: [change] })).toMatchObject({
        success: false,
        code: 'constraint_violation',
      });
  });

  it('fails for an entry that does not exist', async () => {
    expect(
      await call(ldap, 'modify', { dn: NEW_PERSON, changes: [{ operation: 'replace', attribute: 'cn', values: 'x' }] }),
    ).toEqual({ success: false, error: `No such object (32): ${NEW_PERSON}`, code: 'not_found' });
  });
});

describe('test-ldap delete removes leaf entries', () => {
  it('deletes a person and removes it from its groups', async () => {
    expect(await call(ldap, 'delete', { dn: JDOE })).toEqual({ success: true, data: { deleted: true, dn: JDOE } });
    expect(await attributesOf(JDOE)).toBeUndefined();
    expect((await attributesOf(ENGINEERING))?.member).not.toContain(JDOE);
  });

  it('fails for a DN that does not exist, so a repeat fails too', async () => {
    await callData(ldap, 'delete', { dn: JDOE });
    expect(await call(ldap, 'delete', { dn: JDOE })).toEqual({
      success: false,
      error: `No such object (32): ${JDOE}`,
      code: 'not_found',
    });
  });

  it('refuses to delete an entry with entries below it', async () => {
    expect(await call(ldap, 'delete', { dn: 'ou=people,dc=example,dc=test' })).toMatchObject({
      success: false,
      code: 'constraint_violation',
      error: expect.stringMatching(/non-leaf \(66\)/),
    });
  });
});

describe('test-ldap reset restores the seeded directory', () => {
  it('undoes adds, modifies and deletes', async () => {
    const before = await search({ filter: '(objectClass=*)', sizeLimit: 10_000 });
    await callData(ldap, 'add', { dn: NEW_PERSON, attributes: newPerson });
    await callData(ldap, 'modify', { dn: JDOE, changes: [{ operation: 'replace', attribute: 'title', values: 'x' }] });
    await callData(ldap, 'delete', { dn: 'uid=jsmith,ou=people,dc=example,dc=test' });
    connector.reset();
    expect(await search({ filter: '(objectClass=*)', sizeLimit: 10_000 })).toEqual(before);
  });
});
