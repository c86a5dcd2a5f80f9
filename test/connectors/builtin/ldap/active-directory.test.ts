import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ListedResource } from '../../../../src/connectors/handler.js';
import type { LdapHandler } from '../../../../src/connectors/builtin/ldap/index.js';
import {
  addAdUser,
  adHandler,
  asAdministrator,
  NORMAL_ACCOUNT,
  readAd,
  replace,
  startActiveDirectory,
  type ActiveDirectory,
} from '../../../support/active-directory.js';
import { callLdap } from '../../../support/ldap-connector.js';

// The `active_directory` flavour of the ldap connector against a real Samba AD domain controller:
// identity by objectGUID, memberOf, managers, the disabled flag and incremental listing as Active
// Directory writes them.

let ad: ActiveDirectory;
let handler: LdapHandler;
const dns = { grace: '', ada: '', alan: '', katherine: '', engineers: '', pilots: '' };

/** Gives an account a password (over ldaps://, as AD requires) and makes it a normal, enabled one. */
async function enable(dn: string, password: string) {
  await asAdministrator(
    ad.dc,
    async (client) => {
      await client.modify(dn, [replace('unicodePwd', [Buffer.from(`"${password}"`, 'utf16le')])]);
      await client.modify(dn, [replace('userAccountControl', [String(NORMAL_ACCOUNT)])]);
    },
    true,
  );
}

beforeAll(async () => {
  ad = await startActiveDirectory();
  handler = adHandler();
  await asAdministrator(ad.dc, async (client) => {
    // A comma in a CN, as AD writes "Last, First" names: DNs with escapes must resolve too.
    dns.grace = await addAdUser(client, ad.staff, 'Hopper\\, Grace', { sAMAccountName: 'ghopper' });
    dns.ada = await addAdUser(client, ad.staff, 'Ada Lovelace', { manager: dns.grace });
    dns.alan = await addAdUser(client, ad.staff, 'Alan Turing');
    // Created without a password and never enabled: AD's disabled flag is set.
    dns.katherine = await addAdUser(client, ad.staff, 'Katherine Johnson');
    // A contact is objectCategory person but no user; a computer is objectClass user but no
    // person: neither is ever a user record.
    await client.add(`CN=WS01,${ad.staff}`, {
      objectClass: ['top', 'person', 'organizationalPerson', 'user', 'computer'],
      sAMAccountName: 'WS01$',
    });
    await client.add(`CN=Supplier Contact,${ad.staff}`, {
      objectClass: ['top', 'person', 'organizationalPerson', 'contact'],
      mail: 'supplier@example.com',
    });
    dns.engineers = `CN=Engineers,${ad.groups}`;
    await client.add(dns.engineers, { objectClass: ['top', 'group'], sAMAccountName: 'engineers' });
    dns.pilots = `CN=Pilots,${ad.groups}`;
    await client.add(dns.pilots, { objectClass: ['top', 'group'], sAMAccountName: 'pilots' });
    await client.modify(dns.engineers, [replace('member', [dns.ada, dns.alan])]);
    await client.modify(dns.pilots, [replace('member', [dns.katherine])]);
  });
  for (const dn of [dns.grace, dns.ada, dns.alan]) await enable(dn, 'Flowgate-Test-Pass-1');
}, 180_000);

afterAll(async () => {
  await handler?.close();
  await ad?.dc.stop();
});

/** Every record of a list command, page after page through its cursor; and how many pages it took. */
async function listAll(command: 'listUsers' | 'listGroups', parameters: Record<string, unknown> = {}) {
  const records: ListedResource[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const result = await callLdap(handler, ad.connection, command, { ...parameters, ...(cursor ? { cursor } : {}) });
    expect(result).toEqual(expect.objectContaining({ success: true }));
    records.push(...result.payload!.resources);
    cursor = result.payload!.nextCursor;
    pages += 1;
  } while (cursor);
  return { records, pages };
}

const byDn = (records: ListedResource[]) => new Map(records.map((record) => [String(record.attributes.dn), record]));

describe('test binds and reads the root DSE of the domain controller', () => {
  it('answers the naming context and paged results support', async () => {
    const result = await callLdap(handler, ad.connection, 'test');
    expect(result).toEqual(
      expect.objectContaining({
        success: true,
        data: expect.objectContaining({ defaultNamingContext: ad.dc.baseDn, pagedResults: true, warnings: [] }),
      }),
    );
  });

  it('binds with a user principal name as bindDn, as AD allows', async () => {
    const upn = { ...ad.connection, bindDn: `Administrator@${ad.dc.realm.toLowerCase()}` };
    expect(await callLdap(handler, upn, 'test')).toEqual(expect.objectContaining({ success: true }));
    const wrong = { ...upn, bindPassword: 'not-the-password' };
    expect(await callLdap(handler, wrong, 'test')).toEqual(
      expect.objectContaining({ success: false, code: 'invalid_credentials' }),
    );
  });
});

describe('listUsers reads Active Directory users', () => {
  it('pages through the persons under userBaseDn, computers and contacts left out', async () => {
    const { records, pages } = await listAll('listUsers', { pageSize: 2 });
    expect(pages).toBe(2);
    expect([...byDn(records).keys()].sort()).toEqual([dns.ada, dns.alan, dns.grace, dns.katherine].sort());
    expect(new Set(records.map((record) => record.externalId)).size).toBe(4);
  });

  it("writes objectGUID as Microsoft's GUID string: the DC finds each entry by it", async () => {
    const { records } = await listAll('listUsers');
    for (const record of records) {
      expect(record.externalId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      // AD's extended DN syntax <GUID=...> takes the GUID in Microsoft's text form only.
      const found = await readAd(ad.dc, `<GUID=${record.externalId}>`, ['distinguishedName']);
      expect(found?.dn).toBe(record.attributes.dn);
    }
  });

  it('carries names, mail, memberOf, the manager resolved to its externalId, and the disabled flag', async () => {
    const users = byDn((await listAll('listUsers')).records);
    const ada = users.get(dns.ada)!;
    const grace = users.get(dns.grace)!;
    expect(ada).toEqual({
      externalId: expect.any(String),
      displayName: 'Ada Lovelace',
      email: 'adalovelace@flowgate.test',
      attributes: expect.objectContaining({
        dn: dns.ada,
        username: 'adalovelace',
        firstName: 'Ada',
        lastName: 'Lovelace',
        memberOf: [dns.engineers],
        manager: grace.externalId,
        managerDn: dns.grace,
      }),
    });
    expect(grace.attributes).toEqual(expect.objectContaining({ username: 'ghopper', manager: null, memberOf: [] }));
    // userAccountControl's ACCOUNTDISABLE: reported as enabled: false, the enabled ones carry nothing.
    expect(users.get(dns.katherine)!.attributes.enabled).toBe(false);
    for (const dn of [dns.ada, dns.alan, dns.grace]) expect(users.get(dn)!.attributes).not.toHaveProperty('enabled');
  });
});

describe('listGroups reads Active Directory groups', () => {
  it('resolves member DNs to the externalIds of the users', async () => {
    const users = byDn((await listAll('listUsers')).records);
    const groups = byDn((await listAll('listGroups')).records);
    expect([...groups.keys()].sort()).toEqual([dns.engineers, dns.pilots].sort());
    expect(groups.get(dns.engineers)!.attributes.members).toEqual(
      [users.get(dns.ada)!.externalId, users.get(dns.alan)!.externalId].sort(),
    );
    expect(groups.get(dns.pilots)!.attributes.members).toEqual([users.get(dns.katherine)!.externalId]);
    expect(groups.get(dns.engineers)!.attributes.unresolvedMembers).toEqual([]);
  });
});

describe('incremental listing', () => {
  it('modifiedSince compares whenChanged: only entries changed since are listed', async () => {
    // whenChanged counts whole seconds: start in a second after every change of the setup.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const since = new Date().toISOString();
    expect((await listAll('listUsers', { modifiedSince: since })).records).toEqual([]);
    await asAdministrator(ad.dc, (client) => client.modify(dns.alan, [replace('title', ['Cryptanalyst'])]));
    const { records } = await listAll('listUsers', { modifiedSince: since });
    expect(records.map((record) => record.attributes.dn)).toEqual([dns.alan]);
  });

  it('a filter on uSNChanged picks the entries changed after a USN', async () => {
    // The DC's highest USN so far, as an incremental reader of AD keeps it from the root DSE.
    const before = Number((await readAd(ad.dc, '', ['highestCommittedUSN']))!.highestCommittedUSN);
    await asAdministrator(ad.dc, (client) => client.modify(dns.ada, [replace('title', ['Analyst'])]));
    const { records } = await listAll('listUsers', { filter: { ldap: `(uSNChanged>=${before + 1})` } });
    expect(records.map((record) => record.attributes.dn)).toEqual([dns.ada]);
  });
});
