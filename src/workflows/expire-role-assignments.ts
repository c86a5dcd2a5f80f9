import { sweepActivities, sweepInBatches } from './batched-sweep.js';

/**
 * What the role-expiry schedule starts: revokes every business role assignment whose expiry has
 * passed, a batch at a time. Assignments whose revoke fails stay active for the next sweep.
 */
export function expireRoleAssignmentsWorkflow(): Promise<{ revoked: number; failed: number }> {
  return sweepInBatches(['revoked', 'failed'], sweepActivities.revokeExpiredRoleAssignments);
}
