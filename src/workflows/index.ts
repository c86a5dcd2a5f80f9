export { runWorkflow } from './run-workflow.js';
export { scheduledStartWorkflow } from './scheduled-start.js';
export { scheduledSyncWorkflow, syncResourcesWorkflow } from './sync-resources.js';
export { purgeExpiredSessionsWorkflow } from './purge-sessions.js';
export { expireRoleAssignmentsWorkflow } from './expire-role-assignments.js';
export { resyncRoleHoldersWorkflow } from './resync-role-holders.js';
export { accessReviewWorkflow } from './access-review.js';
export { recurringAccessReviewWorkflow } from './recurring-access-review.js';
export { auditSinkWorkflow } from './audit-sink.js';
