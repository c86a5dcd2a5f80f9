import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createIdpAdminHandler } from '../../../src/connectors/builtin/idp-admin/index.js';
import { type ConnectorHandler, type ConnectorResult, type ListedResource } from '../../../src/connectors/handler.js';
import { LIST_COMMAND_PARAMETERS } from '../../../src/connectors/list-command-parameters.js';
import { startFakeKeycloak, type FakeKeycloak } from '../../support/fake-keycloak.js';

const ALLOWED = ['127.0.0.1/32'];
let keycloak: FakeKeycloak;
let connection: Record<string, unknown>;
let handler: ConnectorHandler;
const userIds: string[] = [];
const groupIds: string[] = [];

beforeAll(async () => {
  keycloak = await startFakeKeycloak({ clientSecret: 'kc-client-secret-0042' });
  connection = {
    baseUrl: keycloak.baseUrl,
    realm: keycloak.realm,
    clientId: keycloak.clientId,
    clientSecret: keycloak.clientSecret,
  };
  handler = createIdpAdminHandler({ allowedNetworks: ALLOWED });
  const people = [
    { username: 'ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test' },
    { username: 'alan', firstName: 'Alan', lastName: 'Turing', email: 'alan@acme.test' },
    { username: 'grace', firstName: 'Grace', lastName: 'Hopper', email: 'grace@acme.test' },
    { username: 'edsger', email: 'edsger@acme.test' },
    { username: 'barbara', firstName: 'Barbara', lastName: 'Liskov' },
    { username: 'ken', attributes: { department: ['unix'] }, federationLink: 'ldap-main' },
    { username: 'dennis' },
  ];
  for (const person of people)
    userIds.push(keycloak.addUser({ ...person, createdTimestamp: Date.parse('2020-01-01T00:00:00Z') }));
  for (const name of ['admins', 'developers', 'finance', 'ops', 'support'])
    groupIds.push(keycloak.addGroup(name, { costCenter: [`cc-${name}`] }));
  for (const role of ['auditor', 'approver', 'operator']) keycloak.addRealmRole(role);
});

afterAll(async () => {
  await keycloak.close();
});

function call(
  command: string,
  parameters: Record<string, unknown> = {},
  options: { handler?: ConnectorHandler; connection?: Record<string, unknown> } = {},
): Promise<ConnectorResult> {
  return (options.handler ?? handler).execute(
    {
      config: { command, parameters, connection: options.connection ?? connection },
      variables: {},
      stepId: 's1',
      instanceId: 'test',
    },
    { signal: new AbortController().signal },
  );
}

/** Every resource of a list command, page by page, with the number of pages. */
async function walk(command: string, parameters: Record<string, unknown>) {
  const resources: ListedResource[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const result = await call(command, cursor === undefined ? parameters : { ...parameters, cursor });
    expect(result.success).toBe(true);
    resources.push(...result.payload!.resources);
    cursor = result.payload!.nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(50);
  } while (cursor !== undefined);
  return { resources, pages };
}

describe('test reads the realm', () => {
  it('succeeds with the realm name', async () => {
    expect(await call('test')).toEqual({
      success: true,
      data: { realm: 'acme', id: 'acme-id', displayName: 'Acme', enabled: true },
    });
  });

  it('an unknown realm is not_found', async () => {
    const result = await call('test', {}, { connection: { ...connection, realm: 'nope' } });
    // Keycloak answers 404 already at the token endpoint of a realm it does not have.
    expect(result).toEqual(
      expect.objectContaining({
        success: false,
        code: 'not_found',
        error: expect.stringContaining('Realm does not exist'),
      }),
    );
  });
});

describe('group membership', () => {
  it('addToGroup makes the user a member, and repeating it changes nothing', async () => {
    const [userId, groupId] = [userIds[0]!, groupIds[1]!];
    expect(await call('addToGroup', { userId, groupId })).toEqual({
      success: true,
      data: { userId, groupId, changed: true },
    });
    expect(keycloak.isMember(userId, groupId)).toBe(true);
    expect(await call('addToGroup', { userId, groupId })).toEqual({
      success: true,
      data: { userId, groupId, changed: false },
    });
    expect(keycloak.isMember(userId, groupId)).toBe(true);
  });

  it('removeFromGroup ends the membership, and repeating it changes nothing', async () => {
    const [userId, groupId] = [userIds[1]!, groupIds[2]!];
    keycloak.addMember(userId, groupId);
    expect(await call('removeFromGroup', { userId, groupId })).toEqual({
      success: true,
      data: { userId, groupId, changed: true },
    });
    expect(keycloak.isMember(userId, groupId)).toBe(false);
    expect(await call('removeFromGroup', { userId, groupId })).toEqual({
      success: true,
      data: { userId, groupId, changed: false },
    });
  });

  it('an unknown user or group is not_found', async () => {
    const unknownGroup = await call('addToGroup', { userId: userIds[0]!, groupId: 'no-such-group' });
    expect(unknownGroup).toEqual(
      expect.objectContaining({ success: false, code: 'not_found', error: expect.stringContaining('Group not found') }),
    );
    const unknownUser = await call('removeFromGroup', { userId: 'no-such-user', groupId: groupIds[0]! });
    expect(unknownUser).toEqual(
      expect.objectContaining({ success: false, code: 'not_found', error: expect.stringContaining('User not found') }),
    );
  });

  it('missing parameters are refused before Keycloak is called', async () => {
    const before = keycloak.adminRequests.length;
    expect(await call('addToGroup', { userId: userIds[0]! })).toEqual(
      expect.objectContaining({ success: false, code: 'invalid_parameters' }),
    );
    expect(keycloak.adminRequests.length).toBe(before);
  });
});

describe('ids that would leave their path segment', () => {
  it.each([
    ['removeFromGroup', { userId: '..', groupId: 'any-group' }],
    ['addToGroup', { userId: '.', groupId: 'any-group' }],
    ['deleteUser', { userId: '..' }],
    ['unlinkExternalIdentity', { userId: 'any-user', provider: '..' }],
  ])('%s with %j is refused before Keycloak is called', async (command, parameters) => {
    // `..` survives encodeURIComponent, and the URL parser would resolve it: removeFromGroup
    // would have sent DELETE /groups/<group id>, deleting the group.
    const before = keycloak.adminRequests.length;
    expect(await call(command, parameters)).toEqual(
      expect.objectContaining({
        success: false,
        code: 'invalid_parameters',
        error: expect.stringContaining('must not be . or ..'),
      }),
    );
    expect(keycloak.adminRequests.length).toBe(before);
  });
});

describe('list commands page through the realm', () => {
  it('listUsers walks every page with a small page size', async () => {
    const { resources, pages } = await walk('listUsers', { pageSize: 3 });
    const live = userIds.filter((id) => keycloak.hasUser(id));
    expect(resources).toHaveLength(live.length);
    expect(new Set(resources.map((resource) => resource.externalId))).toEqual(new Set(live));
    expect(pages).toBe(Math.floor(live.length / 3) + 1);
    const pageRequests = keycloak.adminRequests.filter((request) => request.path.endsWith('/users')).slice(-pages);
    expect(pageRequests.map((request) => request.query.first)).toEqual(
      Array.from({ length: pages }, (_, page) => String(page * 3)),
    );
    expect(pageRequests.every((request) => request.query.max === '3')).toBe(true);
  });

  it('maps users to resources', async () => {
    const { resources } = await walk('listUsers', { filter: { search: 'ada' } });
    expect(resources).toEqual([
      {
        externalId: userIds[0],
        displayName: 'ada',
        email: 'ada@acme.test',
        attributes: {
          username: 'ada',
          firstName: 'Ada',
          lastName: 'Lovelace',
          enabled: true,
          emailVerified: false,
          createdTimestamp: Date.parse('2020-01-01T00:00:00Z'),
          attributes: {},
          federationLink: null,
        },
      },
    ]);
    const ken = (await walk('listUsers', { filter: { search: 'ken' } })).resources[0]!;
    expect(ken.attributes).toEqual(
      expect.objectContaining({ attributes: { department: ['unix'] }, federationLink: 'ldap-main' }),
    );
    expect(ken.email).toBeNull();
  });

  it('the search filter is passed on as search=', async () => {
    const { resources } = await walk('listUsers', { filter: { search: 'acme.test' }, pageSize: 2 });
    expect(resources.map((resource) => resource.displayName).sort()).toEqual(['ada', 'alan', 'edsger', 'grace']);
    expect(keycloak.adminRequests.at(-1)?.query.search).toBe('acme.test');
  });

  it('modifiedSince keeps users created since then (Keycloak has no modification time)', async () => {
    const newcomer = keycloak.addUser({ username: 'zoe', createdTimestamp: Date.parse('2025-06-01T00:00:00Z') });
    userIds.push(newcomer);
    const { resources } = await walk('listUsers', { modifiedSince: '2025-01-01T00:00:00Z', pageSize: 2 });
    expect(resources.map((resource) => resource.externalId)).toEqual([newcomer]);
  });

  it('reports a disabled user as attributes.enabled false, the attribute sync reads (docs/connectors.md)', async () => {
    const disabled = keycloak.addUser({ username: 'dora', email: 'dora@acme.test', enabled: false });
    userIds.push(disabled);
    const { resources } = await walk('listUsers', { filter: { search: 'dora' } });
    expect(resources.map((resource) => [resource.externalId, resource.attributes.enabled])).toEqual([
      [disabled, false],
    ]);
  });

  it('listGroups walks every page and maps groups', async () => {
    const { resources, pages } = await walk('listGroups', { pageSize: 2 });
    expect(resources).toHaveLength(groupIds.length);
    expect(pages).toBe(3);
    expect(resources.find((resource) => resource.displayName === 'finance')).toEqual({
      externalId: groupIds[2],
      displayName: 'finance',
      email: null,
      attributes: { path: '/finance', subGroupCount: 0, attributes: { costCenter: ['cc-finance'] } },
    });
    const searched = await walk('listGroups', { filter: { search: 'dev' } });
    expect(searched.resources.map((resource) => resource.displayName)).toEqual(['developers']);
  });

  it('listRoles walks every page of realm roles and maps them', async () => {
    const { resources, pages } = await walk('listRoles', { pageSize: 1 });
    expect(resources.map((resource) => resource.displayName)).toEqual(['approver', 'auditor', 'operator']);
    expect(pages).toBe(4);
    expect(resources[1]).toEqual({
      externalId: expect.any(String),
      displayName: 'auditor',
      email: null,
      attributes: { description: null, composite: false, clientRole: false },
    });
    const searched = await walk('listRoles', { filter: { search: 'oper' } });
    expect(searched.resources.map((resource) => resource.displayName)).toEqual(['operator']);
  });

  it('a page exactly as long as the page size is followed by an empty last page', async () => {
    const first = await call('listGroups', { pageSize: 5 });
    expect(first.payload?.resources).toHaveLength(5);
    const last = await call('listGroups', { pageSize: 5, cursor: first.payload!.nextCursor });
    expect(last).toEqual({ success: true, payload: { resources: [] } });
  });

  it('a cursor it did not issue, or an unknown filter, is refused', async () => {
    expect((await call('listUsers', { cursor: 'garbage' })).code).toBe('invalid_parameters');
    expect((await call('listUsers', { filter: { department: 'x' } })).code).toBe('invalid_parameters');
  });
});

describe('provisioning commands', () => {
  it('deleteUser deletes, and deleting again reports changed: false', async () => {
    const userId = keycloak.addUser({ username: 'leaver' });
    expect(await call('deleteUser', { userId })).toEqual({ success: true, data: { userId, changed: true } });
    expect(keycloak.hasUser(userId)).toBe(false);
    expect(await call('deleteUser', { userId })).toEqual({ success: true, data: { userId, changed: false } });
  });

  it('removeRoles removes the named realm roles it holds and reports the others', async () => {
    const userId = keycloak.addUser({ username: 'mover' });
    keycloak.grantRealmRole(userId, 'auditor');
    keycloak.grantRealmRole(userId, 'operator');
    expect(await call('removeRoles', { userId, roles: ['auditor', 'approver'] })).toEqual({
      success: true,
      data: { userId, removed: ['auditor'], notAssigned: ['approver'], changed: true },
    });
    expect(keycloak.realmRolesOf(userId)).toEqual(['operator']);
    expect(await call('removeRoles', { userId, roles: ['auditor'] })).toEqual({
      success: true,
      data: { userId, removed: [], notAssigned: ['auditor'], changed: false },
    });
    expect((await call('removeRoles', { userId: 'no-such-user', roles: ['auditor'] })).code).toBe('not_found');
  });

  it('unlinkExternalIdentity removes the link, and unlinking again reports changed: false', async () => {
    const userId = keycloak.addUser({ username: 'linked' });
    keycloak.linkIdentity(userId, 'google', 'g-123');
    keycloak.linkIdentity(userId, 'github', 'gh-9');
    expect(await call('unlinkExternalIdentity', { userId, provider: 'google' })).toEqual({
      success: true,
      data: { userId, provider: 'google', changed: true },
    });
    expect(keycloak.identityProvidersOf(userId)).toEqual(['github']);
    expect(await call('unlinkExternalIdentity', { userId, provider: 'google' })).toEqual({
      success: true,
      data: { userId, provider: 'google', changed: false },
    });
    expect((await call('unlinkExternalIdentity', { userId: 'no-such-user', provider: 'google' })).code).toBe(
      'not_found',
    );
  });
});

describe('access tokens', () => {
  it('one token serves several calls', async () => {
    const fresh = createIdpAdminHandler({ allowedNetworks: ALLOWED });
    const before = keycloak.tokenRequests;
    for (const command of ['test', 'listGroups', 'listUsers', 'test'])
      expect((await call(command, {}, { handler: fresh })).success).toBe(true);
    await Promise.all([call('test', {}, { handler: fresh }), call('test', {}, { handler: fresh })]);
    expect(keycloak.tokenRequests - before).toBe(1);
  });

  it('concurrent first calls share one token request', async () => {
    const fresh = createIdpAdminHandler({ allowedNetworks: ALLOWED });
    const before = keycloak.tokenRequests;
    const results = await Promise.all([1, 2, 3].map(() => call('test', {}, { handler: fresh })));
    expect(results.every((result) => result.success)).toBe(true);
    expect(keycloak.tokenRequests - before).toBe(1);
  });

  it('a 401 from the Admin API renews the token once and retries', async () => {
    const fresh = createIdpAdminHandler({ allowedNetworks: ALLOWED });
    expect((await call('test', {}, { handler: fresh })).success).toBe(true);
    const before = keycloak.tokenRequests;
    keycloak.revokeTokens();
    expect((await call('test', {}, { handler: fresh })).success).toBe(true);
    expect(keycloak.tokenRequests - before).toBe(1);
  });

  it('a token is renewed shortly before it expires', async () => {
    let clock = Date.now();
    const fresh = createIdpAdminHandler({ allowedNetworks: ALLOWED, now: () => clock });
    const before = keycloak.tokenRequests;
    expect((await call('test', {}, { handler: fresh })).success).toBe(true);
    clock += 250_000; // 50 s before the 300 s expiry: still cached.
    expect((await call('test', {}, { handler: fresh })).success).toBe(true);
    expect(keycloak.tokenRequests - before).toBe(1);
    clock += 30_000; // 20 s before expiry: inside the renewal margin.
    expect((await call('test', {}, { handler: fresh })).success).toBe(true);
    expect(keycloak.tokenRequests - before).toBe(2);
  });

  it('a wrong client secret fails without the secret in the result', async () => {
    const wrongSecret = 'kc-wrong-secret-7777';
    const result = await call('test', {}, { connection: { ...connection, clientSecret: wrongSecret } });
    expect(result).toEqual({
      success: false,
      code: 'authentication_failed',
      error: expect.stringContaining('HTTP 401 (unauthorized_client: Invalid client or Invalid client credentials)'),
    });
    expect(JSON.stringify(result)).not.toContain(wrongSecret);
  });

  it('no result carries the client secret or an access token', async () => {
    const results = [
      await call('test'),
      await call('listUsers', { pageSize: 2 }),
      await call('deleteUser', { userId: 'no-such-user' }),
      await call('addToGroup', { userId: 'no-such-user', groupId: 'g' }),
    ];
    const text = JSON.stringify(results);
    expect(text).not.toContain(keycloak.clientSecret);
    expect(text).not.toMatch(/Bearer/i);
  });
});

describe('the handler is guarded and self-describing', () => {
  it('without the allow-list the local Keycloak is refused', async () => {
    const before = keycloak.tokenRequests;
    const result = await call('test', {}, { handler: createIdpAdminHandler() });
    expect(result).toEqual(expect.objectContaining({ success: false, code: 'destination_refused' }));
    expect(keycloak.tokenRequests).toBe(before);
  });

  it('incomplete connection settings are a configuration failure', async () => {
    const result = await call('test', {}, { connection: { baseUrl: keycloak.baseUrl, realm: 'acme' } });
    expect(result).toEqual(expect.objectContaining({ success: false, code: 'invalid_configuration' }));
  });

  it('commands declare idempotency and sync capability', () => {
    expect(handler.name).toBe('idp-admin');
    expect(Object.keys(handler.commands).sort()).toEqual(
      [
        'addToGroup',
        'deleteUser',
        'listGroups',
        'listRoles',
        'listUsers',
        'removeFromGroup',
        'removeRoles',
        'test',
        'unlinkExternalIdentity',
      ].sort(),
    );
    for (const spec of Object.values(handler.commands)) expect(spec.idempotent).toBe(true);
    for (const name of ['listUsers', 'listGroups', 'listRoles']) {
      expect(handler.commands[name]!.syncCapable).toBe(true);
      expect(handler.commands[name]!.parameters).toBe(LIST_COMMAND_PARAMETERS);
    }
  });
});
