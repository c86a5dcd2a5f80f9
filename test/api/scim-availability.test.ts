import { describe, expect, it } from '@jest/globals';
import { scimRequest } from '../support/scim.js';
import { useAppWithUnreachableDatabase } from '../support/unreachable-database.js';

describe('SCIM authentication while the database is unavailable', () => {
  const context = useAppWithUnreachableDatabase();

  it('answers 503 with a generic detail, not 401 with the database message', async () => {
    const token = `scim_0123456789ab_${'A'.repeat(43)}`;
    const response = await scimRequest(context.api, 'GET', '/Users', token);
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toContain('application/scim+json');
    expect(response.headers.get('www-authenticate')).toBeNull();
    expect(response.body).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '503',
      detail: 'The service is temporarily unavailable; retry later',
    });
    expect(response.text).not.toMatch(/reach|database|127\.0\.0\.1|prisma/i);
    expect(context.api.logs).toContainEqual(
      expect.objectContaining({ msg: 'SCIM request failed', path: '/scim/v2/Users' }),
    );
  });

  it('still refuses a malformed or missing credential with 401 before touching the database', async () => {
    expect((await scimRequest(context.api, 'GET', '/Users', 'scim_short')).status).toBe(401);
    expect((await context.api.request('GET', '/scim/v2/Users')).status).toBe(401);
  });
});
