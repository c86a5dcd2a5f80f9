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

/** A `datetime-local` input's value as an ISO timestamp in the reader's zone; empty stays empty. */
export function isoOfLocal(value: string): string | undefined {
  if (value === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
export type AuditSink = Schema<'AuditSink'>;
export type CreatedAuditSink = Schema<'CreatedAuditSink'>;
