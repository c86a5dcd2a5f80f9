import { ParentClosePolicy, proxyActivities, startChild, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { runWorkflowId } from '../temporal/messages.js';
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
  await startChild(runWorkflow, {
    workflowId: runWorkflowId(prepared.run.runId),
    args: [prepared.run],
    parentClosePolicy: ParentClosePolicy.ABANDON,
    memo: prepared.memo,
  });
  return { runId: prepared.run.runId };
}
