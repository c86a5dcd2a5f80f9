import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client, InvalidCredentialsError } from 'ldapts';
import type { LdapHandler } from '../../../../src/connectors/builtin/ldap/index.js';
import type { LinkedUserRecord } from '../../../../src/connectors/handler.js';
import {
  ACCOUNT_DISABLED,
  AD_USER_CLASSES,
  addAdUser,
  adHandler,
  asAdministrator,
  NORMAL_ACCOUNT,
  readAd,
  replace,
  startActiveDirectory,
  valuesOf,
  type ActiveDirectory,
} from '../../../support/active-directory.js';
import { callLdap } from '../../../support/ldap-connector.js';

// The joiner, mover and leaver commands of the ldap connector's active_directory flavour against a
// real Samba domain controller: each checked by what the DC holds afterwards, and each repeated to
// show it is idempotent.

const DONT_EXPIRE_PASSWORD = 0x10000;
const PASSWORD = 'Flowgate-Test-Pass-1';

let ad: ActiveDirectory;
let handler: LdapHandler;
/** The connector over ldaps://, verified against the DC's CA: what password changes need. */
let secure: Record<string, unknown>;
const dns = { grace: '', engineers: '' };
let graceId: string;
let engineersId: string;

/** Microsoft's text of an entry's objectGUID, read with the DC's extended DN syntax as the check. */
async function guidOf(dn: string): Promise<string> {
  const users = (await callLdap(handler, ad.connection, 'listUsers', { filter: { ldap: '(objectClass=*)' } })).payload!
    .resources;
  const groups = (await callLdap(handler, ad.connection, 'listGroups')).payload!.resources;
  const id = [...users, ...groups].find((record) => record.attributes.dn === dn)!.externalId;
  expect((await readAd(ad.dc, `<GUID=${id}>`, ['cn']))?.dn).toBe(dn);
  return id;
}

const control = async (dn: string) => Number((await readAd(ad.dc, dn, ['userAccountControl']))!.userAccountControl);

/** A context whose linkedUserRecord links `userId` to `externalId`, as the service's sync match would. */
const linking = (userId: string, externalId: string) => ({
  linkedUserRecord: async (asked: string): Promise<LinkedUserRecord | undefined> =>
    asked === userId ? { externalId, attributes: {} } : undefined,
});

beforeAll(async () => {
  ad = await startActiveDirectory();
  handler = adHandler();
  secure = { ...ad.connection, url: ad.dc.ldapsUrl, caCertificate: ad.dc.caCertificate };
  await asAdministrator(ad.dc, async (client) => {
    dns.grace = await addAdUser(client, ad.staff, 'Hopper\\, Grace', { sAMAccountName: 'ghopper' });
    await client.add(`OU=Research,${ad.staff}`, { objectClass: ['top', 'organizationalUnit'], ou: 'Research' });
    dns.engineers = `CN=Engineers,${ad.groups}`;
    await client.add(dns.engineers, { objectClass: ['top', 'group'] });
  });
  graceId = await guidOf(dns.grace);
  engineersId = await guidOf(dns.engineers);
}, 180_000);

afterAll(async () => {
  await handler?.close();
  await ad?.dc.stop();
});

describe('people are found by DN, by objectGUID text and by Flowgate user id', () => {
  it('getUser by externalId finds the entry whose objectGUID it is', async () => {
    const found = await callLdap(handler, ad.connection, 'getUser', { externalId: graceId });
    expect(found).toEqual(
      expect.objectContaining({
        success: true,
        data: expect.objectContaining({ externalId: graceId, attributes: expect.objectContaining({ dn: dns.grace }) }),
      }),
    );
  });

  it('getUser by userId goes through the linked record', async () => {
    const found = await callLdap(handler, ad.connection, 'getUser', { userId: 'u-1' }, linking('u-1', graceId));
    expect(found.data).toEqual(expect.objectContaining({ externalId: graceId }));
    const unlinked = await callLdap(handler, ad.connection, 'getUser', { userId: 'u-2' }, linking('u-1', graceId));
    expect(unlinked).toEqual(expect.objectContaining({ success: false, code: 'not_linked' }));
  });
});

describe('disableAccount and enableAccount flip the ACCOUNTDISABLE bit of userAccountControl', () => {
  it('keeps the other bits, and a repeat changes nothing', async () => {
    await asAdministrator(
      ad.dc,
      async (client) => {
        await client.modify(dns.grace, [replace('unicodePwd', [Buffer.from(`"${PASSWORD}"`, 'utf16le')])]);
        await client.modify(dns.grace, [
          replace('userAccountControl', [String(NORMAL_ACCOUNT | DONT_EXPIRE_PASSWORD)]),
        ]);
      },
      true,
    );
    const disabled = await callLdap(handler, ad.connection, 'disableAccount', { externalId: graceId });
    expect(disabled.data).toEqual(expect.objectContaining({ changed: true, mechanism: 'userAccountControl' }));
    expect(await control(dns.grace)).toBe(NORMAL_ACCOUNT | DONT_EXPIRE_PASSWORD | ACCOUNT_DISABLED);
    expect((await callLdap(handler, ad.connection, 'disableAccount', { dn: dns.grace })).data).toEqual(
      expect.objectContaining({ changed: false }),
    );
    const listed = await callLdap(handler, ad.connection, 'getUser', { dn: dns.grace });
    expect((listed.data!.attributes as Record<string, unknown>).enabled).toBe(false);

    const enabled = await callLdap(handler, ad.connection, 'enableAccount', { dn: dns.grace });
    expect(enabled.data).toEqual(expect.objectContaining({ changed: true, enabled: true }));
    expect(await control(dns.grace)).toBe(NORMAL_ACCOUNT | DONT_EXPIRE_PASSWORD);
    expect((await callLdap(handler, ad.connection, 'enableAccount', { dn: dns.grace })).data).toEqual(
      expect.objectContaining({ changed: false }),
    );
  });
});

describe('resetPassword writes unicodePwd, over TLS only', () => {
  it('refuses a connector on plain ldap://, which Samba would not refuse itself', async () => {
    const refused = await callLdap(handler, ad.connection, 'resetPassword', {
      dn: dns.grace,
      password: 'Other-Pass-2',
    });
    expect(refused).toEqual(expect.objectContaining({ success: false, code: 'invalid_configuration' }));
  });

  const pwdLastSet = async () => Number(valuesOf(await readAd(ad.dc, dns.grace, ['pwdLastSet']), 'pwdLastSet')[0]);

  it('sets the password over ldaps://: the user binds with it; a repeat is changed: false', async () => {
    const reset = await callLdap(handler, secure, 'resetPassword', {
      externalId: graceId,
      password: 'Compiler-Era-1952',
    });
    expect(reset).toEqual(expect.objectContaining({ success: true, data: expect.objectContaining({ changed: true }) }));
    const user = new Client({ url: ad.dc.url, timeout: 10_000 });
    await user.bind(dns.grace, 'Compiler-Era-1952');
    await user.unbind();
    const wrong = new Client({ url: ad.dc.url, timeout: 10_000 });
    await expect(wrong.bind(dns.grace, 'Compiler-Era-1953')).rejects.toBeInstanceOf(InvalidCredentialsError);
    await wrong.unbind();
    const again = await callLdap(handler, secure, 'resetPassword', { dn: dns.grace, password: 'Compiler-Era-1952' });
    expect(again.data).toEqual(expect.objectContaining({ changed: false }));
  });

  // AD lets the previous password sign in for a while after a change, so a bind that works is no
  // proof the password is the current one: a reset back to the previous password must still be written.
  it('a reset back to the previous password is written, though the previous one still binds', async () => {
    await callLdap(handler, secure, 'resetPassword', { dn: dns.grace, password: 'Second-Pass-2' });
    const before = await pwdLastSet();
    const old = new Client({ url: ad.dc.url, timeout: 10_000 });
    await old.bind(dns.grace, 'Compiler-Era-1952');
    await old.unbind();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const back = await callLdap(handler, secure, 'resetPassword', { dn: dns.grace, password: 'Compiler-Era-1952' });
    expect(back.success).toBe(true);
    expect(await pwdLastSet()).toBeGreaterThan(before);
  });

  it('mustChange sets pwdLastSet to 0', async () => {
    const reset = await callLdap(handler, secure, 'resetPassword', {
      dn: dns.grace,
      password: 'Nanosecond-Wire-30cm',
      mustChange: true,
    });
    expect(reset.success).toBe(true);
    expect(valuesOf(await readAd(ad.dc, dns.grace, ['pwdLastSet']), 'pwdLastSet')).toEqual(['0']);
  });

  it('a password the domain policy refuses is a failure that does not show it', async () => {
    const weak = await callLdap(handler, secure, 'resetPassword', { dn: dns.grace, password: 'abc' });
    expect(weak).toEqual(expect.objectContaining({ success: false, code: 'constraint_violation' }));
    expect(JSON.stringify(weak)).not.toContain('"abc"');
  });
});

describe('addToGroup and removeFromGroup change the group member attribute', () => {
  it('adds and removes the member, memberOf follows, repeats change nothing', async () => {
    const named = { userId: 'grace', groupExternalId: engineersId };
    const context = linking('grace', graceId);
    const added = await callLdap(handler, ad.connection, 'addToGroup', named, context);
    expect(added.data).toEqual(expect.objectContaining({ changed: true, attribute: 'member' }));
    expect(valuesOf(await readAd(ad.dc, dns.grace, ['memberOf']), 'memberOf')).toEqual([dns.engineers]);
    expect((await callLdap(handler, ad.connection, 'addToGroup', named, context)).data).toEqual(
      expect.objectContaining({ changed: false }),
    );
    const members = await callLdap(handler, ad.connection, 'listGroupMembers', { groupDn: dns.engineers });
    expect(members.data).toEqual(
      expect.objectContaining({ count: 1, members: [{ dn: dns.grace, externalId: graceId }] }),
    );

    const removed = await callLdap(handler, ad.connection, 'removeFromGroup', named, context);
    expect(removed.data).toEqual(expect.objectContaining({ changed: true }));
    expect(valuesOf(await readAd(ad.dc, dns.grace, ['memberOf']), 'memberOf')).toEqual([]);
    expect((await callLdap(handler, ad.connection, 'removeFromGroup', named, context)).data).toEqual(
      expect.objectContaining({ changed: false }),
    );
  });
});

describe('moveUser and updateUser', () => {
  it('moves the entry to another OU and renames it; the objectGUID stays', async () => {
    const moved = await callLdap(handler, ad.connection, 'moveUser', {
      externalId: graceId,
      newParentDn: `OU=Research,${ad.staff}`,
    });
    const inResearch = `CN=Hopper\\, Grace,OU=Research,${ad.staff}`;
    expect(moved.data).toEqual(expect.objectContaining({ changed: true, dn: inResearch }));
    expect((await readAd(ad.dc, `<GUID=${graceId}>`, ['cn']))?.dn).toBe(inResearch);
    expect(
      (
        await callLdap(handler, ad.connection, 'moveUser', {
          externalId: graceId,
          newParentDn: `OU=Research,${ad.staff}`,
        })
      ).data,
    ).toEqual(expect.objectContaining({ changed: false }));

    const renamed = await callLdap(handler, ad.connection, 'moveUser', {
      externalId: graceId,
      newRdnValue: 'Hopper, Grace M.',
    });
    const newDn = `CN=Hopper\\, Grace M.,OU=Research,${ad.staff}`;
    expect(renamed.data).toEqual(expect.objectContaining({ changed: true, dn: newDn }));
    expect((await readAd(ad.dc, `<GUID=${graceId}>`, ['cn']))?.dn).toBe(newDn);
    dns.grace = newDn;
  });

  it('updateUser replaces, adds and deletes attribute values', async () => {
    const updated = await callLdap(handler, ad.connection, 'updateUser', {
      externalId: graceId,
      replace: { title: 'Rear Admiral', department: 'Navy' },
      add: { otherTelephone: ['+1 555 0100'] },
    });
    expect(updated.data).toEqual(expect.objectContaining({ changed: true }));
    const entry = await readAd(ad.dc, dns.grace, ['title', 'department', 'otherTelephone']);
    expect([valuesOf(entry, 'title'), valuesOf(entry, 'department'), valuesOf(entry, 'otherTelephone')]).toEqual([
      ['Rear Admiral'],
      ['Navy'],
      ['+1 555 0100'],
    ]);
    const again = await callLdap(handler, ad.connection, 'updateUser', {
      externalId: graceId,
      replace: { title: 'Rear Admiral' },
      delete: { department: [] },
    });
    expect(again.data).toEqual(expect.objectContaining({ changed: true, changedAttributes: ['department'] }));
    expect(valuesOf(await readAd(ad.dc, dns.grace, ['department']), 'department')).toEqual([]);
  });
});

describe('a joiner created by createUser, and a leaver deleted by deleteUser', () => {
  const template = {
    objectClass: AD_USER_CLASSES,
    attributes: { company: 'Flowgate' },
  };

  it('createUser makes a disabled account from the template; resetPassword and enableAccount let it sign in', async () => {
    const withTemplate = { ...secure, userTemplate: template };
    const created = await callLdap(handler, withTemplate, 'createUser', {
      rdnValue: 'Margaret Hamilton',
      attributes: {
        sAMAccountName: 'mhamilton',
        userPrincipalName: 'mhamilton@flowgate.test',
        givenName: 'Margaret',
        sn: 'Hamilton',
        mail: 'mhamilton@flowgate.test',
      },
    });
    const dn = `CN=Margaret Hamilton,${ad.staff}`;
    expect(created.data).toEqual(expect.objectContaining({ changed: true }));
    expect(String(created.data!.dn).toLowerCase()).toBe(dn.toLowerCase());
    const id = String(created.data!.externalId);
    expect((await readAd(ad.dc, `<GUID=${id}>`, ['cn']))?.dn).toBe(dn);
    expect(valuesOf(await readAd(ad.dc, dn, ['company']), 'company')).toEqual(['Flowgate']);
    expect((await control(dn)) & ACCOUNT_DISABLED).toBe(ACCOUNT_DISABLED);
    const repeated = await callLdap(handler, withTemplate, 'createUser', { rdnValue: 'Margaret Hamilton' });
    expect(repeated.data).toEqual(expect.objectContaining({ changed: false, externalId: id }));

    expect(
      (await callLdap(handler, secure, 'resetPassword', { externalId: id, password: 'Apollo-Guidance-11' })).success,
    ).toBe(true);
    expect((await callLdap(handler, secure, 'enableAccount', { externalId: id })).success).toBe(true);
    const user = new Client({ url: ad.dc.url, timeout: 10_000 });
    await user.bind('mhamilton@flowgate.test', 'Apollo-Guidance-11');
    await user.unbind();
  });

  it('deleteUser removes the entry; a repeat is changed: false', async () => {
    const dn = await asAdministrator(ad.dc, (client) => addAdUser(client, ad.staff, 'Leaving Soon'));
    const id = await guidOf(dn);
    const deleted = await callLdap(handler, ad.connection, 'deleteUser', { externalId: id });
    expect(deleted.data).toEqual(expect.objectContaining({ changed: true, dn }));
    expect(await readAd(ad.dc, dn, ['cn'])).toBeUndefined();
    expect((await callLdap(handler, ad.connection, 'deleteUser', { externalId: id })).data).toEqual(
      expect.objectContaining({ changed: false }),
    );
  });
});
