import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { RunStatus } from '../domain/run-statuses.js';

// Workflow-safe: the messages a run workflow understands, shared by the workflow and the API.
// The API records decisions and completions in the database first (its transaction is the
// arbiter of "who decided first"), then tells the workflow with these signals.

export const approvalDecidedSignal =
  defineSignal<[{ approvalId: string; outcome: 'approved' | 'rejected' }]>('approvalDecided');
export const taskCompletedSignal = defineSignal<[{ taskId: string; values: Record<string, unknown> }]>('taskCompleted');
export const variablesUpdatedSignal = defineSignal<[{ variables: Record<string, unknown> }]>('variablesUpdated');
/** Resumes a failed run: retry the failed step, or skip it and follow its success path. */
export const resumeRunSignal = defineSignal<[{ action: 'retry' | 'skip' }]>('resumeRun');

export interface RunState {
  status: RunStatus;
  currentStepId: string | null;
  variables: Record<string, unknown>;
}
export const runStateQuery = defineQuery<RunState>('runState');

/** The Temporal workflow id of a run. */
export function runWorkflowId(runId: string): string {
  return `run-${runId}`;
}
