import { ActivityFailure, continueAsNew, ParentClosePolicy, proxyActivities, startChild } from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { Activities } from '../activities/index.js';
import { EMPTY_SYNC_STATS, syncWorkflowId, type SyncPassResult, type SyncResourceType } from '../domain/sync.js';

const activities = proxyActivities<Activities>({
  // A page is one connector call (bounded by CONNECTOR_TIMEOUT_MS) and one transaction.
  startToCloseTimeout: '10 minutes',
  // The page activity heartbeats every few seconds, also while the connector answers: a worker
  // that died is noticed after this long and the page runs again elsewhere.
  heartbeatTimeout: '15 seconds',
  retry: { initialInterval: '1s', maximumInterval: '10s', maximumAttempts: 5 },
});

export interface SyncWorkflowInput {
  connectorId: string;
  resourceType: SyncResourceType;
  /** Pages per workflow run before it continues as new, keeping histories short. */
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
 */
export async function syncResourcesWorkflow(input: SyncWorkflowInput): Promise<SyncPassResult> {
  const key = { connectorId: input.connectorId, resourceType: input.resourceType };
  try {
    if (!input.continued) {
      const begun = await activities.beginSyncPass(key);
      if (begun.skipped) return { outcome: 'skipped', message: begun.skipped, stats: { ...EMPTY_SYNC_STATS } };
    }
    const pagesPerRun = input.pagesPerRun ?? DEFAULT_PAGES_PER_RUN;
    for (let pages = 0; ; pages += 1) {
      if (pages === pagesPerRun)
        return await continueAsNew<typeof syncResourcesWorkflow>({ ...input, continued: true });
      const page = await activities.syncPage(key);
      if (page.done) break;
    }
    const stats = await activities.finishSyncPass(key);
    return { outcome: 'success', message: `Synced ${input.resourceType} records`, stats };
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    const message = failureMessage(error);
    const stats = await activities.failSyncPass({ ...key, message });
    return { outcome: 'error', message: `Sync failed: ${message}`, stats };
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
