import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const stack = useRunStack({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' } });
const handler = createScimHandler({ allowedNetworks: ['127.0.0.1/32'] });
let target: TestApp;
let targetDatabase: TestDatabase;
let scimToken: string;
let scimClientId: string;
let admin: string;
let targetAdmin: string;
let connectorId: string;

beforeAll(async () => {
  targetDatabase = await createTestDatabase();
  target = await startTestApp({ db: targetDatabase.db });
  targetAdmin = (await createUserWithToken(targetDatabase.db, ['admin'])).token;
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
  baseUrl = `${target.baseUrl}/scim/v2`,
): Promise<ConnectorResult> {
  const connection = {
    baseUrl,
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

/**
 * A proxy of the test in front of the target: `answer` may answer a request itself (as a server
 * with other habits would), and `rewrite` changes the target's JSON list answers.
 */
async function startProxy(
  answer: (url: URL) => { status: number; body: unknown } | undefined,
  rewrite?: (body: unknown) => unknown,
) {
  const proxy = http.createServer((request, response) => {
    const own = answer(new URL(request.url!, 'http://proxy'));
    if (own) {
      response.writeHead(own.status, { 'content-type': 'application/scim+json' });
      response.end(JSON.stringify(own.body));
      return;
    }
    const forwarded = http.request(
      `${target.baseUrl}${request.url}`,
      { method: request.method, headers: request.headers },
      (upstream) => {
        const chunks: Buffer[] = [];
        upstream.on('data', (chunk: Buffer) => chunks.push(chunk));
        upstream.on('end', () => {
          let body = Buffer.concat(chunks).toString('utf8');
          if (rewrite && body.includes('"Resources"')) body = JSON.stringify(rewrite(JSON.parse(body)));
          const { 'content-length': _length, ...headers } = upstream.headers;
          response.writeHead(upstream.statusCode ?? 502, headers);
          response.end(body);
        });
      },
    );
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/scim/v2`,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

describe('test and createUser against another Flowgate', () => {
  it('reads the ServiceProviderConfig the inbound server announces', async () => {
    expect(await call('test')).toMatchObject({
      success: true,
      data: {
        capabilities: { patch: true, filter: true, etag: true, cursor: true, maxResults: 200, source: 'server' },
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
  async function walk(command: string, parameters: Record<string, unknown>, capabilities = {}) {
    const resources: ListedResource[] = [];
    const cursors: Array<Record<string, unknown>> = [];
    let cursor: string | undefined;
    do {
      const result = await call(command, cursor === undefined ? parameters : { ...parameters, cursor }, capabilities);
      expect(result).toMatchObject({ success: true });
      resources.push(...result.payload!.resources);
      cursor = result.payload!.nextCursor;
      if (cursor) cursors.push(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
      expect(cursors.length).toBeLessThan(100);
    } while (cursor !== undefined);
    return { resources, pages: cursors.length + 1, cursors };
  }

  it('walks users and groups by the target’s cursors (RFC 9865), or by index when told to', async () => {
    const total = await targetDatabase.db.scimIdentity.count({ where: { clientId: scimClientId } });
    const users = await walk('listUsers', { pageSize: 4 });
    expect(users.resources).toHaveLength(total);
    expect(users.pages).toBe(Math.ceil(total / 4));
    expect(new Set(users.resources.map((resource) => resource.externalId)).size).toBe(total);
    expect(users.cursors.every((cursor) => typeof cursor.cursor === 'string' && !('startIndex' in cursor))).toBe(true);
    const groups = await walk('listGroups', { pageSize: 1 });
    expect(groups.resources.map((resource) => resource.displayName)).toEqual(['Pushed Engineers']);

    const byIndex = await walk('listUsers', { pageSize: 4 }, { cursor: false });
    expect(byIndex.cursors.map((cursor) => cursor.startIndex)).toEqual(
      users.cursors.map((_, index) => 1 + 4 * (index + 1)),
    );
    expect(byIndex.resources.map((resource) => resource.externalId)).toEqual(
      users.resources.map((resource) => resource.externalId),
    );
  });

  it('resumes from a cursor without skipping anyone when an account before it went away', async () => {
    const first = await call('listUsers', { pageSize: 3 });
    const seen = first.payload!.resources.map((resource) => resource.externalId);
    const gone = await target.request('DELETE', `/api/users/${seen[0]}`, { token: targetAdmin });
    expect(gone.status).toBe(200);
    const rest = await walk('listUsers', { pageSize: 3, cursor: first.payload!.nextCursor });
    const remaining = await targetDatabase.db.scimIdentity.findMany({
      where: { clientId: scimClientId, user: { deletedAt: null } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    expect([...seen.slice(1), ...rest.resources.map((resource) => resource.externalId)]).toEqual(
      remaining.map((identity) => identity.userId),
    );
    // A cursor by index (as a pass that began before the target offered cursors holds) still pages by index.
    const byIndex = Buffer.from(JSON.stringify({ startIndex: 2 })).toString('base64url');
    const resumed = await call('listUsers', { pageSize: 2, cursor: byIndex });
    expect(resumed.payload!.resources.map((resource) => resource.externalId)).toEqual(
      remaining.slice(1, 3).map((identity) => identity.userId),
    );
  });

  it('starts the list again when the server says a cursor expired', async () => {
    // The proxy answers the first request that carries a cursor as a server whose cursors expire
    // would (RFC 9865 3); Flowgate's own never expire.
    const seen: string[] = [];
    let expired = false;
    const proxy = await startProxy((url) => {
      seen.push(url.searchParams.get('cursor') ?? '(none)');
      if (expired || !url.searchParams.get('cursor')) return undefined;
      expired = true;
      return { status: 400, body: { schemas: [SCIM_ERROR], status: '400', scimType: 'expiredCursor' } };
    });
    try {
      const first = await call('listUsers', { pageSize: 2 }, {}, proxy.baseUrl);
      const again = await call('listUsers', { pageSize: 2, cursor: first.payload!.nextCursor }, {}, proxy.baseUrl);
      expect(again).toMatchObject({ success: true });
      expect(again.payload!.resources.map((resource) => resource.externalId)).toEqual(
        first.payload!.resources.map((resource) => resource.externalId),
      );
      // The first page, the expired cursor, then the first page again.
      expect(seen.slice(-3).map((cursor) => cursor !== '')).toEqual([false, true, false]);
    } finally {
      await proxy.close();
    }
  });

  it('pages by index while pages are full when a server leaves totalResults out', async () => {
    const proxy = await startProxy(
      () => undefined,
      (body) => {
        const { totalResults: _left, ...rest } = body as Record<string, unknown>;
        return rest;
      },
    );
    try {
      const total = await targetDatabase.db.scimIdentity.count({
        where: { clientId: scimClientId, user: { deletedAt: null } },
      });
      const resources: ListedResource[] = [];
      let cursor: string | undefined;
      do {
        const page = await call(
          'listUsers',
          { pageSize: 3, ...(cursor ? { cursor } : {}) },
          { cursor: false },
          proxy.baseUrl,
        );
        expect(page.payload!.totalEstimate).toBeUndefined();
        resources.push(...page.payload!.resources);
        cursor = page.payload!.nextCursor;
      } while (cursor !== undefined);
      expect(new Set(resources.map((resource) => resource.externalId)).size).toBe(total);
    } finally {
      await proxy.close();
    }
  });

  it('passes modifiedSince along even though the target filters by equality only', async () => {
    const person = await createPerson();
    const before = new Date(Date.now() - 1000).toISOString();
    await call('createUser', { userId: person.id });
    const recent = await walk('listUsers', { modifiedSince: before, pageSize: 2 });
    expect(recent.resources.map((resource) => resource.email)).toContain(person.email);
    // Every page after the refused filter asks without it, as the first did.
    expect(recent.cursors.length).toBeGreaterThan(1);
    expect(recent.cursors.every((cursor) => cursor.local === true)).toBe(true);
    const future = await walk('listUsers', { modifiedSince: '2999-01-01T00:00:00Z' });
    expect(future.resources).toEqual([]);
  });

  it('a user sync pass stores every account, page by page, and an incremental pass after it succeeds', async () => {
    const configPath = `/api/connectors/${connectorId}/sync-config/user`;
    const put = await stack.api.request('PUT', configPath, { token: admin, body: { syncAllUsers: true } });
    expect(put.status).toBe(201);
    const pass = await stack.api.request('POST', `${configPath}/trigger`, { token: admin });
    expect(pass.status).toBe(200);
    const total = await targetDatabase.db.scimIdentity.count({
      where: { clientId: scimClientId, user: { deletedAt: null } },
    });
    expect(pass.body).toMatchObject({ status: 'success', stats: { added: total, totalUpstreamRecords: total } });
    const records = await stack.database.db.connectorResource.findMany({
      where: { connectorId, resourceType: 'user' },
    });
    const identities = await targetDatabase.db.scimIdentity.findMany({
      where: { clientId: scimClientId, user: { deletedAt: null } },
    });
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
