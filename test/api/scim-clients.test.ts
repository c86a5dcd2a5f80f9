import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { startTestApp } from '../support/app.js';
import { startFakeIdentityProvider } from '../support/fake-identity-provider.js';
import { useTestApp } from '../support/app.js';
import { createScimClient, scimRequest, unique } from '../support/scim.js';
import { createUserWithToken } from '../support/users.js';

const context = useTestApp();
const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

describe('SCIM clients are managed by admins under /api, with the token shown once', () => {
  it('creates a client, stores only the hash, and lists it without secrets', async () => {
    const { token: adminToken, user } = await createUserWithToken(context.database.db, ['admin']);
    const name = unique('Entra');
    const created = await context.api.request('POST', '/api/scim-clients', { token: adminToken, body: { name } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual(expect.objectContaining({ name, enabled: true, createdBy: user.id }));
    expect(created.body.token).toMatch(/^scim_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);

    const row = await context.database.db.scimClient.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(row.tokenHash).toBe(createHash('sha256').update(created.body.token).digest('hex'));

    const listing = await context.api.request('GET', '/api/scim-clients', { token: adminToken });
    expect(listing.status).toBe(200);
    expect(listing.body.data.map((client: { name: string }) => client.name)).toContain(name);
    expect(listing.text).not.toContain(created.body.token);
    expect(listing.text).not.toContain(row.tokenHash);

    const audit = await context.database.db.auditLog.findFirstOrThrow({
      where: { action: 'scim_client.created', targetId: row.id },
    });
    expect(JSON.stringify(audit)).not.toContain(created.body.token);
    expect(audit.actorId).toBe(user.id);
  });

  it('holds the documented maxLength to the name as sent, then trims it', async () => {
    const { token: adminToken } = await createUserWithToken(context.database.db, ['admin']);
    const create = (name: string) =>
      context.api.request('POST', '/api/scim-clients', { token: adminToken, body: { name } });
    const padded = await create(`\f${'x'.repeat(200)}`);
    expect(padded.status).toBe(400);
    expect(padded.body.details).toEqual([expect.objectContaining({ path: 'name', code: 'too_big' })]);
    const name = unique('Padded');
    const trimmed = await create(`  ${name}\t`);
    expect(trimmed.status).toBe(201);
    expect(trimmed.body.name).toBe(name);
  });

  it('refuses a blank name, as the pattern the API description states for it says', async () => {
    const { token: adminToken } = await createUserWithToken(context.database.db, ['admin']);
    const description = (await context.api.request('GET', '/api/docs/json')).body;
    const nameSchema =
      description.paths['/api/scim-clients'].post.requestBody.content['application/json'].schema.properties.name;
    const documented = new RegExp(nameSchema.pattern);
    for (const name of [' \t ', '', unique('Okta')]) {
      const created = await context.api.request('POST', '/api/scim-clients', { token: adminToken, body: { name } });
      expect([name, created.status]).toEqual([name, documented.test(name) ? 201 : 400]);
    }
  });

  it('refuses duplicates with 409 and non-admins with 403', async () => {
    const { token: adminToken } = await createUserWithToken(context.database.db, ['admin']);
    const client = await createScimClient(context.api, adminToken);
    const again = await context.api.request('POST', '/api/scim-clients', {
      token: adminToken,
      body: { name: client.name },
    });
    expect(again.status).toBe(409);
    const { token: managerToken } = await createUserWithToken(context.database.db, ['resource_manager']);
    expect((await context.api.request('GET', '/api/scim-clients', { token: managerToken })).status).toBe(403);
    const denied = await context.api.request('POST', '/api/scim-clients', {
      token: managerToken,
      body: { name: unique('x') },
    });
    expect(denied.status).toBe(403);
  });

  it('rotates the token: the old one stops working, the new one works, lastUsedAt is recorded', async () => {
    const { token: adminToken } = await createUserWithToken(context.database.db, ['admin']);
    const client = await createScimClient(context.api, adminToken);
    expect((await scimRequest(context.api, 'GET', '/Users', client.token)).status).toBe(200);
    const rotated = await context.api.request('POST', `/api/scim-clients/${client.id}/rotate-token`, {
      token: adminToken,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.token).not.toBe(client.token);
    expect((await scimRequest(context.api, 'GET', '/Users', client.token)).status).toBe(401);
    expect((await scimRequest(context.api, 'GET', '/Users', rotated.body.token)).status).toBe(200);
    const row = await context.database.db.scimClient.findUniqueOrThrow({ where: { id: client.id } });
    expect(row.lastUsedAt).not.toBeNull();
    expect(
      await context.database.db.auditLog.count({ where: { action: 'scim_client.token_rotated', targetId: client.id } }),
    ).toBe(1);
  });

  it('disables and re-enables a client', async () => {
    const { token: adminToken } = await createUserWithToken(context.database.db, ['admin']);
    const client = await createScimClient(context.api, adminToken);
    const disabled = await context.api.request('PATCH', `/api/scim-clients/${client.id}`, {
      token: adminToken,
      body: { enabled: false },
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body.enabled).toBe(false);
    const refused = await scimRequest(context.api, 'GET', '/Users', client.token);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ schemas: [SCIM_ERROR], status: '401', detail: 'This SCIM client is disabled' });
    await context.api.request('PATCH', `/api/scim-clients/${client.id}`, {
      token: adminToken,
      body: { enabled: true },
    });
    expect((await scimRequest(context.api, 'GET', '/Users', client.token)).status).toBe(200);
    expect(
      await context.database.db.auditLog.count({ where: { action: 'scim_client.updated', targetId: client.id } }),
    ).toBe(2);
  });

  it('deletes a client: its token stops working, its users and groups stay, another client may link them', async () => {
    const { db } = context.database;
    const { token: adminToken, user: admin } = await createUserWithToken(db, ['admin']);
    const client = await createScimClient(context.api, adminToken);
    const email = `${unique('leaver')}@example.test`;
    const provisioned = await scimRequest(context.api, 'POST', '/Users', client.token, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: email,
      externalId: unique('ext'),
      emails: [{ value: email, primary: true }],
    });
    expect(provisioned.status).toBe(201);
    const lonerEmail = `${unique('loner')}@example.test`;
    const loner = await scimRequest(context.api, 'POST', '/Users', client.token, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: lonerEmail,
      emails: [{ value: lonerEmail, primary: true }],
    });
    expect(loner.status).toBe(201);
    const group = await scimRequest(context.api, 'POST', '/Groups', client.token, {
      displayName: unique('Provisioned group'),
      members: [{ value: provisioned.body.id }],
    });
    expect(group.status).toBe(201);

    const deleted = await context.api.request('DELETE', `/api/scim-clients/${client.id}`, { token: adminToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({
      message: `SCIM client ${client.name} deleted; the 2 users and 1 group it provisioned stay`,
      id: client.id,
      users: 2,
      groups: 1,
    });
    expect(await db.scimClient.findUnique({ where: { id: client.id } })).toBeNull();
    expect((await scimRequest(context.api, 'GET', '/Users', client.token)).status).toBe(401);
    // The user and the group stay as they were, membership included; the client's links go.
    const user = await db.user.findUniqueOrThrow({ where: { id: provisioned.body.id } });
    expect(user).toMatchObject({ email, active: true, deletedAt: null });
    const members = await db.userGroupMember.findMany({ where: { groupId: group.body.id } });
    expect(members.map((member) => member.userId)).toEqual([user.id]);
    expect(await db.scimIdentity.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.scimGroup.count({ where: { groupId: group.body.id } })).toBe(0);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: 'scim_client.deleted', targetId: client.id } });
    expect(audit.actorId).toBe(admin.id);
    expect(audit.metadata).toMatchObject({
      name: client.name,
      clientTokenPrefix: client.token.slice(0, 17),
      users: 2,
      groups: 1,
    });
    expect(JSON.stringify(audit)).not.toContain(client.token);
    // The audit entry of the user's provisioning still names the client it came from.
    const origin = await db.auditLog.findFirstOrThrow({ where: { action: 'scim.user.created', targetId: user.id } });
    expect(origin.metadata).toMatchObject({ scimClientId: client.id, scimClientName: client.name });

    // A directory that replaces the deleted one links a user nobody has given anything to by its
    // email (docs/scim.md, "Lifecycle rules"), as it would any requestor's account.
    const successor = await createScimClient(context.api, adminToken);
    const linked = await scimRequest(context.api, 'POST', '/Users', successor.token, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: lonerEmail,
      emails: [{ value: lonerEmail, primary: true }],
    });
    expect(linked.status).toBe(201);
    expect(linked.body.id).toBe(loner.body.id);
    expect((await context.api.request('DELETE', `/api/scim-clients/${client.id}`, { token: adminToken })).status).toBe(
      404,
    );
  });

  it('refuses to delete for callers without user:manage, and a malformed id with 400', async () => {
    const { token: adminToken } = await createUserWithToken(context.database.db, ['admin']);
    const client = await createScimClient(context.api, adminToken);
    const { token: managerToken } = await createUserWithToken(context.database.db, ['resource_manager']);
    const denied = await context.api.request('DELETE', `/api/scim-clients/${client.id}`, { token: managerToken });
    expect(denied.status).toBe(403);
    expect(await context.database.db.scimClient.count({ where: { id: client.id } })).toBe(1);
    const malformed = await context.api.request('DELETE', '/api/scim-clients/not-a-uuid', { token: adminToken });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toContain('id must be a UUID');
  });

  it('answers 404 for an unknown client', async () => {
    const { token: adminToken } = await createUserWithToken(context.database.db, ['admin']);
    const response = await context.api.request(
      'POST',
      '/api/scim-clients/00000000-0000-4000-8000-000000000000/rotate-token',
      {
        token: adminToken,
      },
    );
    expect(response.status).toBe(404);
  });
});

describe('SCIM tokens open /scim/v2 only, API tokens open /api only', () => {
  it('refuses a missing, malformed or API token on /scim/v2 with a SCIM 401', async () => {
    const { token: adminToken } = await createUserWithToken(context.database.db, ['admin']);
    for (const token of [undefined, adminToken, 'scim_000000000000_' + 'a'.repeat(43), 'not-a-token']) {
      const response = await context.api.request('GET', '/scim/v2/Users', token ? { token } : {});
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toContain('application/scim+json');
      expect(response.body).toEqual(expect.objectContaining({ schemas: [SCIM_ERROR], status: '401' }));
    }
  });

  it('refuses a SCIM token on /api (no OIDC configured)', async () => {
    const { token: adminToken } = await createUserWithToken(context.database.db, ['admin']);
    const client = await createScimClient(context.api, adminToken);
    for (const route of ['/api/auth/me', '/api/users', '/api/scim-clients']) {
      const response = await context.api.request('GET', route, { token: client.token });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('unauthenticated');
    }
  });

  it('refuses a SCIM token on /api when OIDC is configured too', async () => {
    const provider = await startFakeIdentityProvider();
    const api = await startTestApp({ db: context.database.db, env: { OIDC_ISSUER: provider.issuer } });
    try {
      const { token: adminToken } = await createUserWithToken(context.database.db, ['admin']);
      const client = await createScimClient(api, adminToken);
      const response = await api.request('GET', '/api/auth/me', { token: client.token });
      expect(response.status).toBe(401);
      expect(response.body.message).toContain('/scim/v2');
      expect((await scimRequest(api, 'GET', '/Users', client.token)).status).toBe(200);
      const jwt = await provider.sign({ sub: 'scim-jwt', email: 'jwt@example.test' });
      expect((await scimRequest(api, 'GET', '/Users', jwt)).status).toBe(401);
    } finally {
      await api.close();
      await provider.close();
    }
  });
});

describe('discovery describes exactly what is supported', () => {
  it('serves ServiceProviderConfig', async () => {
    const { token: adminToken } = await createUserWithToken(context.database.db, ['admin']);
    const client = await createScimClient(context.api, adminToken);
    const response = await scimRequest(context.api, 'GET', '/ServiceProviderConfig', client.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/scim+json');
    expect(response.body).toEqual(
      expect.objectContaining({
        patch: { supported: true },
        bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
        filter: { supported: true, maxResults: 200 },
        changePassword: { supported: false },
        sort: { supported: false },
        etag: { supported: true },
      }),
    );
    expect(response.body.authenticationSchemes[0].type).toBe('oauthbearertoken');
  });

  it('serves ResourceTypes and Schemas as list responses', async () => {
    const { token: adminToken } = await createUserWithToken(context.database.db, ['admin']);
    const client = await createScimClient(context.api, adminToken);
    const types = await scimRequest(context.api, 'GET', '/ResourceTypes', client.token);
    expect(types.status).toBe(200);
    expect(types.body.totalResults).toBe(2);
    expect(types.body.Resources.map((type: { id: string }) => type.id)).toEqual(['User', 'Group']);
    const user = await scimRequest(context.api, 'GET', '/ResourceTypes/User', client.token);
    expect(user.body.endpoint).toBe('/Users');
    const schemas = await scimRequest(context.api, 'GET', '/Schemas', client.token);
    expect(schemas.body.Resources.map((schema: { id: string }) => schema.id)).toEqual([
      'urn:ietf:params:scim:schemas:core:2.0:User',
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
      'urn:ietf:params:scim:schemas:core:2.0:Group',
    ]);
    const userSchema = schemas.body.Resources[0];
    expect(userSchema.attributes.map((attribute: { name: string }) => attribute.name)).toEqual(
      expect.arrayContaining(['userName', 'externalId', 'name', 'emails', 'active']),
    );
    expect((await scimRequest(context.api, 'GET', '/Schemas/urn:nope', client.token)).status).toBe(404);
  });
});

describe('unsupported operations get SCIM errors, not missing routes', () => {
  it('answers DELETE, /Bulk and /Me with 501 and unknown paths with a SCIM 404', async () => {
    const { token: adminToken } = await createUserWithToken(context.database.db, ['admin']);
    const client = await createScimClient(context.api, adminToken);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, route] of [
      ['DELETE', `/Users/${id}`],
      ['DELETE', `/Groups/${id}`],
      ['POST', '/Bulk'],
      ['GET', '/Me'],
    ] as const) {
      const response = await scimRequest(context.api, method, route, client.token);
      expect(response.status).toBe(501);
      expect(response.body).toEqual(expect.objectContaining({ schemas: [SCIM_ERROR], status: '501' }));
    }
    const missing = await scimRequest(context.api, 'GET', '/Nothing', client.token);
    expect(missing.status).toBe(404);
    expect(missing.body.schemas).toEqual([SCIM_ERROR]);
  });

  it('answers malformed JSON with 400 invalidSyntax', async () => {
    const { token: adminToken } = await createUserWithToken(context.database.db, ['admin']);
    const client = await createScimClient(context.api, adminToken);
    const response = await context.api.request('POST', '/scim/v2/Users', {
      token: client.token,
      rawBody: '{"userName": ',
      headers: { 'content-type': 'application/scim+json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expect.objectContaining({ status: '400', scimType: 'invalidSyntax' }));
  });
});
