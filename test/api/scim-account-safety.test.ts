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

describe('POST /Users adopts only accounts nobody has given anything to', () => {
  const db = () => context.database.db;
  const gifts: Array<[string, string, (user: { id: string; email: string | null }) => Promise<unknown>]> = [
    [
      'a business role',
      'business roles',
      async (user) => {
        const role = await db().businessRole.create({ data: { name: unique('role') } });
        await db().roleAssignment.create({ data: { userId: user.id, roleId: role.id, status: 'active' } });
      },
    ],
    [
      'a group membership',
      'group memberships',
      async (user) => {
        const group = await db().userGroup.create({ data: { name: unique('group') } });
        await db().userGroupMember.create({ data: { groupId: group.id, userId: user.id } });
      },
    ],
    [
      'an organization role',
      'organization roles',
      async (user) => {
        const name = unique('org');
        const organization = await db().organization.create({ data: { name, activeName: name } });
        await db().organizationMembership.create({
          data: { organizationId: organization.id, userId: user.id, role: 'signatory' },
        });
      },
    ],
    [
      'a run started for them (subject: their email in capitals)',
      'workflow runs started by or for it',
      async (user) =>
        db().workflowRun.create({
          data: {
            definitionId: '11111111-1111-4111-a111-111111111111',
            definitionName: 'Onboarding',
            definitionVersion: 1,
            definitionSnapshot: {},
            temporalWorkflowId: unique('run'),
            subject: ` ${user.email!.toUpperCase()}`,
          },
        }),
    ],
    [
      'a run started for them (subject: their id without hyphens)',
      'workflow runs started by or for it',
      async (user) =>
        db().workflowRun.create({
          data: {
            definitionId: '11111111-1111-4111-a111-111111111111',
            definitionName: 'Onboarding',
            definitionVersion: 1,
            definitionSnapshot: {},
            temporalWorkflowId: unique('run'),
            subject: user.id.replace(/-/g, '').toUpperCase(),
          },
        }),
    ],
  ];

  it.each(gifts)(
    'refuses to adopt an unconfirmed requestor holding %s: 409 uniqueness saying why, nothing linked or changed',
    async (_, phrase, give) => {
      const client = await newClient();
      const victim = await existingUser(['requestor']);
      await give(victim);
      const response = await scimRequest(context.api, 'POST', '/Users', client.token, {
        userName: victim.email,
        displayName: 'Taken over',
      });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        status: '409',
        scimType: 'uniqueness',
        detail: expect.stringContaining(`it has ${phrase}`),
      });
      expect(await db().scimIdentity.count({ where: { userId: victim.id } })).toBe(0);
      expect(await db().user.findUniqueOrThrow({ where: { id: victim.id } })).toEqual(victim);
    },
  );

  it('adopts an account whose only membership is the one its email domain gives every account', async () => {
    const client = await newClient();
    const domain = `${unique('acme')}.example`;
    const name = unique('org');
    const organization = await db().organization.create({ data: { name, activeName: name, domain } });
    const email = `someone@${domain}`;
    const user = await db().user.create({ data: { email, activeEmail: email, roles: ['requestor'] } });
    await db().organizationMembership.create({
      data: { organizationId: organization.id, userId: user.id, role: 'member' },
    });
    const response = await scimRequest(context.api, 'POST', '/Users', client.token, { userName: email });
    expect(response.status).toBe(201);
    expect(response.body.id).toBe(user.id);
  });
});

describe('a SCIM client never changes the email of an account it adopted', () => {
  it('refuses a new userName or email by PATCH and PUT with 400 mutability, and still manages the rest', async () => {
    const client = await newClient();
    const user = await existingUser(['requestor']);
    const linked = await scimRequest(context.api, 'POST', '/Users', client.token, { userName: user.email });
    expect(linked.status).toBe(201);
    expect(linked.body.id).toBe(user.id);
    const elsewhere = `${unique('elsewhere')}@example.test`;

    const renamed = await patch(client.token, user.id, [{ op: 'replace', path: 'userName', value: elsewhere }]);
    expect(renamed.status).toBe(400);
    expect(renamed.body).toEqual(
      expect.objectContaining({
        status: '400',
        scimType: 'mutability',
        detail: 'This account existed before the SCIM client linked it: its email cannot be changed through SCIM',
      }),
    );
    const replaced = await scimRequest(context.api, 'PUT', `/Users/${user.id}`, client.token, {
      userName: elsewhere,
      emails: [{ value: elsewhere, type: 'work', primary: true }],
    });
    expect([replaced.status, replaced.body.scimType]).toEqual([400, 'mutability']);
    expect((await context.database.db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);

    const renamedPerson = await patch(client.token, user.id, [{ op: 'replace', path: 'displayName', value: 'Kept' }]);
    expect(renamedPerson.status).toBe(200);
    expect((await context.database.db.user.findUniqueOrThrow({ where: { id: user.id } })).displayName).toBe('Kept');
  });
});

describe('look-alike emails and group names are refused with 409 uniqueness', () => {
  it.each([
    ['a Cyrillic а', (email: string) => email.replace('a', '\u0430')],
    ['full-width letters', (email: string) => email.replace('look', '\uff4c\uff4f\uff4f\uff4b')],
    ['a zero-width space', (email: string) => email.replace('@', '\u200b@')],
  ])('refuses a new user whose email differs from an existing one by %s', async (_, disguise) => {
    const client = await newClient();
    const existing = await existingUser(['admin']);
    const lookAlike = disguise(`look-${existing.email!}`);
    await context.database.db.user.update({
      where: { id: existing.id },
      data: { email: `look-${existing.email!}`, activeEmail: `look-${existing.email!}` },
    });
    const response = await scimRequest(context.api, 'POST', '/Users', client.token, { userName: lookAlike });
    expect(response.status).toBe(409);
    expect(response.body).toEqual(
      expect.objectContaining({ scimType: 'uniqueness', detail: expect.stringContaining('reads like the email') }),
    );
    expect(await context.database.db.user.count({ where: { email: lookAlike } })).toBe(0);
  });

  it('refuses renaming a provisioned user to the look-alike of another account, and keeps plain renames working', async () => {
    const client = await newClient();
    const other = await existingUser(['approver']);
    const { id } = await provisioned(client.token);
    const response = await patch(client.token, id, [
      { op: 'replace', path: 'userName', value: other.email!.replace('e', '\u0435') },
    ]);
    expect([response.status, response.body.scimType]).toEqual([409, 'uniqueness']);
    const plain = await patch(client.token, id, [
      { op: 'replace', path: 'userName', value: `${unique('plain')}@example.test` },
    ]);
    expect(plain.status).toBe(200);
  });

  it('refuses a group whose displayName is a case variant or a look-alike of an existing group name', async () => {
    const client = await newClient();
    const name = unique('Finance');
    await context.database.db.userGroup.create({ data: { name } });
    for (const displayName of [name.toLowerCase(), name.toUpperCase(), name.replace('i', '\u0456')]) {
      const response = await scimRequest(context.api, 'POST', '/Groups', client.token, { displayName });
      expect([response.status, response.body.scimType]).toEqual([409, 'uniqueness']);
      expect(response.body.detail).toContain('reads like');
    }
    const created = await scimRequest(context.api, 'POST', '/Groups', client.token, { displayName: unique('Legal') });
    expect(created.status).toBe(201);
    const renamed = await scimRequest(context.api, 'PATCH', `/Groups/${created.body.id}`, client.token, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'displayName', value: name.toLowerCase() }],
    });
    expect([renamed.status, renamed.body.scimType]).toEqual([409, 'uniqueness']);
    expect(await context.database.db.userGroup.count({ where: { name: { equals: name, mode: 'insensitive' } } })).toBe(
      1,
    );
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
