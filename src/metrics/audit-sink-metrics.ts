import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import { operationRegistry } from './operation-metrics.js';

/**
 * The audit stream (docs/observability.md, "Streaming to a SIEM"): batches and entries delivered
 * and failed attempts, counted by the worker that sends them; backlog and lag of each sink, read
 * from the database when Prometheus scrapes.
 */

const deliveries = new Counter({
  name: 'flowgate_audit_sink_deliveries_total',
  help: 'Batches an audit sink accepted, by sink',
  labelNames: ['sink'],
  registers: [operationRegistry],
});
const deliveredEntries = new Counter({
  name: 'flowgate_audit_sink_entries_delivered_total',
  help: 'Audit entries an audit sink accepted, by sink (a batch sent again counts again)',
  labelNames: ['sink'],
  registers: [operationRegistry],
});
const failures = new Counter({
  name: 'flowgate_audit_sink_failures_total',
  help: 'Batches an audit sink did not accept (unreachable, refused, timed out), by sink',
  labelNames: ['sink'],
  registers: [operationRegistry],
});

export function recordAuditDelivery(sink: string, entries: number): void {
  deliveries.inc({ sink });
  deliveredEntries.inc({ sink }, entries);
}

export function recordAuditDeliveryFailure(sink: string): void {
  failures.inc({ sink });
}

interface SinkBacklog {
  name: string;
  backlog: bigint;
  lag_seconds: number | null;
}

/**
 * Backlog: sealed entries after the sink's cursor (the chain's places are contiguous, so the head
 * minus the cursor). Lag: the age of the first of them, or 0 when the sink is caught up.
 */
export function auditSinkMetrics(registry: Registry, db: Database): void {
  let reading: Promise<SinkBacklog[] | undefined> | undefined;
  const read = () =>
    (reading ??= db.$queryRaw<SinkBacklog[]>`
        SELECT s.name,
          greatest(coalesce(h.seq, 0) - s.cursor_seq, 0) AS backlog,
          extract(epoch FROM now() - a.created_at)::float8 AS lag_seconds
        FROM audit_sinks s
        LEFT JOIN audit_chain_head h ON h.id = 1
        LEFT JOIN audit_logs a ON a.chain_seq = s.cursor_seq + 1
        WHERE s.enabled`
      .catch(() => undefined)
      .finally(() => setImmediate(() => (reading = undefined))));
  new Gauge({
    name: 'flowgate_audit_sink_backlog_entries',
    help: 'Sealed audit entries an enabled sink has not accepted yet, by sink',
    labelNames: ['sink'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of (await read()) ?? []) this.set({ sink: row.name }, Number(row.backlog));
    },
  });
  new Gauge({
    name: 'flowgate_audit_sink_lag_seconds',
    help: 'Age of the oldest sealed audit entry an enabled sink has not accepted yet (0 when caught up), by sink',
    labelNames: ['sink'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of (await read()) ?? []) this.set({ sink: row.name }, row.lag_seconds ?? 0);
    },
  });
}
