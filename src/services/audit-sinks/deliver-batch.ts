import { parseAllowedNetworks } from '../../connectors/builtin/network-guard.js';
import { openSecrets } from '../../connectors/secret-box.js';
import { Prisma, type Database } from '../../db/client.js';
import type { AuditSink } from '../../db/generated/client.js';
import { httpsSinkConfigSchema, syslogSinkConfigSchema, type AuditSinkKind } from '../../domain/audit-sinks.js';
import { recordAuditDelivery, recordAuditDeliveryFailure } from '../../metrics/audit-sink-metrics.js';
import { SEALED_ENTRY_COLUMNS, type SealedEntry } from '../../audit/audit-chain.js';
import { auditEventOf } from './audit-event.js';
import { sendHttpsBatch } from './https-sender.js';
import { sendSyslogBatch, syslogMessage } from './syslog-sender.js';

/**
 * One step of a sink's stream: the sealed entries after its cursor, in chain order, sent as one
 * batch; the cursor moves to the last of them only once the sink accepted the batch. A batch that
 * fails is sent again from the same cursor, so nothing is skipped and nothing is reordered; an
 * entry may arrive twice when the sink took a batch but its acceptance never came back.
 */

export interface DeliveryContext {
  db: Database;
  secretKey?: Buffer;
  allowedNetworks: readonly string[];
  timeoutMs: number;
  /** Entries per batch. */
  batchSize?: number;
}

export type DeliveryOutcome =
  | { state: 'delivered'; entries: number; cursorSeq: string; more: boolean }
  | { state: 'caught_up'; cursorSeq: string }
  | { state: 'failed'; error: string }
  /** Deleted or disabled: its workflow ends. */
  | { state: 'stopped' };

export const AUDIT_BATCH_SIZE = 200;

export async function deliverNextBatch(context: DeliveryContext, sinkId: string): Promise<DeliveryOutcome> {
  const { db } = context;
  const sink = await db.auditSink.findUnique({ where: { id: sinkId } });
  if (!sink || !sink.enabled) return { state: 'stopped' };
  const entries = await db.$queryRaw<SealedEntry[]>(Prisma.sql`
    SELECT ${SEALED_ENTRY_COLUMNS} FROM audit_logs WHERE chain_seq > ${sink.cursorSeq}
    ORDER BY chain_seq LIMIT ${context.batchSize ?? AUDIT_BATCH_SIZE}`);
  if (entries.length === 0) return { state: 'caught_up', cursorSeq: sink.cursorSeq.toString() };
  const last = entries.at(-1)!.chain_seq;
  try {
    await sendBatch(context, sink, entries);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    recordAuditDeliveryFailure(sink.name);
    await db.auditSink.updateMany({
      where: { id: sink.id },
      data: { lastError: message.slice(0, 1000), failingSince: sink.failingSince ?? new Date() },
    });
    return { state: 'failed', error: message };
  }
  recordAuditDelivery(sink.name, entries.length);
  // Only from where this batch began: a second delivery of the same batch moves nothing back.
  await db.auditSink.updateMany({
    where: { id: sink.id, cursorSeq: sink.cursorSeq },
    data: { cursorSeq: last, deliveredAt: new Date(), lastError: null, failingSince: null },
  });
  return {
    state: 'delivered',
    entries: entries.length,
    cursorSeq: last.toString(),
    more: entries.length === (context.batchSize ?? AUDIT_BATCH_SIZE),
  };
}

async function sendBatch(context: DeliveryContext, sink: AuditSink, entries: SealedEntry[]): Promise<void> {
  const allowedNetworks = parseAllowedNetworks(context.allowedNetworks);
  const kind = sink.kind as AuditSinkKind;
  if (kind === 'syslog') {
    const config = syslogSinkConfigSchema.parse(sink.config);
    const messages = entries.map((entry) => syslogMessage(entry, auditEventOf(entry)));
    await sendSyslogBatch(config, messages, { allowedNetworks, timeoutMs: context.timeoutMs });
    return;
  }
  const config = httpsSinkConfigSchema.parse(sink.config);
  const secret = sinkSecretOf(sink, context.secretKey);
  const batchId = `audit-${entries[0]!.chain_seq}-${entries.at(-1)!.chain_seq}`;
  await sendHttpsBatch(
    config,
    { batchId, events: entries.map(auditEventOf) },
    { secret, allowedNetworks, timeoutMs: context.timeoutMs },
  );
}

/** The sink's HMAC secret, opened with CONNECTOR_SECRET_KEY. */
export function sinkSecretOf(sink: Pick<AuditSink, 'sealedSecrets'>, secretKey: Buffer | undefined): string {
  if (!sink.sealedSecrets) throw new Error('the sink has no HMAC secret');
  if (!secretKey) throw new Error('CONNECTOR_SECRET_KEY is not set: the sink secret cannot be read');
  const { secret } = openSecrets(sink.sealedSecrets, secretKey);
  if (typeof secret !== 'string') throw new Error('the sink has no HMAC secret');
  return secret;
}
