import { beforeAll, describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';

const context = useTestApp();
let admin: string;
let adminId: string;

beforeAll(async () => {
  const created = await createUserWithToken(context.database.db, ['admin']);
  admin = created.token;
  adminId = created.user.id;
});

const call = (method: string, path: string, body?: unknown) =>
  context.api.request(method, path, { token: admin, body });

describe('users', () => {
  it('creates unconfirmed users with emails unique among active users, case-insensitively', async () => {
    const created = await call('POST', '/api/users', {
      email: 'Grace.Hopper@Example.test',
      displayName: 'Grace',
      roles: ['approver'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual(
      expect.objectContaining({ email: 'Grace.Hopper@Example.test', confirmed: false, roles: ['approver'] }),
    );
    expect((await call('POST', '/api/users', { email: 'grace.hopper@example.test' })).status).toBe(409);
    const filtered = await call('GET', '/api/users?email=GRACE.HOPPER@example.test');
    expect(filtered.body.data.map((user: { id: string }) => user.id)).toEqual([created.body.id]);
    expect((await call('GET', '/api/users?role=approver&search=grace')).body.total).toBe(1);
  });

  it('soft-deletes and restores; the freed email can be reused, which then blocks the restore', async () => {
    const first = (await call('POST', '/api/users', { email: 'reuse@example.test' })).body;
    expect((await call('DELETE', `/api/users/${first.id}`)).status).toBe(200);
    expect((await call('GET', `/api/users/${first.id}`)).status).toBe(404);
    expect((await call('GET', '/api/users?email=reuse@example.test&includeDeleted=true')).body.total).toBe(1);
    expect((await call('POST', `/api/users/${first.id}/restore`)).status).toBe(200);
    await call('DELETE', `/api/users/${first.id}`);
    const second = await call('POST', '/api/users', { email: 'Reuse@example.test' });
    expect(second.status).toBe(201);
    expect((await call('POST', `/api/users/${first.id}/restore`)).status).toBe(409);
  });

  it('keeps at least one admin: no removing the role from, or deleting, the last one', async () => {
    const { db } = context.database;
    const others = await db.user.findMany({ where: { id: { not: adminId }, roles: { has: 'admin' } } });
    for (const other of others) await db.user.update({ where: { id: other.id }, data: { roles: ['requestor'] } });
    const demote = await call('PATCH', `/api/users/${adminId}/roles`, { roles: ['requestor'] });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toContain('last active admin');
    expect((await call('DELETE', `/api/users/${adminId}`)).status).toBe(409);
    const second = (await call('POST', '/api/users', { email: 'second-admin@example.test', roles: ['admin'] })).body;
    expect((await call('PATCH', `/api/users/${second.id}/roles`, { roles: ['admin', 'approver'] })).status).toBe(200);
    const audit = await db.auditLog.findFirst({ where: { action: 'user.roles_changed', targetId: second.id } });
    expect(audit?.metadata).toEqual(expect.objectContaining({ from: ['admin'], to: ['admin', 'approver'] }));
  });

  it('records the source of every profile field written', async () => {
    const user = (await call('POST', '/api/users', { email: 'profile@example.test' })).body;
    const updated = await call('PATCH', `/api/users/${user.id}/profile`, {
      title: 'Engineer',
      startDate: '2026-02-01',
      custom: { badge: 'B-7' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.profile).toEqual(
      expect.objectContaining({ title: 'Engineer', startDate: '2026-02-01', custom: { badge: 'B-7' } }),
    );
    expect(updated.body.attributeSources).toEqual({ title: 'manual', startDate: 'manual', 'custom.badge': 'manual' });
    expect((await call('PATCH', `/api/users/${user.id}/profile`, { startDate: 'soon' })).status).toBe(400);
  });

  it('refuses the user routes to non-admins', async () => {
    const { token } = await createUserWithToken(context.database.db, ['resource_manager']);
    expect((await context.api.request('GET', '/api/users', { token })).status).toBe(403);
  });
});

describe('groups', () => {
  it('manages groups and members with unique names and paginated members', async () => {
    const group = await call('POST', '/api/groups', { name: 'Helpdesk', description: 'First line' });
    expect(group.status).toBe(201);
    expect((await call('POST', '/api/groups', { name: 'Helpdesk' })).status).toBe(409);
    const user = (await call('POST', '/api/users', { email: 'member@example.test' })).body;
    expect((await call('POST', `/api/groups/${group.body.id}/members`, { userId: user.id })).body.memberCount).toBe(1);
    expect((await call('POST', `/api/groups/${group.body.id}/members`, { userId: user.id })).status).toBe(409);
    const members = await call('GET', `/api/groups/${group.body.id}/members?pageSize=1`);
    expect(members.body).toEqual(
      expect.objectContaining({
        total: 1,
        data: [expect.objectContaining({ userId: user.id, email: 'member@example.test' })],
      }),
    );
    expect((await call('DELETE', `/api/groups/${group.body.id}/members/${user.id}`)).body.memberCount).toBe(0);
    const approver = await createUserWithToken(context.database.db, ['approver']);
    expect((await context.api.request('GET', '/api/groups', { token: approver.token })).status).toBe(200);
    expect(
      (await context.api.request('POST', '/api/groups', { token: approver.token, body: { name: 'x' } })).status,
    ).toBe(403);
  });

  it("shows members' emails only to holders of user:read; group:read alone sees ids and names", async () => {
    const group = (await call('POST', '/api/groups', { name: 'Payroll' })).body;
    const user = (await call('POST', '/api/users', { email: 'payroll@example.test', displayName: 'Pat' })).body;
    await call('POST', `/api/groups/${group.id}/members`, { userId: user.id });
    const asAdmin = await call('GET', `/api/groups/${group.id}/members`);
    expect(asAdmin.body.data).toEqual([expect.objectContaining({ userId: user.id, email: 'payroll@example.test' })]);
    for (const role of ['approver', 'resource_manager'] as const) {
      const reader = await createUserWithToken(context.database.db, [role]);
      const members = await context.api.request('GET', `/api/groups/${group.id}/members`, { token: reader.token });
      expect(members.status).toBe(200);
      expect(members.body.data).toEqual([
        { userId: user.id, email: null, displayName: 'Pat', addedAt: expect.any(String) },
      ]);
    }
  });
});
