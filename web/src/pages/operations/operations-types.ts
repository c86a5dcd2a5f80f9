/** The shapes of the operations routes (tokens, SCIM clients, schedules, templates, audit), as far as the pages read them. */

/** OpenAPI schema `ApiToken`. */
export interface ApiToken {
  id: string;
  name: string;
  prefix: string;
  permissions: string[];
  userId: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  parentId: string | null;
}

/** OpenAPI schema `CreatedApiToken`. */
export interface CreatedApiToken extends ApiToken {
  token: string;
}

/** OpenAPI schema `ScimClient`. */
export interface ScimClient {
  id: string;
  name: string;
  tokenPrefix: string;
  enabled: boolean;
  createdBy: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

/** OpenAPI schema `ScimClientWithToken`. */
export interface ScimClientWithToken extends ScimClient {
  token: string;
}

/** OpenAPI schema `Schedule`. */
export interface Schedule {
  id: string;
  workflowId: string;
  name: string | null;
  cronExpression: string;
  timezone: string | null;
  enabled: boolean;
  variables: Record<string, unknown>;
  pausedReason: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** OpenAPI schema `EmailTemplate`. */
export interface EmailTemplate {
  id: string;
  name: string;
  description: string | null;
  subjectTemplate: string;
  bodyTemplate: string;
  isDefault: boolean;
  createdAt: string;
  updatedAt: string;
}

/** OpenAPI schema `DocumentTemplate`. */
export interface DocumentTemplate {
  id: string;
  name: string;
  description: string | null;
  fileName: string | null;
  mimeType: string | null;
  placeholders: string[];
  createdAt: string;
  updatedAt: string;
}

/** OpenAPI schema `AuditLog`. */
export interface AuditEntry {
  id: string;
  action: string;
  actorType: 'user' | 'service_client' | 'system';
  actorId: string | null;
  targetType: string | null;
  targetId: string | null;
  metadata: Record<string, unknown>;
  requestId: string | null;
  createdAt: string;
}

/** A `datetime-local` input's value as an ISO timestamp in the reader's zone; empty stays empty. */
export function isoOfLocal(value: string): string | undefined {
  if (value === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
