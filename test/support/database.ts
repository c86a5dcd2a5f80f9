import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from '../../src/db/client.js';
import { stackValue } from './stack.js';

export interface TestDatabase {
  url: string;
  db: Database;
  drop(): Promise<void>;
}

/** URL of `database` on the test PostgreSQL cluster. */
export function testDatabaseUrl(database: string): string {
  const url = new URL(stackValue('postgresAdminUrl'));
  url.pathname = `/${database}`;
  return url.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: stackValue('postgresAdminUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// The suite shares one PostgreSQL and two cores among many test files: its pools wait longer for
// a connection and an answer than the service's defaults. Tests of those limits make their own pool.
const SUITE_POOL = { connectTimeoutMs: 15_000, queryTimeoutMs: 60_000 };

/** A fresh, migrated database of the test file's own, copied from the template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${pg.escapeIdentifier(stackValue('templateDatabase'))}`);
  const url = testDatabaseUrl(name);
  const db = createDatabase(url, SUITE_POOL);
  return {
    url,
    db,
    async drop() {
      await db.$disconnect();
      await adminQuery(`DROP DATABASE ${name} WITH (FORCE)`);
    },
  };
}
