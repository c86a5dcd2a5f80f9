import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createScimHandler } from '../../../src/connectors/builtin/scim/index.js';
import type { ConnectorHandler, ConnectorResult, ListedResource } from '../../../src/connectors/handler.js';
import { connectorAccounts } from '../../../src/services/connectors/connector-accounts.js';
import { startScim2Server, type RunningScim2Server } from '../../../scripts/local/scim2-server.js';
import { createTestDatabase, type TestDatabase } from '../../support/database.js';

// The scim handler against scim2-server, the python-scim project's reference server: what the
// server holds is read back with plain HTTP, not through the handler.

const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const ALLOWED = ['127.0.0.1/32'];
const INSTALL_TIMEOUT_MS = 300_000;
const NO_PATCH_CONFIG = {
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
  patch: { supported: false },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  // scim2-server bounds every page by maxResults, even where it does not filter.
  filter: { supported: false, maxResults: 50 },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: true },
};

let database: TestDatabase;
let server: RunningScim2Server;
let noPatch: RunningScim2Server;
let connectorId: string;
const handler: ConnectorHandler = createScimHandler({ allowedNetworks: ALLOWED });

beforeAll(async () => {
  database = await createTestDatabase();
  [server, noPatch] = await Promise.all([
    startScim2Server(),
    startScim2Server({ serviceProviderConfig: NO_PATCH_CONFIG }),
  ]);
  const connector = await database.db.connector.create({
    data: { name: 'app', type: 'scim', configSchema: { commands: {} } },
  });
  connectorId = connector.id;
}, INSTALL_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
  await noPatch?.stop();
  await database?.drop();
});

function connectionOf(target: RunningScim2Server, extra: Record<string, unknown> = {}) {
  return { baseUrl: target.baseUrl, authentication: 'bearer', bearerToken: target.token, ...extra };
}

function call(
  command: string,
  parameters: Record<string, unknown> = {},
  options: { target?: RunningScim2Server; connection?: Record<string, unknown>; handler?: ConnectorHandler } = {},
): Promise<ConnectorResult> {
  return (options.handler ?? handler).execute(
    {
      config: { command, parameters, connection: options.connection ?? connectionOf(options.target ?? server) },
      variables: {},
      stepId: 's1',
      instanceId: 'test',
    },
    { signal: new AbortController().signal, accounts: connectorAccounts(database.db, connectorId) },
  );
}

/** A plain HTTP request to the SCIM server, bypassing the handler. */
async function scim(target: RunningScim2Server, path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${target.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/scim+json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Record<string, any> };
}

async function usersNamed(target: RunningScim2Server, userName: string) {
  const found = await scim(target, `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`);
  return found.body.Resources ?? [];
}

let sequence = 0;
async function createPerson(profile: {
  email?: string | null;
  displayName?: string;
  department?: string;
  employeeId?: string;
  costCenter?: string;
  managerId?: string;
  customAttributes?: Record<string, unknown>;
}) {
  sequence += 1;
  return database.db.user.create({
    data: {
      email: profile.email === undefined ? `person${sequence}@acme.test` : profile.email,
      displayName: profile.displayName ?? `Person Number${sequence}`,
      department: profile.department ?? null,
      employeeId: profile.employeeId ?? null,
      costCenter: profile.costCenter ?? null,
      managerId: profile.managerId ?? null,
      customAttributes: (profile.customAttributes ?? {}) as object,
    },
  });
}

async function linkOf(userId: string) {
  return database.db.connectorAccountLink.findUnique({ where: { connectorId_userId: { connectorId, userId } } });
}

describe('test reads the capabilities from the ServiceProviderConfig', () => {
  it('reports what the server announces, with the member limit default', async () => {
    const result = await call('test');
    expect(result).toMatchObject({
      success: true,
      data: {
        capabilities: {
          patch: true,
          filter: true,
          etag: true,
          maxMembersPerPatch: 100,
          maxResults: 1000,
          source: 'server',
        },
      },
    });
  });

  it('lets the connector override what a server misreports', async () => {
    const result = await call(
      'test',
      {},
      {
        connection: connectionOf(server, { capabilities: { patch: false, etag: false, maxMembersPerPatch: 7 } }),
      },
    );
    expect(result.data!.capabilities).toMatchObject({ patch: false, etag: false, filter: true, maxMembersPerPatch: 7 });
  });

  it('reads a server without PATCH and filters as such', async () => {
    const result = await call('test', {}, { target: noPatch });
    expect(result.data!.capabilities).toMatchObject({ patch: false, filter: false, etag: true });
  });

  it('fails with authentication_failed for a wrong token, without retrying or showing it', async () => {
    const result = await call('test', {}, { connection: connectionOf(server, { bearerToken: 'wrong-token-123' }) });
    expect(result).toMatchObject({ success: false, code: 'authentication_failed' });
    expect(result.error).not.toContain('wrong-token-123');
  });

  it('refuses loopback targets unless the network is allowed (the SSRF guard)', async () => {
    const result = await call('test', {}, { handler: createScimHandler() });
    expect(result).toMatchObject({ success: false, code: 'destination_refused' });
  });

  it('refuses settings without the credential their authentication needs', async () => {
    const result = await call('test', {}, { connection: { baseUrl: server.baseUrl, authentication: 'oauth2' } });
    expect(result).toMatchObject({ success: false, code: 'invalid_configuration' });
    expect(result.error).toContain('tokenUrl');
  });
});

describe('authentication: OAuth 2.0 client credentials and basic', () => {
  /** A local HTTP server answering with `respond`; closed by the caller. */
  async function localServer(
    respond: (request: http.IncomingMessage, body: string, response: http.ServerResponse) => void,
  ) {
    const listener = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => respond(request, Buffer.concat(chunks).toString('utf8'), response));
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(listener.address() as AddressInfo).port}`,
      close: () => new Promise<void>((resolve) => listener.close(() => resolve())),
    };
  }

  it('gets a token with the client credentials, caches it, and renews it once when refused', async () => {
    const basic = `Basic ${Buffer.from('flowgate:client-secret-77').toString('base64')}`;
    const grants: string[] = [];
    // The first token is one the SCIM server refuses (as after a key rotation); the second is good.
    const tokens = ['refused-token', server.token];
    const issuer = await localServer((request, body, response) => {
      grants.push(body);
      if (request.headers.authorization !== basic) {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: 'invalid_client' }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ access_token: tokens.shift() ?? 'none', token_type: 'Bearer', expires_in: 600 }));
    });
    try {
      const oauth = createScimHandler({ allowedNetworks: ALLOWED });
      const connection = {
        baseUrl: server.baseUrl,
        authentication: 'oauth2',
        tokenUrl: `${issuer.url}/token`,
        clientId: 'flowgate',
        clientSecret: 'client-secret-77',
        scope: 'scim',
      };
      expect(await call('getUser', { user: 'x' }, { connection, handler: oauth })).toMatchObject({ success: true });
      expect(await call('getUser', { user: 'y' }, { connection, handler: oauth })).toMatchObject({ success: true });
      expect(grants).toEqual(['grant_type=client_credentials&scope=scim', 'grant_type=client_credentials&scope=scim']);

      // Commands of a handler that holds no token yet share one token request.
      const fresh = createScimHandler({ allowedNetworks: ALLOWED });
      tokens.push(server.token);
      const together = await Promise.all(
        ['a', 'b', 'c'].map((user) => call('getUser', { user }, { connection, handler: fresh })),
      );
      expect(together.map((result) => result.success)).toEqual([true, true, true]);
      expect(grants).toHaveLength(3);

      const refused = await call(
        'test',
        {},
        {
          connection: { ...connection, clientSecret: 'wrong-secret-88' },
          handler: oauth,
        },
      );
      expect(refused).toMatchObject({ success: false, code: 'authentication_failed' });
      expect(refused.error).not.toContain('wrong-secret-88');
    } finally {
      await issuer.close();
    }
  });

  it('sends basic credentials', async () => {
    const expected = `Basic ${Buffer.from('provisioner:pass-word-5').toString('base64')}`;
    // scim2-server takes bearer tokens only: a gateway in front of it checks the basic credentials.
    const gateway = await localServer((request, body, response) => {
      if (request.headers.authorization !== expected) {
        response.writeHead(401);
        response.end();
        return;
      }
      const forwarded = http.request(
        `http://127.0.0.1:${server.port}${request.url}`,
        { method: request.method, headers: { ...request.headers, authorization: `Bearer ${server.token}` } },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forwarded.end(body);
    });
    try {
      const connection = { baseUrl: `${gateway.url}/v2`, authentication: 'basic', username: 'provisioner' };
      expect(await call('test', {}, { connection: { ...connection, password: 'pass-word-5' } })).toMatchObject({
        success: true,
      });
      expect(await call('test', {}, { connection: { ...connection, password: 'other' } })).toMatchObject({
        success: false,
        code: 'authentication_failed',
      });
    } finally {
      await gateway.close();
    }
  });
});

describe('createUser maps the profile, creates the account once and links it', () => {
  it('creates the account with the default mapping, the manager by the manager’s account', async () => {
    const manager = await createPerson({ email: 'grace@acme.test', displayName: 'Grace Hopper' });
    const managerResult = await call('createUser', { userId: manager.id });
    expect(managerResult).toMatchObject({ success: true, data: { changed: true, created: true } });
    const person = await createPerson({
      email: 'ada@acme.test',
      displayName: 'Ada King Lovelace',
      department: 'Engineering',
      employeeId: 'E-1815',
      costCenter: 'CC-7',
      managerId: manager.id,
    });

    const result = await call('createUser', { userId: person.id });
    expect(result).toMatchObject({ success: true, data: { userId: person.id, changed: true, created: true } });
    const [held] = await usersNamed(server, 'ada@acme.test');
    expect(held).toMatchObject({
      id: result.data!.id,
      userName: 'ada@acme.test',
      externalId: person.id,
      displayName: 'Ada King Lovelace',
      name: { givenName: 'Ada', familyName: 'King Lovelace' },
      active: true,
      emails: [{ value: 'ada@acme.test', type: 'work', primary: true }],
      [ENTERPRISE]: {
        employeeNumber: 'E-1815',
        department: 'Engineering',
        costCenter: 'CC-7',
        manager: { value: managerResult.data!.id },
      },
    });
    expect(await linkOf(person.id)).toMatchObject({ remoteId: held.id, remoteName: 'ada@acme.test' });
  });

  it('keeps a linked account that exists: changed false, nothing created', async () => {
    const person = await createPerson({});
    const first = await call('createUser', { userId: person.id });
    const again = await call('createUser', { userId: person.id });
    expect(again).toEqual({
      success: true,
      data: { userId: person.id, id: first.data!.id, changed: false, created: false },
    });
    expect(await usersNamed(server, person.email!)).toHaveLength(1);
  });

  it('after a lost answer (no link kept), finds the account through the 409 uniqueness and links it', async () => {
    const person = await createPerson({});
    const first = await call('createUser', { userId: person.id });
    await database.db.connectorAccountLink.delete({
      where: { connectorId_userId: { connectorId, userId: person.id } },
    });

    const retry = await call('createUser', { userId: person.id });
    expect(retry).toMatchObject({
      success: true,
      data: { id: first.data!.id, changed: false, created: false, linked: true },
    });
    expect(await usersNamed(server, person.email!)).toHaveLength(1);
    expect((await linkOf(person.id))?.remoteId).toBe(first.data!.id);
  });

  it('finds the account by scanning pages on a server without filters', async () => {
    const person = await createPerson({});
    const first = await call('createUser', { userId: person.id }, { target: noPatch });
    await database.db.connectorAccountLink.delete({
      where: { connectorId_userId: { connectorId, userId: person.id } },
    });
    const retry = await call('createUser', { userId: person.id }, { target: noPatch });
    expect(retry).toMatchObject({ success: true, data: { id: first.data!.id, linked: true } });
  });

  it('recreates the account when the linked one was deleted in the application', async () => {
    const person = await createPerson({});
    const first = await call('createUser', { userId: person.id });
    expect((await scim(server, `/Users/${first.data!.id}`, { method: 'DELETE' })).status).toBe(204);
    const again = await call('createUser', { userId: person.id });
    expect(again).toMatchObject({ success: true, data: { changed: true, created: true } });
    expect(again.data!.id).not.toBe(first.data!.id);
    expect((await linkOf(person.id))?.remoteId).toBe(again.data!.id);
  });

  it('refuses a user the mapping gives no userName, and an unknown user', async () => {
    const person = await createPerson({ email: null });
    expect(await call('createUser', { userId: person.id })).toMatchObject({
      success: false,
      code: 'invalid_parameters',
    });
    expect(await call('createUser', { userId: '00000000-0000-4000-8000-000000000000' })).toMatchObject({
      success: false,
      code: 'not_found',
    });
  });

  it('writes custom attributes and a changed userName source as the mapping says', async () => {
    const person = await createPerson({ customAttributes: { login: 'cust-login-1', badge: 'B-9' } });
    const mapping = { userName: 'custom.login', title: 'custom.badge', [`${ENTERPRISE}:costCenter`]: null };
    const result = await call('createUser', { userId: person.id }, { connection: connectionOf(server, { mapping }) });
    expect(result.success).toBe(true);
    const [held] = await usersNamed(server, 'cust-login-1');
    expect(held).toMatchObject({ title: 'B-9', externalId: person.id });
  });
});

describe('updateUser writes only what differs', () => {
  it('PATCHes the changed attributes, and nothing when nothing changed', async () => {
    const person = await createPerson({ department: 'Sales', employeeId: 'E-2' });
    const created = await call('createUser', { userId: person.id });
    await database.db.user.update({
      where: { id: person.id },
      data: { department: 'Marketing', displayName: 'Renamed Person' },
    });

    const result = await call('updateUser', { userId: person.id });
    expect(result).toMatchObject({ success: true, data: { id: created.data!.id, changed: true } });
    expect([...(result.data!.attributes as string[])].sort()).toEqual(
      ['displayName', 'name.familyName', 'name.givenName', `${ENTERPRISE}:department`].sort(),
    );
    const held = await scim(server, `/Users/${created.data!.id}`);
    expect(held.body).toMatchObject({
      displayName: 'Renamed Person',
      name: { givenName: 'Renamed', familyName: 'Person' },
      [ENTERPRISE]: { department: 'Marketing', employeeNumber: 'E-2' },
    });
    const version = held.body.meta.version;

    expect(await call('updateUser', { userId: person.id })).toMatchObject({
      success: true,
      data: { changed: false, attributes: [] },
    });
    expect((await scim(server, `/Users/${created.data!.id}`)).body.meta.version).toBe(version);
  });

  it('removes a mapped attribute whose source was emptied', async () => {
    const person = await createPerson({ department: 'Legal' });
    const created = await call('createUser', { userId: person.id });
    await database.db.user.update({ where: { id: person.id }, data: { department: null } });
    expect(await call('updateUser', { userId: person.id })).toMatchObject({ success: true, data: { changed: true } });
    const held = await scim(server, `/Users/${created.data!.id}`);
    expect(held.body[ENTERPRISE]?.department).toBeUndefined();
  });

  it('uses GET and PUT with If-Match on a server without PATCH, keeping what it does not map', async () => {
    const person = await createPerson({ department: 'Ops' });
    const created = await call('createUser', { userId: person.id }, { target: noPatch });
    const id = created.data!.id as string;
    // An attribute the application keeps of its own must survive the PUT.
    const before = await scim(noPatch, `/Users/${id}`);
    const { meta: _meta, ...document } = before.body;
    expect(
      (await scim(noPatch, `/Users/${id}`, { method: 'PUT', body: { ...document, nickName: 'kept' } })).status,
    ).toBe(200);
    await database.db.user.update({ where: { id: person.id }, data: { department: 'Finance' } });

    expect(await call('updateUser', { userId: person.id }, { target: noPatch })).toMatchObject({
      success: true,
      data: { changed: true, attributes: [`${ENTERPRISE}:department`] },
    });
    expect((await scim(noPatch, `/Users/${id}`)).body).toMatchObject({
      nickName: 'kept',
      [ENTERPRISE]: { department: 'Finance' },
    });
  });

  it('reads again and retries when the account changed between its read and its write (412)', async () => {
    const person = await createPerson({ department: 'Research' });
    const created = await call('createUser', { userId: person.id });
    const id = created.data!.id as string;
    await database.db.user.update({ where: { id: person.id }, data: { department: 'Design' } });
    // Someone else changes the account just before the handler's first PATCH reaches the server,
    // so that PATCH carries a stale If-Match.
    let interfered = false;
    const patches: number[] = [];
    const interloper = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', async () => {
        if (request.method === 'PATCH' && !interfered) {
          interfered = true;
          await scim(server, `/Users/${id}`, {
            method: 'PATCH',
            body: {
              schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
              Operations: [{ op: 'replace', path: 'nickName', value: 'theirs' }],
            },
          });
        }
        const forwarded = http.request(
          `http://127.0.0.1:${server.port}${request.url}`,
          { method: request.method, headers: request.headers },
          (answer) => {
            if (request.method === 'PATCH') patches.push(answer.statusCode ?? 0);
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        forwarded.end(Buffer.concat(chunks));
      });
    });
    await new Promise<void>((resolve) => interloper.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = interloper.address() as AddressInfo;
      const connection = { ...connectionOf(server), baseUrl: `http://127.0.0.1:${port}/v2` };
      expect(await call('updateUser', { userId: person.id }, { connection })).toMatchObject({
        success: true,
        data: { changed: true },
      });
      // The stale write was refused, the account read again and the change written.
      expect(patches).toEqual([412, 204]);
      expect((await scim(server, `/Users/${id}`)).body).toMatchObject({
        nickName: 'theirs',
        [ENTERPRISE]: { department: 'Design' },
      });
    } finally {
      await new Promise<void>((resolve) => interloper.close(() => resolve()));
    }
  });

  it('fails with not_found for a user without an account link', async () => {
    const person = await createPerson({});
    expect(await call('updateUser', { userId: person.id })).toMatchObject({ success: false, code: 'not_found' });
  });
});

describe('getUser, deactivateUser and deleteUser name a person by Flowgate id or SCIM id', () => {
  it('reads the account through the link, and found false for an unknown SCIM id', async () => {
    const person = await createPerson({});
    const created = await call('createUser', { userId: person.id });
    expect(await call('getUser', { user: person.id })).toMatchObject({
      success: true,
      data: { id: created.data!.id, found: true, user: { userName: person.email } },
    });
    expect(await call('getUser', { user: 'no-such-account' })).toEqual({
      success: true,
      data: { id: 'no-such-account', found: false },
    });
  });

  it('deactivates once: active false on the server, changed false the second time', async () => {
    const person = await createPerson({});
    const created = await call('createUser', { userId: person.id });
    expect(await call('deactivateUser', { user: person.id })).toEqual({
      success: true,
      data: { id: created.data!.id, changed: true },
    });
    expect((await scim(server, `/Users/${created.data!.id}`)).body.active).toBe(false);
    expect(await call('deactivateUser', { user: created.data!.id })).toMatchObject({ data: { changed: false } });
  });

  it('deactivates with PUT and If-Match on a server without PATCH', async () => {
    const person = await createPerson({});
    const created = await call('createUser', { userId: person.id }, { target: noPatch });
    expect(await call('deactivateUser', { user: person.id }, { target: noPatch })).toMatchObject({
      data: { changed: true },
    });
    expect((await scim(noPatch, `/Users/${created.data!.id}`)).body.active).toBe(false);
  });

  it('reads and deletes on a server without PATCH and filters, and lists its groups by index', async () => {
    const person = await createPerson({});
    const created = await call('createUser', { userId: person.id }, { target: noPatch });
    const id = created.data!.id as string;
    expect(await call('getUser', { user: person.id }, { target: noPatch })).toMatchObject({
      success: true,
      data: { id, found: true, user: { userName: person.email } },
    });
    expect(await call('deleteUser', { user: person.id }, { target: noPatch })).toEqual({
      success: true,
      data: { id, changed: true },
    });
    expect((await scim(noPatch, `/Users/${id}`)).status).toBe(404);
    expect(await linkOf(person.id)).toBeNull();
    const group = await call('createGroup', { displayName: 'no-patch-listed' }, { target: noPatch });
    const listed = await call('listGroups', { pageSize: 500 }, { target: noPatch });
    expect(listed.payload!.resources.map((resource) => resource.externalId)).toContain(group.data!.id);
  });

  it('deletes the account and its link; a second delete is changed false', async () => {
    const person = await createPerson({});
    const created = await call('createUser', { userId: person.id });
    const id = created.data!.id as string;
    expect(await call('deleteUser', { user: person.id })).toEqual({ success: true, data: { id, changed: true } });
    expect((await scim(server, `/Users/${id}`)).status).toBe(404);
    expect(await linkOf(person.id)).toBeNull();
    expect(await call('deleteUser', { user: id })).toEqual({ success: true, data: { id, changed: false } });
    expect(await call('deleteUser', { user: person.id })).toMatchObject({ success: false, code: 'not_found' });
  });
});

describe('groups: createGroup once, memberships in as few PATCHes as the member limit allows', () => {
  async function accounts(count: number, target: RunningScim2Server = server) {
    const people = [];
    for (let index = 0; index < count; index += 1) {
      const person = await createPerson({});
      const created = await call('createUser', { userId: person.id }, { target });
      people.push({ userId: person.id, id: created.data!.id as string });
    }
    return people;
  }
  const membersOf = async (target: RunningScim2Server, group: string) =>
    ((await scim(target, `/Groups/${group}`)).body.members ?? [])
      .map((member: { value: string }) => member.value)
      .sort();

  it('creates a group once: the second call finds it', async () => {
    const first = await call('createGroup', { displayName: 'engineering' });
    expect(first).toMatchObject({ success: true, data: { changed: true } });
    const again = await call('createGroup', { displayName: 'engineering' });
    expect(again).toEqual({ success: true, data: { id: first.data!.id, displayName: 'engineering', changed: false } });
    const held = await scim(server, `/Groups?filter=${encodeURIComponent('displayName eq "engineering"')}`);
    expect(held.body.totalResults).toBe(1);
  });

  it('adds and removes members chunked by maxMembersPerPatch, by Flowgate id and SCIM id', async () => {
    const people = await accounts(5);
    const group = (await call('createGroup', { displayName: 'chunked' })).data!.id as string;
    const connection = connectionOf(server, { capabilities: { maxMembersPerPatch: 2 } });
    const users = [people[0]!.userId, people[1]!.id, people[2]!.userId, people[3]!.userId, people[4]!.id];

    expect(await call('addToGroup', { group, user: users }, { connection })).toMatchObject({
      success: true,
      data: { group, requests: 3 },
    });
    expect(await membersOf(server, group)).toEqual(people.map((person) => person.id).sort());
    // Adding again changes nothing and duplicates no one.
    await call('addToGroup', { group, user: people[0]!.userId }, { connection });
    expect(await membersOf(server, group)).toHaveLength(5);

    expect(
      await call(
        'removeFromGroup',
        { group, user: [people[0]!.userId, people[1]!.id, people[2]!.userId] },
        { connection },
      ),
    ).toMatchObject({ success: true, data: { requests: 2 } });
    expect(await membersOf(server, group)).toEqual([people[3]!.id, people[4]!.id].sort());
    // Removing a non-member again succeeds.
    expect(await call('removeFromGroup', { group, user: people[0]!.userId }, { connection })).toMatchObject({
      success: true,
    });
  });

  it('reads, changes and writes the group back with If-Match on a server without PATCH', async () => {
    const people = await accounts(3, noPatch);
    const group = (await call('createGroup', { displayName: 'no-patch' }, { target: noPatch })).data!.id as string;
    const ids = people.map((person) => person.userId);
    expect(await call('addToGroup', { group, user: ids }, { target: noPatch })).toMatchObject({
      data: { changed: true, requests: 2 },
    });
    expect(await membersOf(noPatch, group)).toEqual(people.map((person) => person.id).sort());
    expect(await call('addToGroup', { group, user: ids }, { target: noPatch })).toMatchObject({
      data: { changed: false, requests: 1 },
    });
    expect(await call('removeFromGroup', { group, user: ids[0] }, { target: noPatch })).toMatchObject({
      data: { changed: true },
    });
    expect(await membersOf(noPatch, group)).toEqual([people[1]!.id, people[2]!.id].sort());
  });

  it('fails with not_found for an unknown group', async () => {
    const [person] = await accounts(1);
    expect(await call('addToGroup', { group: 'no-such-group', user: person!.id })).toMatchObject({
      success: false,
      code: 'not_found',
    });
  });
});

describe('listUsers and listGroups page by startIndex and count', () => {
  async function walk(command: string, parameters: Record<string, unknown>, target = server) {
    const resources: ListedResource[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const result = await call(command, cursor === undefined ? parameters : { ...parameters, cursor }, { target });
      expect(result.success).toBe(true);
      resources.push(...result.payload!.resources);
      cursor = result.payload!.nextCursor;
      pages += 1;
      expect(pages).toBeLessThan(200);
    } while (cursor !== undefined);
    return { resources, pages };
  }

  it('walks every user page by page, as the server counts them', async () => {
    const total = (await scim(server, '/Users?count=0')).body.totalResults as number;
    const { resources, pages } = await walk('listUsers', { pageSize: 3 });
    expect(resources).toHaveLength(total);
    expect(pages).toBe(Math.ceil(total / 3));
    expect(new Set(resources.map((resource) => resource.externalId)).size).toBe(total);
    const ada = resources.find((resource) => resource.email === 'ada@acme.test');
    expect(ada).toMatchObject({ displayName: 'Ada King Lovelace', attributes: { userName: 'ada@acme.test' } });
  });

  it('passes a SCIM filter, and modifiedSince as meta.lastModified', async () => {
    const filtered = await walk('listUsers', { filter: { scim: 'userName eq "ada@acme.test"' } });
    expect(filtered.resources.map((resource) => resource.email)).toEqual(['ada@acme.test']);
    const future = await walk('listUsers', { modifiedSince: '2999-01-01T00:00:00Z' });
    expect(future.resources).toEqual([]);
  });

  it('asks for no more than maxResults, and refuses a filter on a server without filters', async () => {
    const page = await call('listUsers', { pageSize: 500 }, { target: noPatch });
    expect(page.success).toBe(true);
    expect(page.payload!.resources.length).toBeGreaterThan(0);
    expect(page.payload!.resources.length).toBeLessThanOrEqual(50);
    expect(await call('listUsers', { filter: { scim: 'userName eq "x"' } }, { target: noPatch })).toMatchObject({
      success: false,
      code: 'not_supported',
    });
  });

  it('lists groups without their members', async () => {
    const { resources } = await walk('listGroups', { pageSize: 2 });
    expect(resources.map((resource) => resource.displayName)).toEqual(
      expect.arrayContaining(['engineering', 'chunked']),
    );
  });

  it('maps a filter the server refuses to invalid_request, not retried', async () => {
    expect(await call('listUsers', { filter: { scim: 'userName eq' } })).toMatchObject({
      success: false,
      code: 'invalid_request',
    });
  });
});

/** A proxy in front of the SCIM server answering the first `faults` requests itself. */
async function faultyProxy(faults: Array<{ status: number; retryAfter?: string }>) {
  const seen: string[] = [];
  const proxy = http.createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    const fault = faults.shift();
    if (fault) {
      response.writeHead(fault.status, fault.retryAfter ? { 'retry-after': fault.retryAfter } : {});
      response.end(
        JSON.stringify({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: String(fault.status) }),
      );
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const forwarded = http.request(
        `http://127.0.0.1:${server.port}${request.url}`,
        { method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forwarded.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    connection: { ...connectionOf(server), baseUrl: `http://127.0.0.1:${port}/v2` },
    seen,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

describe('429 and 5xx are retried as the answer says; other 4xx are not', () => {
  it('waits out a 429 with Retry-After and two 503s, then succeeds', async () => {
    const proxy = await faultyProxy([{ status: 429, retryAfter: '1' }, { status: 503 }, { status: 503 }]);
    try {
      const started = Date.now();
      const result = await call('getUser', { user: 'no-such-account' }, { connection: proxy.connection });
      expect(result).toEqual({ success: true, data: { id: 'no-such-account', found: false } });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      expect(proxy.seen).toHaveLength(4);
    } finally {
      await proxy.close();
    }
  });

  it('does not begin a wait longer than the command’s time: rate_limited at once', async () => {
    const proxy = await faultyProxy([{ status: 429, retryAfter: '120' }]);
    try {
      const result = await call('getUser', { user: 'x' }, { connection: proxy.connection });
      expect(result).toMatchObject({ success: false, code: 'rate_limited' });
      expect(proxy.seen).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });

  it('does not retry a 403', async () => {
    const proxy = await faultyProxy([{ status: 403 }, { status: 403 }]);
    try {
      expect(await call('getUser', { user: 'x' }, { connection: proxy.connection })).toMatchObject({
        success: false,
        code: 'forbidden',
      });
      expect(proxy.seen).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });
});

describe('capabilities', () => {
  it('are read once by commands starting together on a cold cache', async () => {
    const proxy = await faultyProxy([]);
    const fresh = createScimHandler({ allowedNetworks: ALLOWED });
    try {
      const names = Array.from({ length: 5 }, (_, index) => `cold-cache-${index}`);
      const results = await Promise.all(
        names.map((displayName) =>
          call('createGroup', { displayName }, { connection: proxy.connection, handler: fresh }),
        ),
      );
      expect(results.every((result) => result.success)).toBe(true);
      expect(proxy.seen.filter((request) => request.startsWith('GET /v2/ServiceProviderConfig'))).toHaveLength(1);
      expect(proxy.seen.filter((request) => request.startsWith('POST /v2/Groups'))).toHaveLength(5);
    } finally {
      await proxy.close();
    }
  });
});
