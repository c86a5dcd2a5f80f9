import { randomUUID } from 'node:crypto';
import { recordAudit } from '../../src/audit/index.js';
import type { Database } from '../../src/db/client.js';
import { startRsyslog, type RunningRsyslog } from '../local/rsyslog.js';

/**
 * Issue 49: the audit trail streamed to Debian's rsyslogd over TLS (scripts/local/rsyslog.ts),
 * the receiver stopped for `downMs` while `entries` audit entries are written, then started again.
 * The promises checked: every entry sealed after the sink's start arrives, once, in chain order
 * (the workload's own entries included), and the sink's cursor reaches the chain's head.
 */

export interface AuditStreamDeps {
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  db: Database;
  log: (line: string) => void;
}

export interface AuditStreamOutcome {
  notes: string[];
  /** Broken promises, each a sentence. */
  problems: string[];
}

const DELIVERED_WITHIN_MS = 5 * 60_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function syslogDownWhileAuditing(
  deps: AuditStreamDeps,
  options: { entries: number; downMs: number },
): Promise<AuditStreamOutcome> {
  const rsyslog = await startRsyslog();
  try {
    return await outage(deps, rsyslog, options);
  } finally {
    await rsyslog.stop();
  }
}

async function outage(
  deps: AuditStreamDeps,
  rsyslog: RunningRsyslog,
  options: { entries: number; downMs: number },
): Promise<AuditStreamOutcome> {
  const { call, db, log } = deps;
  const notes: string[] = [];
  const problems: string[] = [];
  const tag = randomUUID();
  const created = await call('POST', '/api/audit-sinks', {
    name: `faults rsyslog ${tag.slice(0, 8)}`,
    kind: 'syslog',
    config: { host: rsyslog.host, port: rsyslog.port, serverName: 'localhost', caCertificate: rsyslog.caCertificate },
  });
  if (created.status !== 201) throw new Error(`create the sink: ${created.status} ${JSON.stringify(created.body)}`);
  const sinkId = created.body.id as string;
  const startCursor = BigInt(created.body.cursorSeq as string);
  // The stream runs a while before the fault, so the outage cuts into a live stream.
  await pause(8_000);
  await rsyslog.pause();
  const down = Date.now();
  log(`audit stream: rsyslogd stopped; writing ${options.entries} audit entries`);
  const spreadMs = options.downMs * 0.75;
  for (let index = 0; index < options.entries; index += 1) {
    await recordAudit(db, {
      action: 'faults.audit_stream',
      actor: { type: 'system' },
      target: { type: 'faults', id: tag },
      metadata: { tag, index },
    });
    const due = down + ((index + 1) * spreadMs) / options.entries;
    if (due > Date.now()) await pause(due - Date.now());
  }
  await pause(Math.max(0, down + options.downMs - Date.now()));
  const failing = await db.auditSink.findUniqueOrThrow({ where: { id: sinkId } });
  await rsyslog.start();
  const up = Date.now();
  log(`audit stream: rsyslogd started again after ${up - down} ms`);
  notes.push(
    `rsyslogd down ${up - down} ms while ${options.entries} entries were written; the sink said "${failing.lastError ?? 'no error'}"`,
  );

  // Every tagged entry sealed and the sink's cursor at the chain's head.
  let deliveredAt: number | undefined;
  while (Date.now() - up < DELIVERED_WITHIN_MS) {
    const [tagged, head, sink] = await Promise.all([
      db.auditLog.count({ where: { targetType: 'faults', targetId: tag, chainSeq: { not: null } } }),
      db.auditChainHead.findUnique({ where: { id: 1 } }),
      db.auditSink.findUniqueOrThrow({ where: { id: sinkId } }),
    ]);
    if (tagged === options.entries && head && sink.cursorSeq >= head.seq) {
      deliveredAt = Date.now();
      break;
    }
    await pause(250);
  }
  if (deliveredAt === undefined) problems.push(`the sink did not catch up within ${DELIVERED_WITHIN_MS / 1000} s`);
  else notes.push(`caught up ${deliveredAt - up} ms after rsyslogd was back`);
  // Disabled, its stream ends at its next batch (a batch in flight finishes first); then what
  // rsyslogd wrote and the cursor no longer move.
  await call('PATCH', `/api/audit-sinks/${sinkId}`, { enabled: false });
  await pause(5_000);
  const sink = await db.auditSink.findUniqueOrThrow({ where: { id: sinkId } });
  const received = (await rsyslog.received()).map((message) => JSON.parse(message.msg) as StreamedEvent);
  const sealed = await db.auditLog.findMany({
    where: { chainSeq: { gt: startCursor, lte: sink.cursorSeq } },
    orderBy: { chainSeq: 'asc' },
    select: { id: true, chainSeq: true },
  });
  const ids = received.map((event) => event.metadata.uid);
  const seqs = received.map((event) => event.metadata.sequence);
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  const repeated = [...counts.values()].filter((count) => count > 1).length;
  const missing = sealed.filter((entry) => !counts.has(entry.id)).length;
  const outOfOrder = seqs.filter((seq, index) => index > 0 && seq <= seqs[index - 1]!).length;
  const tagged = received.filter((event) => event.unmapped.flowgate.metadata?.tag === tag).length;
  notes.push(
    `received ${received.length} events for ${sealed.length} sealed entries (chain places ${startCursor + 1n}..${sink.cursorSeq}), ` +
      `${tagged} of the ${options.entries} written during the outage; missing ${missing}, repeated ${repeated}, out of order ${outOfOrder}`,
  );
  if (missing > 0) problems.push(`${missing} sealed entries never reached rsyslogd`);
  if (repeated > 0) problems.push(`${repeated} entries reached rsyslogd more than once`);
  if (outOfOrder > 0) problems.push(`${outOfOrder} entries reached rsyslogd out of chain order`);
  if (tagged !== options.entries) problems.push(`${tagged} of the ${options.entries} entries written arrived`);
  if (received.length !== sealed.length)
    problems.push(`${received.length} events received for ${sealed.length} sealed entries`);
  await call('DELETE', `/api/audit-sinks/${sinkId}`);
  return { notes, problems };
}

interface StreamedEvent {
  metadata: { uid: string; sequence: number };
  unmapped: { flowgate: { metadata?: { tag?: string } } };
}
