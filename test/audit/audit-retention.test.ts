import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createAuditActivities } from '../../src/activities/audit.js';
import { chainHashOf, GENESIS_HASH, sealAuditEntries, verifyAuditChain } from '../../src/audit/audit-chain.js';
import { applyAuditRetention, AuditChainBroken } from '../../src/audit/audit-retention.js';
import { recordAudit } from '../../src/audit/index.js';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';

const context = useTestApp();
const DAY_MS = 24 * 60 * 60 * 1000;
let token: string;
let exportDir: string;

beforeAll(async () => {
  token = (await createUserWithToken(context.database.db, ['admin'])).token;
  exportDir = await mkdtemp(path.join(os.tmpdir(), 'flowgate-audit-export-'));
});
afterAll(() => rm(exportDir, { recursive: true, force: true }));

/** Writes `count` entries dated `daysAgo` days back, then seals everything written so far. */
async function writeSealed(count: number, daysAgo: number, action = 'test.retained') {
  const { db } = context.database;
  for (let index = 0; index < count; index += 1)
    await recordAudit(db, { action, actor: { type: 'system' }, metadata: { index, daysAgo } });
  await db.$executeRaw`UPDATE audit_logs SET created_at = now() - make_interval(days => ${daysAgo})
    WHERE action = ${action} AND chain_seq IS NULL`;
  await sealAuditEntries(db);
}

interface ExportedEntry {
  chainSeq: string;
  chainHash: string;
  id: string;
  action: string;
  actorType: string;
  actorId: string | null;
  targetType: string | null;
  targetId: string | null;
  metadata: unknown;
  requestId: string | null;
  createdAt: string;
}

describe('the audit chain in the audit API', () => {
  it('lists each sealed entry with its place and hash', async () => {
    await writeSealed(3, 0, 'test.listed');
    const response = await context.api.request('GET', '/api/audit-logs?action=test.listed&sortOrder=asc', { token });
    expect(response.status).toBe(200);
    const stored = await context.database.db.auditLog.findMany({
      where: { action: 'test.listed' },
      orderBy: { chainSeq: 'asc' },
    });
    expect(response.body.data).toEqual(
      stored.map((entry) =>
        expect.objectContaining({ id: entry.id, chainSeq: Number(entry.chainSeq), chainHash: entry.chainHash }),
      ),
    );
    expect(response.body.data[0].chainSeq).toEqual(expect.any(Number));
  });
});

describe('the audit retention', () => {
  it('removes the oldest entries batch by batch, exported first, and the rest still checks from the cut', async () => {
    const { db } = context.database;
    await db.auditLog.deleteMany({});
    await db.auditChainHead.deleteMany({});
    await writeSealed(25, 400);
    await writeSealed(5, 10);
    const oldest = await db.auditLog.findMany({ where: { action: 'test.retained' }, orderBy: { chainSeq: 'asc' } });

    const outcome = await applyAuditRetention(db, {
      olderThan: new Date(Date.now() - 365 * DAY_MS),
      exportDir,
      batchSize: 10,
    });
    expect(outcome.removed).toBe(25);
    expect(outcome.files).toEqual([
      'audit-000000000001-000000000010.jsonl',
      'audit-000000000011-000000000020.jsonl',
      'audit-000000000021-000000000025.jsonl',
    ]);
    expect(outcome.through).toEqual({ seq: 25n, hash: oldest[24]!.chainHash });
    expect(await db.auditLog.count({ where: { action: 'test.retained' } })).toBe(5);
    const cuts = await db.auditRetentionCut.findMany({ orderBy: { throughSeq: 'asc' } });
    expect(cuts.map((cut) => [cut.fromSeq, cut.throughSeq, cut.exportFile])).toEqual([
      [1n, 10n, outcome.files[0]],
      [11n, 20n, outcome.files[1]],
      [21n, 25n, outcome.files[2]],
    ]);
    // Each batch is audited in the transaction that removed it.
    const applied = await db.auditLog.findMany({ where: { action: 'audit.retention_applied' } });
    expect(applied.map((entry) => entry.metadata)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fromSeq: '21', throughSeq: '25', removed: 5, throughHash: oldest[24]!.chainHash }),
      ]),
    );

    // The files hold every entry removed, and they chain from the start as the table did.
    expect((await readdir(exportDir)).sort()).toEqual(outcome.files);
    let previous = GENESIS_HASH;
    const exported: ExportedEntry[] = [];
    for (const file of outcome.files)
      for (const line of (await readFile(path.join(exportDir, file), 'utf8')).trim().split('\n'))
        exported.push(JSON.parse(line) as ExportedEntry);
    expect(exported.map((entry) => entry.id)).toEqual(oldest.slice(0, 25).map((entry) => entry.id));
    for (const entry of exported) {
      const recomputed = chainHashOf(previous, BigInt(entry.chainSeq), {
        id: entry.id,
        action: entry.action,
        actor_type: entry.actorType,
        actor_id: entry.actorId,
        target_type: entry.targetType,
        target_id: entry.targetId,
        metadata: entry.metadata,
        request_id: entry.requestId,
        created_at: new Date(entry.createdAt),
      });
      expect(recomputed).toBe(entry.chainHash);
      previous = recomputed;
    }

    await sealAuditEntries(db);
    expect(await verifyAuditChain(db)).toMatchObject({
      intact: true,
      checked: await db.auditLog.count({ where: { chainSeq: { not: null } } }),
    });
    const before = await verifyAuditChain(db, 3n);
    expect(before).toMatchObject({ intact: false, brokenAt: 3n });
    expect(!before.intact && before.reason).toContain('places up to 25 were removed by the audit retention');
  });

  it('removes only a prefix of the chain: an old entry sealed after a newer one waits for it', async () => {
    const { db } = context.database;
    await writeSealed(1, 400, 'test.late');
    const olderThan = new Date(Date.now() - 365 * DAY_MS);
    // The oldest remaining entries are 10 days old: nothing before them is due, so nothing goes.
    expect((await applyAuditRetention(db, { olderThan })).removed).toBe(0);
    expect(await db.auditLog.count({ where: { action: 'test.late' } })).toBe(1);
    // Once everything before it is due, it goes too.
    const outcome = await applyAuditRetention(db, { olderThan: new Date(Date.now() + 1000) });
    expect(await db.auditLog.count({ where: { action: 'test.late' } })).toBe(0);
    expect(outcome.removed).toBeGreaterThan(1);
    await sealAuditEntries(db);
    expect((await verifyAuditChain(db)).intact).toBe(true);
  });

  it('keeps what an enabled audit sink has not received yet, however old', async () => {
    const { db } = context.database;
    await writeSealed(6, 400, 'test.streamed');
    const streamed = await db.auditLog.findMany({ where: { action: 'test.streamed' }, orderBy: { chainSeq: 'asc' } });
    const sink = await db.auditSink.create({
      data: { name: 'SIEM behind', kind: 'https', config: {}, cursorSeq: streamed[2]!.chainSeq! },
    });
    await db.auditSink.create({ data: { name: 'SIEM switched off', kind: 'https', config: {}, enabled: false } });
    await applyAuditRetention(db, { olderThan: new Date(Date.now() + 1000) });
    expect(await db.auditLog.count({ where: { action: 'test.streamed' } })).toBe(3);
    const [first] = await db.auditLog.findMany({ where: { chainSeq: { not: null } }, orderBy: { chainSeq: 'asc' } });
    expect(first!.chainSeq).toBe(streamed[3]!.chainSeq);
    await db.auditSink.deleteMany({ where: { id: sink.id } });
  });

  it('stops at a changed entry and removes nothing from it on', async () => {
    const { db } = context.database;
    await writeSealed(4, 400, 'test.tampered');
    const entries = await db.auditLog.findMany({ where: { action: 'test.tampered' }, orderBy: { chainSeq: 'asc' } });
    await db.auditLog.update({ where: { id: entries[2]!.id }, data: { metadata: { index: 'rewritten' } } });
    const first = await db.auditLog.findFirstOrThrow({
      where: { chainSeq: { not: null } },
      orderBy: { chainSeq: 'asc' },
    });
    const attempt = applyAuditRetention(db, { olderThan: new Date(Date.now() + 1000), batchSize: 1_000 });
    await expect(attempt).rejects.toThrow(AuditChainBroken);
    await expect(attempt).rejects.toThrow(
      `broken at place ${entries[2]!.chainSeq}: entry ${entries[2]!.id} was changed`,
    );
    // The batch holding the changed entry was not removed, from its first entry on.
    expect(await db.auditLog.count({ where: { id: first.id } })).toBe(1);
    expect(await db.auditLog.count({ where: { action: 'test.tampered' } })).toBe(4);
  });
});

describe('the retention activity', () => {
  it('does nothing without AUDIT_RETENTION_DAYS, and removes what is older with it', async () => {
    const { db } = context.database;
    await db.auditLog.deleteMany({});
    await db.auditChainHead.deleteMany({});
    await db.auditRetentionCut.deleteMany({});
    await writeSealed(3, 40, 'test.activity');
    await writeSealed(2, 1, 'test.activity.recent');
    const environment = new MockActivityEnvironment();
    expect(await environment.run(createAuditActivities(db).applyAuditRetention)).toEqual({
      configured: false,
      removed: 0,
      throughSeq: null,
    });
    expect(await environment.run(createAuditActivities(db, { days: 30 }).applyAuditRetention)).toEqual({
      configured: true,
      removed: 3,
      throughSeq: '3',
    });
    expect(await db.auditLog.count({ where: { action: { startsWith: 'test.activity' } } })).toBe(2);
  });
});
