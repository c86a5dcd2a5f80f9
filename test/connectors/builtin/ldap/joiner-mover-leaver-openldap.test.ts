import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { RunningSlapd } from '../../../../scripts/local/slapd.js';
import { asAdmin, peopleLdif, startDirectory } from '../../../support/ldap-connector.js';
import { useRunStack } from '../../../support/run-stack.js';
import { hasStatus, waitForRun } from '../../../support/runs.js';
import { createUserWithToken } from '../../../support/users.js';
import { createActive, definition, end, start, step } from '../../../support/workflows.js';

// The whole joiner, mover, leaver path of issue 44 against a real slapd, through the API only, as
// docs/guide-ldap-joiner-mover-leaver.md writes it up. The directory is read back with ldapsearch,
// not with our own code, so a membership is what the server holds.

const run = promisify(execFile);
const stack = useRunStack({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' } });
let admin: string;
let slapd: RunningSlapd;
let connectorId: string;
let groupDn: string;
let roleId: string;
let workflowId: string;

const call = (method: string, path: string, body?: unknown) => stack.api.request(method, path, { token: admin, body });
const syncConfig = () => `/api/connectors/${connectorId}/sync-config/user`;
const personDn = (uid: string, ou = 'people') =>
  ou === 'people' ? `uid=${uid},ou=people,${slapd.baseDn}` : `uid=${uid},ou=${ou},ou=people,${slapd.baseDn}`;
const userByEmail = (email: string) => stack.database.db.user.findFirst({ where: { email } });
const matchOf = async (email: string) =>
  (await call('GET', `/api/connectors/${connectorId}/sync-matches?type=user&search=${encodeURIComponent(email)}`)).body
    .data[0];

/** Where and as whom the ldap-utils commands connect: the root DN, as the guide's BIND_DN. */
const adminArgs = () => ['-x', '-H', slapd.url, '-D', slapd.adminDn, '-w', slapd.adminPassword];

/** The group's member values as `ldapsearch` prints them. */
async function members(): Promise<string[]> {
  const { stdout } = await run('ldapsearch', [
    ...adminArgs(),
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
    .map((line) => line.slice('member: '.length))
    .sort();
}

async function startGrant(userId: string) {
  const started = await call('POST', `/api/workflows/${workflowId}/start`, { variables: { who: userId } });
  expect(started.status).toBe(201);
  return waitForRun(stack.api, admin, started.body.id, hasStatus('completed'));
}

beforeAll(async () => {
  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
  let connection: Record<string, unknown>;
  ({ slapd, connection } = await startDirectory({ ldif: peopleLdif(4) }));
  groupDn = `cn=vpn-users,ou=groups,${slapd.baseDn}`;
  await asAdmin(slapd, async (client) => {
    await client.add(`ou=sales,ou=people,${slapd.baseDn}`, { objectClass: 'organizationalUnit', ou: 'sales' });
    // groupOfNames needs one member at least: the root DN holds the place, as many directories do.
    await client.add(groupDn, { objectClass: 'groupOfNames', cn: 'vpn-users', member: slapd.adminDn });
  });
  const { bindPassword, ...config } = connection;
  const created = await call('POST', '/api/connectors', {
    name: 'corporate-directory',
    type: 'ldap',
    executionModel: 'built_in',
    config,
    secrets: { bindPassword },
  });
  expect(created.status).toBe(201);
  connectorId = created.body.id;
  // user0 has a Flowgate account already: the sync matches it; the others become users.
  expect((await call('POST', '/api/users', { email: 'user0@example.org' })).status).toBe(201);
});

afterAll(async () => {
  await slapd?.stop();
});

describe('joiner: the directory’s people become Flowgate users', () => {
  it('tests the connector', async () => {
    const tested = await call('POST', `/api/connectors/${connectorId}/test`);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ success: true });
  });

  it('previews the first pass, which then does what the preview said', async () => {
    const put = await call('PUT', syncConfig(), {
      syncAllUsers: true,
      createUsers: true,
      deactivateUsers: true,
      deactivationThreshold: { maxCount: 1, maxPercent: 25 },
    });
    expect(put.status).toBe(201);

    const preview = await call('POST', `${syncConfig()}/preview`, {});
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      status: 'success',
      totalUpstreamRecords: 4,
      records: { added: { count: 4 }, staled: { count: 0 } },
      postSync: { matching: { matched: 1, unmatched: 3 } },
    });
    expect(preview.body.postSync.matches.items).toEqual([
      expect.objectContaining({ email: 'user0@example.org', userEmail: 'user0@example.org' }),
    ]);
    const announced = preview.body.postSync.usersCreated.items.map((user: { email: string }) => user.email).sort();
    expect(announced).toEqual(['user1@example.org', 'user2@example.org', 'user3@example.org']);
    // The preview wrote nothing.
    expect(await userByEmail('user1@example.org')).toBeNull();

    const pass = await call('POST', `${syncConfig()}/trigger`);
    expect(pass.status).toBe(200);
    expect(pass.body).toMatchObject({
      status: 'success',
      stats: { added: 4 },
      postSync: { matched: 1, usersCreated: 3, usersDeactivated: 0 },
    });
    for (const email of announced) expect(await userByEmail(email)).toMatchObject({ deletedAt: null });
    const match = await matchOf('user1@example.org');
    expect(match).toMatchObject({ matchStatus: 'matched', userId: (await userByEmail('user1@example.org'))!.id });
  });

  it('a published workflow grants the business role, whose entitlement adds the user to the group', async () => {
    const entitlement = await call('POST', '/api/entitlements', {
      name: 'VPN access',
      connector: 'corporate-directory',
      provisionConfig: { command: 'addToGroup', parameters: { userId: '{{user.id}}', groupDn } },
      deprovisionConfig: { command: 'removeFromGroup', parameters: { userId: '{{user.id}}', groupDn } },
    });
    expect(entitlement.status).toBe(201);
    const role = await call('POST', '/api/roles', { name: 'Remote worker', entitlements: ['VPN access'] });
    expect(role.status).toBe(201);
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
    expect(workflow.status).toBe('active');
    workflowId = workflow.id;

    for (const email of ['user0@example.org', 'user1@example.org']) {
      const finished = await startGrant((await userByEmail(email))!.id);
      expect(finished.status).toBe('completed');
    }
    expect(await members()).toEqual([slapd.adminDn, personDn('user0'), personDn('user1')].sort());
  });
});

describe('mover: a DN change keeps the match', () => {
  it('after the entry moves, the next pass updates the same record, linked to the same user', async () => {
    const before = await matchOf('user0@example.org');
    const record = await stack.database.db.connectorResource.findFirstOrThrow({
      where: { connectorId, resourceType: 'user', email: 'user0@example.org' },
    });
    await run('ldapmodrdn', [
      ...adminArgs(),
      '-r',
      '-s',
      `ou=sales,ou=people,${slapd.baseDn}`,
      personDn('user0'),
      'uid=user0',
    ]);

    // Updated: the mover, and user1, whose memberOf the grant changed; unchanged: user2 and user3.
    const pass = await call('POST', `${syncConfig()}/trigger`);
    expect(pass.body).toMatchObject({ status: 'success', stats: { updated: 2, unchanged: 2, staled: 0 } });
    const after = await stack.database.db.connectorResource.findUniqueOrThrow({ where: { id: record.id } });
    expect(after).toMatchObject({ externalId: record.externalId, staleSince: null });
    expect(after.attributes).toMatchObject({ dn: personDn('user0', 'sales'), memberOf: [groupDn] });
    expect(await matchOf('user0@example.org')).toMatchObject({
      id: before.id,
      userId: before.userId,
      matchStatus: 'matched',
    });
    // The memberof overlay's referential integrity carried the membership along with the entry.
    expect(await members()).toEqual([slapd.adminDn, personDn('user0', 'sales'), personDn('user1')].sort());
  });
});

describe('leaver: the role is revoked, the entry deleted, the user deactivated past the safeguard', () => {
  it('revoking the role takes the leaver out of the group', async () => {
    const leaver = (await userByEmail('user1@example.org'))!;
    const revoked = await call('DELETE', `/api/roles/${roleId}/assignments/${leaver.id}`);
    expect(revoked.status).toBe(200);
    expect(await members()).toEqual([slapd.adminDn, personDn('user0', 'sales')].sort());
  });

  it('two entries gone at once are held by the deletion safeguard, then released', async () => {
    await run('ldapdelete', [...adminArgs(), personDn('user1'), personDn('user2')]);
    // A joiner in the same change: post-sync steps run after a pass that adds or updates a record.
    const ldif = join(slapd.directory, 'user4.ldif');
    await writeFile(
      ldif,
      `dn: ${personDn('user4')}\nobjectClass: inetOrgPerson\nuid: user4\ncn: user 4\nsn: user4\nmail: user4@example.org\n`,
    );
    await run('ldapadd', [...adminArgs(), '-f', ldif]);

    const preview = await call('POST', `${syncConfig()}/preview`, {});
    expect(preview.body).toMatchObject({
      records: { added: { count: 1 }, staled: { count: 2 } },
      postSync: { deactivation: { held: true, linkedUsers: 5 } },
    });

    const pass = await call('POST', `${syncConfig()}/trigger`);
    // Two of five linked users (the joiner counts) is past both limits (1 user, 25 %): none goes.
    expect(pass.body).toMatchObject({
      status: 'success',
      stats: { added: 1, staled: 2 },
      postSync: { usersCreated: 1, usersDeactivated: 0, deactivationsHeld: 2 },
    });
    for (const email of ['user1@example.org', 'user2@example.org']) {
      expect(await userByEmail(email)).toMatchObject({ deletedAt: null });
      const record = await stack.database.db.connectorResource.findFirstOrThrow({
        where: { connectorId, resourceType: 'user', email },
      });
      expect(record.staleSince).not.toBeNull();
    }
    const status = await call('GET', `${syncConfig()}/status`);
    expect(status.body.heldDeactivations.users.map((user: { email: string }) => user.email).sort()).toEqual([
      'user1@example.org',
      'user2@example.org',
    ]);

    const released = await call('POST', `${syncConfig()}/held-deactivations/release`);
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ released: 2 });
    for (const email of ['user1@example.org', 'user2@example.org']) {
      expect((await userByEmail(email))!.deletedAt).not.toBeNull();
    }
    expect(await userByEmail('user0@example.org')).toMatchObject({ deletedAt: null });
    expect(await userByEmail('user4@example.org')).toMatchObject({ deletedAt: null });
    // The mover keeps the role and the membership.
    expect(await members()).toEqual([slapd.adminDn, personDn('user0', 'sales')].sort());
  });
});
