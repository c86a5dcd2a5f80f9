import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';

const activities = proxyActivities<Activities>({
  startToCloseTimeout: '2 hours',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '10s', maximumInterval: '5 minutes', maximumAttempts: 10 },
});

/** What the audit-retention schedule starts: removes the entries older than the worker's AUDIT_RETENTION_DAYS. */
export async function applyAuditRetentionWorkflow(): Promise<{
  configured: boolean;
  removed: number;
  throughSeq: string | null;
}> {
  return activities.applyAuditRetention();
}
