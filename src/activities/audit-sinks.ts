import { deliverNextBatch, type DeliveryOutcome } from '../services/audit-sinks/deliver-batch.js';
import type { ActivityDependencies } from './index.js';

export function createAuditSinkActivities(deps: ActivityDependencies) {
  return {
    /**
     * Sends the next batch of sealed entries to a sink and moves its cursor once accepted. Run
     * twice (a retry after a lost answer), it sends the same entries again: at least once.
     */
    deliverAuditBatch(sinkId: string): Promise<DeliveryOutcome> {
      return deliverNextBatch(
        {
          db: deps.db,
          secretKey: deps.connectors.secretKey,
          allowedNetworks: deps.connectors.allowedNetworks,
          timeoutMs: deps.connectors.timeoutMs,
        },
        sinkId,
      );
    },
  };
}
