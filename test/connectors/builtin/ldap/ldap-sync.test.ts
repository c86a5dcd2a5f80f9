import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningSlapd } from '../../../../scripts/local/slapd.js';
import { useRunStack } from '../../../support/run-stack.js';
import { adminSearch, asAdmin, peopleLdif, startDirectory } from '../../../support/ldap-connector.js';
import { createUserWithToken } from '../../../support/users.js';

const stack = useRunStack({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' } });
let admin: string;
let slapd: RunningSlapd;
let connectorId: string;

const call = (method: string, path: string, body?: unknown) => stack.api.request(method, path, { token: admin, body });
const configPath = (type: string) => `/api/connectors/${connectorId}/sync-config/${type}`;
const records = (type: string) =>
  stack.database.db.connectorResource.findMany({
    where: { connectorId, resourceType: type },
    orderBy: { displayName: 'asc' },
  });

beforeAll(async () => {
  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
  let connection: Record<string, unknown>;
  ({ slapd, connection } = await startDirectory({ ldif: peopleLdif(12) }));
  await asAdmin(slapd, (client) =>
    client.add(`cn=staff,ou=groups,${slapd.baseDn}`, {
      objectClass: 'groupOfNames',
      cn: 'staff',
      member: [`uid=user0,ou=people,${slapd.baseDn}`, `uid=user1,ou=people,${slapd.baseDn}`],
    }),
  );
  const { bindPassword, ...config } = connection;
  const created = await call('POST', '/api/connectors', {
    name: 'corporate-directory',
    type: 'ldap',
    executionModel: 'built_in',
    config: { ...config, pageSize: 5 },
    secrets: { bindPassword },
  });
  expect(created.status).toBe(201);
  expect(created.body.config.url).toBe(slapd.url);
  connectorId = created.body.id;
});

afterAll(async () => {
  await slapd?.stop();
});

describe('warnings on an ldap connector', () => {
  it('shows tlsInsecure as a warning on the connector itself, and none without it', async () => {
    expect((await call('GET', `/api/connectors/${connectorId}`)).body.warnings).toEqual([]);
    const insecure = await call('POST', '/api/connectors', {
      name: 'directory-without-certificate-checks',
      type: 'ldap',
      executionModel: 'built_in',
      config: { url: slapd.ldapsUrl, baseDn: slapd.baseDn, tlsInsecure: true },
    });
    expect(insecure.status).toBe(201);
    const warning = [expect.stringContaining('certificate is not checked')];
    expect(insecure.body.warnings).toEqual(warning);
    expect((await call('GET', `/api/connectors/${insecure.body.id}`)).body.warnings).toEqual(warning);
    const listed = await call('GET', '/api/connectors?type=ldap&search=without-certificate');
    expect(listed.body.data.map((item: { warnings: string[] }) => item.warnings)).toEqual([warning]);
    const fixed = await call('PUT', `/api/connectors/${insecure.body.id}`, {
      config: { url: slapd.ldapsUrl, baseDn: slapd.baseDn, tlsInsecure: false },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.warnings).toEqual([]);
    expect((await call('DELETE', `/api/connectors/${insecure.body.id}`)).status).toBe(200);
  });
});

describe('a sync pass of an ldap connector stores the directory’s records', () => {
  it('passes the connector test through the API', async () => {
    const tested = await call('POST', `/api/connectors/${connectorId}/test`);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ success: true });
  });

  it('stores every user by entryUUID, then every group with its members’ externalIds', async () => {
    expect((await call('PUT', configPath('user'), { syncAllUsers: true })).status).toBe(201);
    const users = await call('POST', `${configPath('user')}/trigger`);
    expect(users.status).toBe(200);
    expect(users.body).toMatchObject({ status: 'success', stats: { added: 12, totalUpstreamRecords: 12 } });

    const expected = await adminSearch(slapd, `ou=people,${slapd.baseDn}`, '(uid=*)', ['uid', 'entryUUID', 'mail']);
    const stored = await records('user');
    expect(stored.map((row) => row.externalId).sort()).toEqual(expected.map((entry) => String(entry.entryUUID)).sort());
    const user0 = stored.find((row) => row.email === 'user0@example.org')!;
    expect(user0).toMatchObject({
      displayName: 'user 0',
      staleSince: null,
      attributes: expect.objectContaining({
        dn: `uid=user0,ou=people,${slapd.baseDn}`,
        memberOf: [`cn=staff,ou=groups,${slapd.baseDn}`],
      }),
    });

    expect((await call('PUT', configPath('group'), {})).status).toBe(201);
    const groups = await call('POST', `${configPath('group')}/trigger`);
    expect(groups.body).toMatchObject({ status: 'success', stats: { added: 1 } });
    const [staff] = await records('group');
    const memberIds = stored.filter((row) => ['user0@example.org', 'user1@example.org'].includes(row.email!));
    expect(staff!.attributes).toMatchObject({ members: memberIds.map((row) => row.externalId).sort() });
  });

  it('keeps the match when an entry is renamed, and marks a deleted entry stale on the next full pass', async () => {
    const before = await records('user');
    const user2 = before.find((row) => row.email === 'user2@example.org')!;
    await asAdmin(slapd, async (client) => {
      await client.modifyDN(`uid=user2,ou=people,${slapd.baseDn}`, `uid=user2-renamed,ou=people,${slapd.baseDn}`);
      await client.del(`uid=user3,ou=people,${slapd.baseDn}`);
    });
    const pass = await call('POST', `${configPath('user')}/trigger`);
    expect(pass.body).toMatchObject({ status: 'success', stats: { updated: 1, staled: 1, unchanged: 10 } });
    const after = await records('user');
    expect(after.find((row) => row.externalId === user2.externalId)!.attributes).toMatchObject({
      dn: `uid=user2-renamed,ou=people,${slapd.baseDn}`,
      username: 'user2-renamed',
    });
    expect(after.find((row) => row.email === 'user3@example.org')!.staleSince).not.toBeNull();
  });
});
