import { ApplicationFailure, Context } from '@temporalio/activity';
import { jsonColumn, type Database } from '../db/client.js';
import type { PostSyncOutcome, SyncAutomationOutcome } from '../domain/sync-matches.js';
import type { DeactivationResult, SyncStats } from '../domain/sync-pass.js';
import type { MatchCounts } from '../services/sync/match-users.js';
import { createUsersStep, deactivateStep, mappingsStep, matchStep } from '../services/sync/post-sync-steps.js';
import { startSyncAutomation } from '../services/sync/sync-automation.js';
import { withHeartbeat } from './heartbeat.js';
import type { SyncKey } from './sync.js';

/**
 * The post-sync steps of a pass that added or updated records (sync item 6), one activity per
 * step so the workflow runs them in order and a failure names its step. Each reads the config
 * when it runs and is idempotent: a retried step finds its earlier work done.
 */
export function createPostSyncActivities(db: Database) {
  const configOf = (key: SyncKey) =>
    db.syncConfig.findUnique({
      where: { connectorId_resourceType: { connectorId: key.connectorId, resourceType: key.resourceType } },
    });

  return {
    /** (a) Gives every record its match row and matches the unlinked ones to users. */
    async matchSyncedUsers(key: SyncKey): Promise<MatchCounts> {
      const config = await configOf(key);
      if (!config) return { evaluated: 0, matched: 0, ambiguous: 0, unmatched: 0 };
      const fail = (message: string) => ApplicationFailure.nonRetryable(message, 'PostSyncFailure');
      return withHeartbeat(() => matchStep(db, key, config, fail));
    },

    /**
     * (b) With `createUsers`: a new unconfirmed user for each unmatched record with an email that
     * is no leaver (a record reported disabled, with `deactivateDisabledUsers`, gets none).
     */
    async createSyncedUsers(key: SyncKey): Promise<{ created: number; failed: number }> {
      const config = await configOf(key);
      if (!config) return { created: 0, failed: 0 };
      return withHeartbeat((heartbeat) => createUsersStep(db, key, config, heartbeat));
    },

    /**
     * (c) With `deactivateUsers`: soft-deletes users whose only link is a leaver record (stale, or
     * reported disabled with `deactivateDisabledUsers`), or holds them all when they exceed the
     * config's threshold; users holding a role beyond requestor are kept and reported.
     */
    async deactivateSyncedUsers(key: SyncKey): Promise<DeactivationResult> {
      const config = await configOf(key);
      if (!config) return { deactivated: 0, held: 0, linkedUsers: 0, privilegedKept: 0 };
      return withHeartbeat(() => deactivateStep(db, key, config));
    },

    /** (d) Applies the enabled attribute mappings to the linked users' profiles. */
    async applySyncedAttributes(key: SyncKey): Promise<number> {
      const config = await configOf(key);
      if (!config) return 0;
      return withHeartbeat((heartbeat) => mappingsStep(db, key, config, heartbeat));
    },

    /**
     * The config's automation (spec 6.3): starts the runs of `postSyncWorkflowId` through the
     * worker's client. The runs' ids derive from this workflow run, which ends the pass, so a
     * retry finds the runs it already started.
     */
    async startSyncAutomation(input: SyncKey & { stats: SyncStats }): Promise<SyncAutomationOutcome | null> {
      const context = Context.current();
      const deps = { db, temporal: context.client, taskQueue: context.info.taskQueue };
      const execution = context.info.workflowExecution;
      if (!execution)
        throw ApplicationFailure.nonRetryable('Sync automation runs inside a sync pass', 'PostSyncFailure');
      const passKey = execution.runId;
      return withHeartbeat((heartbeat) => startSyncAutomation(deps, input, { passKey, stats: input.stats }, heartbeat));
    },

    /** Records what the post-sync steps did on the config (`lastPostSync`). */
    async recordPostSync(input: SyncKey & { outcome: PostSyncOutcome }): Promise<void> {
      await db.syncConfig.updateMany({
        where: { connectorId: input.connectorId, resourceType: input.resourceType },
        data: { lastPostSync: jsonColumn(input.outcome) },
      });
    },
  };
}
