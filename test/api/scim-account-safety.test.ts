import { describe, expect, it } from '@jest/globals';
import type { Role } from '../../src/permissions/index.js';
import { startFakeIdentityProvider } from '../support/fake-identity-provider.js';
import { startTestApp, useTestApp } from '../support/app.js';
import { requestAcrossUncommittedWrite } from '../support/lock-race.js';
import { createScimClient, scimRequest, unique } from '../support/scim.js';
import { createUserWithToken } from '../support/users.js';

// docs/scim.md "Lifecycle rules": a SCIM client token must never be a way to take over an account
// it does not own, nor to lock everyone out.
const context = useTestApp();
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

async function newClient() {
  const { token } = await createUserWithToken(context.database.db, ['admin']);
  return createScimClient(context.api, token);
}

async function existingUser(roles: Role[], confirmed = false) {
  const email = `${unique('existing')}@example.test`;
  return context.database.db.user.create({
    data: {
      email,
      activeEmail: email,
      roles,
      confirmed,
      ...(confirmed ? { iss: 'https://idp.test', sub: unique('sub') } : {}),
    },
  });
}

/** A user the client created through SCIM, as the directory does for a new hire. */
async function provisioned(token: string) {
  const email = `${unique('hire')}@example.test`;
  const response = await scimRequest(context.api, 'POST', '/Users', token, {
    userName: email,
    externalId: unique('x'),
  });
  expect(response.status).toBe(201);
  return { id: response.body.id as string, email };
}

const patch = (token: string, id: string, operations: unknown[]) =>
  scimRequest(context.api, 'PATCH', `/Users/${id}`, token, { schemas: [PATCH_OP], Operations: operations });

describe('POST /Users links only existing accounts whose only role is requestor', () => {
  it.each([[['admin']], [['approver']], [['resource_manager', 'requestor']]] as Role[][][])(
    'refuses to link an account with roles %p: 409 uniqueness, nothing linked or changed',
    async (roles) => {
      const client = await newClient();
      const victim = await existingUser(roles);
      const response = await scimRequest(context.api, 'POST', '/Users', client.token, {
        userName: victim.email,
        displayName: 'Renamed by the directory',
        active: false,
      });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        status: '409',
        scimType: 'uniqueness',
        detail: expect.stringContaining('link only existing accounts whose only role is requestor'),
      });
      expect(await context.database.db.scimIdentity.count({ where: { userId: victim.id } })).toBe(0);
      expect(await context.database.db.user.findUniqueOrThrow({ where: { id: victim.id } })).toEqual(victim);
      expect(
        await context.database.db.auditLog.count({
          where: { action: 'scim.user.linked_existing', targetId: victim.id },
        }),
      ).toBe(0);
    },
  );

  it('refuses to link an admin found through a secondary email of the resource', async () => {
    const client = await newClient();
    const admin = await existingUser(['admin']);
    const response = await scimRequest(context.api, 'POST', '/Users', client.token, {
      userName: unique('not-an-address'),
      emails: [{ value: admin.email, type: 'work' }],
    });
    expect(response.status).toBe(409);
    expect(await context.database.db.scimIdentity.count({ where: { userId: admin.id } })).toBe(0);
  });

  it('refuses to link an account promoted while the create read it', async () => {
    const client = await newClient();
    const promoted = await existingUser(['requestor']);
    // The promotion holds the user's row, uncommitted, until the create waits on it.
    const response = await requestAcrossUncommittedWrite(
      context.database.db,
      (tx) => tx.$executeRaw`UPDATE users SET roles = ARRAY['admin'] WHERE id = ${promoted.id}::uuid`,
      () => scimRequest(context.api, 'POST', '/Users', client.token, { userName: promoted.email }),
      '%users%',
    );
    expect(response.status).toBe(409);
    expect(response.body.detail).toContain('link only existing accounts whose only role is requestor');
    expect(await context.database.db.scimIdentity.count({ where: { userId: promoted.id } })).toBe(0);
  });
});

describe('a SCIM client never changes the email of a confirmed or privileged account', () => {
  it('refuses a new userName for a confirmed account with 400 mutability, changing nothing', async () => {
    const client = await newClient();
    const user = await existingUser(['requestor'], true);
    expect((await scimRequest(context.api, 'POST', '/Users', client.token, { userName: user.email })).status).toBe(201);
    const response = await patch(client.token, user.id, [
      { op: 'replace', path: 'userName', value: `${unique('elsewhere')}@example.test` },
    ]);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      expect.objectContaining({
        scimType: 'mutability',
        detail: 'The email of an account that has signed in cannot be changed through SCIM',
      }),
    );
    const after = await context.database.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.email).toBe(user.email);
    const identity = await context.database.db.scimIdentity.findUniqueOrThrow({ where: { userId: user.id } });
    expect(identity.userName).toBe(user.email);
  });

  it('still lets the directory change the email of an unconfirmed requestor it created', async () => {
    const client = await newClient();
    const { id } = await provisioned(client.token);
    const email = `${unique('renamed')}@example.test`;
    const response = await scimRequest(context.api, 'PUT', `/Users/${id}`, client.token, { userName: email });
    expect(response.status).toBe(200);
    expect((await context.database.db.user.findUniqueOrThrow({ where: { id } })).email).toBe(email);
  });

  it('with OIDC on, renaming an unconfirmed admin is refused, so the attacker first login gets no admin role', async () => {
    const provider = await startFakeIdentityProvider();
    const api = await startTestApp({ db: context.database.db, env: { OIDC_ISSUER: provider.issuer } });
    try {
      const { token: adminToken } = await createUserWithToken(context.database.db, ['admin']);
      const client = await createScimClient(api, adminToken);
      const { id } = await provisioned(client.token);
      const promoted = await api.request('PATCH', `/api/users/${id}/roles`, {
        token: adminToken,
        body: { roles: ['admin'] },
      });
      expect(promoted.status).toBe(200);

      const attackerEmail = `${unique('attacker')}@evil.test`;
      const rename = await scimRequest(api, 'PATCH', `/Users/${id}`, client.token, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', path: 'userName', value: attackerEmail }],
      });
      expect(rename.status).toBe(400);
      expect(rename.body).toEqual(
        expect.objectContaining({
          scimType: 'mutability',
          detail: 'The email of an account holding roles beyond requestor cannot be changed through SCIM',
        }),
      );

      const attackerToken = await provider.sign({ sub: unique('attacker-sub'), email: attackerEmail });
      const me = await api.request('GET', '/api/auth/me', { token: attackerToken });
      expect(me.status).toBe(200);
      expect(me.body.id).not.toBe(id);
      expect(me.body.roles).toEqual(['requestor']);
      const victim = await context.database.db.user.findUniqueOrThrow({ where: { id } });
      expect(victim).toEqual(expect.objectContaining({ roles: ['admin'], confirmed: false, iss: null }));
    } finally {
      await api.close();
      await provider.close();
    }
  });
});

describe('SCIM deactivation keeps the last active admin', () => {
  it('refuses active: false for the last active admin with 400 mutability, and allows it once another admin exists', async () => {
    const client = await newClient();
    const { id } = await provisioned(client.token);
    const db = context.database.db;
    await db.user.update({ where: { id }, data: { roles: ['admin'] } });
    const others = await db.user.findMany({
      where: { id: { not: id }, active: true, roles: { has: 'admin' } },
      select: { id: true },
    });
    await db.user.updateMany({ where: { id: { in: others.map((other) => other.id) } }, data: { active: false } });
    try {
      const response = await patch(client.token, id, [{ op: 'replace', path: 'active', value: false }]);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(
        expect.objectContaining({
          status: '400',
          scimType: 'mutability',
          detail: 'This user is the last active admin and cannot be deactivated; make someone else admin first',
        }),
      );
      const put = await scimRequest(context.api, 'GET', `/Users/${id}`, client.token);
      const replaced = await scimRequest(context.api, 'PUT', `/Users/${id}`, client.token, {
        userName: put.body.userName,
        active: false,
      });
      expect(replaced.status).toBe(400);
      expect((await db.user.findUniqueOrThrow({ where: { id } })).active).toBe(true);
      expect(await db.auditLog.count({ where: { action: 'scim.user.updated', targetId: id } })).toBe(0);
    } finally {
      await db.user.updateMany({ where: { id: { in: others.map((other) => other.id) } }, data: { active: true } });
    }
    const deactivated = await patch(client.token, id, [{ op: 'replace', path: 'active', value: false }]);
    expect(deactivated.status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id } })).active).toBe(false);
  });
});
