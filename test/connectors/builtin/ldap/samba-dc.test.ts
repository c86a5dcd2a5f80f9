import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Attribute, Change, Client, EqualityFilter, InvalidCredentialsError } from 'ldapts';
import { startSambaDc, type RunningSambaDc } from '../../../../scripts/local/samba-dc.js';

// The Active Directory domain controller the ldap connector's AD tests run against: Debian's Samba,
// provisioned and started by scripts/local/samba-dc.ts. These tests prove it speaks LDAP as Active
// Directory does, with a plain LDAP client: what the connector's tests then rely on.

const ACCOUNT_DISABLED = 0x2;
const NORMAL_ACCOUNT = 0x200;
const PAGED_RESULTS_CONTROL = '1.2.840.113556.1.4.319';
const ACTIVE_DIRECTORY_CAPABILITY = '1.2.840.113556.1.4.800';

let dc: RunningSambaDc;
const clients: Client[] = [];

beforeAll(async () => {
  // The first start on a machine provisions the domain (cached per Samba version after that).
  dc = await startSambaDc();
}, 180_000);

afterAll(async () => {
  for (const client of clients) await client.unbind().catch(() => undefined);
  await dc?.stop();
});

/** A client of `url`, verifying ldaps:// against the DC's CA, bound as Administrator. */
async function adminClient(url = dc.url): Promise<Client> {
  // ldapts speaks TLS whenever it is given TLS options, even to an ldap:// URL.
  const tlsOptions = url.startsWith('ldaps:') ? { tlsOptions: { ca: [dc.caCertificate] } } : {};
  const client = new Client({ url, timeout: 10_000, ...tlsOptions });
  clients.push(client);
  await client.bind(dc.adminDn, dc.adminPassword);
  return client;
}

/** A user under `parent` (default CN=Users), created as AD creates one without a password: disabled. */
async function addUser(client: Client, name: string, parent = `CN=Users,${dc.baseDn}`): Promise<string> {
  const dn = `CN=${name},${parent}`;
  await client.add(dn, {
    objectClass: ['top', 'person', 'organizationalPerson', 'user'],
    sAMAccountName: name.toLowerCase(),
    userPrincipalName: `${name.toLowerCase()}@${dc.realm.toLowerCase()}`,
    givenName: name,
    sn: 'Tester',
    mail: `${name.toLowerCase()}@flowgate.test`,
  });
  return dn;
}

async function readEntry(client: Client, dn: string, attributes: string[]) {
  const { searchEntries } = await client.search(dn, {
    scope: 'base',
    attributes,
    explicitBufferAttributes: ['objectGUID'],
  });
  expect(searchEntries).toHaveLength(1);
  return searchEntries[0]!;
}

const unicodePwd = (password: string) =>
  new Change({
    operation: 'replace',
    modification: new Attribute({ type: 'unicodePwd', values: [Buffer.from(`"${password}"`, 'utf16le')] }),
  });

describe('the Samba domain controller answers as Active Directory', () => {
  it('binds as Administrator and announces AD capabilities and paged results in its root DSE', async () => {
    const client = await adminClient();
    const { searchEntries } = await client.search('', {
      scope: 'base',
      attributes: ['defaultNamingContext', 'supportedControl', 'supportedCapabilities', 'dnsHostName'],
    });
    const root = searchEntries[0]!;
    expect(root.defaultNamingContext).toBe(dc.baseDn);
    expect(root.supportedControl).toEqual(expect.arrayContaining([PAGED_RESULTS_CONTROL]));
    expect(root.supportedCapabilities).toEqual(expect.arrayContaining([ACTIVE_DIRECTORY_CAPABILITY]));

    const stranger = new Client({ url: dc.url, timeout: 10_000 });
    await expect(stranger.bind(dc.adminDn, 'not-the-password')).rejects.toBeInstanceOf(InvalidCredentialsError);
    await stranger.unbind();
  });

  it('gives a new user an objectGUID and userAccountControl, and moves whenChanged and uSNChanged on a change', async () => {
    const client = await adminClient();
    const dn = await addUser(client, 'Grace');
    const created = await readEntry(client, dn, ['objectGUID', 'userAccountControl', 'whenChanged', 'uSNChanged']);
    const guid = created.objectGUID as Buffer;
    expect(Buffer.isBuffer(guid)).toBe(true);
    expect(guid).toHaveLength(16);
    // Created without a password, as AD does: a normal account, disabled.
    const control = Number(created.userAccountControl);
    expect(control & NORMAL_ACCOUNT).toBe(NORMAL_ACCOUNT);
    expect(control & ACCOUNT_DISABLED).toBe(ACCOUNT_DISABLED);
    expect(String(created.whenChanged)).toMatch(/^\d{14}\.0Z$/);
    const createdUsn = Number(created.uSNChanged);
    expect(Number.isInteger(createdUsn) && createdUsn > 0).toBe(true);

    await client.modify(dn, [
      new Change({ operation: 'replace', modification: new Attribute({ type: 'description', values: ['moved'] }) }),
    ]);
    const changed = await readEntry(client, dn, ['whenChanged', 'uSNChanged']);
    expect(Number(changed.uSNChanged)).toBeGreaterThan(createdUsn);
    expect(String(changed.whenChanged) >= String(created.whenChanged)).toBe(true);

    // What an incremental pass asks: entries changed since a USN, and one entry by its GUID.
    const since = await client.search(dc.baseDn, {
      filter: `(&(objectClass=user)(uSNChanged>=${createdUsn + 1}))`,
      attributes: ['sAMAccountName'],
    });
    expect(since.searchEntries.map((entry) => entry.sAMAccountName)).toContain('grace');
    // As a filter object: ldapts reads `\xx` escapes of a filter string as characters, so bytes
    // above 0x7f would reach the server UTF-8 encoded.
    const byGuid = await client.search(dc.baseDn, {
      filter: new EqualityFilter({ attribute: 'objectGUID', value: guid }),
      attributes: ['sAMAccountName'],
    });
    expect(byGuid.searchEntries.map((entry) => entry.dn)).toEqual([dn]);
  });

  it('keeps memberOf in step with a group member attribute', async () => {
    const client = await adminClient();
    const user = await addUser(client, 'Hedy');
    const group = `CN=Engineers,CN=Users,${dc.baseDn}`;
    await client.add(group, { objectClass: ['top', 'group'], sAMAccountName: 'engineers' });
    const member = (operation: 'add' | 'delete') =>
      new Change({ operation, modification: new Attribute({ type: 'member', values: [user] }) });

    const memberOf = async () => [(await readEntry(client, user, ['memberOf'])).memberOf ?? []].flat();

    await client.modify(group, [member('add')]);
    expect(await memberOf()).toEqual([group]);
    await client.modify(group, [member('delete')]);
    expect(await memberOf()).toEqual([]);
  });

  it('pages a search with the Simple Paged Results control', async () => {
    const client = await adminClient();
    const unit = `OU=Paging,${dc.baseDn}`;
    await client.add(unit, { objectClass: ['top', 'organizationalUnit'], ou: 'Paging' });
    for (let index = 1; index <= 12; index += 1) await addUser(client, `Pager${index}`, unit);

    const pages: string[][] = [];
    for await (const page of client.searchPaginated(unit, {
      filter: '(objectClass=user)',
      attributes: ['sAMAccountName'],
      paged: { pageSize: 5 },
    }))
      pages.push(page.searchEntries.map((entry) => String(entry.sAMAccountName)));
    expect(pages.map((page) => page.length)).toEqual([5, 5, 2]);
    expect(new Set(pages.flat()).size).toBe(12);
  });
});

describe('passwords are set with unicodePwd, over ldaps:// verified against the CA', () => {
  it('sets unicodePwd over ldaps; the user then binds with it', async () => {
    const client = await adminClient(dc.ldapsUrl);
    const dn = await addUser(client, 'Katherine');
    await client.modify(dn, [unicodePwd('Orbital-Mechanics-7')]);
    await client.modify(dn, [
      new Change({
        operation: 'replace',
        modification: new Attribute({ type: 'userAccountControl', values: [String(NORMAL_ACCOUNT)] }),
      }),
    ]);
    expect(Number((await readEntry(client, dn, ['userAccountControl'])).userAccountControl)).toBe(NORMAL_ACCOUNT);

    const user = new Client({ url: dc.url, timeout: 10_000 });
    await user.bind(dn, 'Orbital-Mechanics-7');
    await user.unbind();
    const wrong = new Client({ url: dc.url, timeout: 10_000 });
    await expect(wrong.bind(dn, 'Orbital-Mechanics-8')).rejects.toBeInstanceOf(InvalidCredentialsError);
    await wrong.unbind();
  });

  // Windows refuses unicodePwd on a connection without encryption; Samba, with simple binds allowed
  // on ldap:// as here, takes it. So nothing but the client keeps a new password off the wire in
  // clear: the connector has to insist on TLS itself.
  it('unlike Windows, takes unicodePwd over plain ldap:// too', async () => {
    const client = await adminClient();
    const dn = await addUser(client, 'Dorothy');
    await client.modify(dn, [unicodePwd('Crystal-Structures-7')]);
    await client.modify(dn, [
      new Change({
        operation: 'replace',
        modification: new Attribute({ type: 'userAccountControl', values: [String(NORMAL_ACCOUNT)] }),
      }),
    ]);
    const user = new Client({ url: dc.url, timeout: 10_000 });
    await user.bind(dn, 'Crystal-Structures-7');
    await user.unbind();
  });

  it('a client that does not trust the CA cannot connect over ldaps://', async () => {
    const client = new Client({ url: dc.ldapsUrl, timeout: 10_000 });
    await expect(client.bind(dc.adminDn, dc.adminPassword)).rejects.toThrow(/self[- ]signed|unable to verify/i);
    await client.unbind().catch(() => undefined);
  });
});
