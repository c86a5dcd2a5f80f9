import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startScim2Server, type RunningScim2Server } from '../../scripts/local/scim2-server.js';
import { useRunStack } from '../support/run-stack.js';
import { createUserWithToken } from '../support/users.js';

// GET /api/connectors/:id/reconciliation from a real user sync of a scim connector: accounts in
// scim2-server (written with plain HTTP) that no Flowgate user holds, and active accounts of users
// deactivated or deleted in Flowgate.

const INSTALL_TIMEOUT_MS = 300_000;
const stack = useRunStack({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' } });
let server: RunningScim2Server;
let admin: string;
let reader: string;
let outsider: string;
let connectorId: string;
let withoutSync: string;
const accountIds: Record<string, string> = {};

const call = (method: string, path: string, body?: unknown, token = admin) =>
  stack.api.request(method, path, { token, body });
const reconciliation = (query = '', token = admin, id = connectorId) =>
  call('GET', `/api/connectors/${id}/reconciliation${query}`, undefined, token);

async function scim(path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/scim+json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, any> };
}

async function account(name: string, active = true) {
  const created = await scim('/Users', {
    method: 'POST',
    body: {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: `${name}@acme.test`,
      displayName: name,
      emails: [{ value: `${name}@acme.test`, type: 'work', primary: true }],
      active,
    },
  });
  expect(created.status).toBe(201);
  accountIds[name] = created.body.id;
}

async function newConnector(name: string): Promise<string> {
  const created = await call('POST', '/api/connectors', {
    name,
    type: 'scim',
    config: { baseUrl: server.baseUrl, authentication: 'bearer' },
    secrets: { bearerToken: server.token },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function trigger() {
  const response = await call('POST', `/api/connectors/${connectorId}/sync-config/user/trigger`);
  expect(response.status).toBe(200);
  expect(response.body.status).toBe('success');
}

const person = (name: string) =>
  stack.database.db.user.create({
    data: { email: `${name}@acme.test`, activeEmail: `${name}@acme.test`, displayName: name },
  });

beforeAll(async () => {
  server = await startScim2Server();
  const { db } = stack.database;
  admin = (await createUserWithToken(db, ['admin'])).token;
  reader = (await createUserWithToken(db, ['admin'], ['connector:read'])).token;
  outsider = (await createUserWithToken(db, ['requestor'])).token;
  connectorId = await newConnector('app');
  withoutSync = await newConnector('unsynced');

  // alice holds her account; bob and carol will leave Flowgate with theirs still active; dave's
  // account is inactive there already; ghost and spare belong to nobody.
  for (const name of ['alice', 'bob', 'carol']) await account(name);
  await account('dave', false);
  await account('ghost');
  await account('spare');
  for (const name of ['alice', 'bob', 'carol', 'dave']) await person(name);
  expect((await call('PUT', `/api/connectors/${connectorId}/sync-config/user`, { syncAllUsers: true })).status).toBe(
    201,
  );
  await trigger();
  await db.user.update({ where: { activeEmail: 'bob@acme.test' }, data: { active: false } });
  await db.user.update({ where: { activeEmail: 'dave@acme.test' }, data: { active: false } });
  await db.user.update({
    where: { activeEmail: 'carol@acme.test' },
    data: { deletedAt: new Date(), activeEmail: null },
  });
}, INSTALL_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

describe('GET /api/connectors/:id/reconciliation', () => {
  it('answers the orphan accounts and the active accounts of inactive users, with counts', async () => {
    const response = await reconciliation();
    expect(response.status).toBe(200);
    expect(response.body.counts).toEqual({ orphans: 2, activeAccountsOfInactiveUsers: 2 });
    expect(response.body.lastSyncAt).not.toBeNull();
    expect(response.body.orphans).toMatchObject({ total: 2, page: 1, pageSize: 20, totalPages: 1 });
    expect(response.body.orphans.data).toEqual([
      expect.objectContaining({
        externalId: accountIds.ghost,
        displayName: 'ghost',
        email: 'ghost@acme.test',
        user: null,
      }),
      expect.objectContaining({ externalId: accountIds.spare, displayName: 'spare', user: null }),
    ]);
    const inactive = response.body.activeAccountsOfInactiveUsers.data;
    expect(inactive.map((item: { externalId: string }) => item.externalId)).toEqual([accountIds.bob, accountIds.carol]);
    expect(inactive[0]).toMatchObject({
      matchStatus: 'matched',
      attributes: { active: true },
      user: { email: 'bob@acme.test', active: false, deleted: false },
    });
    expect(inactive[1].user).toMatchObject({ email: 'carol@acme.test', deleted: true });
  });

  it('pages and sorts each list', async () => {
    const first = await reconciliation('?pageSize=1&sortBy=displayName&sortOrder=desc');
    expect(first.status).toBe(200);
    expect(first.body.orphans).toMatchObject({ total: 2, page: 1, pageSize: 1, totalPages: 2 });
    expect(first.body.orphans.data.map((item: { displayName: string }) => item.displayName)).toEqual(['spare']);
    expect(
      first.body.activeAccountsOfInactiveUsers.data.map((item: { displayName: string }) => item.displayName),
    ).toEqual(['carol']);
    const second = await reconciliation('?pageSize=1&page=2&sortBy=displayName&sortOrder=desc');
    expect(second.body.orphans.data.map((item: { displayName: string }) => item.displayName)).toEqual(['ghost']);
  });

  it('follows the next sync: accounts gone or deactivated there leave, a deleted user’s account is an orphan', async () => {
    expect((await scim(`/Users/${accountIds.spare}`, { method: 'DELETE' })).status).toBe(204);
    const bob = (await scim(`/Users/${accountIds.bob}`)).body;
    const { meta: _meta, ...rest } = bob;
    expect((await scim(`/Users/${accountIds.bob}`, { method: 'PUT', body: { ...rest, active: false } })).status).toBe(
      200,
    );
    await trigger();
    const response = await reconciliation();
    // Matching leaves deleted users out, so carol's account no longer matches anyone.
    expect(response.body.counts).toEqual({ orphans: 2, activeAccountsOfInactiveUsers: 0 });
    expect(response.body.orphans.data.map((item: { externalId: string }) => item.externalId)).toEqual([
      accountIds.carol,
      accountIds.ghost,
    ]);
    expect(response.body.activeAccountsOfInactiveUsers.data).toEqual([]);
  });

  it('needs connector:read, and refuses bad input and unknown connectors with 4xx', async () => {
    expect((await reconciliation('', reader)).status).toBe(200);
    const forbidden = await reconciliation('', outsider);
    expect(forbidden.status).toBe(403);
    const anonymous = await stack.api.request('GET', `/api/connectors/${connectorId}/reconciliation`);
    expect(anonymous.status).toBe(401);

    const unknown = await reconciliation('', admin, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Connector not found');
    const unsynced = await reconciliation('', admin, withoutSync);
    expect(unsynced.status).toBe(404);
    expect(unsynced.body.message).toBe('No user sync config on this connector');

    const notUuid = await reconciliation('', admin, 'not-a-uuid');
    expect(notUuid.status).toBe(400);
    for (const query of ['?pageSize=0', '?pageSize=101', '?page=x', '?sortBy=password', '?sortOrder=up']) {
      const response = await reconciliation(query);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
    }
  });
});
