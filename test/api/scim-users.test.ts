import { describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { requestAcrossUncommittedWrite } from '../support/lock-race.js';
import { createScimClient, scimFixture, scimRequest, unique } from '../support/scim.js';
import { createUserWithToken } from '../support/users.js';

const context = useTestApp();

async function newClient() {
  const { token } = await createUserWithToken(context.database.db, ['admin']);
  return createScimClient(context.api, token);
}

/** The Okta example with its own email and externalId (one client cannot hold two users with the same one). */
async function createOktaUser(token: string, email = `${unique('okta')}@example.test`, externalId = unique('ext')) {
  const body = { ...(scimFixture('okta-create-user', { email }) as object), externalId };
  const response = await scimRequest(context.api, 'POST', '/Users', token, body);
  expect(response.status).toBe(201);
  return { id: response.body.id as string, email, body: response.body };
}

const patch = (token: string, id: string, body: unknown) =>
  scimRequest(context.api, 'PATCH', `/Users/${id}`, token, body);

describe('POST /Users creates an unconfirmed user mapped from the resource', () => {
  it('creates from the Okta example: userName is the email, externalId stays on the identity', async () => {
    const client = await newClient();
    const email = `${unique('Okta.User')}@Example.test`;
    const response = await scimRequest(
      context.api,
      'POST',
      '/Users',
      client.token,
      scimFixture('okta-create-user', { email }),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toContain('application/scim+json');
    expect(response.headers.get('location')).toBe(`${context.api.baseUrl}/scim/v2/Users/${response.body.id}`);
    expect(response.headers.get('etag')).toBe('W/"1"');
    expect(response.body).toEqual(
      expect.objectContaining({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: email,
        externalId: '00ujl29u0le5T6Aj10h7',
        displayName: 'Test User',
        active: true,
        name: { givenName: 'Test', familyName: 'User' },
        meta: expect.objectContaining({ resourceType: 'User', version: 'W/"1"' }),
      }),
    );
    expect(response.body).not.toHaveProperty('password');
    const user = await context.database.db.user.findUniqueOrThrow({ where: { id: response.body.id } });
    expect(user).toEqual(
      expect.objectContaining({
        email,
        activeEmail: email.toLowerCase(),
        confirmed: false,
        active: true,
        iss: null,
        sub: null,
      }),
    );
    const identity = await context.database.db.scimIdentity.findUniqueOrThrow({ where: { userId: user.id } });
    expect(identity).toEqual(expect.objectContaining({ clientId: client.id, externalId: '00ujl29u0le5T6Aj10h7' }));
    expect(JSON.stringify(identity.attributes)).not.toContain('1mz050nq');

    const audit = await context.database.db.auditLog.findFirstOrThrow({
      where: { action: 'scim.user.created', targetId: user.id },
    });
    expect(audit).toEqual(expect.objectContaining({ actorType: 'service_client', actorId: client.id }));
    expect(audit.metadata).toEqual(expect.objectContaining({ scimClientId: client.id }));
    expect(JSON.stringify(audit)).not.toContain('1mz050nq');
    expect(JSON.stringify(audit)).not.toContain(client.token);
  });

  it('maps the work email when userName is not an address (Entra example)', async () => {
    const client = await newClient();
    const email = `${unique('entra')}@testuser.com`;
    const userName = unique('Test_User');
    const response = await scimRequest(
      context.api,
      'POST',
      '/Users',
      client.token,
      scimFixture('entra-create-user', { userName, email }),
    );
    expect(response.status).toBe(201);
    expect(response.body.schemas).toContain('urn:ietf:params:scim:schemas:extension:enterprise:2.0:User');
    expect(response.body['urn:ietf:params:scim:schemas:extension:enterprise:2.0:User']).toEqual({
      department: 'Finance',
      employeeNumber: '701984',
    });
    const user = await context.database.db.user.findUniqueOrThrow({ where: { id: response.body.id } });
    expect(user.email).toBe(email);
    expect(user.displayName).toBe('givenName familyName');
  });

  it('accepts application/json too', async () => {
    const client = await newClient();
    const response = await context.api.request('POST', '/scim/v2/Users', {
      token: client.token,
      body: { userName: `${unique('json')}@example.test` },
    });
    expect(response.status).toBe(201);
  });

  it('refuses a resource without a usable email with 400 invalidValue', async () => {
    const client = await newClient();
    const response = await scimRequest(context.api, 'POST', '/Users', client.token, { userName: 'no-email' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expect.objectContaining({ status: '400', scimType: 'invalidValue' }));
    const missing = await scimRequest(context.api, 'POST', '/Users', client.token, { displayName: 'x' });
    expect(missing.body.scimType).toBe('invalidValue');
  });
});

describe('re-POST and existing users', () => {
  it('answers a re-POST of the same user with 409 uniqueness and changes nothing', async () => {
    const client = await newClient();
    const { id, email } = await createOktaUser(client.token);
    const again = await scimRequest(
      context.api,
      'POST',
      '/Users',
      client.token,
      scimFixture('okta-create-user', { email }),
    );
    expect(again.status).toBe(409);
    expect(again.body).toEqual(expect.objectContaining({ status: '409', scimType: 'uniqueness' }));
    expect(await context.database.db.scimIdentity.count({ where: { userId: id } })).toBe(1);
    expect(await context.database.db.user.count({ where: { activeEmail: email.toLowerCase() } })).toBe(1);
  });

  it('links an existing requestor with that email instead of failing (scim.user.linked_existing)', async () => {
    const client = await newClient();
    const email = `${unique('existing')}@example.test`;
    const existing = await context.database.db.user.create({
      data: {
        email,
        activeEmail: email,
        roles: ['requestor'],
        iss: 'https://idp.test',
        sub: unique('sub'),
        confirmed: true,
      },
    });
    const response = await scimRequest(context.api, 'POST', '/Users', client.token, {
      userName: email.toUpperCase(),
      externalId: 'ext-1',
    });
    expect(response.status).toBe(201);
    expect(response.body.id).toBe(existing.id);
    const user = await context.database.db.user.findUniqueOrThrow({ where: { id: existing.id } });
    expect(user).toEqual(expect.objectContaining({ iss: existing.iss, sub: existing.sub, roles: ['requestor'] }));
    expect(
      await context.database.db.auditLog.count({
        where: { action: 'scim.user.linked_existing', targetId: existing.id },
      }),
    ).toBe(1);
  });

  it('keeps the address that linked an account while the resource names it, and deactivates it (Entra UPN)', async () => {
    const client = await newClient();
    const tag = unique('upn');
    const workEmail = `${tag}@corp.example`;
    const existing = await context.database.db.user.create({
      data: {
        email: workEmail,
        activeEmail: workEmail,
        roles: ['requestor'],
        iss: 'https://idp.test',
        sub: unique('sub'),
        confirmed: true,
      },
    });
    const linked = await scimRequest(context.api, 'POST', '/Users', client.token, {
      userName: `${tag}@corp.onmicrosoft.example`,
      emails: [{ value: workEmail, type: 'work', primary: true }],
    });
    expect([linked.status, linked.body.id]).toEqual([201, existing.id]);

    const renamed = await patch(client.token, existing.id, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'displayName', value: 'Renamed' }],
    });
    expect(renamed.status).toBe(200);
    const deactivated = await patch(client.token, existing.id, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(deactivated.status).toBe(200);
    const user = await context.database.db.user.findUniqueOrThrow({ where: { id: existing.id } });
    expect(user).toMatchObject({ email: workEmail, active: false, displayName: 'Renamed' });
  });

  it("answers 409 uniqueness when another SCIM client owns the user's identity", async () => {
    const first = await newClient();
    const second = await newClient();
    const { id, email } = await createOktaUser(first.token);
    const response = await scimRequest(context.api, 'POST', '/Users', second.token, { userName: email });
    expect(response.status).toBe(409);
    expect(response.body.scimType).toBe('uniqueness');
    const identity = await context.database.db.scimIdentity.findUniqueOrThrow({ where: { userId: id } });
    expect(identity.clientId).toBe(first.id);
    expect((await scimRequest(context.api, 'GET', `/Users/${id}`, second.token)).status).toBe(404);
  });
});

describe('GET /Users lists the client own users with filters', () => {
  it('filters by userName (case-insensitive), externalId, emails.value and the Entra emails form', async () => {
    const client = await newClient();
    const other = await newClient();
    const { id, email } = await createOktaUser(client.token, undefined, '00ujl29u0le5T6Aj10h7');
    await createOktaUser(other.token, undefined, '00ujl29u0le5T6Aj10h7');
    const list = (filter: string) =>
      scimRequest(context.api, 'GET', `/Users?filter=${encodeURIComponent(filter)}`, client.token);

    for (const filter of [
      `userName eq "${email.toUpperCase()}"`,
      `USERNAME Eq "${email}"`,
      `emails.value eq "${email}"`,
      `emails[type eq "work"].value eq "${email}"`,
      'externalId eq "00ujl29u0le5T6Aj10h7"',
    ]) {
      const response = await list(filter);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(
        expect.objectContaining({
          schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
          totalResults: 1,
          startIndex: 1,
          itemsPerPage: 1,
        }),
      );
      expect(response.body.Resources[0].id).toBe(id);
    }
    const none = await list('userName eq "nobody@example.test"');
    expect(none.body).toEqual(expect.objectContaining({ totalResults: 0, itemsPerPage: 0, Resources: [] }));
    expect((await list('externalId eq "00UJL29U0LE5T6AJ10H7"')).body.totalResults).toBe(0);
  });

  it('takes _ and % in a userName as themselves, in filters and in the duplicate check', async () => {
    const client = await newClient();
    const tag = unique('wild');
    const { id } = await createOktaUser(client.token, `jx${tag}@example.test`);
    const list = (filter: string) =>
      scimRequest(context.api, 'GET', `/Users?filter=${encodeURIComponent(filter)}`, client.token);

    expect((await list(`userName eq "j_${tag}@example.test"`)).body.totalResults).toBe(0);
    expect((await list('userName eq "%"')).body.totalResults).toBe(0);
    expect((await list(`userName eq "jx${tag}@example.test"`)).body.Resources[0].id).toBe(id);
    // Not a duplicate of jx…: a user of its own.
    const underscore = await createOktaUser(client.token, `j_${tag}@example.test`);
    expect(underscore.id).not.toBe(id);
  });

  it.each(['userName co "a"', 'displayName eq "x"', 'userName eq "a" or userName eq "b"', 'active eq true'])(
    'refuses %p with 400 invalidFilter',
    async (filter) => {
      const client = await newClient();
      const response = await scimRequest(
        context.api,
        'GET',
        `/Users?filter=${encodeURIComponent(filter)}`,
        client.token,
      );
      expect(response.status).toBe(400);
      expect(response.body).toEqual(
        expect.objectContaining({
          schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
          status: '400',
          scimType: 'invalidFilter',
        }),
      );
    },
  );

  it('pages with startIndex and count, and projects attributes', async () => {
    const client = await newClient();
    for (let i = 0; i < 3; i += 1) await createOktaUser(client.token);
    const page = await scimRequest(context.api, 'GET', '/Users?startIndex=2&count=1', client.token);
    expect(page.body).toEqual(expect.objectContaining({ totalResults: 3, startIndex: 2, itemsPerPage: 1 }));
    const counted = await scimRequest(context.api, 'GET', '/Users?count=0', client.token);
    expect(counted.body).toEqual(expect.objectContaining({ totalResults: 3, itemsPerPage: 0, Resources: [] }));
    const projected = await scimRequest(context.api, 'GET', '/Users?attributes=userName,name.givenName', client.token);
    expect(Object.keys(projected.body.Resources[0]).sort()).toEqual(['id', 'name', 'schemas', 'userName']);
    expect(projected.body.Resources[0].name).toEqual({ givenName: 'Test' });
    const excluded = await scimRequest(context.api, 'GET', '/Users?excludedAttributes=emails,meta', client.token);
    expect(excluded.body.Resources[0]).not.toHaveProperty('emails');
    expect(excluded.body.Resources[0]).not.toHaveProperty('meta');
    expect((await scimRequest(context.api, 'GET', '/Users?count=abc', client.token)).status).toBe(400);
  });

  it('answers GET of an unknown or malformed id with a SCIM 404', async () => {
    const client = await newClient();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await scimRequest(context.api, 'GET', `/Users/${id}`, client.token);
      expect(response.status).toBe(404);
      expect(response.body.status).toBe('404');
    }
  });
});

describe('PUT and PATCH /Users/:id', () => {
  it('applies the Entra multi-attribute PATCH, changing the email', async () => {
    const client = await newClient();
    const { id } = await createOktaUser(client.token);
    const email = `${unique('changed')}@example.test`;
    const response = await patch(client.token, id, scimFixture('entra-patch-user-attributes', { email }));
    expect(response.status).toBe(200);
    expect(response.body.name.familyName).toBe('updatedFamilyName');
    expect(response.body.emails[0].value).toBe(email);
    expect(response.body.meta.version).toBe('W/"2"');
    // userName is still an address and wins as the email; the work email is kept on the resource.
    const user = await context.database.db.user.findUniqueOrThrow({ where: { id } });
    expect(user.email).not.toBe(email);
    const audit = await context.database.db.auditLog.findFirstOrThrow({
      where: { action: 'scim.user.updated', targetId: id },
    });
    expect(audit.metadata).toEqual(expect.objectContaining({ scimClientId: client.id, changed: ['attributes'] }));
  });

  it("changes the user's email when userName changes, keeping activeEmail in step", async () => {
    const client = await newClient();
    const { id } = await createOktaUser(client.token);
    const email = `${unique('Renamed')}@Example.test`;
    const response = await patch(client.token, id, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'userName', value: email }],
    });
    expect(response.status).toBe(200);
    const user = await context.database.db.user.findUniqueOrThrow({ where: { id } });
    expect(user).toEqual(expect.objectContaining({ email, activeEmail: email.toLowerCase() }));
  });

  it('applies the Entra value-object PATCH with "False"', async () => {
    const client = await newClient();
    const { id } = await createOktaUser(client.token);
    const response = await patch(
      client.token,
      id,
      scimFixture('entra-patch-user-value-object', { email: `${unique('vo')}@example.test` }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expect.objectContaining({ displayName: 'Updated Display Name', active: false }));
    expect(response.body.name.givenName).toBe('Updated');
    expect((await context.database.db.user.findUniqueOrThrow({ where: { id } })).displayName).toBe(
      'Updated Display Name',
    );
  });

  it('is idempotent: repeating a PATCH changes nothing and audits nothing more', async () => {
    const client = await newClient();
    const { id } = await createOktaUser(client.token);
    const body = scimFixture('entra-patch-user-disable');
    const first = await patch(client.token, id, body);
    const second = await patch(client.token, id, body);
    expect(second.status).toBe(200);
    expect(second.body.meta.version).toBe(first.body.meta.version);
    expect(await context.database.db.auditLog.count({ where: { action: 'scim.user.updated', targetId: id } })).toBe(1);
  });

  it('refuses unsupported paths with invalidPath and remove without a path with noTarget', async () => {
    const client = await newClient();
    const { id } = await createOktaUser(client.token);
    const schemas = ['urn:ietf:params:scim:api:messages:2.0:PatchOp'];
    const roles = await patch(client.token, id, {
      schemas,
      Operations: [{ op: 'add', path: 'roles', value: 'admin' }],
    });
    expect(roles.status).toBe(400);
    expect(roles.body.scimType).toBe('invalidPath');
    const noTarget = await patch(client.token, id, { schemas, Operations: [{ op: 'remove' }] });
    expect(noTarget.body.scimType).toBe('noTarget');
    const user = await context.database.db.user.findUniqueOrThrow({ where: { id } });
    expect(user.roles).toEqual(['requestor']);
  });

  it('replaces a user with PUT and checks If-Match versions (412)', async () => {
    const client = await newClient();
    const { id, email } = await createOktaUser(client.token);
    const put = (headers: Record<string, string> = {}) =>
      scimRequest(
        context.api,
        'PUT',
        `/Users/${id}`,
        client.token,
        { userName: email, displayName: 'Put Name', name: { givenName: 'Put' }, active: true },
        headers,
      );
    expect((await put({ 'if-match': 'W/"7"' })).status).toBe(412);
    const response = await put({ 'if-match': 'W/"1"' });
    expect(response.status).toBe(200);
    expect(response.body.displayName).toBe('Put Name');
    expect(response.body).not.toHaveProperty('emails');
    expect(response.body).not.toHaveProperty('externalId');
  });

  it('answers 409 uniqueness when a new email belongs to another user', async () => {
    const client = await newClient();
    const { id } = await createOktaUser(client.token);
    const { email: taken } = await createOktaUser(client.token);
    const response = await scimRequest(context.api, 'PUT', `/Users/${id}`, client.token, { userName: taken });
    expect(response.status).toBe(409);
    expect(response.body.scimType).toBe('uniqueness');
  });
});

describe('a user deleted in Flowgate', () => {
  it('is provisioned anew by its client: the old identity no longer holds its userName or externalId', async () => {
    const client = await newClient();
    const admin = (await createUserWithToken(context.database.db, ['admin'])).token;
    const externalId = unique('ext');
    const first = await createOktaUser(client.token, undefined, externalId);
    expect((await context.api.request('DELETE', `/api/users/${first.id}`, { token: admin })).status).toBe(200);
    const filtered = await scimRequest(
      context.api,
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${first.email}"`)}`,
      client.token,
    );
    expect(filtered.body.totalResults).toBe(0);

    const again = await createOktaUser(client.token, first.email, externalId);
    expect(again.id).not.toBe(first.id);
    const audit = await context.database.db.auditLog.findFirstOrThrow({
      where: { action: 'scim.user.created', targetId: again.id },
    });
    expect(audit.metadata).toMatchObject({ replacesDeletedUserIds: [first.id] });
    expect(await context.database.db.scimIdentity.count({ where: { userId: first.id } })).toBe(0);
  });
});

describe('a SCIM write and a delete through the API at the same time', () => {
  it('sees the delete committed while it waited, answers 404, and leaves the email free', async () => {
    const client = await newClient();
    const { id, email } = await createOktaUser(client.token);
    // The delete holds the user's row, uncommitted, until the PATCH waits on it.
    const patched = await requestAcrossUncommittedWrite(
      context.database.db,
      (tx) => tx.$executeRaw`UPDATE users SET deleted_at = now(), active_email = NULL WHERE id = ${id}::uuid`,
      () =>
        patch(client.token, id, {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
          Operations: [{ op: 'replace', path: 'displayName', value: 'Too late' }],
        }),
      '%FROM users WHERE id = %FOR NO KEY UPDATE%',
    );
    expect(patched.status).toBe(404);
    const user = await context.database.db.user.findUniqueOrThrow({ where: { id } });
    expect(user).toMatchObject({ activeEmail: null, deletedAt: expect.any(Date), email });
  });
});

describe('active: false deactivates; active: true re-enables only for the owning client', () => {
  it('deactivates without deleting or touching iss and sub, and the user cannot use the API', async () => {
    const client = await newClient();
    const { user, token } = await createUserWithToken(context.database.db, ['requestor']);
    await context.database.db.user.update({
      where: { id: user.id },
      data: { iss: 'https://idp.test', sub: unique('s') },
    });
    const linked = await scimRequest(context.api, 'POST', '/Users', client.token, { userName: user.email! });
    expect(linked.status).toBe(201);
    expect((await patch(client.token, user.id, scimFixture('okta-patch-user-deactivate'))).status).toBe(200);
    const after = await context.database.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after).toEqual(expect.objectContaining({ active: false, deletedAt: null, iss: 'https://idp.test' }));
    expect(after.sub).not.toBeNull();
    expect((await context.api.request('GET', '/api/auth/me', { token })).status).toBe(401);

    const enabled = await patch(client.token, user.id, scimFixture('entra-patch-user-enable'));
    expect(enabled.body.active).toBe(true);
    expect(await context.database.db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      active: true,
    });
    // Deactivation revoked the token for good (docs/security.md): re-enabling does not revive it.
    const revived = await context.api.request('GET', '/api/auth/me', { token });
    expect([revived.status, revived.body.message]).toEqual([401, 'API token has been revoked']);
  });

  it('does not let a second client re-enable (or see) a user the first client deactivated', async () => {
    const first = await newClient();
    const second = await newClient();
    const { id, email } = await createOktaUser(first.token);
    await patch(first.token, id, scimFixture('entra-patch-user-disable'));
    expect((await patch(second.token, id, scimFixture('entra-patch-user-enable'))).status).toBe(404);
    const post = await scimRequest(context.api, 'POST', '/Users', second.token, { userName: email, active: true });
    expect(post.status).toBe(409);
    expect((await context.database.db.user.findUniqueOrThrow({ where: { id } })).active).toBe(false);
    expect((await patch(first.token, id, scimFixture('entra-patch-user-enable'))).body.active).toBe(true);
  });

  it('does not revive a deactivated account by linking it', async () => {
    const client = await newClient();
    const email = `${unique('inactive')}@example.test`;
    const existing = await context.database.db.user.create({
      data: { email, activeEmail: email, roles: ['requestor'], active: false },
    });
    const response = await scimRequest(context.api, 'POST', '/Users', client.token, { userName: email, active: true });
    expect(response.status).toBe(201);
    expect(response.body.active).toBe(false);
    expect((await context.database.db.user.findUniqueOrThrow({ where: { id: existing.id } })).active).toBe(false);
  });
});
