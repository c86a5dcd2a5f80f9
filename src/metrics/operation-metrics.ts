import { Counter, Histogram, Registry } from 'prom-client';
import { AppError } from '../errors/index.js';

/**
 * What the service's operations did, counted where they happen (connector calls in whichever
 * process makes them, sync passes in the worker): one registry per process, which the API's and
 * the worker's /metrics both serve.
 */
export const operationRegistry = new Registry();

const connectorLabels = ['connector', 'command', 'result', 'code'] as const;
const connectorCalls = new Counter({
  name: 'flowgate_connector_calls_total',
  help: 'Connector commands run, by connector, command, result (success, failure) and failure code',
  labelNames: connectorLabels,
  registers: [operationRegistry],
});
const connectorLatency = new Histogram({
  name: 'flowgate_connector_call_duration_seconds',
  help: 'Time a connector command took, by connector, command, result and failure code',
  labelNames: connectorLabels,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [operationRegistry],
});

/** One connector command's outcome; `code` is the stable failure code, `none` on success. */
export function recordConnectorCall(call: {
  connector: string;
  command: string;
  success: boolean;
  code?: string;
  latencyMs: number;
}): void {
  const labels = {
    connector: call.connector,
    command: call.command,
    result: call.success ? 'success' : 'failure',
    code: call.success ? 'none' : (call.code ?? 'unknown'),
  };
  connectorCalls.inc(labels);
  connectorLatency.observe(labels, call.latencyMs / 1000);
}

const syncLabels = ['connector', 'type'] as const;
const syncPasses = new Counter({
  name: 'flowgate_sync_passes_total',
  help: 'Sync passes ended, by connector, resource type and outcome (success, error)',
  labelNames: [...syncLabels, 'outcome'],
  registers: [operationRegistry],
});
const syncDuration = new Histogram({
  name: 'flowgate_sync_pass_duration_seconds',
  help: 'Time from the start of a sync pass to its end, by connector, resource type and outcome',
  labelNames: [...syncLabels, 'outcome'],
  buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600],
  registers: [operationRegistry],
});
const syncRecords = new Counter({
  name: 'flowgate_sync_records_total',
  help: 'Records sync passes stored, by connector, resource type and change (added, updated, unchanged, staled, removed)',
  labelNames: [...syncLabels, 'change'],
  registers: [operationRegistry],
});

/** A sync pass that ended, with what it did to the records. */
export function recordSyncPass(pass: {
  connector: string;
  type: string;
  outcome: 'success' | 'error';
  durationMs: number;
  records: { added: number; updated: number; unchanged: number; staled: number; removed: number };
}): void {
  const labels = { connector: pass.connector, type: pass.type };
  syncPasses.inc({ ...labels, outcome: pass.outcome });
  syncDuration.observe({ ...labels, outcome: pass.outcome }, pass.durationMs / 1000);
  for (const [change, count] of Object.entries(pass.records))
    if (count > 0) syncRecords.inc({ ...labels, change }, count);
}

const scimRequests = new Counter({
  name: 'flowgate_scim_requests_total',
  help: 'Inbound SCIM requests answered, by SCIM client (none when unauthenticated), method and status',
  labelNames: ['client', 'method', 'status'],
  registers: [operationRegistry],
});

/** One inbound SCIM request answered; `client` is the SCIM client's name, absent when it had none. */
export function recordScimRequest(request: { client?: string; method: string; status: number }): void {
  scimRequests.inc({ client: request.client ?? 'none', method: request.method, status: String(request.status) });
}

const runsStarted = new Counter({
  name: 'flowgate_runs_started_total',
  help: 'Run executions started, by workflow name',
  labelNames: ['workflow'],
  registers: [operationRegistry],
});
const runsEnded = new Counter({
  name: 'flowgate_runs_ended_total',
  help: 'Runs that ended, by workflow name and status (completed, failed, cancelled)',
  labelNames: ['workflow', 'status'],
  registers: [operationRegistry],
});

/** A run's Temporal execution started (not a start repeated for one that had). */
export function recordRunStarted(workflow: string): void {
  runsStarted.inc({ workflow });
}

/** A run went from open to an end; a failed run retried to its end counts again. */
export function recordRunEnded(workflow: string, status: 'completed' | 'failed' | 'cancelled'): void {
  runsEnded.inc({ workflow, status });
}

const webhookDeliveries = new Counter({
  name: 'flowgate_webhook_deliveries_total',
  help: 'Inbound webhook deliveries, by kind (workflow_trigger, resource_event) and outcome (accepted, repeated, refused, failed)',
  labelNames: ['kind', 'outcome'],
  registers: [operationRegistry],
});

/**
 * Handles one inbound webhook delivery and counts how it ended: `accepted` or `repeated` (one seen
 * before, answered without doing it again) as `deliver` says, `refused` for a 4xx answer, `failed`
 * for any other error.
 */
export async function countWebhookDelivery<T>(
  kind: 'workflow_trigger' | 'resource_event',
  deliver: () => Promise<T>,
  repeated: (result: T) => boolean,
): Promise<T> {
  try {
    const result = await deliver();
    webhookDeliveries.inc({ kind, outcome: repeated(result) ? 'repeated' : 'accepted' });
    return result;
  } catch (error) {
    webhookDeliveries.inc({ kind, outcome: error instanceof AppError && error.status < 500 ? 'refused' : 'failed' });
    throw error;
  }
}
