import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createScimHandler } from '../../../src/connectors/builtin/scim/index.js';
import type { ConnectorResult, ListedResource } from '../../../src/connectors/handler.js';
import { connectorAccounts } from '../../../src/services/connectors/connector-accounts.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { createTestDatabase, type TestDatabase } from '../../support/database.js';
import { useRunStack } from '../../support/run-stack.js';
import { createScimClient } from '../../support/scim.js';
import { createUserWithToken } from '../../support/users.js';

// A second target for the scim connector: another Flowgate (its own app on a listening port and its
// own database), pushed to through its inbound /scim/v2 with a SCIM token made through its API.
// Both ends are ours, so this proves no interoperability by itself; it checks that what the client
// sends (the PATCH and filter shapes Entra and Okta send too) is what the inbound server accepts.
// What the target holds is read from its database, not through the handler.

const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const stack = useRunStack({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' } });
const handler = createScimHandler({ allowedNetworks: ['127.0.0.1/32'] });
let target: TestApp;
let targetDatabase: TestDatabase;
let scimToken: string;
let scimClientId: string;
let admin: string;
let connectorId: string;

beforeAll(async () => {
  targetDatabase = await createTestDatabase();
  target = await startTestApp({ db: targetDatabase.db });
  const targetAdmin = (await createUserWithToken(targetDatabase.db, ['admin'])).token;
  ({ token: scimToken, id: scimClientId } = await createScimClient(target, targetAdmin, 'flowgate-source'));

  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
  const created = await stack.api.request('POST', '/api/connectors', {
    token: admin,
    body: {
      name: 'other-flowgate',
      type: 'scim',
      // Small pages, so a sync pass of a few users pages.
      config: { baseUrl: `${target.baseUrl}/scim/v2`, authentication: 'bearer', capabilities: { maxResults: 3 } },
      secrets: { bearerToken: scimToken },
    },
  });
  if (created.status !== 201) throw new Error(`connector: ${created.status} ${created.text}`);
  connectorId = created.body.id;
});

afterAll(async () => {
  await target?.close();
  await targetDatabase?.drop();
});

function call(
  command: string,
  parameters: Record<string, unknown> = {},
  capabilities: Record<string, unknown> = {},
): Promise<ConnectorResult> {
  const connection = {
    baseUrl: `${target.baseUrl}/scim/v2`,
    authentication: 'bearer',
    bearerToken: scimToken,
    capabilities,
  };
  return handler.execute(
    { config: { command, parameters, connection }, variables: {}, stepId: 's1', instanceId: 'test' },
    { signal: new AbortController().signal, accounts: connectorAccounts(stack.database.db, connectorId) },
  );
}

let sequence = 0;
function createPerson(profile: { department?: string; displayName?: string } = {}) {
  sequence += 1;
  return stack.database.db.user.create({
    data: {
      email: `pushed${sequence}@acme.test`,
      displayName: profile.displayName ?? `Pushed Person${sequence}`,
      department: profile.department ?? null,
      employeeId: `E-${sequence}`,
    },
  });
}

/** The target's user provisioned for a source user, with its SCIM identity. */
function targetIdentityOf(sourceUserId: string) {
  return targetDatabase.db.scimIdentity.findFirst({
    where: { clientId: scimClientId, externalId: sourceUserId },
    include: { user: true },
  });
}

async function targetMembersOf(groupId: string): Promise<string[]> {
  const rows = await targetDatabase.db.userGroupMember.findMany({ where: { groupId } });
  return rows.map((row) => row.userId).sort();
}

describe('test and createUser against another Flowgate', () => {
  it('reads the ServiceProviderConfig the inbound server announces', async () => {
    expect(await call('test')).toMatchObject({
      success: true,
      data: {
        capabilities: { patch: true, filter: true, etag: true, maxResults: 200, source: 'server' },
        users: 0,
      },
    });
  });

  it('creates the account with the default mapping, and the target holds it as a SCIM-managed user', async () => {
    const person = await createPerson({ displayName: 'Ada King Lovelace', department: 'Engineering' });
    const result = await call('createUser', { userId: person.id });
    expect(result).toMatchObject({ success: true, data: { changed: true, created: true } });
    const identity = await targetIdentityOf(person.id);
    expect(identity).toMatchObject({
      userId: result.data!.id,
      userName: person.email,
      user: { email: person.email, displayName: 'Ada King Lovelace', active: true },
    });
    expect(identity!.attributes).toMatchObject({
      name: { givenName: 'Ada', familyName: 'King Lovelace' },
      [ENTERPRISE]: { department: 'Engineering', employeeNumber: person.employeeId },
    });
  });

  it('links the account after a lost answer: the target’s 409 uniqueness, then the externalId filter', async () => {
    const person = await createPerson();
    const first = await call('createUser', { userId: person.id });
    await stack.database.db.connectorAccountLink.delete({
      where: { connectorId_userId: { connectorId, userId: person.id } },
    });
    const retry = await call('createUser', { userId: person.id });
    expect(retry).toMatchObject({
      success: true,
      data: { id: first.data!.id, changed: false, created: false, linked: true },
    });
    expect(await targetDatabase.db.scimIdentity.count({ where: { externalId: person.id } })).toBe(1);
  });
});

describe('user changes through PATCH', () => {
  it('updateUser sends only what differs, and the target takes every path', async () => {
    const person = await createPerson({ displayName: 'Grace Brewster Murray', department: 'Research' });
    const created = await call('createUser', { userId: person.id });
    await stack.database.db.user.update({
      where: { id: person.id },
      data: { displayName: 'Grace Hopper', department: 'Navy', email: `grace.${person.email}`, title: 'Admiral' },
    });
    const updated = await call('updateUser', { userId: person.id });
    expect(updated).toMatchObject({ success: true, data: { changed: true } });
    expect(updated.data!.attributes).toEqual(
      expect.arrayContaining(['userName', 'displayName', 'name.familyName', 'emails', `${ENTERPRISE}:department`]),
    );
    const identity = await targetIdentityOf(person.id);
    expect(identity).toMatchObject({
      userId: created.data!.id,
      user: { email: `grace.${person.email}`, displayName: 'Grace Hopper' },
    });
    expect(identity!.attributes).toMatchObject({
      title: 'Admiral',
      name: { givenName: 'Grace', familyName: 'Hopper' },
      [ENTERPRISE]: { department: 'Navy' },
    });
    expect(await call('updateUser', { userId: person.id })).toMatchObject({ data: { changed: false } });
  });

  it('getUser reads it; deactivateUser sets the target user inactive, once', async () => {
    const person = await createPerson();
    const created = await call('createUser', { userId: person.id });
    expect(await call('getUser', { user: person.id })).toMatchObject({
      success: true,
      data: { id: created.data!.id, found: true, user: { userName: person.email, active: true } },
    });
    expect(await call('deactivateUser', { user: person.id })).toMatchObject({ data: { changed: true } });
    expect((await targetIdentityOf(person.id))!.user.active).toBe(false);
    expect(await call('deactivateUser', { user: person.id })).toMatchObject({ data: { changed: false } });
  });

  it('deleteUser is not_supported: the inbound server does not hard-delete, and keeps the user and link', async () => {
    const person = await createPerson();
    await call('createUser', { userId: person.id });
    expect(await call('deleteUser', { user: person.id })).toMatchObject({ success: false, code: 'not_supported' });
    expect((await targetIdentityOf(person.id))!.user.deletedAt).toBeNull();
    expect(
      await stack.database.db.connectorAccountLink.findUnique({
        where: { connectorId_userId: { connectorId, userId: person.id } },
      }),
    ).not.toBeNull();
  });
});

describe('groups: createGroup once, memberships chunked by maxMembersPerPatch', () => {
  it('adds and removes more members than one PATCH may carry', async () => {
    const people = [];
    for (let index = 0; index < 7; index += 1) {
      const person = await createPerson();
      const created = await call('createUser', { userId: person.id });
      people.push({ userId: person.id, id: created.data!.id as string });
    }
    const first = await call('createGroup', { displayName: 'Pushed Engineers' });
    expect(first).toMatchObject({ success: true, data: { changed: true } });
    const group = first.data!.id as string;
    expect(await call('createGroup', { displayName: 'Pushed Engineers' })).toMatchObject({
      data: { id: group, changed: false },
    });
    expect(await targetDatabase.db.scimGroup.count({ where: { groupId: group, clientId: scimClientId } })).toBe(1);

    const limit = { maxMembersPerPatch: 3 };
    const added = await call('addToGroup', { group, user: people.map((person) => person.userId) }, limit);
    expect(added).toMatchObject({ success: true, data: { requests: 3 } });
    expect(await targetMembersOf(group)).toEqual(people.map((person) => person.id).sort());

    const leaving = people.slice(0, 5);
    const removed = await call('removeFromGroup', { group, user: leaving.map((person) => person.id) }, limit);
    expect(removed).toMatchObject({ success: true, data: { requests: 2 } });
    expect(await targetMembersOf(group)).toEqual(
      people
        .slice(5)
        .map((person) => person.id)
        .sort(),
    );
    expect(await call('removeFromGroup', { group, user: leaving[0]!.userId }, limit)).toMatchObject({
      success: true,
    });
  });
});

describe('listing and sync of the target’s users', () => {
  async function walk(command: string, parameters: Record<string, unknown>) {
    const resources: ListedResource[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const result = await call(command, cursor === undefined ? parameters : { ...parameters, cursor });
      expect(result).toMatchObject({ success: true });
      resources.push(...result.payload!.resources);
      cursor = result.payload!.nextCursor;
      pages += 1;
      expect(pages).toBeLessThan(100);
    } while (cursor !== undefined);
    return { resources, pages };
  }

  it('walks users and groups page by page', async () => {
    const total = await targetDatabase.db.scimIdentity.count({ where: { clientId: scimClientId } });
    const users = await walk('listUsers', { pageSize: 4 });
    expect(users.resources).toHaveLength(total);
    expect(users.pages).toBe(Math.ceil(total / 4));
    expect(new Set(users.resources.map((resource) => resource.externalId)).size).toBe(total);
    const groups = await walk('listGroups', { pageSize: 1 });
    expect(groups.resources.map((resource) => resource.displayName)).toEqual(['Pushed Engineers']);
  });

  it('passes modifiedSince along even though the target filters by equality only', async () => {
    const person = await createPerson();
    const before = new Date(Date.now() - 1000).toISOString();
    await call('createUser', { userId: person.id });
    const recent = await walk('listUsers', { modifiedSince: before });
    expect(recent.resources.map((resource) => resource.email)).toContain(person.email);
    const future = await walk('listUsers', { modifiedSince: '2999-01-01T00:00:00Z' });
    expect(future.resources).toEqual([]);
  });

  it('a user sync pass stores every account, page by page, and an incremental pass after it succeeds', async () => {
    const configPath = `/api/connectors/${connectorId}/sync-config/user`;
    const put = await stack.api.request('PUT', configPath, { token: admin, body: { syncAllUsers: true } });
    expect(put.status).toBe(201);
    const pass = await stack.api.request('POST', `${configPath}/trigger`, { token: admin });
    expect(pass.status).toBe(200);
    const total = await targetDatabase.db.scimIdentity.count({ where: { clientId: scimClientId } });
    expect(pass.body).toMatchObject({ status: 'success', stats: { added: total, totalUpstreamRecords: total } });
    const records = await stack.database.db.connectorResource.findMany({
      where: { connectorId, resourceType: 'user' },
    });
    const identities = await targetDatabase.db.scimIdentity.findMany({ where: { clientId: scimClientId } });
    expect(records.map((record) => record.externalId).sort()).toEqual(
      identities.map((identity) => identity.userId).sort(),
    );

    const incremental = await stack.api.request('PUT', configPath, {
      token: admin,
      body: { syncAllUsers: true, strategy: 'incremental' },
    });
    expect(incremental.status).toBe(200);
    const again = await stack.api.request('POST', `${configPath}/trigger`, { token: admin });
    expect(again.body).toMatchObject({ status: 'success' });
  });
});
