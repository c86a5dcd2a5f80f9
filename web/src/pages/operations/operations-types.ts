/** The shapes of the operations routes (tokens, SCIM clients, schedules, templates, audit), from the OpenAPI description. */
import type { Schema } from '../../api/client';

export type ApiToken = Schema<'ApiToken'>;
export type CreatedApiToken = Schema<'CreatedApiToken'>;
export type ScimClient = Schema<'ScimClient'>;
export type ScimClientWithToken = Schema<'ScimClientWithToken'>;
export type Schedule = Schema<'Schedule'>;
export type EmailTemplate = Schema<'EmailTemplate'>;
export type DocumentTemplate = Schema<'DocumentTemplate'>;
export type AuditEntry = Schema<'AuditLog'>;

/** A permission a token may be minted with. */
export type Permission = Schema<'CreateApiToken'>['permissions'][number];

/** Every permission, checked against the API's list both ways so the two cannot drift apart. */
export const PERMISSIONS = [
  'workflow:read',
  'run:read',
  'task:read',
  'project:read',
  'org:read',
  'token:manage',
  'workflow:create',
  'workflow:update',
  'workflow:publish',
  'approval:read',
  'approval:decide',
  'report:read',
  'schedule:read',
  'schedule:manage',
  'workflow:start',
  'task:complete',
  'role_definition:read',
  'group:read',
  'config:export',
  'approval:decide_any',
  'task:complete_any',
  'project:authority_any',
  'workflow:delete',
  'workflow:move',
  'run:cancel',
  'run:update',
  'project:create',
  'project:update',
  'project:delete',
  'workflow_set:manage',
  'user:read',
  'user:manage',
  'role:manage',
  'connector:read',
  'connector:manage',
  'connector:execute',
  'audit:read',
  'org:manage',
  'config:import',
] as const satisfies readonly Permission[];
const everyPermissionListed: Exclude<Permission, (typeof PERMISSIONS)[number]> extends never ? true : never = true;
void everyPermissionListed;

export function isPermission(value: string): value is Permission {
  return PERMISSIONS.some((permission) => permission === value);
}

/** A `datetime-local` input's value as an ISO timestamp in the reader's zone; empty stays empty. */
export function isoOfLocal(value: string): string | undefined {
  if (value === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
