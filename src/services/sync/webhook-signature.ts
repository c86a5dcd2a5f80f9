import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { EVENT_ID_PATTERN, WEBHOOK_HEADERS, WEBHOOK_REPLAY_WINDOW_MS } from '../../domain/resource-webhook.js';

/** A new webhook secret: 32 random bytes, base64url, with a prefix that makes leaks easy to spot. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The signature header's value: HMAC-SHA256 with the secret over `<timestamp>.<event id>.<raw body>`. */
export function webhookSignature(secret: string, timestamp: string, eventId: string, body: Uint8Array): string {
  const hmac = createHmac('sha256', secret).update(`${timestamp}.${eventId}.`).update(body);
  return `sha256=${hmac.digest('hex')}`;
}

export interface SignedDelivery {
  eventId: string;
  signedAt: Date;
}

/**
 * Checks a delivery's headers against the secret: the signature first (so nothing is said about
 * the timestamp of a forged request), then the replay window. Answers the verified event id and
 * time, or the reason for refusing the delivery.
 */
export function verifyWebhookDelivery(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: Uint8Array,
  now: Date,
): SignedDelivery | { refused: string } {
  const header = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const signature = header(WEBHOOK_HEADERS.signature);
  const timestamp = header(WEBHOOK_HEADERS.timestamp);
  const eventId = header(WEBHOOK_HEADERS.eventId);
  if (signature === undefined) return { refused: `The ${WEBHOOK_HEADERS.signature} header is missing` };
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) {
    return { refused: `The ${WEBHOOK_HEADERS.timestamp} header must be the Unix time in seconds` };
  }
  if (eventId === undefined || !EVENT_ID_PATTERN.test(eventId)) {
    return { refused: `The ${WEBHOOK_HEADERS.eventId} header must be 1-255 letters, digits or ._:-` };
  }
  const expected = Buffer.from(webhookSignature(secret, timestamp, eventId, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { refused: 'The signature does not match' };
  }
  const signedAt = new Date(Number(timestamp) * 1000);
  if (Math.abs(now.getTime() - signedAt.getTime()) > WEBHOOK_REPLAY_WINDOW_MS) {
    return { refused: 'The timestamp is outside the replay window of 5 minutes' };
  }
  return { eventId, signedAt };
}
