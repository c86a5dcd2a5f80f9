import type { DatabaseClient } from '../../db/client.js';
import { WEBHOOK_REPLAY_WINDOW_MS } from '../../domain/resource-webhook.js';
import type { SignedDelivery } from './webhook-signature.js';

/**
 * Records the event id in the change's transaction; false when it was applied before (a retried
 * delivery). A concurrent delivery of the same id waits on the key and then finds it taken. Ids
 * older than twice the replay window are purged: their signature can no longer be accepted.
 */
export async function claimEventId(tx: DatabaseClient, connectorId: string, signed: SignedDelivery, now: Date) {
  await tx.webhookDelivery.deleteMany({
    where: { connectorId, receivedAt: { lt: new Date(now.getTime() - 2 * WEBHOOK_REPLAY_WINDOW_MS) } },
  });
  const { count } = await tx.webhookDelivery.createMany({
    data: [{ connectorId, eventId: signed.eventId, receivedAt: now }],
    skipDuplicates: true,
  });
  return count === 1;
}
