import type { DatabaseClient } from '../db/client.js';
import type { ApiTokenIdentity, Principal } from '../permissions/index.js';
import { redact } from './redact.js';

/** Who did it: a user (possibly through an API token), a SCIM or other service client, or the system. */
export type AuditActor =
  | { type: 'user'; userId: string; apiToken?: ApiTokenIdentity; labels?: { channel: string; client?: string } }
  | { type: 'service_client'; clientId: string }
  | { type: 'system' };

export interface AuditEntry {
  action: string;
  actor: AuditActor;
  target?: { type: string; id: string };
  metadata?: Record<string, unknown>;
  requestId?: string;
}

export function actorOf(principal: Principal): AuditActor {
  return { type: 'user', userId: principal.userId, apiToken: principal.apiToken, labels: principal.labels };
}

/** Metadata every action taken with an API token carries (spec 2.11, 6.1). */
export function apiTokenMetadata(token: ApiTokenIdentity): Record<string, string> {
  return { via: 'api_token', tokenName: token.name, tokenPrefix: token.prefix };
}

/**
 * Writes one audit row. Pass the transaction client of the change being recorded so the two
 * commit or roll back together. Metadata is redacted before it is stored.
 */
export async function recordAudit(db: DatabaseClient, entry: AuditEntry): Promise<void> {
  await db.auditLog.create({ data: auditRow(entry) });
}

/** The row of an entry, its metadata redacted. */
export function auditRow(entry: AuditEntry) {
  const actorMetadata =
    entry.actor.type === 'user' && entry.actor.apiToken
      ? { ...apiTokenMetadata(entry.actor.apiToken), ...entry.actor.labels }
      : {};
  return {
    action: entry.action,
    actorType: entry.actor.type,
    actorId: actorIdOf(entry.actor),
    targetType: entry.target?.type,
    targetId: entry.target?.id,
    metadata: redact({ ...entry.metadata, ...actorMetadata }) as object,
    requestId: entry.requestId,
  };
}

/** Records entries in batches: see `createAuditBatches`. */
export type AuditBatches = (entry: AuditEntry) => Promise<void>;

/**
 * Group commit of audit entries that belong to no transaction of their own (the per-request
 * token audit): an entry joins the batch being gathered and its promise settles when that batch
 * has committed. One INSERT is in flight at a time; every entry that arrives meanwhile is written
 * by the next one, so under load the audit costs one statement per batch rather than one per
 * request and holds at most one database connection, while a caller that awaits its entry knows
 * it is stored (a crash loses nothing that was acknowledged).
 */
export function createAuditBatches(db: DatabaseClient): AuditBatches {
  let gathering: Array<{ entry: AuditEntry; settle: (error?: unknown) => void }> = [];
  let writing = false;
  async function writeAll() {
    writing = true;
    while (gathering.length > 0) {
      const batch = gathering;
      gathering = [];
      const rows = batch.map(({ entry }) => auditRow(entry));
      // Prisma reuses the compiled plan of a create but compiles every createMany anew, so a batch
      // of one, the usual batch at a light load, is a create.
      const written =
        rows.length === 1
          ? db.auditLog.create({ data: rows[0]!, select: { id: true } })
          : db.auditLog.createMany({ data: rows });
      const failure = await written.then(
        () => undefined,
        (error: unknown) => error ?? new Error('audit write failed'),
      );
      for (const { settle } of batch) settle(failure);
    }
    writing = false;
  }
  return (entry) =>
    new Promise<void>((resolve, reject) => {
      gathering.push({ entry, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!writing) void writeAll();
    });
}

function actorIdOf(actor: AuditActor): string | null {
  switch (actor.type) {
    case 'user':
      return actor.userId;
    case 'service_client':
      return actor.clientId;
    case 'system':
      return null;
  }
}
