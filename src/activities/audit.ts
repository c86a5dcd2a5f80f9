import { ApplicationFailure } from '@temporalio/activity';
import { recordAudit, type AuditEntry } from '../audit/index.js';
import { applyAuditRetention, AuditChainBroken } from '../audit/audit-retention.js';
import type { Config } from '../config/index.js';
import type { Database } from '../db/client.js';
import { withHeartbeat } from './heartbeat.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Workflows write audit entries through these activities; workflow code cannot touch the database. */
export function createAuditActivities(db: Database, retention?: Config['auditRetention']) {
  return {
    async recordAuditEntry(entry: AuditEntry): Promise<void> {
      await recordAudit(db, entry);
    },

    /**
     * Removes the audit entries older than the worker's AUDIT_RETENTION_DAYS, batch by batch: a
     * retry after a crash goes on from the last batch that committed. Does nothing without it.
     */
    async applyAuditRetention(): Promise<{ configured: boolean; removed: number; throughSeq: string | null }> {
      if (!retention) return { configured: false, removed: 0, throughSeq: null };
      const olderThan = new Date(Date.now() - retention.days * DAY_MS);
      try {
        const outcome = await withHeartbeat((heartbeat) =>
          applyAuditRetention(db, { olderThan, exportDir: retention.exportDir, onBatch: heartbeat }),
        );
        return { configured: true, removed: outcome.removed, throughSeq: outcome.through?.seq.toString() ?? null };
      } catch (error) {
        // A broken chain stays broken however often it is retried: the failure is for a person.
        if (error instanceof AuditChainBroken) throw ApplicationFailure.nonRetryable(error.message, error.name);
        throw error;
      }
    },
  };
}
