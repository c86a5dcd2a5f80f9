import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { storeStepNotification } from '../../src/activities/store-notification.js';
import type { Role } from '../../src/permissions/index.js';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';

const context = useTestApp();
const api = () => context.api;

/** Stores a notification through the notification step's own write, for a fresh run id. */
async function notify(recipient: string, message: string) {
  await storeStepNotification(context.database.db, {
    runId: randomUUID(),
    sequence: 1,
    recipient,
    subject: `About ${message}`,
    message,
  });
  const row = await context.database.db.notification.findFirstOrThrow({ where: { message } });
  return row.id;
}

/** A role no other test's user holds, so counts are exact: a fresh user's only role. */
async function person(roles: Role[] = ['requestor']) {
  const created = await createUserWithToken(context.database.db, roles);
  return { id: created.user.id, token: created.token };
}

const unreadCount = async (token: string) =>
  (await api().request('GET', '/api/notifications/unread-count', { token })).body.unread as number;

describe('in-app notifications: each caller sees and reads their own', () => {
  it("lists the caller's own newest first, pages them, filters unread, and keeps another user's out", async () => {
    const ada = await person();
    const bob = await person();
    const mine = [];
    for (let index = 0; index < 3; index += 1) mine.push(await notify(ada.id, `ada-${index}-${randomUUID()}`));
    const bobs = await notify(bob.id, `bob-${randomUUID()}`);

    const first = await api().request('GET', '/api/notifications?pageSize=2', { token: ada.token });
    expect(first.status).toBe(200);
    const ownIds = (body: { data: Array<{ id: string; audience: string }> }) =>
      body.data.filter((item) => item.audience === 'user').map((item) => item.id);
    expect(ownIds(first.body)).toEqual([mine[2], mine[1]]);
    expect(first.body.data[0]).toEqual(
      expect.objectContaining({ subject: expect.stringMatching(/^About ada-2-/), readAt: null, role: null }),
    );
    const second = await api().request('GET', '/api/notifications?pageSize=2&page=2', { token: ada.token });
    expect(ownIds(second.body)).toContain(mine[0]);
    expect(first.body.data.map((item: { id: string }) => item.id)).not.toContain(bobs);

    const before = await unreadCount(ada.token);
    const read = await api().request('POST', `/api/notifications/${mine[1]}/read`, { token: ada.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(expect.objectContaining({ id: mine[1], readAt: expect.any(String) }));
    expect(await unreadCount(ada.token)).toBe(before - 1);
    const unread = await api().request('GET', '/api/notifications?unread=true&pageSize=100', { token: ada.token });
    expect(unread.body.unread).toBe(before - 1);
    expect(unread.body.data.map((item: { id: string }) => item.id)).not.toContain(mine[1]);
    const again = await api().request('POST', `/api/notifications/${mine[1]}/read`, { token: ada.token });
    expect(again.body.readAt).toBe(read.body.readAt);

    // Another user's id is as unknown as a made-up one: 404 without its content, and it stays unread.
    for (const id of [bobs, randomUUID()]) {
      const refused = await api().request('POST', `/api/notifications/${id}/read`, { token: ada.token });
      expect(refused.status).toBe(404);
      expect(refused.text).not.toContain('bob-');
    }
    expect(await context.database.db.notification.findUniqueOrThrow({ where: { id: bobs } })).toHaveProperty(
      'readAt',
      null,
    );
  });

  it("reads a role's notification for one holder only, and read-all marks only the caller's", async () => {
    const role = 'resource_manager';
    const first = await person([role]);
    const second = await person([role]);
    const shared = await notify(role, `role-${randomUUID()}`);
    const secondBefore = await unreadCount(second.token);

    const listed = await api().request('GET', '/api/notifications?unread=true&pageSize=100', { token: first.token });
    expect(listed.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: shared, audience: 'role', role, readAt: null })]),
    );
    const read = await api().request('POST', `/api/notifications/${shared}/read`, { token: first.token });
    expect(read.status).toBe(200);
    expect(read.body.readAt).not.toBeNull();
    expect(await unreadCount(second.token)).toBe(secondBefore);
    const seenBySecond = await api().request('GET', '/api/notifications?unread=true&pageSize=100', {
      token: second.token,
    });
    expect(seenBySecond.body.data.map((item: { id: string }) => item.id)).toContain(shared);
    // The shared row's own column is untouched: it belongs to no single holder.
    expect(await context.database.db.notification.findUniqueOrThrow({ where: { id: shared } })).toHaveProperty(
      'readAt',
      null,
    );

    // A requestor does not hold the role: the id is not theirs to read.
    const outsider = await person(['requestor']);
    expect((await api().request('POST', `/api/notifications/${shared}/read`, { token: outsider.token })).status).toBe(
      404,
    );

    await notify(second.id, `own-${randomUUID()}`);
    const all = await api().request('POST', '/api/notifications/read-all', { token: second.token });
    expect(all.status).toBe(200);
    expect(all.body.marked).toBeGreaterThanOrEqual(2);
    expect(await unreadCount(second.token)).toBe(0);
    expect(await context.database.db.notificationRead.count({ where: { notificationId: shared } })).toBe(2);
  });

  it('refuses bad input with 400, and a token without task:read with 403', async () => {
    const ada = await person();
    for (const query of ['?unread=yes', '?page=0', '?pageSize=101', '?sortBy=createdAt', '?colour=red']) {
      const answer = await api().request('GET', `/api/notifications${query}`, { token: ada.token });
      expect({ query, status: answer.status }).toEqual({ query, status: 400 });
    }
    const badId = await api().request('POST', '/api/notifications/not-a-uuid/read', { token: ada.token });
    expect(badId.status).toBe(400);
    expect(badId.text).toContain('id must be a UUID');

    const narrow = await createUserWithToken(context.database.db, ['requestor'], ['run:read']);
    for (const [method, path] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/read-all'],
    ] as const) {
      expect((await api().request(method, path, { token: narrow.token })).status).toBe(403);
    }
    expect((await api().request('GET', '/api/notifications')).status).toBe(401);
  });
});
