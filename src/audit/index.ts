export { recordAudit, actorOf, apiTokenMetadata } from './record-audit.js';
export type { AuditActor, AuditEntry } from './record-audit.js';
export { redact, REDACTED, isSensitiveKey } from './redact.js';
