export { simpleApprovalExample } from './simple-approval.js';
export { provisioningExample } from './provisioning.js';
