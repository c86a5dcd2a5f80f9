import type { DatabaseClient } from '../../db/client.js';
import type { ScimClientIdentity } from '../scim-clients.js';

/** Who is calling (the SCIM client), for which request, and where resources live (for meta.location). */
export interface ScimRequestContext {
  client: ScimClientIdentity;
  requestId?: string;
  /** `https://host/scim/v2`, without a trailing slash. */
  baseUrl: string;
}

/** The audit actor and metadata of every SCIM write (spec 6.1). */
export function scimAuditOf(context: ScimRequestContext) {
  return {
    actor: { type: 'service_client' as const, clientId: context.client.id },
    metadata: { scimClientId: context.client.id, scimClientName: context.client.name },
    requestId: context.requestId,
  };
}

/**
 * Marks the transaction as a SCIM write: the triggers that bump a SCIM resource's version when its
 * user or group changes outside SCIM (migration scim_versions_follow_changes) leave it alone, since
 * a SCIM write bumps the version itself, once. Local to the transaction, so a pooled connection
 * does not carry it on.
 */
export async function markScimWrite(tx: DatabaseClient): Promise<void> {
  await tx.$executeRaw`SELECT set_config('flowgate.scim_write', 'on', true)`;
}
