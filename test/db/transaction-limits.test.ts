import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { isLockUnavailable, isTransactionExpired, limitLockWait } from '../../src/db/client.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

// The two ways a transaction with a time budget of its own ends early, as the error helpers see
// them on a real server: a lock it would wait too long for, and Prisma's own timeout.

let database: TestDatabase;
let holder: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase();
  holder = new pg.Client({ connectionString: database.url });
  await holder.connect();
  await holder.query('CREATE TABLE locked_things (id int PRIMARY KEY, note text)');
  await holder.query("INSERT INTO locked_things VALUES (1, 'before')");
});

afterAll(async () => {
  await holder.end();
  await database.drop();
});

describe('transactions with a time budget', () => {
  it('give up on a lock held elsewhere after limitLockWait, and nothing they wrote is kept', async () => {
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM locked_things WHERE id = 1 FOR UPDATE');
    try {
      const failed = await database.db
        .$transaction(async (tx) => {
          await limitLockWait(tx, 200);
          await tx.$executeRaw`INSERT INTO locked_things VALUES (2, 'inside')`;
          await tx.$queryRaw`SELECT id FROM locked_things WHERE id = 1 FOR UPDATE`;
        })
        .catch((error: unknown) => error);
      expect(isLockUnavailable(failed)).toBe(true);
      expect(isTransactionExpired(failed)).toBe(false);
    } finally {
      await holder.query('ROLLBACK');
    }
    expect((await holder.query('SELECT id FROM locked_things ORDER BY id')).rows).toEqual([{ id: 1 }]);
  });

  it('that outlive their timeout fail as expired, and nothing they wrote is kept', async () => {
    const failed = await database.db
      .$transaction(
        async (tx) => {
          await tx.$executeRaw`INSERT INTO locked_things VALUES (3, 'inside')`;
          await tx.$executeRaw`SELECT pg_sleep(0.5)`;
          await tx.$executeRaw`UPDATE locked_things SET note = 'after' WHERE id = 1`;
        },
        { timeout: 200 },
      )
      .catch((error: unknown) => error);
    expect(isTransactionExpired(failed)).toBe(true);
    expect(isLockUnavailable(failed)).toBe(false);
    expect((await holder.query('SELECT id, note FROM locked_things ORDER BY id')).rows).toEqual([
      { id: 1, note: 'before' },
    ]);
  });
});
