import { mkdir, open, rename } from 'node:fs/promises';
import path from 'node:path';
import { Prisma, type Database } from '../db/client.js';
import { chainHashOf, GENESIS_HASH, SEALED_ENTRY_COLUMNS, type SealedEntry } from './audit-chain.js';
import { recordAudit } from './record-audit.js';

/**
 * The audit retention (docs/audit.md, "Retention"): removes the oldest entries of the hash chain,
 * those written before a cut-off, after writing them to a file when an export folder is set. Only
 * a prefix of the chain is ever removed, so what remains is still one chain, checked from the hash
 * the cut recorded; each batch's hashes are checked before it goes, so a broken link stops the
 * retention instead of being removed with the entries around it.
 */

/** How many entries one batch exports and removes, in one transaction. */
export const RETENTION_BATCH = 5_000;

export interface RetentionOptions {
  /** Entries written before this time are removed. */
  olderThan: Date;
  /** A folder for the removed entries, one JSON Lines file per batch; absent: removed only. */
  exportDir?: string;
  batchSize?: number;
  /** Called after each batch: long retentions report progress (an activity's heartbeat). */
  onBatch?: (progress: { removed: number; throughSeq: bigint }) => void;
}

export interface RetentionOutcome {
  removed: number;
  /** The last place removed and its hash, when anything was. */
  through?: { seq: bigint; hash: string };
  files: string[];
}

/** Thrown when the entries to remove do not chain: the retention leaves them for an investigation. */
export class AuditChainBroken extends Error {
  override readonly name = 'AuditChainBroken';
}

export async function applyAuditRetention(db: Database, options: RetentionOptions): Promise<RetentionOutcome> {
  const batchSize = options.batchSize ?? RETENTION_BATCH;
  const outcome: RetentionOutcome = { removed: 0, files: [] };
  for (;;) {
    const cut = await db.auditRetentionCut.findFirst({ orderBy: { throughSeq: 'desc' } });
    const entries = await db.$queryRaw<SealedEntry[]>(Prisma.sql`
      SELECT ${SEALED_ENTRY_COLUMNS} FROM audit_logs WHERE chain_seq IS NOT NULL ORDER BY chain_seq LIMIT ${batchSize}`);
    const due = checkedPrefix(entries, cut, options.olderThan, await deliveredThrough(db));
    if (due.length === 0) return outcome;
    const first = due[0]!;
    const last = due.at(-1)!;
    const file = options.exportDir ? await exportEntries(options.exportDir, due) : undefined;
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`DELETE FROM audit_logs WHERE chain_seq BETWEEN ${first.chain_seq} AND ${last.chain_seq}`;
      await tx.auditRetentionCut.create({
        data: {
          fromSeq: first.chain_seq,
          throughSeq: last.chain_seq,
          throughHash: last.chain_hash,
          olderThan: options.olderThan,
          exportFile: file ?? null,
        },
      });
      await recordAudit(tx, {
        action: 'audit.retention_applied',
        actor: { type: 'system' },
        metadata: {
          fromSeq: first.chain_seq.toString(),
          throughSeq: last.chain_seq.toString(),
          throughHash: last.chain_hash,
          removed: due.length,
          olderThan: options.olderThan.toISOString(),
          exportFile: file ?? null,
        },
      });
    });
    outcome.removed += due.length;
    outcome.through = { seq: last.chain_seq, hash: last.chain_hash };
    if (file) outcome.files.push(file);
    options.onBatch?.({ removed: outcome.removed, throughSeq: last.chain_seq });
    if (due.length < entries.length || entries.length < batchSize) return outcome;
  }
}

/**
 * The leading entries written before `olderThan` and delivered to every enabled sink, each checked against the one before it (the
 * previous cut's hash, or the chain's start): a gap or a hash that does not match stops everything.
 */
function checkedPrefix(
  entries: SealedEntry[],
  cut: { throughSeq: bigint; throughHash: string } | null,
  olderThan: Date,
  delivered: bigint | undefined,
): SealedEntry[] {
  let expected = cut ? cut.throughSeq + 1n : 1n;
  let previous = cut ? cut.throughHash : GENESIS_HASH;
  const due: SealedEntry[] = [];
  for (const entry of entries) {
    if (entry.created_at >= olderThan || (delivered !== undefined && entry.chain_seq > delivered)) break;
    if (entry.chain_seq !== expected)
      throw new AuditChainBroken(`The audit chain is broken at place ${expected}: it is missing`);
    if (chainHashOf(previous, entry.chain_seq, entry) !== entry.chain_hash)
      throw new AuditChainBroken(`The audit chain is broken at place ${expected}: entry ${entry.id} was changed`);
    due.push(entry);
    previous = entry.chain_hash;
    expected += 1n;
  }
  return due;
}

/**
 * The last place every enabled audit sink has received: entries after it wait for their SIEM
 * however old they are. A disabled sink holds nothing back; undefined when no sink is enabled.
 */
async function deliveredThrough(db: Database): Promise<bigint | undefined> {
  const { _min } = await db.auditSink.aggregate({ where: { enabled: true }, _min: { cursorSeq: true } });
  return _min.cursorSeq ?? undefined;
}

/**
 * Writes the entries to `audit-<first place>-<last place>.jsonl`, one JSON object per line with
 * its place and hash, so the file can be checked against the chain. Written under a temporary
 * name, synced and renamed: a retried batch writes the same file again, and no reader sees half of one.
 */
async function exportEntries(exportDir: string, entries: SealedEntry[]): Promise<string> {
  const place = (seq: bigint) => seq.toString().padStart(12, '0');
  const name = `audit-${place(entries[0]!.chain_seq)}-${place(entries.at(-1)!.chain_seq)}.jsonl`;
  const lines = entries.map((entry) =>
    JSON.stringify({
      chainSeq: entry.chain_seq.toString(),
      chainHash: entry.chain_hash,
      id: entry.id,
      action: entry.action,
      actorType: entry.actor_type,
      actorId: entry.actor_id,
      targetType: entry.target_type,
      targetId: entry.target_id,
      metadata: entry.metadata,
      requestId: entry.request_id,
      createdAt: entry.created_at.toISOString(),
    }),
  );
  await mkdir(exportDir, { recursive: true });
  const target = path.join(exportDir, name);
  const partial = await open(`${target}.partial`, 'w', 0o600);
  try {
    await partial.writeFile(`${lines.join('\n')}\n`);
    // On disk before the entries leave the database.
    await partial.sync();
  } finally {
    await partial.close();
  }
  await rename(`${target}.partial`, target);
  return name;
}
