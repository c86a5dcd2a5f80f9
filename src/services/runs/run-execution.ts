import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { conflict } from '../../errors/index.js';
import { withTemporalDeadline } from '../../temporal/client.js';

export const EXECUTION_ENDED = "The run's execution has ended, so it can no longer be changed; start a new run";

/**
 * Sends a cancellation or signal to a run's execution, under the request deadline for Temporal
 * calls (a 503 when Temporal does not answer in time). An execution that has ended (a failed run
 * nobody resumed in time, one stopped on an internal error, one terminated in the Temporal UI)
 * takes nothing any more: 409.
 */
export async function whileExecutionIsOpen(temporal: Client, send: () => Promise<unknown>): Promise<void> {
  try {
    await withTemporalDeadline(temporal, send);
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) throw conflict(EXECUTION_ENDED);
    throw error;
  }
}

/**
 * 409 unless the run's execution still runs, for a write that sends it nothing (a decision that
 * does not settle its approval): Temporal refuses nothing then, so it is asked.
 */
export async function requireOpenExecution(temporal: Client, workflowId: string): Promise<void> {
  await whileExecutionIsOpen(temporal, async () => {
    const { status } = await temporal.workflow.getHandle(workflowId).describe();
    if (status.name !== 'RUNNING') throw conflict(EXECUTION_ENDED);
  });
}
