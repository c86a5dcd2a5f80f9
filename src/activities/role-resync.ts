import type { ConnectorRuntime } from '../connectors/runtime.js';
import type { Database } from '../db/client.js';
import { resyncOutOfLineAssignments } from '../services/access/role-resync.js';

export function createRoleResyncActivities(deps: { db: Database; connectors: ConnectorRuntime }) {
  return {
    /** One batch of the resync sweep; repeating it is safe (`resyncOutOfLineAssignments`). */
    resyncRoleAssignments(afterId: string | null) {
      return resyncOutOfLineAssignments(deps.db, deps.connectors, afterId);
    },
  };
}
