import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'ldapts';
import type { RunningSlapd } from '../../../../scripts/local/slapd.js';
import type { LdapHandler } from '../../../../src/connectors/builtin/ldap/index.js';
import type { LinkedUserRecord } from '../../../../src/connectors/handler.js';
import {
  adminSearch,
  asAdmin,
  callLdap,
  ldapHandler,
  peopleLdif,
  startDirectory,
} from '../../../support/ldap-connector.js';

let slapd: RunningSlapd;
let connection: Record<string, unknown>;
let handler: LdapHandler;
let people: string;
let groups: string;
const linked = new Map<string, LinkedUserRecord>();

beforeAll(async () => {
  ({ slapd, connection } = await startDirectory({ ldif: peopleLdif(6) }));
  people = `ou=people,${slapd.baseDn}`;
  groups = `ou=groups,${slapd.baseDn}`;
  connection = {
    ...connection,
    userTemplate: { objectClass: ['inetOrgPerson'], attributes: { employeeType: 'staff' } },
  };
  handler = ldapHandler();
  await asAdmin(slapd, async (client) => {
    await client.add(`cn=staff,${groups}`, { objectClass: 'groupOfNames', cn: 'staff', member: `uid=user5,${people}` });
    await client.add(`cn=auditors,${groups}`, {
      objectClass: 'groupOfUniqueNames',
      cn: 'auditors',
      uniqueMember: `uid=user5,${people}`,
    });
    await client.add(`cn=unix,${groups}`, { objectClass: 'posixGroup', cn: 'unix', gidNumber: '5000' });
  });
  const [user1] = await adminSearch(slapd, `uid=user1,${people}`, '(objectClass=*)', ['entryUUID']);
  linked.set('flowgate-user-1', { externalId: String(user1!.entryUUID), attributes: { dn: `uid=user1,${people}` } });
});

afterAll(async () => {
  await handler.close();
  await slapd.stop();
});

const run = (command: string, parameters: Record<string, unknown> = {}, settings = connection) =>
  callLdap(handler, settings, command, parameters, { linkedUserRecord: async (userId) => linked.get(userId) });
const entry = async (dn: string, attributes = ['*', '+']) =>
  (await adminSearch(slapd, dn, '(objectClass=*)', attributes))[0];

describe('people are named by Flowgate user id, DN or externalId', () => {
  it('finds the entry a Flowgate user is linked to', async () => {
    const result = await run('getUser', { userId: 'flowgate-user-1' });
    expect(result).toMatchObject({
      success: true,
      data: {
        externalId: linked.get('flowgate-user-1')!.externalId,
        attributes: { dn: `uid=user1,${people}`, username: 'user1' },
      },
    });
  });

  it('finds the same entry by DN and by externalId', async () => {
    const byDn = await run('getUser', { dn: `uid=user1,${people}` });
    const byId = await run('getUser', { externalId: linked.get('flowgate-user-1')!.externalId });
    expect(byDn.data).toEqual((await run('getUser', { userId: 'flowgate-user-1' })).data);
    expect(byId.data).toEqual(byDn.data);
  });

  it('fails with not_linked for a user with no linked entry, and without a way to ask', async () => {
    expect(await run('getUser', { userId: 'nobody' })).toMatchObject({ success: false, code: 'not_linked' });
    const unlinked = await callLdap(handler, connection, 'getUser', { userId: 'flowgate-user-1' });
    expect(unlinked).toMatchObject({ success: false, code: 'not_linked' });
  });

  it('answers no_such_object for a missing entry and invalid_parameters for two names at once', async () => {
    expect(await run('getUser', { dn: `uid=ghost,${people}` })).toMatchObject({
      success: false,
      code: 'no_such_object',
    });
    expect(await run('getUser', { dn: `uid=user1,${people}`, userId: 'flowgate-user-1' })).toMatchObject({
      success: false,
      code: 'invalid_parameters',
    });
  });
});

describe('search', () => {
  it('answers matching entries with the attributes asked for, escaping nothing the caller wrote', async () => {
    const result = await run('search', { filter: '(|(uid=user1)(uid=user2))', attributes: ['uid', 'mail'] });
    expect(result.data).toMatchObject({ count: 2, truncated: false });
    expect(
      (result.data!.entries as Array<{ attributes: { uid: string[] } }>).map((item) => item.attributes.uid[0]).sort(),
    ).toEqual(['user1', 'user2']);
  });

  it('refuses a base outside baseDn', async () => {
    expect(await run('search', { filter: '(uid=*)', base: 'dc=other' })).toMatchObject({ code: 'invalid_parameters' });
  });
});

describe('createUser', () => {
  it('creates the entry from the template and the given attributes, and a repeat is changed: false', async () => {
    const parameters = {
      rdnValue: 'new.hire',
      attributes: { cn: 'New Hire', sn: 'Hire', mail: 'new.hire@example.org' },
    };
    const first = await run('createUser', parameters);
    expect(first).toMatchObject({ success: true, data: { dn: `uid=new.hire,${people}`, changed: true } });
    const stored = await entry(`uid=new.hire,${people}`);
    expect(stored).toMatchObject({ objectClass: 'inetOrgPerson', employeeType: 'staff', mail: 'new.hire@example.org' });
    expect(first.data!.externalId).toBe(stored!.entryUUID);
    expect(await run('createUser', parameters)).toMatchObject({
      success: true,
      data: { changed: false, externalId: stored!.entryUUID },
    });
  });

  it('escapes the RDN value', async () => {
    const result = await run('createUser', { rdnValue: 'a,b+c', attributes: { cn: 'x', sn: 'y' } });
    expect(result).toMatchObject({ success: true, data: { dn: `uid=a\\,b\\+c,${people}` } });
    expect(await entry(`uid=a\\,b\\+c,${people}`)).toMatchObject({ uid: 'a,b+c' });
  });
});

describe('updateUser', () => {
  it('replaces, adds and deletes values, then a repeat is changed: false', async () => {
    const parameters = {
      dn: `uid=user2,${people}`,
      replace: { title: 'Engineer' },
      add: { telephoneNumber: ['+1 555 0100', '+1 555 0101'] },
      delete: { givenName: [] },
    };
    expect(await run('updateUser', parameters)).toMatchObject({ success: true, data: { changed: true } });
    const stored = await entry(`uid=user2,${people}`);
    expect(stored).toMatchObject({ title: 'Engineer', telephoneNumber: ['+1 555 0100', '+1 555 0101'] });
    expect(stored!.givenName).toBeUndefined();
    expect(await run('updateUser', parameters)).toMatchObject({
      success: true,
      data: { changed: false, changedAttributes: [] },
    });
  });
});

describe('moveUser', () => {
  it('renames the entry and keeps its externalId; a repeat is changed: false', async () => {
    await asAdmin(slapd, (client) =>
      client.add(`ou=former,${slapd.baseDn}`, { objectClass: 'organizationalUnit', ou: 'former' }),
    );
    const before = await entry(`uid=user3,${people}`);
    const parameters = {
      externalId: String(before!.entryUUID),
      newParentDn: `ou=former,${slapd.baseDn}`,
      newRdnValue: 'user3.moved',
    };
    expect(await run('moveUser', parameters)).toMatchObject({
      success: true,
      data: { dn: `uid=user3.moved,ou=former,${slapd.baseDn}`, previousDn: `uid=user3,${people}`, changed: true },
    });
    expect(await entry(`uid=user3,${people}`)).toBeUndefined();
    expect((await entry(`uid=user3.moved,ou=former,${slapd.baseDn}`))!.entryUUID).toBe(before!.entryUUID);
    expect(await run('moveUser', parameters)).toMatchObject({ success: true, data: { changed: false } });
  });
});

describe('disableAccount and enableAccount', () => {
  it('locks the account with ppolicy’s pwdAccountLockedTime and unlocks it; listUsers reports enabled: false', async () => {
    const dn = `uid=user4,${people}`;
    expect(await run('disableAccount', { dn })).toMatchObject({
      success: true,
      data: { changed: true, mechanism: 'ppolicy' },
    });
    expect((await entry(dn))!.pwdAccountLockedTime).toBe('000001010000Z');
    expect(await run('disableAccount', { dn })).toMatchObject({ success: true, data: { changed: false } });
    expect((await run('getUser', { dn })).data!.attributes).toMatchObject({ enabled: false });

    expect(await run('enableAccount', { dn })).toMatchObject({ success: true, data: { changed: true, enabled: true } });
    expect((await entry(dn))!.pwdAccountLockedTime).toBeUndefined();
    expect(await run('enableAccount', { dn })).toMatchObject({ success: true, data: { changed: false } });
    expect((await run('getUser', { dn })).data!.attributes).not.toHaveProperty('enabled');
  });

  it('uses the configured disabledAttribute instead when there is one', async () => {
    const settings = { ...connection, disabledAttribute: { attribute: 'employeeType', value: 'disabled' } };
    const dn = `uid=user4,${people}`;
    expect(await run('disableAccount', { dn }, settings)).toMatchObject({
      data: { changed: true, mechanism: 'disabledAttribute' },
    });
    expect((await entry(dn))!.employeeType).toBe('disabled');
    expect(await run('enableAccount', { dn }, settings)).toMatchObject({ data: { changed: true } });
    expect((await entry(dn))!.employeeType).toBeUndefined();
  });
});

describe('resetPassword', () => {
  const password = 'N3w-Secret-Pass!';

  it('sets the password with the Password Modify operation, never echoing it; a repeat is changed: false', async () => {
    const dn = `uid=user0,${people}`;
    const result = await run('resetPassword', { dn, password, mustChange: true });
    expect(result).toMatchObject({ success: true, data: { dn, changed: true, mustChange: true } });
    expect(JSON.stringify(result)).not.toContain(password);
    const client = new Client({ url: slapd.url });
    await expect(client.bind(dn, password)).resolves.toBeUndefined();
    await client.unbind();
    expect((await entry(dn, ['pwdReset']))!.pwdReset).toBe('TRUE');
    expect(await run('resetPassword', { dn, password })).toMatchObject({ success: true, data: { changed: false } });
  });

  it('keeps the password out of a failure too', async () => {
    const result = await run('resetPassword', { dn: `uid=ghost,${people}`, password });
    expect(result).toMatchObject({ success: false, code: 'no_such_object' });
    expect(JSON.stringify(result)).not.toContain(password);
  });

  it('refuses to send an Active Directory password over a plain connection', async () => {
    const result = await run(
      'resetPassword',
      { dn: `uid=user0,${people}`, password },
      { ...connection, flavour: 'active_directory' },
    );
    expect(result).toMatchObject({ success: false, code: 'invalid_configuration' });
  });
});

describe('addToGroup and removeFromGroup use the attribute of the group’s object class', () => {
  it.each([
    ['staff', 'member', `uid=user1,ou=people,dc=example,dc=org`],
    ['auditors', 'uniqueMember', `uid=user1,ou=people,dc=example,dc=org`],
    ['unix', 'memberUid', 'user1'],
  ])('%s: %s', async (group, attribute, value) => {
    const groupDn = `cn=${group},${groups}`;
    const parameters = { userId: 'flowgate-user-1', groupDn };
    expect(await run('addToGroup', parameters)).toMatchObject({ success: true, data: { attribute, changed: true } });
    expect([(await entry(groupDn, [attribute]))![attribute]].flat()).toContain(value);
    expect(await run('addToGroup', parameters)).toMatchObject({ success: true, data: { changed: false } });

    expect(await run('removeFromGroup', parameters)).toMatchObject({ success: true, data: { changed: true } });
    expect([(await entry(groupDn, [attribute]))![attribute] ?? []].flat()).not.toContain(value);
    expect(await run('removeFromGroup', parameters)).toMatchObject({ success: true, data: { changed: false } });
  });

  it('lists a group’s members with their externalIds', async () => {
    const [group] = await adminSearch(slapd, `cn=staff,${groups}`, '(objectClass=*)', ['entryUUID']);
    const [user5] = await adminSearch(slapd, `uid=user5,${people}`, '(objectClass=*)', ['entryUUID']);
    expect(await run('listGroupMembers', { groupExternalId: String(group!.entryUUID) })).toEqual({
      success: true,
      data: {
        groupDn: `cn=staff,${groups}`,
        count: 1,
        members: [{ dn: `uid=user5,${people}`, externalId: user5!.entryUUID }],
        memberUids: [],
      },
    });
  });
});

describe('deleteUser', () => {
  it('deletes the entry, and a repeat is changed: false', async () => {
    const dn = `uid=new.hire,${people}`;
    expect(await run('deleteUser', { dn })).toMatchObject({ success: true, data: { changed: true } });
    expect(await entry(dn)).toBeUndefined();
    expect(await run('deleteUser', { dn })).toMatchObject({ success: true, data: { changed: false } });
  });
});

describe('every command declares whether it writes', () => {
  it('marks the commands that change the directory, and only those', () => {
    const writes = Object.entries(handler.commands)
      .filter(([, spec]) => spec.writes)
      .map(([name]) => name)
      .sort();
    expect(writes).toEqual(
      [
        'addToGroup',
        'createUser',
        'deleteUser',
        'disableAccount',
        'enableAccount',
        'moveUser',
        'removeFromGroup',
        'resetPassword',
        'updateUser',
      ].sort(),
    );
    for (const spec of Object.values(handler.commands)) expect(spec.idempotent).toBe(true);
  });
});
