import { sweepActivities, sweepInBatches } from './batched-sweep.js';

/**
 * What the role-resync schedule starts: brings every active business role assignment whose
 * provisioned entitlements differ from its role's in line, a batch at a time. Those that fail
 * stay out of line for the next sweep.
 */
export function resyncRoleHoldersWorkflow(): Promise<{ resynced: number; failed: number }> {
  return sweepInBatches(['resynced', 'failed'], sweepActivities.resyncRoleAssignments);
}
