import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';

const context = useTestApp();

describe('GET /api/user-names names the users a page shows, in one request', () => {
  it('answers the names and emails of known ids, deleted users included, leaving unknown ids out', async () => {
    const db = context.database.db;
    const { token: requestor } = await createUserWithToken(db, ['requestor']);
    const ada = await db.user.create({ data: { email: 'ada@example.com', displayName: 'Ada Lovelace' } });
    const gone = await db.user.create({
      data: { email: 'gone@example.com', displayName: null, deletedAt: new Date() },
    });
    const unknown = randomUUID();
    const answer = await context.api.request('GET', `/api/user-names?ids=${ada.id},${unknown}, ${gone.id},${ada.id}`, {
      token: requestor,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual(
      expect.arrayContaining([
        { id: ada.id, displayName: 'Ada Lovelace', email: 'ada@example.com' },
        { id: gone.id, displayName: null, email: 'gone@example.com' },
      ]),
    );
    expect(answer.body.data).toHaveLength(2);
  });

  it('refuses a missing list, a malformed id, more than 100 ids and unknown parameters with 400', async () => {
    const { token } = await createUserWithToken(context.database.db, ['requestor']);
    const ids = (count: number) => Array.from({ length: count }, () => randomUUID()).join(',');
    for (const [query, message] of [
      ['', 'ids is required'],
      ['?ids=', 'ids must be UUIDs separated by commas'],
      ['?ids=not-a-uuid', 'ids must be UUIDs separated by commas'],
      [`?ids=${randomUUID()}%00`, 'must not contain the NUL character'],
      [`?ids=${ids(101)}`, 'ids may name at most 100 users'],
      [`?ids=${randomUUID()}&search=a`, undefined],
    ] as const) {
      const answer = await context.api.request('GET', `/api/user-names${query}`, { token });
      expect([query, answer.status, answer.body.code]).toEqual([query, 400, 'validation_failed']);
      if (message) expect(answer.body.message).toContain(message);
    }
    expect((await context.api.request('GET', `/api/user-names?ids=${ids(100)}`, { token })).status).toBe(200);
  });

  it('needs a signed-in caller holding run:read', async () => {
    const db = context.database.db;
    const { token } = await createUserWithToken(db, ['admin']);
    const narrow = await context.api.request('POST', '/api/auth/tokens', {
      token,
      body: { name: 'schedules only', permissions: ['schedule:read'] },
    });
    const ids = `?ids=${randomUUID()}`;
    expect((await context.api.request('GET', `/api/user-names${ids}`, { token: narrow.body.token })).status).toBe(403);
    expect((await context.api.request('GET', `/api/user-names${ids}`)).status).toBe(401);
  });
});
