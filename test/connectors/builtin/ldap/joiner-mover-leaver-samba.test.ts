import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  addAdUser,
  asAdministrator,
  NORMAL_ACCOUNT,
  replace,
  startActiveDirectory,
  type ActiveDirectory,
} from '../../../support/active-directory.js';
import { useRunStack } from '../../../support/run-stack.js';
import { hasStatus, waitForRun } from '../../../support/runs.js';
import { createUserWithToken } from '../../../support/users.js';
import { createActive, definition, end, start, step } from '../../../support/workflows.js';

// The joiner, mover, leaver path of joiner-mover-leaver-openldap.test.ts on a real Samba Active
// Directory domain controller: an active_directory connector over ldaps:// verified with the
// domain's CA, the group read back with ldapsearch over ldaps as well.

const run = promisify(execFile);
const stack = useRunStack({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.0/8' } });
let admin: string;
let ad: ActiveDirectory;
let caFile: string;
let connectorId: string;
let groupDn: string;
let roleId: string;
let workflowId: string;
const dns = { ada: '', alan: '', grace: '', katherine: '' };

const call = (method: string, path: string, body?: unknown) => stack.api.request(method, path, { token: admin, body });
const syncConfig = () => `/api/connectors/${connectorId}/sync-config/user`;
const userByEmail = (email: string) => stack.database.db.user.findFirst({ where: { email } });
const matchOf = async (email: string) =>
  (await call('GET', `/api/connectors/${connectorId}/sync-matches?type=user&search=${encodeURIComponent(email)}`)).body
    .data[0];
const adminArgs = () => ['-x', '-H', ad.dc.ldapsUrl, '-D', ad.dc.adminDn, '-w', ad.dc.adminPassword];
const ldapUtil = (command: string, args: string[]) =>
  run(command, [...adminArgs(), ...args], { env: { ...process.env, LDAPTLS_CACERT: caFile } });

/** The group's member values as `ldapsearch` prints them, lower-cased (AD may change the case of a DN). */
async function members(): Promise<string[]> {
  const { stdout } = await ldapUtil('ldapsearch', [
    '-LLL',
    '-o',
    'ldif-wrap=no',
    '-b',
    groupDn,
    '-s',
    'base',
    'member',
  ]);
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('member: '))
    .map((line) => line.slice('member: '.length).toLowerCase())
    .sort();
}
const lower = (...values: string[]) => values.map((value) => value.toLowerCase()).sort();

/** Adds a person and enables the account (a password first, as AD requires), as an administrator would. */
async function addEnabledUser(name: string): Promise<string> {
  const dn = await asAdministrator(ad.dc, (client) => addAdUser(client, ad.staff, name));
  await asAdministrator(
    ad.dc,
    async (client) => {
      await client.modify(dn, [replace('unicodePwd', [Buffer.from('"Flowgate-Test-Pass-1"', 'utf16le')])]);
      await client.modify(dn, [replace('userAccountControl', [String(NORMAL_ACCOUNT)])]);
    },
    true,
  );
  return dn;
}

async function startGrant(userId: string) {
  const started = await call('POST', `/api/workflows/${workflowId}/start`, { variables: { who: userId } });
  expect(started.status).toBe(201);
  return waitForRun(stack.api, admin, started.body.id, hasStatus('completed'));
}

beforeAll(async () => {
  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
  ad = await startActiveDirectory();
  caFile = join(ad.dc.directory, 'jml-ca.pem');
  await writeFile(caFile, ad.dc.caCertificate);
  dns.ada = await addEnabledUser('Ada Lovelace');
  dns.alan = await addEnabledUser('Alan Turing');
  dns.grace = await addEnabledUser('Grace Hopper');
  dns.katherine = await addEnabledUser('Katherine Johnson');
  groupDn = `CN=VPN Users,${ad.groups}`;
  await asAdministrator(ad.dc, async (client) => {
    await client.add(`OU=Research,${ad.staff}`, { objectClass: ['top', 'organizationalUnit'], ou: 'Research' });
    await client.add(groupDn, { objectClass: ['top', 'group'] });
  });

  const { bindPassword, ...config } = ad.connection;
  const created = await call('POST', '/api/connectors', {
    name: 'active-directory',
    type: 'ldap',
    executionModel: 'built_in',
    config: { ...config, url: ad.dc.ldapsUrl, caCertificate: ad.dc.caCertificate },
    secrets: { bindPassword },
  });
  expect(created.status).toBe(201);
  connectorId = created.body.id;
  expect((await call('POST', '/api/users', { email: 'adalovelace@flowgate.test' })).status).toBe(201);
}, 180_000);

afterAll(async () => {
  await ad?.dc.stop();
});

describe('joiner on Active Directory', () => {
  it('previews the first pass, which then matches one person and creates the others', async () => {
    expect((await call('POST', `/api/connectors/${connectorId}/test`)).body).toMatchObject({ success: true });
    const put = await call('PUT', syncConfig(), {
      syncAllUsers: true,
      createUsers: true,
      deactivateUsers: true,
      deactivationThreshold: { maxCount: 1, maxPercent: 25 },
    });
    expect(put.status).toBe(201);

    const preview = await call('POST', `${syncConfig()}/preview`, {});
    expect(preview.body).toMatchObject({
      status: 'success',
      records: { added: { count: 4 } },
      postSync: { matching: { matched: 1, unmatched: 3 } },
    });
    expect(preview.body.postSync.matches.items).toEqual([
      expect.objectContaining({ email: 'adalovelace@flowgate.test' }),
    ]);
    const announced = preview.body.postSync.usersCreated.items.map((user: { email: string }) => user.email).sort();
    expect(announced).toEqual([
      'alanturing@flowgate.test',
      'gracehopper@flowgate.test',
      'katherinejohnson@flowgate.test',
    ]);

    const pass = await call('POST', `${syncConfig()}/trigger`);
    expect(pass.body).toMatchObject({
      status: 'success',
      stats: { added: 4 },
      postSync: { matched: 1, usersCreated: 3 },
    });
    for (const email of announced) expect(await userByEmail(email)).toMatchObject({ deletedAt: null });
  });

  it('a published workflow grants the role whose entitlement adds the user to the AD group', async () => {
    const entitlement = await call('POST', '/api/entitlements', {
      name: 'VPN access',
      connector: 'active-directory',
      provisionConfig: { command: 'addToGroup', parameters: { userId: '{{user.id}}', groupDn } },
      deprovisionConfig: { command: 'removeFromGroup', parameters: { userId: '{{user.id}}', groupDn } },
    });
    expect(entitlement.status).toBe(201);
    const role = await call('POST', '/api/roles', { name: 'Remote worker', entitlements: ['VPN access'] });
    roleId = role.body.id;
    const workflow = await createActive(
      stack.api,
      admin,
      definition(
        'Grant remote access',
        [
          start('grant'),
          step('grant', 'role_grant', { role: 'Remote worker', subject: '{{who}}' }, { success: 'end' }),
          end(),
        ],
        { variables: [{ name: 'who', type: 'string', required: true }] },
      ),
    );
    workflowId = workflow.id;
    for (const email of ['adalovelace@flowgate.test', 'alanturing@flowgate.test']) {
      expect((await startGrant((await userByEmail(email))!.id)).status).toBe('completed');
    }
    expect(await members()).toEqual(lower(dns.ada, dns.alan));
  });
});

describe('mover on Active Directory', () => {
  it('moved to another OU, the same record stays linked to the same user, and the group follows', async () => {
    const before = await matchOf('adalovelace@flowgate.test');
    const moved = `CN=Ada Lovelace,OU=Research,${ad.staff}`;
    await ldapUtil('ldapmodrdn', ['-r', '-s', `OU=Research,${ad.staff}`, dns.ada, 'CN=Ada Lovelace']);

    const pass = await call('POST', `${syncConfig()}/trigger`);
    expect(pass.body).toMatchObject({ status: 'success', stats: { staled: 0, added: 0 } });
    const record = await stack.database.db.connectorResource.findFirstOrThrow({
      where: { connectorId, resourceType: 'user', externalId: before.externalId },
    });
    expect(record.staleSince).toBeNull();
    expect(String((record.attributes as { dn: string }).dn).toLowerCase()).toBe(moved.toLowerCase());
    expect(await matchOf('adalovelace@flowgate.test')).toMatchObject({ id: before.id, userId: before.userId });
    expect(await members()).toEqual(lower(moved, dns.alan));
    dns.ada = moved;
  });
});

describe('leaver on Active Directory', () => {
  it('revoking the role takes the leaver out of the group', async () => {
    const leaver = (await userByEmail('alanturing@flowgate.test'))!;
    expect((await call('DELETE', `/api/roles/${roleId}/assignments/${leaver.id}`)).status).toBe(200);
    expect(await members()).toEqual(lower(dns.ada));
  });

  it('deleted entries are stale after the next full pass, held by the safeguard, then deactivated', async () => {
    await ldapUtil('ldapdelete', [dns.alan, dns.grace]);
    // A joiner in the same change: post-sync steps run after a pass that adds or updates a record.
    await addEnabledUser('Joan Clarke');

    const pass = await call('POST', `${syncConfig()}/trigger`);
    expect(pass.body).toMatchObject({
      status: 'success',
      stats: { added: 1, staled: 2 },
      postSync: { usersCreated: 1, usersDeactivated: 0, deactivationsHeld: 2 },
    });
    for (const email of ['alanturing@flowgate.test', 'gracehopper@flowgate.test']) {
      const record = await stack.database.db.connectorResource.findFirstOrThrow({
        where: { connectorId, resourceType: 'user', email },
      });
      expect(record.staleSince).not.toBeNull();
      // Held: not deactivated until released.
      expect(await userByEmail(email)).toMatchObject({ deletedAt: null });
    }
    const released = await call('POST', `${syncConfig()}/held-deactivations/release`);
    expect(released.body).toMatchObject({ released: 2 });
    for (const email of ['alanturing@flowgate.test', 'gracehopper@flowgate.test'])
      expect((await userByEmail(email))!.deletedAt).not.toBeNull();
    for (const email of ['adalovelace@flowgate.test', 'katherinejohnson@flowgate.test', 'joanclarke@flowgate.test'])
      expect(await userByEmail(email)).toMatchObject({ deletedAt: null });
    expect(await members()).toEqual(lower(dns.ada));
  });
});
