import { randomUUID } from 'node:crypto';
import { webhookSignature } from '../../src/services/sync/webhook-signature.js';
import type { AppUnderTest } from './app.js';

/** Sends `event` to the connector's resource webhook, signed now with `secret` as a sender would. */
export function sendSignedEvent(
  api: AppUnderTest['api'],
  connectorId: string,
  secret: string,
  event: unknown,
  eventId: string = randomUUID(),
) {
  const raw = JSON.stringify(event);
  const timestamp = String(Math.floor(Date.now() / 1000));
  return api.request('POST', `/api/webhooks/${connectorId}`, {
    rawBody: raw,
    headers: {
      'content-type': 'application/json',
      'x-flowgate-timestamp': timestamp,
      'x-flowgate-event-id': eventId,
      'x-flowgate-signature': webhookSignature(secret, timestamp, eventId, Buffer.from(raw)),
    },
  });
}
