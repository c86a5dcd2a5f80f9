import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Attribute, Change } from 'ldapts';
import {
  addAdUser,
  asAdministrator,
  NORMAL_ACCOUNT,
  readAd,
  replace,
  startActiveDirectory,
  valuesOf,
  type ActiveDirectory,
} from '../../../support/active-directory.js';
import { useRunStack } from '../../../support/run-stack.js';
import { createUserWithToken } from '../../../support/users.js';

// Sync passes of an `ldap` connector of flavour active_directory against a real Samba domain
// controller, through the API and the sync workflow: records by objectGUID, matching, a mover
// whose DN changes, a role whose entitlement adds the matched user to a group, an incremental
// pass by whenChanged and a leaver marked stale.

const stack = useRunStack({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.0/8' } });
let admin: string;
let ad: ActiveDirectory;
let connectorId: string;
const dns = { grace: '', ada: '', alan: '', katherine: '', engineers: '', pilots: '' };
let adaUserId: string;

const call = (method: string, path: string, body?: unknown) => stack.api.request(method, path, { token: admin, body });
const configPath = (type: string) => `/api/connectors/${connectorId}/sync-config/${type}`;
const records = async (type: string) =>
  new Map(
    (await stack.database.db.connectorResource.findMany({ where: { connectorId, resourceType: type } })).map((row) => [
      row.externalId,
      row,
    ]),
  );
const externalIdOf = async (dn: string) =>
  [...(await records('user')).values()].find((row) => (row.attributes as { dn?: string }).dn === dn)?.externalId;

async function pass(type: string) {
  const response = await call('POST', `${configPath(type)}/trigger`);
  expect(response.status).toBe(200);
  expect(response.body.status).toBe('success');
  return response.body.stats;
}

beforeAll(async () => {
  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
  ad = await startActiveDirectory();
  await asAdministrator(ad.dc, async (client) => {
    dns.grace = await addAdUser(client, ad.staff, 'Grace Hopper');
    dns.ada = await addAdUser(client, ad.staff, 'Ada Lovelace', { manager: dns.grace });
    dns.alan = await addAdUser(client, ad.staff, 'Alan Turing');
    dns.katherine = await addAdUser(client, ad.staff, 'Katherine Johnson');
    await client.add(`OU=Research,${ad.staff}`, { objectClass: ['top', 'organizationalUnit'], ou: 'Research' });
    dns.engineers = `CN=Engineers,${ad.groups}`;
    await client.add(dns.engineers, { objectClass: ['top', 'group'], member: [dns.ada, dns.alan] });
    dns.pilots = `CN=Pilots,${ad.groups}`;
    await client.add(dns.pilots, { objectClass: ['top', 'group'] });
  });
  await asAdministrator(
    ad.dc,
    async (client) => {
      for (const dn of [dns.grace, dns.ada, dns.alan]) {
        await client.modify(dn, [replace('unicodePwd', [Buffer.from('"Flowgate-Test-Pass-1"', 'utf16le')])]);
        await client.modify(dn, [replace('userAccountControl', [String(NORMAL_ACCOUNT)])]);
      }
    },
    true,
  );
  // Ada signs in to Flowgate with her directory email: matching links her record to her.
  const ada = await stack.database.db.user.create({
    data: { email: 'adalovelace@flowgate.test', activeEmail: 'adalovelace@flowgate.test', roles: ['requestor'] },
  });
  adaUserId = ada.id;

  const { bindPassword, ...config } = ad.connection;
  const created = await call('POST', '/api/connectors', {
    name: 'active-directory',
    type: 'ldap',
    executionModel: 'built_in',
    // ldaps:// verified against the domain's CA, as a production connector would be set up.
    config: { ...config, url: ad.dc.ldapsUrl, caCertificate: ad.dc.caCertificate, extraAttributes: ['title'] },
    secrets: { bindPassword },
  });
  expect(created.status).toBe(201);
  connectorId = created.body.id;
}, 180_000);

afterAll(async () => {
  await ad?.dc.stop();
});

describe('sync passes of an Active Directory connector', () => {
  it('a full pass stores every person by objectGUID and links the matching Flowgate user', async () => {
    expect((await call('POST', `/api/connectors/${connectorId}/test`)).body).toMatchObject({ success: true });
    expect((await call('PUT', configPath('user'), { syncAllUsers: true })).status).toBe(201);
    expect(await pass('user')).toMatchObject({ added: 4, totalUpstreamRecords: 4 });

    const stored = await records('user');
    for (const [externalId, row] of stored) {
      const entry = await readAd(ad.dc, `<GUID=${externalId}>`, ['distinguishedName']);
      expect(entry?.dn).toBe((row.attributes as { dn: string }).dn);
    }
    const ada = await externalIdOf(dns.ada);
    expect(stored.get(ada!)!.attributes).toMatchObject({
      memberOf: [dns.engineers],
      manager: await externalIdOf(dns.grace),
    });
    expect(stored.get((await externalIdOf(dns.katherine))!)!.attributes).toMatchObject({ enabled: false });
    const match = await stack.database.db.syncMatch.findFirstOrThrow({ where: { connectorId, externalId: ada } });
    expect(match).toMatchObject({ matchStatus: 'matched', userId: adaUserId });

    expect((await call('PUT', configPath('group'), {})).status).toBe(201);
    expect(await pass('group')).toMatchObject({ added: 2 });
    const engineers = [...(await records('group')).values()].find(
      (row) => (row.attributes as { dn: string }).dn === dns.engineers,
    );
    expect(engineers!.attributes).toMatchObject({
      members: [ada, await externalIdOf(dns.alan)].sort(),
    });
  });

  it('a mover: renamed and moved to another OU, the record keeps its externalId and its match', async () => {
    const ada = await externalIdOf(dns.ada);
    const moved = `CN=Ada King,OU=Research,${ad.staff}`;
    await asAdministrator(ad.dc, (client) => client.modifyDN(dns.ada, moved));
    expect(await pass('user')).toMatchObject({ added: 0, updated: 1, staled: 0, unchanged: 3 });
    expect((await records('user')).get(ada!)!.attributes).toMatchObject({ dn: moved });
    const match = await stack.database.db.syncMatch.findFirstOrThrow({ where: { connectorId, externalId: ada } });
    expect(match).toMatchObject({ matchStatus: 'matched', userId: adaUserId });
    dns.ada = moved;
  });

  it("a business role's entitlement names the person by {{user.id}}: granting and revoking it changes the AD group", async () => {
    const membership = { userId: '{{user.id}}', groupDn: dns.pilots };
    const entitlement = await call('POST', '/api/entitlements', {
      name: 'ad-pilots',
      connector: 'active-directory',
      provisionConfig: { command: 'addToGroup', parameters: membership },
      deprovisionConfig: { command: 'removeFromGroup', parameters: membership },
    });
    expect(entitlement.status).toBe(201);
    const role = await call('POST', '/api/roles', { name: 'Pilot', entitlements: ['ad-pilots'] });
    const memberOf = async () => valuesOf(await readAd(ad.dc, dns.ada, ['memberOf']), 'memberOf').sort();

    // Ada moved since her record was matched: her objectGUID still finds her.
    const granted = await call('POST', `/api/roles/${role.body.id}/assignments`, { userId: adaUserId });
    expect(granted.body).toMatchObject({ status: 'granted', results: [{ action: 'provision', success: true }] });
    expect(await memberOf()).toEqual([dns.engineers, dns.pilots].sort());

    const revoked = await call('DELETE', `/api/roles/${role.body.id}/assignments/${adaUserId}`);
    expect(revoked.status).toBe(200);
    expect(await memberOf()).toEqual([dns.engineers]);
  });

  it('an incremental pass reads only the entries whenChanged since the last pass', async () => {
    expect((await call('PUT', configPath('user'), { syncAllUsers: true, strategy: 'incremental' })).status).toBe(200);
    // whenChanged counts whole seconds: the change lands in a second after the last pass started.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await asAdministrator(ad.dc, async (client) => {
      await client.modify(dns.alan, [replace('title', ['Cryptanalyst'])]);
      // memberOf is computed from the group's member: adding Grace changes neither her whenChanged
      // nor her uSNChanged, so an incremental pass does not see it (the next full pass does).
      await client.modify(dns.pilots, [
        new Change({ operation: 'add', modification: new Attribute({ type: 'member', values: [dns.grace] }) }),
      ]);
    });
    const stats = await pass('user');
    expect(stats).toMatchObject({ added: 0, updated: 1, staled: 0 });
    expect(stats.totalUpstreamRecords).toBeLessThan(4);
    const stored = await records('user');
    expect(stored.get((await externalIdOf(dns.alan))!)!.attributes).toMatchObject({ title: ['Cryptanalyst'] });
    expect(stored.get((await externalIdOf(dns.grace))!)!.attributes).toMatchObject({ memberOf: [] });

    // The group's own whenChanged moved: an incremental group pass reads its new member.
    expect((await call('PUT', configPath('group'), { strategy: 'incremental' })).status).toBe(200);
    expect(await pass('group')).toMatchObject({ updated: 1 });
    const pilots = [...(await records('group')).values()].find(
      (row) => (row.attributes as { dn: string }).dn === dns.pilots,
    );
    expect(pilots!.attributes).toMatchObject({ members: [await externalIdOf(dns.grace)] });
  });

  it('a full pass marks the deleted entry of a leaver stale, and reads the membership the incremental pass missed', async () => {
    const katherine = await externalIdOf(dns.katherine);
    expect((await call('PUT', configPath('user'), { syncAllUsers: true, strategy: 'full' })).status).toBe(200);
    await asAdministrator(ad.dc, (client) => client.del(dns.katherine));
    expect(await pass('user')).toMatchObject({ staled: 1, updated: 1 });
    const stored = await records('user');
    expect(stored.get(katherine!)!.staleSince).not.toBeNull();
    expect(stored.get((await externalIdOf(dns.grace))!)!.attributes).toMatchObject({ memberOf: [dns.pilots] });
  });
});
