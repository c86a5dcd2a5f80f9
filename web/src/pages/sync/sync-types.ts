import type { Page } from '../../components/Pagination';

/** The shapes of the connector sync routes (OpenAPI schemas SyncConfig, SyncMatch, SyncMatchStats). */
export const MATCH_STATUSES = [
  'unmatched',
  'ambiguous',
  'matched',
  'manual_override',
  'skipped',
  'create_pending',
] as const;

export interface Connector {
  id: string;
  name: string;
  type: string;
  enabled: boolean;
}

export interface SyncStats {
  added: number;
  updated: number;
  staled: number;
  unchanged: number;
  removed: number;
  durationMs: number;
  pagesProcessed: number;
  totalUpstreamRecords: number;
}

export interface SyncConfig {
  connectorId: string;
  resourceType: string;
  enabled: boolean;
  strategy: string;
  cronSchedule: string | null;
  filterRules: Record<string, unknown> | null;
  syncAllUsers: boolean;
  lastSyncAt: string | null;
  lastSyncStatus: string;
  lastSyncError: string | null;
  lastSyncStats: SyncStats | null;
  lastPostSync: { warning: string | null } | null;
  privilegedLeavers: PrivilegedLeavers | null;
  staleRetention: string;
  attributeMappings: unknown[] | null;
  userMatchStrategy: string;
  userMatchFallbackStrategies: string[] | null;
  issuerSourcePath: string | null;
  postSyncWorkflowId: string | null;
  syncTriggerMode: string;
  createUsers: boolean;
  deactivateUsers: boolean;
  deactivateDisabledUsers: boolean;
  createUserDefaults: Record<string, unknown> | null;
  deactivationThreshold: { maxCount: number; maxPercent: number };
}

export const SYNC_STRATEGIES = ['full', 'incremental'] as const;
export const USER_MATCH_STRATEGIES = ['email', 'email_and_issuer', 'upstream_identity', 'external_id'] as const;
export const SYNC_TRIGGER_MODES = ['none', 'per_record', 'summary'] as const;

/** Users holding a role beyond requestor whose only linked record left or is disabled: kept, reported. */
export interface PrivilegedLeavers {
  reportedAt: string;
  users: { userId: string; email: string | null; externalId: string; reason: 'stale' | 'disabled'; roles: string[] }[];
}

export interface MatchCandidate {
  userId: string;
  email: string | null;
  confidence: string;
  reason: string;
}

export interface SyncMatch {
  id: string;
  externalId: string;
  externalDisplayName: string;
  externalEmail: string | null;
  userId: string | null;
  matchStatus: string;
  matchConfidence: string;
  matchStrategy: string | null;
  candidateUserIds: MatchCandidate[];
  resolutionNotes: string | null;
}

export interface MatchStats {
  total: number;
  byStatus: Record<string, number>;
}

/** Rows an administrator has yet to decide on. */
export const OPEN_MATCH_STATUSES: readonly string[] = ['unmatched', 'ambiguous'];

/** A count and the first items of a list of the sync preview (OpenAPI schema SyncPreview). */
export interface PreviewList<T> {
  count: number;
  items: T[];
}

export interface PreviewRecord {
  externalId: string;
  displayName: string;
  email: string | null;
}

export interface PreviewLeaver {
  userId: string;
  email: string | null;
  externalId: string;
  reason?: 'stale' | 'disabled';
}

/** What `POST .../sync-config/:type/preview` answers: what the next pass would do (docs/sync.md, Preview). */
export interface SyncPreview {
  status: 'success' | 'error' | 'timed_out';
  message: string;
  pagesRead: number;
  totalUpstreamRecords: number;
  records: Record<'added' | 'updated' | 'unchanged' | 'staled' | 'purged', PreviewList<PreviewRecord>> | null;
  postSync: {
    matches: PreviewList<{ externalId: string; displayName: string | null; userId: string; userEmail: string | null }>;
    usersCreated: PreviewList<{ externalId: string; email: string | null; displayName: string | null }>;
    createErrors: PreviewList<{ externalId: string; email: string | null; reason: string }>;
    deactivation: {
      held: boolean;
      linkedUsers: number;
      usersDeactivated: PreviewList<PreviewLeaver>;
      usersHeld: PreviewList<PreviewLeaver>;
      privilegedUsersKept: PreviewList<PreviewLeaver>;
    };
    profileChanges: {
      users: number;
      count: number;
      items: { userId: string | null; email: string | null; field: string; oldValue: unknown; newValue: unknown }[];
    };
    error: string | null;
  } | null;
}

/** One account of a reconciliation list (OpenAPI schema of GET /api/connectors/:id/reconciliation). */
export interface ReconciliationAccount {
  recordId: string;
  externalId: string;
  displayName: string;
  email: string | null;
  syncedAt: string;
  matchId: string | null;
  matchStatus: string | null;
  user: { id: string; email: string | null; displayName: string | null; active: boolean; deleted: boolean } | null;
}

export interface Reconciliation {
  connectorId: string;
  lastSyncAt: string | null;
  counts: { orphans: number; activeAccountsOfInactiveUsers: number };
  orphans: Page<ReconciliationAccount>;
  activeAccountsOfInactiveUsers: Page<ReconciliationAccount>;
}
