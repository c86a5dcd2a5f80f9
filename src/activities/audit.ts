import { recordAudit, type AuditEntry } from '../audit/index.js';
import type { Database } from '../db/client.js';

/** Workflows write audit entries through this activity; workflow code cannot touch the database. */
export function createAuditActivities(db: Database) {
  return {
    async recordAuditEntry(entry: AuditEntry): Promise<void> {
      await recordAudit(db, entry);
    },
  };
}
