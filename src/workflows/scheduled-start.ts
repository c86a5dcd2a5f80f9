import { ParentClosePolicy, patched, proxyActivities, startChild, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { runWorkflowId } from '../temporal/messages.js';
import { runVisibility } from '../temporal/search-attributes.js';
import { runWorkflow } from './run-workflow.js';

const activities = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1s', maximumInterval: '30s', maximumAttempts: 10 },
});

/**
 * What a Temporal Schedule starts at each firing: records a run of the schedule's workflow (the
 * activity refuses deprecated or deleted workflows and says why on the schedule) and starts the
 * run's own workflow, which outlives this one.
 */
export async function scheduledStartWorkflow(input: {
  scheduleId: string;
}): Promise<{ runId?: string; skipped?: string }> {
  const prepared = await activities.prepareScheduledRun({
    scheduleId: input.scheduleId,
    firingId: workflowInfo().workflowId,
  });
  if (!prepared.run) return { skipped: prepared.skipped };
  // Findable in the Temporal UI like the runs the API starts, and by the closed-run check through
  // their status attribute. Patched: firings that started their child without them replay so.
  const visibility =
    prepared.workflow && patched('scheduled-runs-findable')
      ? runVisibility(prepared.workflow, prepared.run.subject)
      : undefined;
  await startChild(runWorkflow, {
    workflowId: runWorkflowId(prepared.run.runId),
    args: [prepared.run],
    parentClosePolicy: ParentClosePolicy.ABANDON,
    memo: prepared.memo ?? visibility?.memo,
    typedSearchAttributes: visibility?.typedSearchAttributes,
  });
  return { runId: prepared.run.runId };
}
