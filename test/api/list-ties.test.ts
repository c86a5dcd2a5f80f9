import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';

// Rows created in one instant (a configuration import, say) must page once each: every list
// sorted by a time breaks ties by id.

const context = useTestApp();
let admin: string;

beforeAll(async () => {
  admin = (await createUserWithToken(context.database.db, ['admin'])).token;
});

/** The ids of `path`'s rows, one per page of a list sorted by createdAt (`path` holds a query). */
async function pagedOneByOne(path: string, count: number, sortOrder: 'asc' | 'desc') {
  const seen: string[] = [];
  for (let page = 1; page <= count; page += 1) {
    const response = await context.api.request(
      'GET',
      `${path}&sortBy=createdAt&sortOrder=${sortOrder}&pageSize=1&page=${page}`,
      { token: admin },
    );
    expect(response.status).toBe(200);
    seen.push(...response.body.data.map((row: { id?: string; userId?: string }) => row.id ?? row.userId));
  }
  return seen;
}

it('pages rows created in the same instant once each, in either sort order', async () => {
  const { db } = context.database;
  const createdAt = new Date('2026-01-01T00:00:00.000Z');
  const tag = `tie-${randomUUID()}`;
  const connector = await db.connector.findFirstOrThrow({ select: { id: true } });
  const call = { command: 'noop', parameters: {} };
  for (let index = 0; index < 6; index += 1) {
    await db.project.create({ data: { name: `${tag}-project-${index}`, createdAt } });
    await db.entitlement.create({
      data: {
        name: `${tag}-entitlement-${index}`,
        connectorId: connector.id,
        provisionConfig: call,
        deprovisionConfig: call,
        createdAt,
      },
    });
    await db.businessRole.create({ data: { name: `${tag}-role-${index}`, createdAt } });
    await db.emailTemplate.create({
      data: { name: `${tag}-email-${index}`, subjectTemplate: 's', bodyTemplate: 'b', createdAt },
    });
    await db.documentTemplate.create({ data: { name: `${tag}-document-${index}`, createdAt } });
    await db.userGroup.create({ data: { name: `${tag}-group-${index}`, createdAt } });
  }
  const group = await db.userGroup.create({ data: { name: `${tag}-members` } });
  for (let index = 0; index < 6; index += 1) {
    const member = await db.user.create({ data: { email: `${tag}-${index}@example.test` } });
    await db.userGroupMember.create({ data: { groupId: group.id, userId: member.id, createdAt } });
  }
  const searched = ['projects', 'entitlements', 'roles', 'email-templates', 'document-templates', 'groups'];
  const paths = [
    ...searched.map((route) => `/api/${route}?search=${encodeURIComponent(tag)}`),
    `/api/groups/${group.id}/members?`,
  ];
  for (const path of paths) {
    for (const sortOrder of ['asc', 'desc'] as const) {
      const distinct = new Set(await pagedOneByOne(path, 6, sortOrder)).size;
      expect({ path, sortOrder, distinct }).toEqual({ path, sortOrder, distinct: 6 });
    }
  }
});
