import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isPortOpen } from '../../scripts/local/free-port.js';
import { startScim2Server, type RunningScim2Server } from '../../scripts/local/scim2-server.js';

// The first run in a machine's life installs scim2-server into its virtual environment.
const INSTALL_TIMEOUT_MS = 300_000;

describe('scripts/local/scim2-server.ts runs the reference SCIM server on a loopback port', () => {
  let server: RunningScim2Server;
  beforeAll(async () => {
    server = await startScim2Server();
  }, INSTALL_TIMEOUT_MS);
  afterAll(() => server?.stop());

  it('serves its ServiceProviderConfig to the bearer token it was given, and refuses requests without it', async () => {
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2$/);
    const config = await fetch(`${server.baseUrl}/ServiceProviderConfig`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    expect(config.status).toBe(200);
    expect(await config.json()).toMatchObject({ patch: { supported: true }, etag: { supported: true } });
    const anonymous = await fetch(`${server.baseUrl}/Users`);
    expect(anonymous.status).toBe(401);
  });

  it('announces and obeys the capabilities it is started with', async () => {
    const limited = await startScim2Server({
      serviceProviderConfig: {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
        patch: { supported: false },
        bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
        filter: { supported: false, maxResults: 0 },
        changePassword: { supported: false },
        sort: { supported: false },
        etag: { supported: true },
      },
    });
    try {
      const headers = { authorization: `Bearer ${limited.token}`, 'content-type': 'application/scim+json' };
      const created = await fetch(`${limited.baseUrl}/Users`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'ann' }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const patched = await fetch(`${limited.baseUrl}/Users/${id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({
          schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
          Operations: [{ op: 'replace', path: 'active', value: false }],
        }),
      });
      expect(patched.status).toBe(501);
      const filtered = await fetch(`${limited.baseUrl}/Users?filter=${encodeURIComponent('userName eq "ann"')}`, {
        headers,
      });
      expect(filtered.status).toBe(501);
    } finally {
      await limited.stop();
    }
    expect(await isPortOpen(limited.port)).toBe(false);
  });
});
