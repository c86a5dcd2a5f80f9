/** The shapes of the connector sync routes (OpenAPI schemas SyncConfig, SyncMatch, SyncMatchStats, SyncPreview). */
import type { ResponseOf, Schema } from '../../api/client';

export const MATCH_STATUSES = [
  'unmatched',
  'ambiguous',
  'matched',
  'manual_override',
  'skipped',
  'create_pending',
] as const;

/** A connector as the sync page lists it. */
export type Connector = Schema<'Connector'>;
export type SyncStats = NonNullable<Schema<'SyncStats'>>;
export type SyncConfig = Schema<'SyncConfig'>;
export type SyncConfigInput = Schema<'SyncConfigInput'>;
export type AttributeMappingRule = Schema<'AttributeMappingRule'>;

export const SYNC_STRATEGIES = ['full', 'incremental'] as const satisfies readonly SyncConfig['strategy'][];
export const USER_MATCH_STRATEGIES = [
  'email',
  'email_and_issuer',
  'upstream_identity',
  'external_id',
] as const satisfies readonly SyncConfig['userMatchStrategy'][];
export const SYNC_TRIGGER_MODES = [
  'none',
  'per_record',
  'summary',
] as const satisfies readonly SyncConfig['syncTriggerMode'][];

export type SyncMatch = Schema<'SyncMatch'>;
export type MatchStats = Schema<'SyncMatchStats'>;

/** Rows an administrator has yet to decide on. */
export const OPEN_MATCH_STATUSES: readonly string[] = ['unmatched', 'ambiguous'];

/** What `POST .../sync-config/:type/preview` answers: what the next pass would do (docs/sync.md, Preview). */
export type SyncPreview = Schema<'SyncPreview'>;

/** A count and the first items of a list of the sync preview. */
export interface PreviewList<T> {
  count: number;
  items: T[];
}

export type PreviewLeaver = Schema<'SyncPreviewLeaver'>;

export type Reconciliation = ResponseOf<'GET', '/api/connectors/{id}/reconciliation'>;
export type ReconciliationAccount = Schema<'ReconciliationAccount'>;
