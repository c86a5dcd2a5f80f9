import { beforeAll, describe, expect, it } from '@jest/globals';
import { recordAudit } from '../../src/audit/index.js';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';

const context = useTestApp();
let token: string;
const ENTRIES = 45;

beforeAll(async () => {
  const { db } = context.database;
  token = (await createUserWithToken(db, ['admin'])).token;
  for (let index = 0; index < ENTRIES; index += 1) {
    await recordAudit(db, {
      action: `test.entry_${String(index).padStart(2, '0')}`,
      actor: { type: 'system' },
      target: { type: 'pagination', id: String(index) },
    });
  }
});

// Requests made with a token are audited too; the entries of this test are told apart by target.
const list = (query: string) => context.api.request('GET', `/api/audit-logs?targetType=pagination&${query}`, { token });

describe('list endpoints answer { data, total, page, pageSize, totalPages }', () => {
  it('defaults to page 1 of 20', async () => {
    const response = await list('');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expect.objectContaining({ total: ENTRIES, page: 1, pageSize: 20, totalPages: 3 }));
    expect(response.body.data).toHaveLength(20);
  });

  it('returns the remainder on the last page and nothing past it', async () => {
    const last = await list('page=3&pageSize=20');
    expect(last.body.data).toHaveLength(5);
    const beyond = await list('page=4&pageSize=20');
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toHaveLength(0);
    expect(beyond.body.total).toBe(ENTRIES);
  });

  it('accepts pageSize up to 100', async () => {
    const response = await list('pageSize=100');
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(ENTRIES);
    expect(response.body.totalPages).toBe(1);
  });

  it('sorts by a whitelisted field in either order', async () => {
    const ascending = await list('sortBy=action&sortOrder=asc&pageSize=3');
    expect(ascending.body.data.map((entry: { action: string }) => entry.action)).toEqual([
      'test.entry_00',
      'test.entry_01',
      'test.entry_02',
    ]);
    const descending = await list('sortBy=action&sortOrder=desc&pageSize=1');
    expect(descending.body.data[0].action).toBe('test.entry_44');
  });
});

describe('bad pagination input is a 400 that names the limit', () => {
  it.each([
    ['pageSize=101', 'pageSize must be at most 100'],
    ['pageSize=0', 'pageSize must be at least 1'],
    ['page=0', 'page must be at least 1'],
    ['page=-1', 'page must be a positive integer'],
    ['page=1.5', 'page must be a positive integer'],
    ['pageSize=abc', 'pageSize must be a positive integer'],
    ['sortBy=password', 'sortBy must be one of: createdAt, action'],
    ['sortOrder=sideways', 'sortOrder must be asc or desc'],
  ])('%s', async (query, message) => {
    const response = await list(query);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(response.body.message).toContain(message);
  });
});
