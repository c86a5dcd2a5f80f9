import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { ExpirySweepBatch, ExpirySweepCursor } from '../domain/business-role.js';

/** A batch makes a connector call per entitlement of up to 20 assignments, each with its own timeout. */
const activities = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '1s', maximumInterval: '30s', maximumAttempts: 5 },
});

/**
 * What the role-expiry schedule starts: revokes every business role assignment whose expiry has
 * passed, a batch at a time. Assignments whose revoke fails stay active for the next sweep.
 */
export async function expireRoleAssignmentsWorkflow(): Promise<{ revoked: number; failed: number }> {
  const totals = { revoked: 0, failed: 0 };
  let cursor: ExpirySweepCursor | null = null;
  do {
    const batch: ExpirySweepBatch = await activities.revokeExpiredRoleAssignments(cursor);
    totals.revoked += batch.revoked;
    totals.failed += batch.failed;
    cursor = batch.next;
  } while (cursor);
  return totals;
}
