export { runWorkflow } from './run-workflow.js';
export { scheduledStartWorkflow } from './scheduled-start.js';
export { purgeExpiredSessionsWorkflow } from './purge-sessions.js';
