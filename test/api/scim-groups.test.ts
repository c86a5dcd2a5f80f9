import { describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { createScimClient, scimFixture, scimRequest, unique } from '../support/scim.js';
import { createApiToken } from '../../src/services/api-tokens.js';
import { createUserWithToken } from '../support/users.js';

const context = useTestApp();

async function newClient() {
  const { token } = await createUserWithToken(context.database.db, ['admin']);
  return createScimClient(context.api, token);
}

async function createUsers(token: string, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await scimRequest(context.api, 'POST', '/Users', token, {
      userName: `${unique('member')}@example.test`,
    });
    expect(response.status).toBe(201);
    ids.push(response.body.id);
  }
  return ids;
}

async function createGroup(token: string, displayName = unique('Group')) {
  const response = await scimRequest(
    context.api,
    'POST',
    '/Groups',
    token,
    scimFixture('entra-create-group', { displayName }),
  );
  expect(response.status).toBe(201);
  return { id: response.body.id as string, displayName, body: response.body };
}

const memberIds = async (groupId: string) =>
  (await context.database.db.userGroupMember.findMany({ where: { groupId } })).map((row) => row.userId).sort();
const patch = (token: string, id: string, body: unknown, query = '') =>
  scimRequest(context.api, 'PATCH', `/Groups/${id}${query}`, token, body);

describe('POST and GET /Groups map to user groups', () => {
  it('creates a group from the Entra example, with meta and an empty member list', async () => {
    const client = await newClient();
    const { id, displayName, body } = await createGroup(client.token);
    expect(body).toEqual(
      expect.objectContaining({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
        displayName,
        externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
        members: [],
        meta: expect.objectContaining({
          resourceType: 'Group',
          location: `${context.api.baseUrl}/scim/v2/Groups/${id}`,
        }),
      }),
    );
    const group = await context.database.db.userGroup.findUniqueOrThrow({ where: { id } });
    expect(group.name).toBe(displayName);
    const audit = await context.database.db.auditLog.findFirstOrThrow({
      where: { action: 'scim.group.created', targetId: id },
    });
    expect(audit).toEqual(expect.objectContaining({ actorType: 'service_client', actorId: client.id }));
    expect(audit.metadata).toEqual(expect.objectContaining({ scimClientId: client.id }));
  });

  it('creates a group with members and refuses unknown members with invalidValue', async () => {
    const client = await newClient();
    const [a, b] = await createUsers(client.token, 2);
    const created = await scimRequest(context.api, 'POST', '/Groups', client.token, {
      displayName: unique('With members'),
      members: [{ value: a }, { value: b }],
    });
    expect(created.status).toBe(201);
    expect(created.body.members.map((member: { value: string }) => member.value).sort()).toEqual([a, b].sort());
    const unknown = await scimRequest(context.api, 'POST', '/Groups', client.token, {
      displayName: unique('Bad'),
      members: [{ value: '00000000-0000-4000-8000-000000000000' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.scimType).toBe('invalidValue');
  });

  it('answers a duplicate displayName with 409 uniqueness', async () => {
    const client = await newClient();
    const { displayName } = await createGroup(client.token);
    const again = await scimRequest(context.api, 'POST', '/Groups', client.token, { displayName });
    expect(again.status).toBe(409);
    expect(again.body.scimType).toBe('uniqueness');
  });

  it('filters by displayName, excludes members when asked, and refuses other filters', async () => {
    const client = await newClient();
    const other = await newClient();
    const { id, displayName } = await createGroup(client.token);
    const query = `?excludedAttributes=members&filter=${encodeURIComponent(`DisplayName eq "${displayName.toUpperCase()}"`)}`;
    const found = await scimRequest(context.api, 'GET', `/Groups${query}`, client.token);
    expect(found.status).toBe(200);
    expect(found.body.totalResults).toBe(1);
    expect(found.body.Resources[0].id).toBe(id);
    expect(found.body.Resources[0]).not.toHaveProperty('members');
    expect((await scimRequest(context.api, 'GET', `/Groups${query}`, other.token)).body.totalResults).toBe(0);
    expect((await scimRequest(context.api, 'GET', `/Groups/${id}`, other.token)).status).toBe(404);
    const bad = await scimRequest(
      context.api,
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName co "x"')}`,
      client.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.scimType).toBe('invalidFilter');
    const badAttribute = await scimRequest(
      context.api,
      'GET',
      `/Groups?filter=${encodeURIComponent('externalId eq "x"')}`,
      client.token,
    );
    expect(badAttribute.body.scimType).toBe('invalidFilter');
  });
});

describe('PATCH /Groups/:id with the shapes Entra and Okta send', () => {
  it('adds and removes members (Entra value list, Okta members[value eq] path)', async () => {
    const client = await newClient();
    const [a, b] = await createUsers(client.token, 2);
    const { id } = await createGroup(client.token);
    expect((await patch(client.token, id, scimFixture('entra-patch-group-add-member', { userId: a! }))).status).toBe(
      204,
    );
    const okta = await patch(
      client.token,
      id,
      scimFixture('okta-patch-group-add-member', { userId: b!, email: 'b@x.test' }),
    );
    expect(okta.status).toBe(204);
    expect(await memberIds(id)).toEqual([a, b].sort());
    expect((await patch(client.token, id, scimFixture('entra-patch-group-remove-member', { userId: a! }))).status).toBe(
      204,
    );
    expect((await patch(client.token, id, scimFixture('okta-patch-group-remove-member', { userId: b! }))).status).toBe(
      204,
    );
    expect(await memberIds(id)).toEqual([]);
    const actions = (
      await context.database.db.auditLog.findMany({ where: { targetId: id }, orderBy: { createdAt: 'asc' } })
    ).map((row) => row.action);
    expect(actions).toEqual([
      'scim.group.created',
      'scim.group.member_added',
      'scim.group.member_added',
      'scim.group.updated',
      'scim.group.updated',
    ]);
  });

  it('is idempotent: adding a member twice or removing a non-member changes and audits nothing', async () => {
    const client = await newClient();
    const [a] = await createUsers(client.token, 1);
    const { id } = await createGroup(client.token);
    const add = scimFixture('entra-patch-group-add-member', { userId: a! });
    await patch(client.token, id, add);
    await patch(client.token, id, add);
    await patch(
      client.token,
      id,
      scimFixture('okta-patch-group-remove-member', { userId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(await memberIds(id)).toEqual([a]);
    expect(
      await context.database.db.auditLog.count({ where: { targetId: id, action: 'scim.group.member_added' } }),
    ).toBe(1);
    expect(await context.database.db.auditLog.count({ where: { targetId: id, action: 'scim.group.updated' } })).toBe(0);
  });

  it('replaces members (Okta) and audits scim.group.members_replaced', async () => {
    const client = await newClient();
    const [a, b] = await createUsers(client.token, 2);
    const { id } = await createGroup(client.token);
    await patch(client.token, id, scimFixture('entra-patch-group-add-member', { userId: a! }));
    const response = await patch(
      client.token,
      id,
      scimFixture('okta-patch-group-replace-members', { userId: b!, email: 'b@x.test' }),
      '?attributes=members',
    );
    expect(response.status).toBe(200);
    expect(response.body.members.map((member: { value: string }) => member.value)).toEqual([b]);
    const audit = await context.database.db.auditLog.findFirstOrThrow({
      where: { targetId: id, action: 'scim.group.members_replaced' },
    });
    expect(audit.metadata).toEqual(expect.objectContaining({ added: [b], removed: [a], scimClientId: client.id }));
  });

  it('neither shows nor removes members the client did not provision, and reads member ids in any case', async () => {
    const client = await newClient();
    const [own] = await createUsers(client.token, 1);
    const { id } = await createGroup(client.token);
    // An admin adds someone of their own to the client's group; a deleted user's membership stays too.
    const { db } = context.database;
    const outsider = await createUserWithToken(db, ['admin']);
    const deleted = await createUsers(client.token, 1);
    await db.userGroupMember.createMany({
      data: [outsider.user.id, deleted[0]!].map((userId) => ({ groupId: id, userId })),
    });
    await db.user.update({ where: { id: deleted[0]! }, data: { deletedAt: new Date() } });
    expect((await patch(client.token, id, scimFixture('entra-patch-group-add-member', { userId: own! }))).status).toBe(
      204,
    );

    const read = await scimRequest(context.api, 'GET', `/Groups/${id}`, client.token);
    expect(read.body.members.map((member: { value: string }) => member.value)).toEqual([own]);
    expect(JSON.stringify(read.body)).not.toContain(outsider.user.email!);
    const listed = await scimRequest(
      context.api,
      'GET',
      `/Groups?filter=displayName eq "${read.body.displayName}"`,
      client.token,
    );
    expect(listed.body.Resources[0].members.map((member: { value: string }) => member.value)).toEqual([own]);

    const removeOutsider = scimFixture('okta-patch-group-remove-member', { userId: outsider.user.id });
    expect((await patch(client.token, id, removeOutsider)).status).toBe(204);
    expect(
      await patch(client.token, id, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'replace', path: 'members', value: [] }],
      }),
    ).toEqual(expect.objectContaining({ status: 204 }));
    expect(await memberIds(id)).toEqual([outsider.user.id, deleted[0]!].sort());

    // Okta may send the ids in capitals: the same users.
    expect(
      (await patch(client.token, id, scimFixture('entra-patch-group-add-member', { userId: own!.toUpperCase() })))
        .status,
    ).toBe(204);
    expect(
      (await patch(client.token, id, scimFixture('okta-patch-group-remove-member', { userId: own!.toUpperCase() })))
        .status,
    ).toBe(204);
    expect(await memberIds(id)).toEqual([outsider.user.id, deleted[0]!].sort());
  });

  it('renames with the Entra path form and the Okta value-object form', async () => {
    const client = await newClient();
    const { id } = await createGroup(client.token);
    const entraName = unique('Entra renamed');
    await patch(client.token, id, scimFixture('entra-patch-group-display-name', { displayName: entraName }));
    expect((await context.database.db.userGroup.findUniqueOrThrow({ where: { id } })).name).toBe(entraName);
    const oktaName = unique('Okta renamed');
    await patch(client.token, id, scimFixture('okta-patch-group-rename', { groupId: id, displayName: oktaName }));
    expect((await context.database.db.userGroup.findUniqueOrThrow({ where: { id } })).name).toBe(oktaName);
    const got = await scimRequest(context.api, 'GET', `/Groups/${id}`, client.token);
    expect(got.body.displayName).toBe(oktaName);
    expect(got.body.meta.version).toBe('W/"3"');
    expect(await context.database.db.auditLog.count({ where: { targetId: id, action: 'scim.group.updated' } })).toBe(2);
  });

  it('refuses unsupported paths with invalidPath', async () => {
    const client = await newClient();
    const { id } = await createGroup(client.token);
    const schemas = ['urn:ietf:params:scim:api:messages:2.0:PatchOp'];
    for (const path of ['roles', 'members.value', 'members[display eq "x"]', 'owners']) {
      const response = await patch(client.token, id, { schemas, Operations: [{ op: 'add', path, value: 'x' }] });
      expect(response.status).toBe(400);
      expect(response.body.scimType).toBe('invalidPath');
    }
  });

  it('replaces a group with PUT', async () => {
    const client = await newClient();
    const [a] = await createUsers(client.token, 1);
    const { id } = await createGroup(client.token);
    const displayName = unique('Put group');
    const response = await scimRequest(context.api, 'PUT', `/Groups/${id}`, client.token, {
      displayName,
      members: [{ value: a }],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(
      expect.objectContaining({ displayName, members: [expect.objectContaining({ value: a })] }),
    );
    expect(response.body).not.toHaveProperty('externalId');
  });
});

describe('SCIM groups never grant roles or access, whatever they are called', () => {
  it('gives members of groups named like roles no role, role assignment or permission', async () => {
    const client = await newClient();
    const [a] = await createUsers(client.token, 1);
    const assignmentsBefore = await context.database.db.roleAssignment.count();
    for (const displayName of ['admin', 'Administrators', 'approver', 'resource_manager']) {
      const response = await scimRequest(context.api, 'POST', '/Groups', client.token, {
        displayName,
        members: [{ value: a }],
      });
      expect(response.status).toBe(201);
    }
    const user = await context.database.db.user.findUniqueOrThrow({ where: { id: a! } });
    expect(user.roles).toEqual(['requestor']);
    expect(await context.database.db.roleAssignment.count()).toBe(assignmentsBefore);
    const token = await createApiToken(context.database.db, {
      name: 'scim member',
      permissions: ['audit:read', 'user:manage'],
      ownerId: a!,
      createdBy: 'system',
    });
    const me = await context.api.request('GET', '/api/auth/me', { token: token.token });
    expect(me.body.roles).toEqual(['requestor']);
    expect((await context.api.request('GET', '/api/audit-logs', { token: token.token })).status).toBe(403);
  });
});

describe('concurrent member changes', () => {
  it('keeps all members when 20 PATCHes add members to one group at once', async () => {
    const client = await newClient();
    const ids = await createUsers(client.token, 20);
    const { id } = await createGroup(client.token);
    const responses = await Promise.all(
      ids.map((userId) => patch(client.token, id, scimFixture('entra-patch-group-add-member', { userId }))),
    );
    expect(responses.map((response) => response.status)).toEqual(ids.map(() => 204));
    expect(await memberIds(id)).toEqual([...ids].sort());
    expect(
      await context.database.db.auditLog.count({ where: { targetId: id, action: 'scim.group.member_added' } }),
    ).toBe(20);
  });

  it('stays consistent when the same add is retried concurrently', async () => {
    const client = await newClient();
    const [a] = await createUsers(client.token, 1);
    const { id } = await createGroup(client.token);
    const body = scimFixture('entra-patch-group-add-member', { userId: a! });
    const responses = await Promise.all(Array.from({ length: 10 }, () => patch(client.token, id, body)));
    expect(responses.every((response) => response.status === 204)).toBe(true);
    expect(await memberIds(id)).toEqual([a]);
    expect(
      await context.database.db.auditLog.count({ where: { targetId: id, action: 'scim.group.member_added' } }),
    ).toBe(1);
  });
});

describe('versions change with changes made outside SCIM (RFC 7644 3.14)', () => {
  it("changes a user's and a group's version when the API changes them, so a stale If-Match is 412", async () => {
    const admin = (await createUserWithToken(context.database.db, ['admin'])).token;
    const client = await newClient();
    const [userId] = await createUsers(client.token, 1);
    const group = await createGroup(client.token);
    const metaOf = async (path: string) => (await scimRequest(context.api, 'GET', path, client.token)).body.meta;
    const versionOf = async (path: string) => (await metaOf(path)).version as string;
    const modifiedBefore = (await metaOf(`/Users/${userId}`)).lastModified as string;
    const userBefore = await versionOf(`/Users/${userId}`);
    const groupBefore = await versionOf(`/Groups/${group.id}`);

    const profile = await context.api.request('PATCH', `/api/users/${userId}/profile`, {
      token: admin,
      body: { displayName: 'Changed by an admin' },
    });
    expect(profile.status).toBe(200);
    const added = await context.api.request('POST', `/api/groups/${group.id}/members`, {
      token: admin,
      body: { userId },
    });
    expect(added.status).toBe(200);

    expect(await versionOf(`/Users/${userId}`)).not.toBe(userBefore);
    expect(Date.parse((await metaOf(`/Users/${userId}`)).lastModified)).toBeGreaterThan(Date.parse(modifiedBefore));
    expect(await versionOf(`/Groups/${group.id}`)).not.toBe(groupBefore);
    const stale = await scimRequest(
      context.api,
      'PATCH',
      `/Users/${userId}`,
      client.token,
      {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'replace', path: 'displayName', value: 'From the directory' }],
      },
      { 'if-match': userBefore },
    );
    expect(stale.status).toBe(412);
  });
});
