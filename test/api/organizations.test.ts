import { beforeAll, describe, expect, it } from '@jest/globals';
import { associateUserByEmailDomain } from '../../src/services/organizations/domain-association.js';
import { useTestApp } from '../support/app.js';
import { requestAcrossUncommittedWrite } from '../support/lock-race.js';
import { createUserWithToken } from '../support/users.js';

const context = useTestApp();
let token: string;
let adminId: string;
let readerToken: string;

beforeAll(async () => {
  const admin = await createUserWithToken(context.database.db, ['admin']);
  token = admin.token;
  adminId = admin.user.id;
  readerToken = (await createUserWithToken(context.database.db, ['requestor'])).token;
});

const call = (method: string, path: string, body?: unknown) => context.api.request(method, path, { token, body });

let counter = 0;
/** A name no other test uses, so tests stay independent in the shared database. */
const unique = (label: string) => `${label} ${++counter}-${Date.now()}`;

async function createOrganization(fields: Record<string, unknown>) {
  const response = await call('POST', '/api/organizations', fields);
  expect(response.status).toBe(201);
  return response.body as { id: string; name: string; [field: string]: any };
}

async function newUser(email?: string) {
  return context.database.db.user.create({
    data: { email: email ?? `member-${++counter}-${Date.now()}@example.test`, roles: ['requestor'] },
  });
}

function auditRows(organizationId: string, action?: string) {
  return context.database.db.auditLog.findMany({
    where: { targetType: 'organization', targetId: organizationId, action },
    orderBy: { createdAt: 'asc' },
  });
}

describe('fields and limits (spec 2.5)', () => {
  it('creates an organization with every field and answers 201 with the full detail', async () => {
    const parent = await createOrganization({ name: unique('Parent') });
    const created = await call('POST', '/api/organizations', {
      name: '  Acme Corp  ',
      domain: 'acme.example',
      website: 'https://acme.example',
      address: '1 Road, Town',
      parentId: parent.id,
      contacts: [
        { name: 'Ann', email: 'ann@acme.example' },
        { name: 'Bob', phone: '+1 555', title: 'CFO' },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Acme Corp',
      domain: 'acme.example',
      website: 'https://acme.example',
      address: '1 Road, Town',
      parentId: parent.id,
      parentName: parent.name,
      memberCount: 0,
      contacts: [
        { name: 'Ann', email: 'ann@acme.example', phone: null, title: null },
        { name: 'Bob', email: null, phone: '+1 555', title: 'CFO' },
      ],
      createdBy: adminId,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      deletedAt: null,
      deleted: '1970-01-01T00:00:00.000Z',
      members: [],
      children: [],
    });
  });

  it('accepts a 255-character name and refuses 256 characters with 400', async () => {
    expect((await call('POST', '/api/organizations', { name: 'n'.repeat(255) })).status).toBe(201);
    const refused = await call('POST', '/api/organizations', { name: 'm'.repeat(256) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('name must be at most 255 characters');
  });

  it('refuses a website over 500 characters, a domain over 255 and a domain with an @', async () => {
    const website = await call('POST', '/api/organizations', { name: unique('W'), website: 'w'.repeat(501) });
    expect(website.status).toBe(400);
    expect(website.body.message).toContain('website must be at most 500 characters');
    expect((await call('POST', '/api/organizations', { name: unique('D'), domain: 'd'.repeat(256) })).status).toBe(400);
    // Each as the pattern the API description states for the domain says.
    const description = (await context.api.request('GET', '/api/docs/json')).body;
    const { pattern } =
      description.paths['/api/organizations'].post.requestBody.content['application/json'].schema.properties.domain;
    for (const domain of ['a@b.example', 'two words.example', ' padded.example ', '   ']) {
      const created = await call('POST', '/api/organizations', { name: unique('D'), domain });
      expect([domain, created.status]).toEqual([domain, new RegExp(pattern).test(domain) ? 201 : 400]);
      if (created.status === 201) expect(created.body.domain).toBe(domain.trim() || null);
    }
    expect((await call('POST', '/api/organizations', { name: unique('W'), website: 'w'.repeat(500) })).status).toBe(
      201,
    );
  });

  it('refuses a contact without a name, a missing name and unknown fields with 400', async () => {
    const contact = await call('POST', '/api/organizations', { name: unique('C'), contacts: [{ email: 'x@y.z' }] });
    expect(contact.status).toBe(400);
    expect(contact.body.details).toEqual([expect.objectContaining({ path: 'contacts.0.name' })]);
    expect((await call('POST', '/api/organizations', { domain: 'x.example' })).status).toBe(400);
    expect((await call('POST', '/api/organizations', { name: unique('U'), colour: 'red' })).status).toBe(400);
  });

  it('refuses a second active organization with the same name with 409', async () => {
    const name = unique('Twin');
    await createOrganization({ name });
    const duplicate = await call('POST', '/api/organizations', { name });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toContain(name);
  });

  it('refuses a parent that does not exist or is deleted with 400', async () => {
    const missing = await call('POST', '/api/organizations', {
      name: unique('Orphan'),
      parentId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.status).toBe(400);
    const deleted = await createOrganization({ name: unique('Gone') });
    await call('DELETE', `/api/organizations/${deleted.id}`);
    expect((await call('POST', '/api/organizations', { name: unique('Orphan'), parentId: deleted.id })).status).toBe(
      400,
    );
    const child = await createOrganization({ name: unique('Child') });
    expect((await call('PUT', `/api/organizations/${child.id}`, { parentId: deleted.id })).status).toBe(400);
  });
});

describe('listing', () => {
  it('lists member counts (distinct users) and parent names, searching name or domain case-insensitively', async () => {
    const tag = unique('listtag').replace(/\s/g, '');
    const parent = await createOrganization({ name: `${tag} Parent` });
    const child = await createOrganization({ name: `${tag} Child`, parentId: parent.id, domain: `${tag}.example` });
    const [first, second] = [await newUser(), await newUser()];
    await call('POST', `/api/organizations/${child.id}/members`, { userId: first.id, role: 'member' });
    await call('POST', `/api/organizations/${child.id}/members`, { userId: first.id, role: 'approver' });
    await call('POST', `/api/organizations/${child.id}/members`, { userId: second.id, role: 'member' });

    const listed = await call('GET', `/api/organizations?search=${tag.toUpperCase()}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual(expect.objectContaining({ total: 2, page: 1, pageSize: 20, totalPages: 1 }));
    expect(
      listed.body.data.map((item: any) => ({ name: item.name, parentName: item.parentName, count: item.memberCount })),
    ).toEqual([
      { name: `${tag} Child`, parentName: `${tag} Parent`, count: 2 },
      { name: `${tag} Parent`, parentName: null, count: 0 },
    ]);
    expect(listed.body.data[0]).not.toHaveProperty('members');
    expect(listed.body.data.map((item: any) => [item.deletedAt, item.deleted])).toEqual([
      [null, '1970-01-01T00:00:00.000Z'],
      [null, '1970-01-01T00:00:00.000Z'],
    ]);

    const byDomain = await call('GET', `/api/organizations?search=${tag.toUpperCase()}.EXAMPLE`);
    expect(byDomain.body.data.map((item: any) => item.name)).toEqual([`${tag} Child`]);
  });

  it('sorts by name, createdAt or updatedAt in either order, and refuses other sort fields', async () => {
    const tag = unique('sorttag').replace(/\s/g, '');
    const b = await createOrganization({ name: `${tag} b` });
    const a = await createOrganization({ name: `${tag} a` });
    const names = async (query: string) =>
      (await call('GET', `/api/organizations?search=${tag}&${query}`)).body.data.map((item: any) => item.name);
    expect(await names('sortBy=name')).toEqual([a.name, b.name]);
    expect(await names('sortBy=name&sortOrder=desc')).toEqual([b.name, a.name]);
    expect(await names('sortBy=createdAt&sortOrder=asc')).toEqual([b.name, a.name]);
    await call('PUT', `/api/organizations/${b.id}`, { address: 'moved' });
    expect(await names('sortBy=updatedAt&sortOrder=desc')).toEqual([b.name, a.name]);
    const refused = await call('GET', '/api/organizations?sortBy=domain');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('sortBy must be one of: name, createdAt, updatedAt');
    expect((await call('GET', '/api/organizations?pageSize=101')).status).toBe(400);
  });
});

describe('get one', () => {
  it('returns members with their emails, active children and the parent name', async () => {
    const parent = await createOrganization({ name: unique('Top') });
    const organization = await createOrganization({ name: unique('Middle'), parentId: parent.id });
    const childA = await createOrganization({ name: unique('A leaf'), parentId: organization.id });
    const childB = await createOrganization({ name: unique('B leaf'), parentId: organization.id });
    const deletedChild = await createOrganization({ name: unique('C leaf'), parentId: organization.id });
    await call('DELETE', `/api/organizations/${deletedChild.id}`);
    const user = await newUser();
    await call('POST', `/api/organizations/${organization.id}/members`, { userId: user.id, role: 'signatory' });

    const detail = await call('GET', `/api/organizations/${organization.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.parentName).toBe(parent.name);
    expect(detail.body.children).toEqual([
      { id: childA.id, name: childA.name },
      { id: childB.id, name: childB.name },
    ]);
    expect(detail.body.members).toEqual([
      {
        id: expect.any(String),
        organizationId: organization.id,
        userId: user.id,
        email: user.email,
        role: 'signatory',
        addedBy: adminId,
        createdAt: expect.any(String),
      },
    ]);
    expect(detail.body.memberCount).toBe(1);
  });

  it("shows members' emails only to callers who may read users", async () => {
    const organization = await createOrganization({ name: unique('Private') });
    const user = await newUser();
    await call('POST', `/api/organizations/${organization.id}/members`, { userId: user.id, role: 'member' });
    const narrowed = await createUserWithToken(context.database.db, ['admin'], ['org:read', 'org:manage']);
    const asReader = await context.api.request('GET', `/api/organizations/${organization.id}`, { token: readerToken });
    const added = await context.api.request('POST', `/api/organizations/${organization.id}/members`, {
      token: narrowed.token,
      body: { userId: adminId, role: 'approver' },
    });
    for (const [response, status] of [
      [asReader, 200],
      [added, 201],
    ] as const) {
      expect(response.status).toBe(status);
      expect(response.body.members.map((member: { email: string | null }) => member.email)).toEqual(
        response.body.members.map(() => null),
      );
      expect(response.text).not.toContain(user.email);
    }
    const asAdmin = await call('GET', `/api/organizations/${organization.id}`);
    expect(asAdmin.body.members[0]).toEqual(expect.objectContaining({ userId: user.id, email: user.email }));
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await call('GET', '/api/organizations/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call('GET', '/api/organizations/not-a-uuid')).status).toBe(400);
  });
});

describe('update', () => {
  it('changes the given fields only, clears one with null, and audits before and changes', async () => {
    const organization = await createOrganization({ name: unique('Old'), domain: 'old.example', website: 'w' });
    const name = unique('New');
    const updated = await call('PUT', `/api/organizations/${organization.id}`, {
      name,
      website: null,
      contacts: [{ name: 'Cleo' }],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual(
      expect.objectContaining({
        name,
        domain: 'old.example',
        website: null,
        contacts: [{ name: 'Cleo', email: null, phone: null, title: null }],
      }),
    );
    const [row] = await auditRows(organization.id, 'organization.updated');
    expect(row?.metadata).toEqual(
      expect.objectContaining({
        before: { name: organization.name, website: 'w', contacts: [] },
        changes: { name, website: null, contacts: [{ name: 'Cleo', email: null, phone: null, title: null }] },
      }),
    );
  });

  it('refuses a name an active organization holds with 409, and keeps its own name without conflict', async () => {
    const taken = await createOrganization({ name: unique('Taken') });
    const other = await createOrganization({ name: unique('Other') });
    const conflict = await call('PUT', `/api/organizations/${other.id}`, { name: taken.name });
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toContain(taken.name);
    expect((await call('PUT', `/api/organizations/${other.id}`, { name: other.name })).status).toBe(200);
    expect((await call('PUT', `/api/organizations/${other.id}`, { name: 'x'.repeat(256) })).status).toBe(400);
  });
});

describe('parent cycles (refused with 409, naming the chain)', () => {
  it('refuses A → B → A', async () => {
    const a = await createOrganization({ name: unique('A') });
    const b = await createOrganization({ name: unique('B'), parentId: a.id });
    const refused = await call('PUT', `/api/organizations/${a.id}`, { parentId: b.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Setting the parent would create a cycle: ${a.name} → ${b.name} → ${a.name}`);
    expect((await call('GET', `/api/organizations/${a.id}`)).body.parentId).toBeNull();
  });

  it('refuses the longer A → B → C → A', async () => {
    const a = await createOrganization({ name: unique('A') });
    const c = await createOrganization({ name: unique('C'), parentId: a.id });
    const b = await createOrganization({ name: unique('B'), parentId: c.id });
    const refused = await call('PUT', `/api/organizations/${a.id}`, { parentId: b.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Setting the parent would create a cycle: ${a.name} → ${b.name} → ${c.name} → ${a.name}`,
    );
  });

  it('refuses an organization as its own parent', async () => {
    const a = await createOrganization({ name: unique('Self') });
    const refused = await call('PUT', `/api/organizations/${a.id}`, { parentId: a.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`An organization cannot be its own parent: ${a.name} → ${a.name}`);
  });

  it('accepts a parent elsewhere in the tree, and lets only one of two concurrent opposite moves through', async () => {
    const root = await createOrganization({ name: unique('Root') });
    const x = await createOrganization({ name: unique('X'), parentId: root.id });
    const y = await createOrganization({ name: unique('Y'), parentId: root.id });
    expect((await call('PUT', `/api/organizations/${x.id}`, { parentId: y.id })).status).toBe(200);
    expect((await call('PUT', `/api/organizations/${x.id}`, { parentId: null })).body.parentId).toBeNull();

    const statuses = await Promise.all([
      call('PUT', `/api/organizations/${x.id}`, { parentId: y.id }),
      call('PUT', `/api/organizations/${y.id}`, { parentId: x.id }),
    ]);
    expect(statuses.map((response) => response.status).sort()).toEqual([200, 409]);
  });
});

describe('children listing', () => {
  it('lists direct active children as { id, name }', async () => {
    const parent = await createOrganization({ name: unique('Parent') });
    const child = await createOrganization({ name: unique('Kid'), parentId: parent.id });
    await createOrganization({ name: unique('Grandkid'), parentId: child.id });
    const gone = await createOrganization({ name: unique('Gone kid'), parentId: parent.id });
    await call('DELETE', `/api/organizations/${gone.id}`);
    const children = await call('GET', `/api/organizations/${parent.id}/children`);
    expect(children.status).toBe(200);
    expect(children.body).toEqual([{ id: child.id, name: child.name }]);
    expect((await call('GET', '/api/organizations/00000000-0000-4000-8000-000000000000/children')).status).toBe(404);
  });
});

describe('soft delete, restore and permanent delete (spec 3.3)', () => {
  it('soft-deletes with a confirmation, hides from the default list and shows with includeDeleted', async () => {
    const organization = await createOrganization({ name: unique('Hidden') });
    const deleted = await call('DELETE', `/api/organizations/${organization.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Organization deleted', id: organization.id });

    const search = encodeURIComponent(organization.name);
    expect((await call('GET', `/api/organizations?search=${search}`)).body.total).toBe(0);
    const withDeleted = await call('GET', `/api/organizations?search=${search}&includeDeleted=true`);
    expect(withDeleted.body.data).toEqual([
      expect.objectContaining({ id: organization.id, deletedAt: expect.any(String) }),
    ]);
    expect((await call('GET', `/api/organizations/${organization.id}`)).status).toBe(404);
    const detail = await call('GET', `/api/organizations/${organization.id}?includeDeleted=true`);
    expect(detail.status).toBe(200);
    expect(detail.body.deletedAt).toEqual(expect.any(String));
    expect(detail.body.deleted).toBe(detail.body.deletedAt);
    expect(withDeleted.body.data[0].deleted).toBe(detail.body.deletedAt);
    expect((await call('PUT', `/api/organizations/${organization.id}`, { address: 'x' })).status).toBe(404);
    expect((await call('DELETE', `/api/organizations/${organization.id}`)).status).toBe(404);
  });

  it('restores a soft-deleted organization, and refuses to restore an active one', async () => {
    const organization = await createOrganization({ name: unique('Back') });
    expect((await call('POST', `/api/organizations/${organization.id}/restore`)).status).toBe(409);
    await call('DELETE', `/api/organizations/${organization.id}`);
    const restored = await call('POST', `/api/organizations/${organization.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual(expect.objectContaining({ id: organization.id, deletedAt: null }));
    expect((await call('GET', `/api/organizations/${organization.id}`)).status).toBe(200);
  });

  it('frees the name on soft delete, and refuses a restore with 409 while an active organization holds it', async () => {
    const name = unique('Reused');
    const original = await createOrganization({ name });
    await call('DELETE', `/api/organizations/${original.id}`);
    const successor = await createOrganization({ name });

    const refused = await call('POST', `/api/organizations/${original.id}/restore`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(name);
    expect((await call('GET', `/api/organizations/${original.id}?includeDeleted=true`)).body.deletedAt).not.toBeNull();

    await call('PUT', `/api/organizations/${successor.id}`, { name: unique('Renamed') });
    expect((await call('POST', `/api/organizations/${original.id}/restore`)).status).toBe(200);
  });

  it('deletes permanently only after a soft delete; memberships go, children lose their parent', async () => {
    const organization = await createOrganization({ name: unique('Doomed') });
    const child = await createOrganization({ name: unique('Survivor'), parentId: organization.id });
    const user = await newUser();
    await call('POST', `/api/organizations/${organization.id}/members`, { userId: user.id, role: 'member' });

    const refused = await call('DELETE', `/api/organizations/${organization.id}/permanent`);
    expect(refused.status).toBe(409);
    await call('DELETE', `/api/organizations/${organization.id}`);
    const removed = await call('DELETE', `/api/organizations/${organization.id}/permanent`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Organization permanently deleted', id: organization.id });

    expect((await call('GET', `/api/organizations/${organization.id}?includeDeleted=true`)).status).toBe(404);
    expect((await call('GET', `/api/organizations/${child.id}`)).body).toEqual(
      expect.objectContaining({ parentId: null, parentName: null }),
    );
    expect(await context.database.db.organizationMembership.count({ where: { organizationId: organization.id } })).toBe(
      0,
    );
    const [row] = await auditRows(organization.id, 'organization.permanently_deleted');
    expect(row?.metadata).toEqual(
      expect.objectContaining({ name: organization.name, childrenUnlinked: [child.id], membershipsRemoved: 1 }),
    );
  });

  it('keeps an organization restored while it was being deleted permanently (409)', async () => {
    const organization = await createOrganization({ name: unique('Restored meanwhile') });
    await call('DELETE', `/api/organizations/${organization.id}`);
    const answer = await requestAcrossUncommittedWrite(
      context.database.db,
      (tx) =>
        tx.organization.update({
          where: { id: organization.id },
          data: { deletedAt: null, activeName: organization.name },
        }),
      () => call('DELETE', `/api/organizations/${organization.id}/permanent`),
      '%DELETE FROM%organizations%',
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain('restored at the same time');
    expect((await call('GET', `/api/organizations/${organization.id}`)).status).toBe(200);
  });
});

describe('memberships', () => {
  it('adds a member, refuses the same pair with 409, allows a second role, and removes one role', async () => {
    const organization = await createOrganization({ name: unique('Club') });
    const user = await newUser();
    const path = `/api/organizations/${organization.id}/members`;

    const added = await call('POST', path, { userId: user.id, role: 'member' });
    expect(added.status).toBe(201);
    expect(added.body.members).toEqual([expect.objectContaining({ userId: user.id, role: 'member' })]);

    const duplicate = await call('POST', path, { userId: user.id, role: 'member' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toContain('member');

    const second = await call('POST', path, { userId: user.id, role: 'approver' });
    expect(second.status).toBe(201);
    expect(second.body.members.map((member: any) => member.role)).toEqual(['member', 'approver']);
    expect(second.body.memberCount).toBe(1);

    const removed = await call('DELETE', `${path}/${user.id}/roles/member`);
    expect(removed.status).toBe(200);
    expect(removed.body.members.map((member: any) => member.role)).toEqual(['approver']);
    expect((await call('DELETE', `${path}/${user.id}/roles/member`)).status).toBe(404);
  });

  it('answers 404 for an unknown user and 400 for an unknown role', async () => {
    const organization = await createOrganization({ name: unique('Strict') });
    const path = `/api/organizations/${organization.id}/members`;
    const unknown = await call('POST', path, { userId: '00000000-0000-4000-8000-000000000000', role: 'member' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('User not found');
    const user = await newUser();
    expect((await call('POST', path, { userId: user.id, role: 'owner' })).status).toBe(400);
    expect((await call('DELETE', `${path}/${user.id}/roles/owner`)).status).toBe(400);
  });
});

describe('changing a member’s role', () => {
  it('moves a user to another role in one step: never both, never neither, audited as removed and added', async () => {
    const organization = await createOrganization({ name: unique('Movers') });
    const user = await newUser();
    const other = await newUser();
    const path = `/api/organizations/${organization.id}/members`;
    await call('POST', path, { userId: user.id, role: 'member' });
    await call('POST', path, { userId: other.id, role: 'member' });
    const before = await context.database.db.organizationMembership.findFirstOrThrow({
      where: { organizationId: organization.id, userId: user.id },
    });

    const changed = await call('PATCH', `${path}/${user.id}/roles/member`, { role: 'signatory' });
    expect(changed.status).toBe(200);
    expect(changed.body.members.map((member: any) => [member.userId, member.role]).sort()).toEqual(
      [
        [user.id, 'signatory'],
        [other.id, 'member'],
      ].sort(),
    );
    const after = await context.database.db.organizationMembership.findMany({
      where: { organizationId: organization.id, userId: user.id },
    });
    // The assignment keeps its id and is dated from the change, added by the caller.
    expect(after).toEqual([expect.objectContaining({ id: before.id, role: 'signatory', addedBy: adminId })]);
    expect(after[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before.createdAt.getTime());
    const removed = await auditRows(organization.id, 'organization.member_removed');
    const added = (await auditRows(organization.id, 'organization.member_added')).filter(
      (row) => (row.metadata as { role?: string }).role === 'signatory',
    );
    expect(removed.map((row) => row.metadata)).toEqual([
      expect.objectContaining({ userId: user.id, role: 'member', replacedBy: 'signatory' }),
    ]);
    expect(added.map((row) => row.metadata)).toEqual([
      expect.objectContaining({ userId: user.id, role: 'signatory', replaces: 'member' }),
    ]);

    // The role held already changes nothing; the old role is gone, so moving from it is a 404.
    const same = await call('PATCH', `${path}/${user.id}/roles/signatory`, { role: 'signatory' });
    expect(same.status).toBe(200);
    expect((await auditRows(organization.id, 'organization.member_added')).length).toBe(3);
    expect((await call('PATCH', `${path}/${user.id}/roles/member`, { role: 'approver' })).status).toBe(404);
  });

  it('answers 404 to the second of two changes of one assignment, which finds the role it moves from gone', async () => {
    const organization = await createOrganization({ name: unique('Racers') });
    const user = await newUser();
    const path = `/api/organizations/${organization.id}/members`;
    await call('POST', path, { userId: user.id, role: 'member' });
    const answer = await requestAcrossUncommittedWrite(
      context.database.db,
      (tx) =>
        tx.organizationMembership.updateMany({
          where: { organizationId: organization.id, userId: user.id, role: 'member' },
          data: { role: 'approver' },
        }),
      () => call('PATCH', `${path}/${user.id}/roles/member`, { role: 'signatory' }),
      '%UPDATE%organization_memberships%',
    );
    expect(answer.status).toBe(404);
    const roles = await context.database.db.organizationMembership.findMany({
      where: { organizationId: organization.id, userId: user.id },
    });
    expect(roles.map((row) => row.role)).toEqual(['approver']);
  });

  it('refuses a role the user holds there already (409), unknown roles and bodies (400), and non-managers (403)', async () => {
    const organization = await createOrganization({ name: unique('Holders') });
    const user = await newUser();
    const path = `/api/organizations/${organization.id}/members`;
    await call('POST', path, { userId: user.id, role: 'member' });
    await call('POST', path, { userId: user.id, role: 'approver' });
    const taken = await call('PATCH', `${path}/${user.id}/roles/member`, { role: 'approver' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain('already holds the role "approver"');
    expect(taken.body.message).toContain('remove the role "member" instead');
    const roles = await context.database.db.organizationMembership.findMany({
      where: { organizationId: organization.id, userId: user.id },
      orderBy: { role: 'asc' },
    });
    expect(roles.map((row) => row.role)).toEqual(['approver', 'member']);

    const owner = await call('PATCH', `${path}/${user.id}/roles/member`, { role: 'owner' });
    expect(owner.status).toBe(400);
    expect(owner.body.message).toContain('role must be one of: member, signatory, approver');
    expect((await call('PATCH', `${path}/${user.id}/roles/owner`, { role: 'member' })).status).toBe(400);
    expect((await call('PATCH', `${path}/${user.id}/roles/member`, {})).status).toBe(400);
    expect(
      (await call('PATCH', `${path}/${user.id}/roles/member`, { role: 'signatory', userId: user.id })).status,
    ).toBe(400);
    expect(
      (
        await call('PATCH', `/api/organizations/00000000-0000-4000-8000-000000000000/members/${user.id}/roles/member`, {
          role: 'signatory',
        })
      ).status,
    ).toBe(404);
    const refused = await context.api.request('PATCH', `${path}/${user.id}/roles/member`, {
      token: readerToken,
      body: { role: 'signatory' },
    });
    expect(refused.status).toBe(403);
    await call('DELETE', `/api/organizations/${organization.id}`);
    expect((await call('PATCH', `${path}/${user.id}/roles/member`, { role: 'signatory' })).status).toBe(404);
  });
});

describe('audit trail (spec 6.1)', () => {
  it('records every write with its action and metadata, in the order they happened', async () => {
    const organization = await createOrganization({ name: unique('Audited'), domain: 'audited.example' });
    const user = await newUser();
    const path = `/api/organizations/${organization.id}`;
    await call('PUT', path, { address: 'Here' });
    await call('POST', `${path}/members`, { userId: user.id, role: 'signatory' });
    await call('DELETE', `${path}/members/${user.id}/roles/signatory`);
    await call('DELETE', path);
    await call('POST', `${path}/restore`);
    await call('DELETE', path);
    await call('DELETE', `${path}/permanent`);

    const rows = await auditRows(organization.id);
    expect(rows.map((row) => row.action)).toEqual([
      'organization.created',
      'organization.updated',
      'organization.member_added',
      'organization.member_removed',
      'organization.soft_deleted',
      'organization.restored',
      'organization.soft_deleted',
      'organization.permanently_deleted',
    ]);
    expect(rows.every((row) => row.actorType === 'user' && row.actorId === adminId)).toBe(true);
    const metadata = rows.map((row) => row.metadata);
    expect(metadata[0]).toEqual(
      expect.objectContaining({ name: organization.name, domain: 'audited.example', parentId: null }),
    );
    expect(metadata[1]).toEqual(expect.objectContaining({ before: { address: null }, changes: { address: 'Here' } }));
    expect(metadata[2]).toEqual(expect.objectContaining({ userId: user.id, role: 'signatory' }));
    expect(metadata[3]).toEqual(expect.objectContaining({ userId: user.id, role: 'signatory' }));
    expect(metadata[4]).toEqual(expect.objectContaining({ name: organization.name }));
    expect(metadata[5]).toEqual(expect.objectContaining({ name: organization.name }));
    // Made with an API token, so the token's identity rides along (spec 6.1).
    expect(metadata[2]).toEqual(expect.objectContaining({ via: 'api_token', tokenPrefix: expect.any(String) }));
  });

  it('records no organization action for a refused write, only the token request (spec 2.11)', async () => {
    const organization = await createOrganization({ name: unique('Quiet') });
    const user = await newUser();
    await call('POST', `/api/organizations/${organization.id}/members`, { userId: user.id, role: 'member' });
    const cycle = await context.api.request('PUT', `/api/organizations/${organization.id}`, {
      token,
      body: { parentId: organization.id },
      headers: { 'x-request-id': 'org-refused-1' },
    });
    const duplicate = await context.api.request('POST', `/api/organizations/${organization.id}/members`, {
      token,
      body: { userId: user.id, role: 'member' },
      headers: { 'x-request-id': 'org-refused-2' },
    });
    expect([cycle.status, duplicate.status]).toEqual([409, 409]);
    expect((await auditRows(organization.id)).map((row) => row.action)).toEqual([
      'organization.created',
      'organization.member_added',
    ]);
    const requests = await context.database.db.auditLog.findMany({
      where: { requestId: { in: ['org-refused-1', 'org-refused-2'] } },
      orderBy: { requestId: 'asc' },
    });
    expect(requests.map((row) => [row.action, row.metadata])).toEqual([
      [
        'api_token.request',
        expect.objectContaining({ via: 'api_token', tokenPrefix: expect.any(String), method: 'PUT', status: 409 }),
      ],
      [
        'api_token.request',
        expect.objectContaining({ via: 'api_token', tokenPrefix: expect.any(String), method: 'POST', status: 409 }),
      ],
    ]);
  });
});

describe('permissions', () => {
  it('lets an org:read caller read (200) but not write (403)', async () => {
    const organization = await createOrganization({ name: unique('Readable') });
    const user = await newUser();
    const path = `/api/organizations/${organization.id}`;
    const asReader = (method: string, url: string, body?: unknown) =>
      context.api.request(method, url, { token: readerToken, body });

    expect((await asReader('GET', '/api/organizations')).status).toBe(200);
    expect((await asReader('GET', path)).status).toBe(200);
    expect((await asReader('GET', `${path}/children`)).status).toBe(200);

    const writes: Array<[string, string, unknown?]> = [
      ['POST', '/api/organizations', { name: unique('Nope') }],
      ['PUT', path, { address: 'x' }],
      ['DELETE', path],
      ['POST', `${path}/restore`],
      ['DELETE', `${path}/permanent`],
      ['POST', `${path}/members`, { userId: user.id, role: 'member' }],
      ['DELETE', `${path}/members/${user.id}/roles/member`],
    ];
    for (const [method, url, body] of writes) {
      const response = await asReader(method, url, body);
      expect({ method, url, status: response.status }).toEqual({ method, url, status: 403 });
    }
    expect((await context.api.request('GET', '/api/organizations')).status).toBe(401);
  });
});

describe('email-domain auto-association', () => {
  it('makes a new user a member of every active organization with the email domain, case-insensitively', async () => {
    const domain = `${unique('corp').replace(/\s/g, '')}.example`;
    const first = await createOrganization({ name: unique('Corp HQ'), domain: domain.toUpperCase() });
    const second = await createOrganization({ name: unique('Corp Labs'), domain });
    const deleted = await createOrganization({ name: unique('Corp Old'), domain });
    await call('DELETE', `/api/organizations/${deleted.id}`);
    const unrelated = await createOrganization({ name: unique('Elsewhere'), domain: `other-${domain}` });

    const db = context.database.db;
    const { user, joined } = await db.$transaction(async (tx) => {
      const created = await tx.user.create({ data: { email: `Jane.Doe@${domain.toUpperCase()}`, roles: [] } });
      return { user: created, joined: await associateUserByEmailDomain(tx, created, { type: 'system' }) };
    });

    expect(new Set(joined)).toEqual(new Set([first.id, second.id]));
    const memberships = await db.organizationMembership.findMany({ where: { userId: user.id } });
    expect(memberships.map((membership) => [membership.organizationId, membership.role, membership.addedBy])).toEqual(
      expect.arrayContaining([
        [first.id, 'member', null],
        [second.id, 'member', null],
      ]),
    );
    expect(memberships).toHaveLength(2);
    for (const organization of [first, second]) {
      const rows = await auditRows(organization.id, 'organization.member_added');
      expect(rows.map((row) => [row.actorType, row.metadata])).toEqual([
        ['system', { userId: user.id, role: 'member', via: 'email_domain' }],
      ]);
    }
    expect(await auditRows(unrelated.id, 'organization.member_added')).toEqual([]);
    expect((await call('GET', `/api/organizations/${first.id}`)).body.memberCount).toBe(1);
  });

  it('records the acting user as addedBy, skips roles the user already holds, and ignores users without email', async () => {
    const domain = `${unique('team').replace(/\s/g, '')}.example`;
    const organization = await createOrganization({ name: unique('Team'), domain });
    const user = await newUser(`sam@${domain}`);
    await call('POST', `/api/organizations/${organization.id}/members`, { userId: user.id, role: 'member' });
    const db = context.database.db;

    const again = await db.$transaction((tx) =>
      associateUserByEmailDomain(tx, user, { type: 'user', userId: adminId }),
    );
    expect(again).toEqual([]);
    expect(await db.organizationMembership.count({ where: { userId: user.id } })).toBe(1);

    const other = await newUser(`kim@${domain}`);
    await db.$transaction((tx) => associateUserByEmailDomain(tx, other, { type: 'user', userId: adminId }));
    expect(await db.organizationMembership.findFirst({ where: { userId: other.id } })).toEqual(
      expect.objectContaining({ organizationId: organization.id, role: 'member', addedBy: adminId }),
    );

    const noEmail = await db.user.create({ data: { roles: [] } });
    expect(await db.$transaction((tx) => associateUserByEmailDomain(tx, noEmail, { type: 'system' }))).toEqual([]);
  });
});

describe('the OpenAPI description shows the spec fields (spec 2.5)', () => {
  it('documents deleted beside deletedAt, and organizationId on memberships', async () => {
    const { schemas } = (await context.api.request('GET', '/api/docs/json')).body.components;
    expect(schemas.OrganizationListItem.required).toEqual(expect.arrayContaining(['deletedAt', 'deleted']));
    const organization = schemas.Organization.properties;
    expect(organization.deleted).toEqual(expect.objectContaining({ type: 'string', format: 'date-time' }));
    expect(organization.members.items.required).toContain('organizationId');
  });
});
