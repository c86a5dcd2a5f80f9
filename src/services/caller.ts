import { actorOf, recordAudit } from '../audit/index.js';
import type { DatabaseClient } from '../db/client.js';
import type { Principal } from '../permissions/index.js';

/** Who asks for a change, and the request it belongs to (for the audit entry). */
export interface Caller {
  principal: Principal;
  requestId?: string;
}

/** Records the audit entry of a change, in the transaction of that change. */
export function auditChange(
  tx: DatabaseClient,
  caller: Caller,
  action: string,
  target: { type: string; id: string },
  metadata: Record<string, unknown> = {},
): Promise<void> {
  return recordAudit(tx, { action, actor: actorOf(caller.principal), target, metadata, requestId: caller.requestId });
}
