import type { Database } from '../db/client.js';
import { jsonObject } from '../domain/common.js';
import type { RunWorkflowInput } from '../domain/run.js';
import { isAppError } from '../errors/index.js';
import { derivedRunId } from '../services/runs/derived-run-id.js';
import { recordedRunOf } from '../services/runs/run-record.js';
import { recordNewRun, startRefusal } from '../services/runs/start-run.js';
import { loadWorkflow, toWorkflowView } from '../services/workflows/workflow-record.js';
import type { RunWorkflowFacts } from '../temporal/search-attributes.js';

/** A UUID derived from a schedule firing, so a retried activity records the same run once. */
export function runIdFor(firingId: string): string {
  return derivedRunId(firingId, 4, 'fixed-a');
}

/** The memo of a scheduled run's execution: what the Temporal UI shows of it, and which schedule fired. */
function memoOf(workflow: Pick<RunWorkflowFacts, 'name' | 'version'>, scheduleId: string) {
  return { definitionName: workflow.name, definitionVersion: workflow.version, scheduleId };
}

export function createScheduleActivities(db: Database) {
  return {
    /**
     * Records the run of one schedule firing. A disabled schedule starts nothing, nor does a
     * deprecated or deleted workflow (or one that lost its `scheduled` trigger): that reason is
     * kept on the schedule for its owners.
     */
    async prepareScheduledRun(input: { scheduleId: string; firingId: string }): Promise<{
      run?: RunWorkflowInput;
      /** What the run's execution is found by in the Temporal UI. */
      workflow?: RunWorkflowFacts;
      memo?: Record<string, unknown>;
      skipped?: string;
    }> {
      const schedule = await db.schedule.findUnique({ where: { id: input.scheduleId } });
      if (!schedule) return { skipped: 'The schedule no longer exists' };
      const runId = runIdFor(input.firingId);
      const existing = await db.workflowRun.findUnique({ where: { id: runId } });
      if (existing) {
        // A retried firing: the run is recorded, its execution may not have started yet.
        const recorded = recordedRunOf(existing);
        return { run: recorded.input, workflow: recorded.workflow, memo: memoOf(recorded.workflow, schedule.id) };
      }
      // Its Temporal Schedule should be paused too, but may not be: a pause that timed out, or an
      // import that could not reach Temporal. The row is what the schedule's owners see.
      if (!schedule.enabled) return { skipped: 'The schedule is disabled' };
      try {
        const workflow = toWorkflowView(await loadWorkflow(db, schedule.workflowId));
        const refusal = startRefusal(workflow, 'scheduled');
        if (refusal) {
          await db.schedule.update({ where: { id: schedule.id }, data: { pausedReason: refusal } });
          return { skipped: refusal };
        }
        const { input: run } = await recordNewRun(db, workflow, jsonObject.parse(schedule.variables), {
          actor: { type: 'system' },
          trigger: 'scheduled',
          runId,
          // Whoever last set up what the schedule starts (rows older than updatedBy: its creator).
          initiatedBy: schedule.updatedBy ?? schedule.createdBy,
        });
        await db.schedule.update({ where: { id: schedule.id }, data: { pausedReason: null } });
        return {
          run,
          workflow: { id: workflow.id, name: workflow.name, version: workflow.version },
          memo: memoOf(workflow, schedule.id),
        };
      } catch (error) {
        const reason = isAppError(error) ? error.message : error instanceof Error ? error.message : String(error);
        if (isAppError(error)) {
          await db.schedule.update({ where: { id: schedule.id }, data: { pausedReason: reason } });
          return { skipped: reason };
        }
        throw error;
      }
    },
  };
}
