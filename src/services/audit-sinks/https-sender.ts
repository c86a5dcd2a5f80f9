import type { AllowedNetworks } from '../../connectors/builtin/network-guard.js';
import { sendRequest } from '../../connectors/builtin/outbound-request.js';
import type { HttpsSinkConfig } from '../../domain/audit-sinks.js';
import { WEBHOOK_HEADERS } from '../../domain/resource-webhook.js';
import { webhookSignature } from '../sync/webhook-signature.js';

/**
 * HTTPS batches: one POST of `{ batchId, events }`, signed as inbound webhooks are (HMAC-SHA256
 * over `<timestamp>.<batch id>.<raw body>`, src/services/sync/webhook-signature.ts), so a collector
 * checks them the way Flowgate checks deliveries to it. Any 2xx answer accepts the batch.
 */

export const AUDIT_BATCH_HEADERS = {
  signature: WEBHOOK_HEADERS.signature,
  timestamp: WEBHOOK_HEADERS.timestamp,
  batchId: 'x-flowgate-batch-id',
} as const;

/** What the collector's answer may hold at most; its body is only read for the error message. */
const MAX_RESPONSE_BYTES = 64 * 1024;

export async function sendHttpsBatch(
  config: HttpsSinkConfig,
  batch: { batchId: string; events: Array<Record<string, unknown>> },
  options: { secret: string; allowedNetworks: AllowedNetworks; timeoutMs: number; now?: Date },
): Promise<void> {
  const body = Buffer.from(JSON.stringify({ batchId: batch.batchId, events: batch.events }), 'utf8');
  const timestamp = String(Math.floor((options.now ?? new Date()).getTime() / 1000));
  const url = new URL(config.url);
  const response = await sendRequest({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      [AUDIT_BATCH_HEADERS.signature]: webhookSignature(options.secret, timestamp, batch.batchId, body),
      [AUDIT_BATCH_HEADERS.timestamp]: timestamp,
      [AUDIT_BATCH_HEADERS.batchId]: batch.batchId,
    },
    body,
    signal: AbortSignal.timeout(options.timeoutMs),
    maxResponseBytes: MAX_RESPONSE_BYTES,
    allowedNetworks: options.allowedNetworks,
    ca: config.caCertificate,
  });
  if (response.status < 200 || response.status > 299) {
    const said = response.body.toString('utf8').slice(0, 200).replace(/\s+/g, ' ').trim();
    throw new Error(`collector ${url.host}${url.pathname} answered ${response.status}${said ? `: ${said}` : ''}`);
  }
}
