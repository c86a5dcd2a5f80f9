import { hash } from 'node:crypto';
import { Prisma, type Database, type DatabaseClient } from '../db/client.js';
import { canonicalJson } from '../domain/canonical-json.js';

/**
 * The audit hash chain (docs/audit.md, "Tamper evidence"). Entries are written without a place in
 * it, inside the transactions they record; the worker then seals them in order: each gets the
 * next place and the SHA-256 of the previous entry's hash and its own content. Sealing after the
 * fact keeps writers from queueing on one chain head inside their transactions; the order of the
 * chain is the order of sealing.
 */

export const GENESIS_HASH = '0'.repeat(64);

/** How often a worker seals the entries written since. */
export const AUDIT_SEAL_INTERVAL_MS = 5_000;

/** An entry's columns as the chain hashes them. */
export interface ChainedEntry {
  id: string;
  action: string;
  actor_type: string;
  actor_id: string | null;
  target_type: string | null;
  target_id: string | null;
  metadata: unknown;
  request_id: string | null;
  created_at: Date;
}

/** The hash of the entry at place `seq` after an entry whose hash is `previous`. */
export function chainHashOf(previous: string, seq: bigint, entry: ChainedEntry): string {
  const content = {
    seq: seq.toString(),
    previous,
    id: entry.id,
    action: entry.action,
    actorType: entry.actor_type,
    actorId: entry.actor_id,
    targetType: entry.target_type,
    targetId: entry.target_id,
    metadata: entry.metadata,
    requestId: entry.request_id,
    createdAt: entry.created_at.toISOString(),
  };
  return hash('sha256', canonicalJson(content), 'hex');
}

const ENTRY_COLUMNS = Prisma.sql`id::text, action, actor_type, actor_id::text, target_type, target_id, metadata, request_id, created_at`;

/** A sealed entry: with its place and hash in the chain. */
export type SealedEntry = ChainedEntry & { chain_seq: bigint; chain_hash: string };

/** The columns of a `SealedEntry`, for the readers of sealed entries (retention, audit sinks). */
export const SEALED_ENTRY_COLUMNS = Prisma.sql`${ENTRY_COLUMNS}, chain_seq, chain_hash`;

/** How many entries one sealing transaction takes. */
const SEAL_BATCH = 1000;

/**
 * Seals the entries written so far, batch by batch, each batch in one transaction holding the
 * chain head; answers how many it sealed and the head after them.
 */
export async function sealAuditEntries(db: Database): Promise<{ sealed: number; head: { seq: bigint; hash: string } }> {
  let sealed = 0;
  for (;;) {
    const batch = await db.$transaction((tx) => sealBatch(tx));
    sealed += batch.sealed;
    if (batch.sealed < SEAL_BATCH) return { sealed, head: batch.head };
  }
}

async function sealBatch(tx: DatabaseClient) {
  await tx.$executeRaw`INSERT INTO audit_chain_head (id, seq, hash) VALUES (1, 0, ${GENESIS_HASH}) ON CONFLICT DO NOTHING`;
  const [head] = await tx.$queryRaw<Array<{ seq: bigint; hash: string }>>`
    SELECT seq, hash FROM audit_chain_head WHERE id = 1 FOR UPDATE`;
  const entries = await tx.$queryRaw<ChainedEntry[]>(Prisma.sql`
    SELECT ${ENTRY_COLUMNS} FROM audit_logs WHERE chain_seq IS NULL
    ORDER BY created_at, id LIMIT ${SEAL_BATCH}`);
  let { seq, hash: previous } = head!;
  const seqs: string[] = [];
  const hashes: string[] = [];
  for (const entry of entries) {
    seq += 1n;
    previous = chainHashOf(previous, seq, entry);
    seqs.push(seq.toString());
    hashes.push(previous);
  }
  if (entries.length > 0) {
    await tx.$executeRaw(Prisma.sql`
      UPDATE audit_logs a SET chain_seq = s.seq, chain_hash = s.hash
      FROM unnest(${entries.map((entry) => entry.id)}::uuid[], ${seqs}::bigint[], ${hashes}::text[]) AS s(id, seq, hash)
      WHERE a.id = s.id`);
    await tx.$executeRaw`UPDATE audit_chain_head SET seq = ${seq}, hash = ${previous}, sealed_at = now() WHERE id = 1`;
  }
  return { sealed: entries.length, head: { seq, hash: previous } };
}

/** The hash the entry at `start` follows: the genesis, the entry before it, or the retention cut just before it. */
async function hashBefore(
  db: DatabaseClient,
  start: bigint,
  cut: { throughSeq: bigint; throughHash: string } | null,
): Promise<string | undefined> {
  if (start === 1n) return GENESIS_HASH;
  if (cut?.throughSeq === start - 1n) return cut.throughHash;
  const [entry] = await db.$queryRaw<
    Array<{ chain_hash: string }>
  >`SELECT chain_hash FROM audit_logs WHERE chain_seq = ${start - 1n}`;
  return entry?.chain_hash;
}

export type ChainCheck =
  | { intact: true; checked: number; head: { seq: bigint; hash: string } }
  | { intact: false; checked: number; brokenAt: bigint; reason: string };

/**
 * Walks the chain from place `from` to the head and recomputes every hash: answers the first place
 * where an entry was changed, removed or put in, or that the chain is intact. Without `from`, the
 * walk starts after the last retention cut (at 1 when there is none), from that cut's hash.
 */
export async function verifyAuditChain(db: DatabaseClient, from?: bigint): Promise<ChainCheck> {
  const cut = await db.auditRetentionCut.findFirst({ orderBy: { throughSeq: 'desc' } });
  const start = from === undefined ? (cut ? cut.throughSeq + 1n : 1n) : from < 1n ? 1n : from;
  if (cut && start <= cut.throughSeq)
    return {
      intact: false,
      checked: 0,
      brokenAt: start,
      reason: `places up to ${cut.throughSeq} were removed by the audit retention on ${cut.createdAt.toISOString()}: check from ${cut.throughSeq + 1n}`,
    };
  const before = await hashBefore(db, start, cut);
  if (before === undefined)
    return { intact: false, checked: 0, brokenAt: start - 1n, reason: `no entry holds place ${start - 1n}` };
  let previous = before;
  let expected = start;
  let checked = 0;
  for (;;) {
    const entries = await db.$queryRaw<SealedEntry[]>(Prisma.sql`
      SELECT ${SEALED_ENTRY_COLUMNS} FROM audit_logs
      WHERE chain_seq >= ${expected} ORDER BY chain_seq LIMIT 5000`);
    for (const entry of entries) {
      if (entry.chain_seq !== expected)
        return {
          intact: false,
          checked,
          brokenAt: expected,
          reason: `place ${expected} is missing: an entry was removed`,
        };
      const recomputed = chainHashOf(previous, expected, entry);
      if (recomputed !== entry.chain_hash)
        return {
          intact: false,
          checked,
          brokenAt: expected,
          reason: `entry ${entry.id} at place ${expected} was changed`,
        };
      previous = entry.chain_hash;
      expected += 1n;
      checked += 1;
    }
    if (entries.length < 5000) break;
  }
  const [head] = await db.$queryRaw<
    Array<{ seq: bigint; hash: string }>
  >`SELECT seq, hash FROM audit_chain_head WHERE id = 1`;
  const last = expected - 1n;
  if (!head) return { intact: false, checked, brokenAt: last + 1n, reason: 'the chain head was removed' };
  if (head.seq !== last || head.hash !== previous)
    return {
      intact: false,
      checked,
      brokenAt: last + 1n,
      reason: `the chain ends at place ${last} but its head says ${head.seq}: entries after ${last} were removed`,
    };
  return { intact: true, checked, head: { seq: last, hash: previous } };
}
