import {
  ActivityFailure,
  continueAsNew,
  log,
  ParentClosePolicy,
  patched,
  proxyActivities,
  startChild,
} from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { Activities } from '../activities/index.js';
import type { PostSyncOutcome, SyncAutomationOutcome } from '../domain/sync-matches.js';
import {
  deactivationResultSchema,
  EMPTY_POST_SYNC,
  type DeactivationResult,
  EMPTY_SYNC_STATS,
  syncWorkflowId,
  type SyncPassResult,
  type SyncStats,
} from '../domain/sync-pass.js';
import type { SyncResourceType } from '../domain/sync.js';

const activities = proxyActivities<Activities>({
  // A page is one connector call (bounded by CONNECTOR_TIMEOUT_MS) and one transaction.
  startToCloseTimeout: '10 minutes',
  // The page activity heartbeats every few seconds, also while the connector answers: a worker
  // that died is noticed after this long and the page runs again elsewhere.
  heartbeatTimeout: '15 seconds',
  retry: { initialInterval: '1s', maximumInterval: '10s', maximumAttempts: 5 },
});

type SyncKey = { connectorId: string; resourceType: SyncResourceType };

export interface SyncWorkflowInput {
  connectorId: string;
  resourceType: SyncResourceType;
  /** Pages stored per workflow run before it continues as new, keeping histories short. */
  pagesPerRun?: number;
  /** Set by continue-as-new: the pass was begun by an earlier run. */
  continued?: boolean;
}

export const DEFAULT_PAGES_PER_RUN = 100;

/** The activity's own message (the connector's, for a connector failure). */
const failureMessage = (error: ActivityFailure): string => error.cause?.message ?? error.message;

/**
 * One sync pass of a connector's records of one type (sync items 1, 2), under the workflow id
 * of that connector and type, so passes never overlap. Activities fetch and store the pages
 * and return only counts: records never enter this history. A failure is recorded as the
 * config's error status and returned; the next pass resumes after the last committed page.
 * A pass that added or updated records then runs the post-sync steps (sync item 6, users) and
 * the config's automation (spec 6.3).
 */
export async function syncResourcesWorkflow(input: SyncWorkflowInput): Promise<SyncPassResult> {
  const key = { connectorId: input.connectorId, resourceType: input.resourceType };
  let stats: SyncStats;
  try {
    if (!input.continued) {
      const begun = await activities.beginSyncPass(key);
      if (begun.skipped)
        return { outcome: 'skipped', message: begun.skipped, stats: { ...EMPTY_SYNC_STATS }, postSync: null };
    }
    const pagesPerRun = input.pagesPerRun ?? DEFAULT_PAGES_PER_RUN;
    // Passes begun before syncPages existed go on one page per activity.
    const batched = patched('sync-page-batches');
    for (let pages = 0; ;) {
      if (pages >= pagesPerRun) return await continueAsNew<typeof syncResourcesWorkflow>({ ...input, continued: true });
      const stored = batched
        ? await activities.syncPages({ ...key, maxPages: pagesPerRun - pages })
        : { ...(await activities.syncPage(key)), pages: 1 };
      pages += stored.pages;
      if (stored.done) break;
    }
    stats = await activities.finishSyncPass(key);
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    const message = failureMessage(error);
    const failed = await activities.failSyncPass({ ...key, message });
    return { outcome: 'error', message: `Sync failed: ${message}`, stats: failed, postSync: null };
  }
  const changed = stats.added + stats.updated > 0;
  const postSync = changed ? await postSyncSteps(key, stats) : null;
  return { outcome: 'success', message: `Synced ${input.resourceType} records`, stats, postSync };
}

/**
 * What follows a pass that added or updated records: for users, the post-sync steps in their
 * order (matching, user creation, deactivation, attribute mappings), then for every type the
 * config's automation (spec 6.3). The first step that fails stops the later steps (they build on
 * it), not the automation; failures are logged and recorded in the outcome, and the pass stays
 * successful (spec 7). Null when there was nothing to do.
 */
async function postSyncSteps(key: SyncKey, stats: SyncStats): Promise<PostSyncOutcome | null> {
  const outcome: PostSyncOutcome = { ...EMPTY_POST_SYNC };
  if (key.resourceType === 'user') {
    try {
      Object.assign(outcome, await activities.matchSyncedUsers(key));
      const created = await activities.createSyncedUsers(key);
      outcome.usersCreated = created.created;
      outcome.createErrors = created.failed;
      const deactivation = deactivationResultSchema.parse(await activities.deactivateSyncedUsers(key));
      outcome.usersDeactivated = deactivation.deactivated;
      outcome.deactivationsHeld = deactivation.held;
      outcome.privilegedUsersKept = deactivation.privilegedKept;
      outcome.warning = deactivationWarning(deactivation);
      if (deactivation.held > 0) log.warn('Deactivations held by the safeguard', { ...key, held: deactivation.held });
      if (deactivation.privilegedKept > 0)
        log.warn('Privileged users of leaver records kept', { ...key, kept: deactivation.privilegedKept });
      outcome.profilesUpdated = await activities.applySyncedAttributes(key);
    } catch (error) {
      if (!(error instanceof ActivityFailure)) throw error;
      outcome.error = failureMessage(error);
      log.warn('Post-sync step failed; the sync pass itself succeeded', { ...key, error: outcome.error });
    }
  }
  // Passes in flight when the automation was introduced replay without it.
  outcome.automation = patched('sync-automation') ? await automation(key, stats) : null;
  if (key.resourceType !== 'user' && !outcome.automation) return null;
  await activities.recordPostSync({ ...key, outcome });
  return outcome;
}

/** What an administrator must look at after step (c): held deactivations, privileged leavers kept. */
function deactivationWarning(deactivation: DeactivationResult): string | null {
  const warnings: string[] = [];
  if (deactivation.held > 0)
    warnings.push(
      `${deactivation.held} of ${deactivation.linkedUsers} linked users would have been deactivated, ` +
        'more than the deactivation threshold allows: none was; release or discard them (held-deactivations routes)',
    );
  if (deactivation.privilegedKept > 0)
    warnings.push(
      `${deactivation.privilegedKept} users holding a role beyond requestor are linked only to records that left ` +
        'or are disabled upstream: they were kept; review them (status privilegedLeavers) and remove them through the API if they left',
    );
  return warnings.length > 0 ? warnings.join('. ') : null;
}

/** The config's automation; a failure that outlasted the retries is logged and recorded. */
async function automation(key: SyncKey, stats: SyncStats): Promise<SyncAutomationOutcome | null> {
  try {
    const started = await activities.startSyncAutomation({ ...key, stats });
    if (started?.error)
      log.warn('Post-sync workflow not started; the sync pass itself succeeded', { ...key, error: started.error });
    return started;
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    const message = failureMessage(error);
    log.warn('Post-sync workflow not started; the sync pass itself succeeded', { ...key, error: message });
    return { mode: null, workflowId: null, runIds: [], records: 0, error: message };
  }
}

/**
 * What a sync config's Temporal Schedule starts: the pass under its fixed workflow id. When a
 * pass of the same config is already running (a manual trigger), this firing starts nothing.
 */
export async function scheduledSyncWorkflow(input: {
  connectorId: string;
  resourceType: SyncResourceType;
}): Promise<{ started: boolean }> {
  try {
    await startChild(syncResourcesWorkflow, {
      workflowId: syncWorkflowId(input.connectorId, input.resourceType),
      args: [{ connectorId: input.connectorId, resourceType: input.resourceType }],
      parentClosePolicy: ParentClosePolicy.ABANDON,
    });
    return { started: true };
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return { started: false };
    throw error;
  }
}
