import { continueAsNew, proxyActivities, sleep, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';

// Database or worker trouble is retried here for ever; a sink that refuses a batch is not an
// activity failure but an outcome, backed off by the loop below.
const sinks = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1s', maximumInterval: '1 minute' },
});

/** How long a caught-up stream waits before looking for new sealed entries. */
const IDLE_MS = 2_000;
/** The longest wait between two attempts at a sink that keeps failing. */
const MAX_BACKOFF_MS = 20_000;
/** Rounds before the history is handed over to a fresh run (about 8 events each). */
const ROUNDS_PER_RUN = 500;

export interface AuditSinkWorkflowInput {
  sinkId: string;
  /** Failed attempts in a row, carried over a continue-as-new. */
  failures?: number;
}

/**
 * The stream of one audit sink (docs/observability.md, "Streaming to a SIEM"): batch after batch
 * from the sink's durable cursor, a short sleep when caught up, a growing one while the sink is
 * down, and a new run before the history grows long. Ends when the sink is deleted or disabled.
 */
export async function auditSinkWorkflow(input: AuditSinkWorkflowInput): Promise<{ stopped: true }> {
  let failures = input.failures ?? 0;
  for (let round = 0; round < ROUNDS_PER_RUN; round += 1) {
    const outcome = await sinks.deliverAuditBatch(input.sinkId);
    if (outcome.state === 'stopped') return { stopped: true };
    if (outcome.state === 'failed') {
      failures += 1;
      await sleep(Math.min(1_000 * 2 ** Math.min(failures - 1, 10), MAX_BACKOFF_MS));
    } else {
      failures = 0;
      if (outcome.state === 'caught_up' || !outcome.more) await sleep(IDLE_MS);
    }
    if (workflowInfo().continueAsNewSuggested) break;
  }
  return continueAsNew<typeof auditSinkWorkflow>({ sinkId: input.sinkId, failures });
}
