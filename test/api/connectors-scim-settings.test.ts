import { beforeAll, describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';

// A scim connector's unusedAccount, capability overrides and mapping are checked when it is saved
// (docs/connectors-scim.md "Connection settings"), not first when an entitlement revoke reads them.
const context = useTestApp();
let admin: string;
const call = (method: string, path: string, body?: unknown) =>
  context.api.request(method, path, { token: admin, body });
const base = { baseUrl: 'https://app.example.com/scim/v2', authentication: 'bearer' };
let sequence = 0;
const name = () => `scim-settings-${(sequence += 1)}`;

beforeAll(async () => {
  admin = (await createUserWithToken(context.database.db, ['admin'])).token;
});

describe('POST and PUT /api/connectors refuse unusable scim settings with 400', () => {
  it.each([
    [{ unusedAccount: 'archive' }, 'config.unusedAccount', 'must be deactivate, delete or keep'],
    [{ unusedAccount: false }, 'config.unusedAccount', 'must be deactivate, delete or keep'],
    [{ capabilities: { patch: 'yes' } }, 'config.capabilities.patch', 'expected boolean'],
    [{ capabilities: { maxMembersPerPatch: 0 } }, 'config.capabilities.maxMembersPerPatch', '>=1'],
    [{ capabilities: { maxResults: 2.5 } }, 'config.capabilities.maxResults', 'expected int'],
    [{ capabilities: { pagination: true } }, 'config.capabilities.pagination', 'is not a capability override'],
    [{ capabilities: 'all' }, 'config.capabilities', 'expected object'],
    [{ mapping: { userName: 'nickname' } }, 'config.mapping', 'is neither a profile field'],
    [{ mapping: { userName: null } }, 'config.mapping', 'userName must be mapped'],
    [{ mapping: ['userName'] }, 'config.mapping', 'must map SCIM attribute paths'],
  ])('%j is 400 naming %s', async (settings, field, words) => {
    const created = await call('POST', '/api/connectors', {
      name: name(),
      type: 'scim',
      config: { ...base, ...settings },
    });
    expect([created.status, created.body.code, created.body.details]).toEqual([400, 'validation_failed', { field }]);
    expect(created.body.message).toContain(field);
    expect(created.body.message).toContain(words);

    const saved = await call('POST', '/api/connectors', { name: name(), type: 'scim', config: base });
    expect(saved.status).toBe(201);
    const updated = await call('PUT', `/api/connectors/${saved.body.id}`, { config: { ...base, ...settings } });
    expect([updated.status, updated.body.details]).toEqual([400, { field }]);
    expect((await call('GET', `/api/connectors/${saved.body.id}`)).body.config).toEqual(base);
  });

  it('saves every value the settings take', async () => {
    for (const unusedAccount of ['deactivate', 'delete', 'keep']) {
      const config = {
        ...base,
        unusedAccount,
        capabilities: {
          patch: false,
          filter: true,
          etag: true,
          cursor: false,
          maxMembersPerPatch: 50,
          maxResults: 200,
        },
        mapping: { userName: 'custom.login', title: null },
      };
      const created = await call('POST', '/api/connectors', { name: name(), type: 'scim', config });
      expect(created.status).toBe(201);
      expect(created.body.config).toEqual(config);
    }
  });
});
