import { describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { createScimClient, scimFixture, scimRequest, unique } from '../support/scim.js';
import { createUserWithToken } from '../support/users.js';

// RFC 7644 behaviour found missing by scim2-tester (docs/scim.md "Compliance").
const context = useTestApp();
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const SEARCH = 'urn:ietf:params:scim:api:messages:2.0:SearchRequest';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

async function newClient() {
  const { token } = await createUserWithToken(context.database.db, ['admin']);
  return createScimClient(context.api, token);
}

async function entraUser(token: string) {
  const body = scimFixture('entra-create-user', {
    userName: unique('Test_User'),
    email: `${unique('entra')}@example.test`,
  }) as Record<string, unknown>;
  const response = await scimRequest(context.api, 'POST', '/Users', token, { ...body, externalId: unique('ext') });
  expect(response.status).toBe(201);
  return response.body as Record<string, unknown> & { id: string };
}

describe('discovery endpoints answer only GET (RFC 7644 4)', () => {
  it.each([
    '/ServiceProviderConfig',
    '/ResourceTypes',
    '/Schemas',
    '/Schemas/urn:ietf:params:scim:schemas:core:2.0:User',
  ])('POST, PUT, PATCH and DELETE %s are 405 SCIM errors with Allow: GET', async (route) => {
    const client = await newClient();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const response = await scimRequest(context.api, method, route, client.token, { schemas: [PATCH_OP] });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toContain('GET');
      expect(response.body).toEqual(
        expect.objectContaining({
          schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
          status: '405',
          detail: expect.stringContaining(`${method} is not allowed`),
        }),
      );
    }
  });

  it('keeps 404 for paths that do not exist under any method', async () => {
    const client = await newClient();
    const response = await scimRequest(context.api, 'POST', `/${unique('nowhere')}`, client.token, { a: 1 });
    expect(response.status).toBe(404);
    expect(response.body.status).toBe('404');
  });
});

describe('PATCH remove of active and of the enterprise extension (RFC 7644 3.5.2.2)', () => {
  it('refuses to remove active with 400 mutability: an account is active or not', async () => {
    const client = await newClient();
    const { id } = await entraUser(client.token);
    for (const operation of [
      { op: 'remove', path: 'active' },
      { op: 'replace', path: 'active', value: null },
    ]) {
      const response = await scimRequest(context.api, 'PATCH', `/Users/${id}`, client.token, {
        schemas: [PATCH_OP],
        Operations: [operation],
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(
        expect.objectContaining({
          scimType: 'mutability',
          detail: 'active cannot be removed; replace it with true or false',
        }),
      );
    }
    expect((await context.database.db.user.findUniqueOrThrow({ where: { id } })).active).toBe(true);
  });

  it('removes the whole enterprise extension by its URN, and replaces it with a value object', async () => {
    const client = await newClient();
    const { id } = await entraUser(client.token);
    const removed = await scimRequest(context.api, 'PATCH', `/Users/${id}`, client.token, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: ENTERPRISE }],
    });
    expect(removed.status).toBe(200);
    expect(removed.body).not.toHaveProperty([ENTERPRISE]);
    expect(removed.body.schemas).toEqual(['urn:ietf:params:scim:schemas:core:2.0:User']);
    const fetched = await scimRequest(context.api, 'GET', `/Users/${id}`, client.token);
    expect(fetched.body).not.toHaveProperty([ENTERPRISE]);

    const replaced = await scimRequest(context.api, 'PATCH', `/Users/${id}`, client.token, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: ENTERPRISE, value: { costCenter: 'CC-7', unknownAttribute: 'dropped' } }],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body[ENTERPRISE]).toEqual({ costCenter: 'CC-7' });
  });
});

describe('POST /Users/.search and /Groups/.search (RFC 7644 3.4.3)', () => {
  it('answers a SearchRequest like the GET query: filter, paging and attributes', async () => {
    const client = await newClient();
    const first = await entraUser(client.token);
    await entraUser(client.token);
    const filtered = await scimRequest(context.api, 'POST', '/Users/.search', client.token, {
      schemas: [SEARCH],
      filter: `externalId eq "${String(first.externalId)}"`,
      attributes: ['userName'],
    });
    expect(filtered.status).toBe(200);
    expect(filtered.headers.get('content-type')).toContain('application/scim+json');
    expect(filtered.body).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 1,
      Resources: [{ schemas: first.schemas, id: first.id, userName: first.userName }],
    });
    const paged = await scimRequest(context.api, 'POST', '/Users/.search', client.token, {
      schemas: [SEARCH],
      startIndex: 2,
      count: 1,
      excludedAttributes: ['emails'],
    });
    expect(paged.body).toEqual(expect.objectContaining({ totalResults: 2, startIndex: 2, itemsPerPage: 1 }));
    expect(paged.body.Resources[0]).not.toHaveProperty('emails');
    const invalid = await scimRequest(context.api, 'POST', '/Users/.search', client.token, {
      schemas: [SEARCH],
      filter: 'userName co "a"',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.scimType).toBe('invalidFilter');
  });

  it('searches groups, and leaves members out when excluded', async () => {
    const client = await newClient();
    const user = await entraUser(client.token);
    const displayName = unique('Search Group');
    const group = await scimRequest(context.api, 'POST', '/Groups', client.token, {
      displayName,
      members: [{ value: user.id }],
    });
    expect(group.status).toBe(201);
    const response = await scimRequest(context.api, 'POST', '/Groups/.search', client.token, {
      schemas: [SEARCH],
      filter: `displayName eq "${displayName}"`,
      excludedAttributes: ['members'],
    });
    expect(response.status).toBe(200);
    expect(response.body.totalResults).toBe(1);
    expect(response.body.Resources[0]).toEqual(expect.objectContaining({ id: group.body.id, displayName }));
    expect(response.body.Resources[0]).not.toHaveProperty('members');
  });

  it('refuses a malformed SearchRequest with 400 invalidSyntax, and a root /.search with 501', async () => {
    const client = await newClient();
    const malformed = await scimRequest(context.api, 'POST', '/Users/.search', client.token, {
      schemas: [SEARCH],
      attributes: 'userName',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.scimType).toBe('invalidSyntax');
    const root = await scimRequest(context.api, 'POST', '/.search', client.token, { schemas: [SEARCH] });
    expect(root.status).toBe(501);
    expect(root.body).toEqual(expect.objectContaining({ status: '501' }));
  });
});
