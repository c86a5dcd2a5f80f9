import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createDatabase, type Database } from '../../src/db/client.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { scimRequest } from '../support/scim.js';

/** A localhost port nothing listens on: connecting to it is refused at once. */
async function refusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('SCIM authentication while the database is unavailable', () => {
  let db: Database;
  let api: TestApp;
  beforeAll(async () => {
    db = createDatabase(`postgresql://flowgate:secret@127.0.0.1:${await refusedPort()}/flowgate`);
    api = await startTestApp({ db });
  });
  afterAll(async () => {
    await api.close();
    await db.$disconnect();
  });

  it('answers 503 with a generic detail, not 401 with the database message', async () => {
    const token = `scim_0123456789ab_${'A'.repeat(43)}`;
    const response = await scimRequest(api, 'GET', '/Users', token);
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toContain('application/scim+json');
    expect(response.headers.get('www-authenticate')).toBeNull();
    expect(response.body).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '503',
      detail: 'The service is temporarily unavailable; retry later',
    });
    expect(response.text).not.toMatch(/reach|database|127\.0\.0\.1|prisma/i);
    expect(api.logs).toContainEqual(expect.objectContaining({ msg: 'SCIM request failed', path: '/scim/v2/Users' }));
  });

  it('still refuses a malformed or missing credential with 401 before touching the database', async () => {
    expect((await scimRequest(api, 'GET', '/Users', 'scim_short')).status).toBe(401);
    expect((await api.request('GET', '/scim/v2/Users')).status).toBe(401);
  });
});
