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

/** The ids of `route`'s rows matching `search`, one per page of a list sorted by createdAt. */
async function pagedOneByOne(route: string, search: string, count: number) {
  const seen: string[] = [];
  for (let page = 1; page <= count; page += 1) {
    const response = await context.api.request(
      'GET',
      `${route}?search=${encodeURIComponent(search)}&sortBy=createdAt&pageSize=1&page=${page}`,
      { token: admin },
    );
    expect(response.status).toBe(200);
    seen.push(...response.body.data.map((row: { id: string }) => row.id));
  }
  return seen;
}

it('pages projects, entitlements, business roles and templates created in the same instant once each', async () => {
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
  }
  for (const route of [
    '/api/projects',
    '/api/entitlements',
    '/api/roles',
    '/api/email-templates',
    '/api/document-templates',
  ]) {
    expect({ route, distinct: new Set(await pagedOneByOne(route, tag, 6)).size }).toEqual({ route, distinct: 6 });
  }
});
