import type { ConnectorRuntime } from '../connectors/runtime.js';
import type { Database } from '../db/client.js';
import type { ExpirySweepCursor } from '../domain/business-role.js';
import { revokeExpiredAssignments } from '../services/access/role-expiry.js';

export function createRoleExpiryActivities(deps: { db: Database; connectors: ConnectorRuntime }) {
  return {
    /** One batch of the expiry sweep; repeating it is safe (`revokeExpiredAssignments`). */
    revokeExpiredRoleAssignments(cursor: ExpirySweepCursor | null) {
      return revokeExpiredAssignments(deps.db, deps.connectors, cursor);
    },
  };
}
