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
