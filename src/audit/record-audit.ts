import type { DatabaseClient } from '../db/client.js';
import type { ApiTokenIdentity, Principal } from '../permissions/index.js';
import { redact } from './redact.js';

/** Who did it: a user (possibly through an API token), a SCIM or other service client, or the system. */
export type AuditActor =
  | { type: 'user'; userId: string; apiToken?: ApiTokenIdentity }
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
  return { type: 'user', userId: principal.userId, apiToken: principal.apiToken };
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
  const actorMetadata =
    entry.actor.type === 'user' && entry.actor.apiToken ? apiTokenMetadata(entry.actor.apiToken) : {};
  const metadata = redact({ ...entry.metadata, ...actorMetadata }) as object;
  await db.auditLog.create({
    data: {
      action: entry.action,
      actorType: entry.actor.type,
      actorId: actorIdOf(entry.actor),
      targetType: entry.target?.type,
      targetId: entry.target?.id,
      metadata,
      requestId: entry.requestId,
    },
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
