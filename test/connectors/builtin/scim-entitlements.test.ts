import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startScim2Server, type RunningScim2Server } from '../../../scripts/local/scim2-server.js';
import { useRunStack } from '../../support/run-stack.js';
import { hasStatus, waitForRun } from '../../support/runs.js';
import { createUserWithToken } from '../../support/users.js';
import { createActive, definition, end, start, step } from '../../support/workflows.js';

// Entitlements on a scim connector keep the user's account: a grant creates it before adding the
// membership, a revoke of the last entitlement there deactivates (or deletes) it. The server's
// state is read with plain HTTP, not through the handler.

const INSTALL_TIMEOUT_MS = 300_000;
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const stack = useRunStack({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' } });
let server: RunningScim2Server;
let admin: string;

const request = (method: string, path: string, body?: unknown) =>
  stack.api.request(method, path, { token: admin, body });

async function scim(path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/scim+json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, any> };
}

const accountsNamed = async (userName: string) =>
  (await scim(`/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`)).body.Resources ?? [];
const membersOf = async (group: string) => (await scim(`/Groups/${group}`)).body.members ?? [];

async function newGroup(displayName: string): Promise<string> {
  const created = await scim('/Groups', {
    method: 'POST',
    body: { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName },
  });
  return created.body.id;
}

async function newConnector(name: string, config: Record<string, unknown> = {}) {
  const created = await request('POST', '/api/connectors', {
    name,
    type: 'scim',
    config: { baseUrl: server.baseUrl, authentication: 'bearer', ...config },
    secrets: { bearerToken: server.token },
  });
  if (created.status !== 201) throw new Error(`connector: ${created.status} ${created.text}`);
}

/** A role whose one entitlement puts its holder in `group` of `connector`. */
async function groupRole(connector: string, group: string, name: string) {
  const parameters = { group, user: '{{user.id}}' };
  const entitlement = await request('POST', '/api/entitlements', {
    name: `${name}-entitlement`,
    connector,
    provisionConfig: { command: 'addToGroup', parameters },
    deprovisionConfig: { command: 'removeFromGroup', parameters },
  });
  expect(entitlement.status).toBe(201);
  const role = await request('POST', '/api/roles', { name, entitlements: [`${name}-entitlement`] });
  expect(role.status).toBe(201);
  return role.body as { id: string; name: string };
}

/** Runs a published one-step workflow and waits for it to complete. */
async function runStep(name: string, type: string, config: Record<string, unknown>) {
  const workflow = await createActive(
    stack.api,
    admin,
    definition(`${name} ${Date.now()}`, [start('only'), step('only', type, config, { success: 'end' }), end()]),
  );
  const started = await request('POST', `/api/workflows/${workflow.id}/start`, { variables: {} });
  expect(started.status).toBe(201);
  const run = await waitForRun(stack.api, admin, started.body.id, hasStatus('completed', 'failed'));
  expect(run.status).toBe('completed');
}

beforeAll(async () => {
  server = await startScim2Server();
  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
  await newConnector('app');
  await newConnector('wiki', { unusedAccount: 'delete' });
}, INSTALL_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

describe('a joiner, a mover and a leaver through a scim entitlement', () => {
  it('creates the account and the membership, updates the department, then removes both', async () => {
    const person = await stack.database.db.user.create({
      data: { email: 'joiner@acme.test', displayName: 'Jo Iner', department: 'Support' },
    });
    const group = await newGroup('support');
    const role = await groupRole('app', group, 'Support desk');

    // Joiner: the account does not exist; the grant creates it, then adds the membership.
    expect(await accountsNamed('joiner@acme.test')).toEqual([]);
    await runStep('grant', 'role_grant', { role: role.name, subject: person.id });
    const [account] = await accountsNamed('joiner@acme.test');
    expect(account).toMatchObject({ externalId: person.id, active: true, [ENTERPRISE]: { department: 'Support' } });
    expect(await membersOf(group)).toEqual([{ value: account.id }]);

    // Mover: a department change reaches the account through updateUser.
    const moved = await request('PATCH', `/api/users/${person.id}/profile`, { department: 'Sales' });
    expect(moved.status).toBe(200);
    await runStep('update', 'connector', {
      connector: 'app',
      command: 'updateUser',
      parameters: { userId: person.id },
    });
    expect((await scim(`/Users/${account.id}`)).body).toMatchObject({
      active: true,
      [ENTERPRISE]: { department: 'Sales' },
    });

    // Leaver: the revoke removes the membership and deactivates the account (kept, and linked).
    await runStep('revoke', 'role_revoke', { role: role.name, subject: person.id });
    expect(await membersOf(group)).toEqual([]);
    expect((await scim(`/Users/${account.id}`)).body).toMatchObject({ active: false });
    const assignment = await stack.database.db.roleAssignment.findFirstOrThrow({ where: { userId: person.id } });
    expect(assignment.status).toBe('revoked');
    expect(assignment.results).toEqual([
      expect.objectContaining({ action: 'deprovision', success: true }),
      { entitlement: 'Support desk-entitlement', connector: 'app', action: 'deactivate_account', success: true },
    ]);
    expect(await stack.database.db.connectorAccountLink.count({ where: { userId: person.id } })).toBe(1);

    // Granted again, the same account is reactivated rather than a second one created.
    await runStep('grant again', 'role_grant', { role: role.name, subject: person.id });
    expect(await accountsNamed('joiner@acme.test')).toEqual([
      expect.objectContaining({ id: account.id, active: true }),
    ]);
    expect(await membersOf(group)).toEqual([{ value: account.id }]);
  });
});

describe('the account is retired only when the user holds nothing else in the application', () => {
  it('keeps the account active while another role grants an entitlement of the same connector', async () => {
    const person = await stack.database.db.user.create({
      data: { email: 'two.roles@acme.test', displayName: 'Two Roles' },
    });
    const first = await groupRole('app', await newGroup('first'), 'First app role');
    const second = await groupRole('app', await newGroup('second'), 'Second app role');
    for (const role of [first, second])
      expect((await request('POST', `/api/roles/${role.id}/assignments`, { userId: person.id })).body.status).toBe(
        'granted',
      );
    const [account] = await accountsNamed('two.roles@acme.test');

    const revokedFirst = await request('DELETE', `/api/roles/${first.id}/assignments/${person.id}`);
    expect(revokedFirst.body).toMatchObject({ status: 'revoked', results: [{ action: 'deprovision', success: true }] });
    expect(revokedFirst.body.results).toHaveLength(1);
    expect((await scim(`/Users/${account.id}`)).body.active).toBe(true);

    const revokedSecond = await request('DELETE', `/api/roles/${second.id}/assignments/${person.id}`);
    expect(revokedSecond.body.results.at(-1)).toMatchObject({ action: 'deactivate_account', success: true });
    expect((await scim(`/Users/${account.id}`)).body.active).toBe(false);
  });

  it('deletes the account and its link on a connector set to unusedAccount delete', async () => {
    const person = await stack.database.db.user.create({
      data: { email: 'wiki.user@acme.test', displayName: 'Wi Ki' },
    });
    const role = await groupRole('wiki', await newGroup('editors'), 'Wiki editor');
    expect((await request('POST', `/api/roles/${role.id}/assignments`, { userId: person.id })).body.status).toBe(
      'granted',
    );
    const [account] = await accountsNamed('wiki.user@acme.test');

    const revoked = await request('DELETE', `/api/roles/${role.id}/assignments/${person.id}`);
    expect(revoked.body.results.at(-1)).toMatchObject({ action: 'delete_account', success: true });
    expect((await scim(`/Users/${account.id}`)).status).toBe(404);
    expect(await stack.database.db.connectorAccountLink.count({ where: { userId: person.id } })).toBe(0);
  });

  it('a revoke whose account step fails stays active, and its retry removes and deactivates again', async () => {
    const person = await stack.database.db.user.create({ data: { email: 'retry@acme.test', displayName: 'Re Try' } });
    await newConnector('crm');
    const group = await newGroup('retry');
    const role = await groupRole('crm', group, 'Retry role');
    expect((await request('POST', `/api/roles/${role.id}/assignments`, { userId: person.id })).body.status).toBe(
      'granted',
    );
    const [account] = await accountsNamed('retry@acme.test');
    // A setting no API call would store (a hand edit of the row) makes the account step fail.
    const connectors = stack.database.db.connector;
    const crm = await connectors.findUniqueOrThrow({ where: { name: 'crm' } });
    const config = { ...(crm.config as Record<string, string>) };
    await connectors.update({ where: { id: crm.id }, data: { config: { ...config, unusedAccount: 'archive' } } });

    const failed = await request('DELETE', `/api/roles/${role.id}/assignments/${person.id}`);
    expect(failed.body.status).toBe('failed');
    expect(failed.body.results).toEqual([
      expect.objectContaining({ action: 'deprovision', success: true }),
      expect.objectContaining({
        action: 'deactivate_account',
        success: false,
        error: 'Connector crm: unusedAccount must be deactivate, delete or keep',
      }),
    ]);
    expect(await membersOf(group)).toEqual([]);
    expect((await scim(`/Users/${account.id}`)).body.active).toBe(true);
    const assignment = await stack.database.db.roleAssignment.findFirstOrThrow({ where: { userId: person.id } });
    expect(assignment.status).toBe('active');

    await connectors.update({ where: { id: crm.id }, data: { config } });
    const retried = await request('DELETE', `/api/roles/${role.id}/assignments/${person.id}`);
    expect(retried.body.status).toBe('revoked');
    expect(retried.body.results.map((outcome: { action: string }) => outcome.action)).toEqual([
      'deprovision',
      'deactivate_account',
    ]);
    expect((await scim(`/Users/${account.id}`)).body.active).toBe(false);
  });
});
