import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { recordAudit } from '../../src/audit/index.js';
import { Prisma } from '../../src/db/client.js';
import { migrateDatabase, projectSchema } from '../../src/db/migrate.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseUrl } from '../support/database.js';
import { stackValue } from '../support/stack.js';
import { createUserWithToken } from '../support/users.js';

// The unfiltered audit list's total is the sum that triggers on audit_logs keep
// (audit_log_count_deltas), not a count of the entries: it must equal that count whatever writes
// the entries, in one statement or many, concurrently, rolled back or deleted.

const context = useTestApp();
let token: string;

beforeAll(async () => {
  token = (await createUserWithToken(context.database.db, ['admin'])).token;
});

/** The kept sum and the real count, read in one statement so that both see the same entries. */
async function sumAndCount() {
  const [row] = await context.database.db.$queryRaw<{ kept: bigint | null; counted: bigint; rows: bigint }[]>`
    SELECT (SELECT sum(entries) FROM audit_log_count_deltas) AS kept,
           (SELECT count(*) FROM audit_logs) AS counted,
           (SELECT count(*) FROM audit_log_count_deltas) AS rows`;
  return { kept: Number(row!.kept ?? 0n), counted: Number(row!.counted), rows: Number(row!.rows) };
}

const entry = (index: number) => ({
  action: 'test.counted',
  actor: { type: 'system' as const },
  target: { type: 'count', id: String(index) },
});

describe('the unfiltered audit list total', () => {
  it('is the number of entries when the list was read', async () => {
    for (let index = 0; index < 5; index += 1) await recordAudit(context.database.db, entry(index));
    const before = await sumAndCount();
    const response = await context.api.request('GET', '/api/audit-logs?pageSize=1', { token });
    expect(response.status).toBe(200);
    // The request's own api_token.request entry is written once it has its answer.
    expect(response.body.total).toBe(before.counted);
    expect(response.body.totalPages).toBe(before.counted);
    expect((await sumAndCount()).counted).toBe(before.counted + 1);
  });

  it('matches a filtered count of the same entries', async () => {
    const all = await context.api.request('GET', '/api/audit-logs', { token });
    const counted = await context.api.request('GET', '/api/audit-logs?from=1970-01-01T00:00:00Z', { token });
    // The second request counts the first one's entry, written after the first was answered.
    expect(counted.body.total).toBe(all.body.total + 1);
  });
});

describe('the kept sum', () => {
  it('follows single inserts, many-row inserts, deletes and rollbacks', async () => {
    const { db } = context.database;
    await db.auditLog.createMany({ data: Array.from({ length: 300 }, (_, index) => ({ ...rowOf(index) })) });
    await db.auditLog.deleteMany({ where: { targetId: { in: ['1', '2', '3'] }, targetType: 'count' } });
    await db
      .$transaction(async (tx) => {
        await recordAudit(tx, entry(1000));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const { kept, counted } = await sumAndCount();
    expect(kept).toBe(counted);
  });

  it('stays a few hundred rows while statements add thousands, concurrently', async () => {
    const { db } = context.database;
    const writers = Array.from({ length: 8 }, (_, writer) =>
      (async () => {
        for (let index = 0; index < 120; index += 1) await recordAudit(db, entry(writer * 1000 + index));
      })(),
    );
    await Promise.all(writers);
    const { kept, counted, rows } = await sumAndCount();
    expect(kept).toBe(counted);
    expect(rows).toBeLessThan(300);
  });

  it('is emptied with the entries by TRUNCATE', async () => {
    await context.database.db.$executeRaw(Prisma.sql`TRUNCATE audit_logs`);
    expect(await sumAndCount()).toEqual({ kept: 0, counted: 0, rows: 0 });
    await recordAudit(context.database.db, entry(1));
    expect(await sumAndCount()).toEqual({ kept: 1, counted: 1, rows: 1 });
  });
});

function rowOf(index: number) {
  return { action: 'test.many', actorType: 'system', targetType: 'count', targetId: String(index) };
}

describe('the migration that starts the sum', () => {
  let database: string;
  let folder: string;
  const admin = () => new pg.Client({ connectionString: stackValue('postgresAdminUrl') });

  beforeAll(async () => {
    database = `audit_count_${Date.now()}`;
    folder = await mkdtemp(path.join(os.tmpdir(), 'flowgate-audit-count-'));
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE ${database}`);
    await client.end();
  });

  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE ${database} WITH (FORCE)`);
    await client.end();
    await rm(folder, { recursive: true, force: true });
  });

  it('counts the entries written before it', async () => {
    const { schemaPath, migrationsDir } = projectSchema();
    const names = (await readdir(migrationsDir, { withFileTypes: true }))
      .filter((found) => found.isDirectory())
      .map((found) => found.name)
      .sort();
    const own = names.findIndex((name) => name.endsWith('_audit_log_count'));
    for (const name of names.slice(0, own)) {
      await cp(path.join(migrationsDir, name), path.join(folder, name), { recursive: true });
    }
    await cp(path.join(migrationsDir, 'migration_lock.toml'), path.join(folder, 'migration_lock.toml'));
    const url = testDatabaseUrl(database);
    await migrateDatabase(url, { schemaPath, migrationsDir: folder });

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`INSERT INTO audit_logs (id, action, actor_type, created_at)
        SELECT gen_random_uuid(), 'before.migration', 'system', now() FROM generate_series(1, 37)`);
      expect(await migrateDatabase(url)).toEqual(names.slice(own));
      await client.query(`INSERT INTO audit_logs (id, action, actor_type, created_at)
        VALUES (gen_random_uuid(), 'after.migration', 'system', now())`);
      const { rows } = await client.query<{ kept: string }>('SELECT sum(entries) AS kept FROM audit_log_count_deltas');
      expect(Number(rows[0]!.kept)).toBe(38);
    } finally {
      await client.end();
    }
  });
});
