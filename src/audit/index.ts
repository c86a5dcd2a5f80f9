export { recordAudit, actorOf, apiTokenMetadata, auditRow, createAuditBatches } from './record-audit.js';
export type { AuditActor, AuditBatches, AuditEntry } from './record-audit.js';
export { redact, REDACTED, isSensitiveKey } from './redact.js';
