import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { recordAudit } from '../../src/audit/index.js';
import { GENESIS_HASH, sealAuditEntries, verifyAuditChain } from '../../src/audit/audit-chain.js';
import { projectRoot } from '../../src/config/project-root.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const write = (count: number, action = 'test.chained') =>
  Promise.all(
    Array.from({ length: count }, (_, index) =>
      recordAudit(database.db, {
        action,
        actor: { type: 'system' },
        target: { type: 'test', id: String(index) },
        metadata: { index, nested: { b: 1, a: [index] } },
      }),
    ),
  );

const entryAt = (place: number) => database.db.auditLog.findUniqueOrThrow({ where: { chainSeq: BigInt(place) } });

describe('the audit hash chain', () => {
  it('seals entries in order, once each, even with two sealers at the same time', async () => {
    const { db } = database;
    expect(await verifyAuditChain(db)).toEqual({ intact: true, checked: 0, head: { seq: 0n, hash: GENESIS_HASH } });
    await write(2_500);
    const [first, second] = await Promise.all([sealAuditEntries(db), sealAuditEntries(db)]);
    expect(first.sealed + second.sealed).toBe(2_500);
    expect(await db.auditLog.count({ where: { chainSeq: null } })).toBe(0);
    const check = await verifyAuditChain(db);
    expect(check).toMatchObject({ intact: true, checked: 2_500, head: { seq: 2_500n } });
    const head = await db.auditChainHead.findUniqueOrThrow({ where: { id: 1 } });
    expect(check.intact && check.head.hash).toBe(head.hash);
    expect(head.hash).toBe((await entryAt(2_500)).chainHash);
  });

  it('goes on from its head, and checks from any place', async () => {
    const { db } = database;
    await write(3, 'test.later');
    expect((await sealAuditEntries(db)).sealed).toBe(3);
    expect(await verifyAuditChain(db, 2_501n)).toMatchObject({ intact: true, checked: 3, head: { seq: 2_503n } });
    expect((await sealAuditEntries(db)).sealed).toBe(0);
  });

  it('names the first place where an entry was changed, and where one was removed', async () => {
    const { db } = database;
    const changed = await entryAt(100);
    await db.auditLog.update({ where: { id: changed.id }, data: { metadata: { index: 'rewritten' } } });
    expect(await verifyAuditChain(db)).toEqual({
      intact: false,
      checked: 99,
      brokenAt: 100n,
      reason: `entry ${changed.id} at place 100 was changed`,
    });
    await db.auditLog.update({ where: { id: changed.id }, data: { metadata: changed.metadata as object } });
    expect((await verifyAuditChain(db)).intact).toBe(true);

    await db.auditLog.delete({ where: { id: (await entryAt(2_000)).id } });
    expect(await verifyAuditChain(db, 1_900n)).toMatchObject({
      intact: false,
      brokenAt: 2_000n,
      reason: 'place 2000 is missing: an entry was removed',
    });
  });

  it('notices entries removed from the end, against the head', async () => {
    const { db } = database;
    await db.auditLog.delete({ where: { id: (await entryAt(2_503)).id } });
    expect(await verifyAuditChain(db, 2_002n)).toMatchObject({
      intact: false,
      brokenAt: 2_503n,
      reason: 'the chain ends at place 2502 but its head says 2503: entries after 2502 were removed',
    });
  });

  it('is checked by npm run admin -- audit-verify, which exits 1 at a broken link', async () => {
    const run = promisify(execFile);
    const failed = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/admin.ts', 'audit-verify', '--from', '1900'],
      {
        cwd: projectRoot(),
        env: { ...process.env, DATABASE_URL: database.url },
      },
    ).then(
      (done) => ({ code: 0, ...done }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('Audit chain broken at place 2000 (100 entries checked before)');
  }, 30_000);
});
