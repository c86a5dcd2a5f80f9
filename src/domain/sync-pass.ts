import { z } from 'zod';
import type { PostSyncOutcome } from './sync-matches.js';

/**
 * What the sync workflow itself uses of the sync domain. Kept apart from the config and match
 * schemas because every workflow the worker caches evaluates the modules the workflow bundle
 * imports, and those schemas are most of that weight (docs/runs.md#worker).
 */

/** Counts of one sync pass, as the trigger route and the status fields report them. */
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

/** The stats of a pass that stored nothing. */
export const EMPTY_SYNC_STATS: Readonly<SyncStats> = Object.freeze({
  added: 0,
  updated: 0,
  staled: 0,
  unchanged: 0,
  removed: 0,
  durationMs: 0,
  pagesProcessed: 0,
  totalUpstreamRecords: 0,
});

/** What a sync pass workflow returns. */
export interface SyncPassResult {
  outcome: 'success' | 'error' | 'skipped';
  message: string;
  stats: SyncStats;
  /** What the post-sync steps did; null when they did not run (sync item 6). */
  postSync: PostSyncOutcome | null;
}

/** The Temporal workflow id of the sync passes of one connector and type: one at a time. */
export const syncWorkflowId = (connectorId: string, resourceType: string) => `sync-${connectorId}-${resourceType}`;

/**
 * What post-sync step (c) did: users deactivated, or held by the deletion safeguard, and the
 * privileged users it kept (their list is on the config: no email enters a workflow history).
 */
export const deactivationResultSchema = z.union([
  z.object({
    deactivated: z.number().int(),
    held: z.number().int(),
    linkedUsers: z.number().int(),
    privilegedKept: z.number().int().default(0),
  }),
  // Before the safeguard the step returned the count alone: histories of passes in flight then.
  z
    .number()
    .int()
    .transform((deactivated) => ({ deactivated, held: 0, linkedUsers: 0, privilegedKept: 0 })),
]);

export type DeactivationResult = z.output<typeof deactivationResultSchema>;

export const EMPTY_POST_SYNC: Readonly<PostSyncOutcome> = Object.freeze({
  evaluated: 0,
  matched: 0,
  ambiguous: 0,
  unmatched: 0,
  usersCreated: 0,
  createErrors: 0,
  usersDeactivated: 0,
  deactivationsHeld: 0,
  privilegedUsersKept: 0,
  profilesUpdated: 0,
  error: null,
  warning: null,
  automation: null,
});
