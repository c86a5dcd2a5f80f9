import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startScim2Server, type RunningScim2Server } from '../../../scripts/local/scim2-server.js';
import { useRunStack } from '../../support/run-stack.js';
import { hasStatus, waitForRun } from '../../support/runs.js';
import { createUserWithToken } from '../../support/users.js';
import { createActive, definition, end, start, step } from '../../support/workflows.js';

// A workflow's connector steps reach the scim handler with the connector's account links: the
// account created in one step is found through the link by the next.

const INSTALL_TIMEOUT_MS = 300_000;
const stack = useRunStack({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' } });
let server: RunningScim2Server;
let admin: string;

beforeAll(async () => {
  server = await startScim2Server();
  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
  const created = await stack.api.request('POST', '/api/connectors', {
    token: admin,
    body: {
      name: 'app',
      type: 'scim',
      config: { baseUrl: server.baseUrl, authentication: 'bearer' },
      secrets: { bearerToken: server.token },
    },
  });
  if (created.status !== 201) throw new Error(`connector: ${created.status} ${created.text}`);
}, INSTALL_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

/** A plain HTTP request to the SCIM server, bypassing the handler. */
async function scim(path: string, init: { method?: string; body?: unknown } = {}): Promise<Record<string, any>> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/scim+json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await response.json()) as Record<string, any>;
}

const call = (id: string, command: string, parameters: Record<string, unknown>, next: string, output?: string) =>
  step(
    id,
    'connector',
    { connector: 'app', command, parameters, ...(output ? { outputVariable: output } : {}) },
    {
      success: next,
    },
  );

describe('scim commands in workflow runs keep and use account links', () => {
  it('creates the account, then adds it to a group by the Flowgate user id', async () => {
    const person = await stack.database.db.user.create({
      data: { email: 'joiner@acme.test', displayName: 'Jo Iner', department: 'Support' },
    });
    const workflow = await createActive(
      stack.api,
      admin,
      definition(
        `scim joiner ${Date.now()}`,
        [
          start('create'),
          call('create', 'createUser', { userId: '{{person}}' }, 'group', 'account'),
          call('group', 'createGroup', { displayName: 'support-team' }, 'add', 'team'),
          call('add', 'addToGroup', { group: '{{team.id}}', user: '{{person}}' }, 'end'),
          end(),
        ],
        { variables: [{ name: 'person', type: 'string', required: true }] },
      ),
    );
    const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
      token: admin,
      body: { variables: { person: person.id } },
    });
    expect(started.status).toBe(201);
    await waitForRun(stack.api, admin, started.body.id, hasStatus('completed'));

    const users = await scim(`/Users?filter=${encodeURIComponent('userName eq "joiner@acme.test"')}`);
    expect(users.Resources).toHaveLength(1);
    const account = users.Resources[0];
    expect(account).toMatchObject({ externalId: person.id, displayName: 'Jo Iner' });
    const link = await stack.database.db.connectorAccountLink.findFirst({ where: { userId: person.id } });
    expect(link).toMatchObject({ remoteId: account.id, remoteName: 'joiner@acme.test' });
    const groups = await scim(`/Groups?filter=${encodeURIComponent('displayName eq "support-team"')}`);
    expect(groups.Resources[0].members).toEqual([{ value: account.id }]);
  });
});

describe('entitlements provision through the scim connector with the account link', () => {
  it('a role grant adds the linked account to the group, and the revoke removes it', async () => {
    const post = (path: string, body: unknown) => scim(path, { method: 'POST', body });
    const membersOf = async (group: string) => (await scim(`/Groups/${group}`)).members ?? [];
    // The account exists in the application and is linked to the user (as createUser leaves it).
    const person = await stack.database.db.user.create({ data: { email: 'mover@acme.test', displayName: 'Mo Ver' } });
    const account = await post('/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'mover@acme.test',
    });
    const connector = await stack.database.db.connector.findUniqueOrThrow({ where: { name: 'app' } });
    await stack.database.db.connectorAccountLink.create({
      data: { connectorId: connector.id, userId: person.id, remoteId: account.id, remoteName: 'mover@acme.test' },
    });
    const group = await post('/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'vpn',
    });

    const request = (method: string, path: string, body?: unknown) =>
      stack.api.request(method, path, { token: admin, body });
    const parameters = { group: group.id, user: '{{user.id}}' };
    expect(
      (
        await request('POST', '/api/entitlements', {
          name: 'app-vpn',
          connector: 'app',
          provisionConfig: { command: 'addToGroup', parameters },
          deprovisionConfig: { command: 'removeFromGroup', parameters },
        })
      ).status,
    ).toBe(201);
    const role = (await request('POST', '/api/roles', { name: 'VPN user', entitlements: ['app-vpn'] })).body;

    const granted = await request('POST', `/api/roles/${role.id}/assignments`, { userId: person.id });
    expect(granted.body.status).toBe('granted');
    expect(await membersOf(group.id)).toEqual([{ value: account.id }]);

    const revoked = await request('DELETE', `/api/roles/${role.id}/assignments/${person.id}`);
    expect(revoked.body.status).toBe('revoked');
    expect(await membersOf(group.id)).toEqual([]);
  });
});
