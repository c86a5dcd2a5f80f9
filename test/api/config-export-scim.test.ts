import { beforeAll, describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';

// A scim connector in the configuration export: its type and the names of its secrets, never their
// values, and never its account links (they are state, not configuration).

const context = useTestApp();
let admin: string;
const TOKEN = 'scim-bearer-token-never-exported';
const REMOTE_ID = 'remote-account-2c81f0';

const call = (method: string, path: string, body?: unknown) =>
  context.api.request(method, path, { token: admin, body });

beforeAll(async () => {
  const { db } = context.database;
  admin = (await createUserWithToken(db, ['admin'])).token;
  const created = await call('POST', '/api/connectors', {
    name: 'app',
    type: 'scim',
    config: { baseUrl: 'https://app.example.test/scim/v2', authentication: 'bearer', unusedAccount: 'delete' },
    secrets: { bearerToken: TOKEN },
  });
  if (created.status !== 201) throw new Error(`connector: ${created.status} ${created.text}`);
  const person = await db.user.create({ data: { email: 'linked@example.test' } });
  await db.connectorAccountLink.create({
    data: { connectorId: created.body.id, userId: person.id, remoteId: REMOTE_ID, remoteName: 'linked@example.test' },
  });
  const parameters = { group: 'g-1', user: '{{user.id}}' };
  const entitlement = await call('POST', '/api/entitlements', {
    name: 'app-users',
    connector: 'app',
    provisionConfig: { command: 'addToGroup', parameters },
    deprovisionConfig: { command: 'removeFromGroup', parameters },
  });
  expect(entitlement.status).toBe(201);
});

describe('exporting a scim connector', () => {
  it('carries its type and secret names, without secrets or account links', async () => {
    const response = await call('POST', '/api/config/export', { entities: { entitlements: ['app-users'] } });
    expect(response.status).toBe(200);
    const [connector] = response.body.entities.connectors;
    expect(connector).toMatchObject({ name: 'app', type: 'scim', secretKeys: ['bearerToken'] });
    expect(Object.keys(connector.configSchema.commands)).toEqual(
      expect.arrayContaining(['createUser', 'addToGroup', 'removeFromGroup', 'deactivateUser']),
    );
    expect(response.body.entities.entitlements).toEqual([
      expect.objectContaining({ name: 'app-users', connector: 'app' }),
    ]);
    expect(response.text).not.toContain(TOKEN);
    expect(response.text).not.toContain(REMOTE_ID);
    expect(response.text).not.toMatch(/linked@example\.test|accountLink|sealedSecrets/i);
  });
});
