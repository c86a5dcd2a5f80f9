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

/** A fresh, migrated database of the test file's own, copied from the template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${pg.escapeIdentifier(stackValue('templateDatabase'))}`);
  const url = testDatabaseUrl(name);
  const db = createDatabase(url);
  return {
    url,
    db,
    async drop() {
      await db.$disconnect();
      await adminQuery(`DROP DATABASE ${name} WITH (FORCE)`);
    },
  };
}
