import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { Database } from '../../db/client.js';
import { auditSinkWorkflowId } from '../../domain/audit-sinks.js';
import { withTemporalDeadline } from '../../temporal/client.js';
import type { auditSinkWorkflow } from '../../workflows/audit-sink.js';

/**
 * Each enabled sink has one long-lived workflow that streams to it (src/workflows/audit-sink.ts).
 * Starting and stopping it follows the sink's row but is not part of its transaction: a workflow
 * started before the row commits would find no sink and end. So the API starts or stops it after
 * the commit, and the worker starts any that is missing every minute (a start lost to Temporal
 * being down); a workflow whose sink is gone or disabled ends by itself at its next batch.
 */

export interface SinkWorkflowContext {
  temporal: Client;
  taskQueue: string;
}

export async function startSinkWorkflow(context: SinkWorkflowContext, sinkId: string): Promise<void> {
  const { temporal, taskQueue } = context;
  await withTemporalDeadline(temporal, () =>
    temporal.workflow.start<typeof auditSinkWorkflow>('auditSinkWorkflow', {
      workflowId: auditSinkWorkflowId(sinkId),
      taskQueue,
      args: [{ sinkId }],
      workflowIdConflictPolicy: 'USE_EXISTING',
    }),
  );
}

export async function stopSinkWorkflow(context: SinkWorkflowContext, sinkId: string): Promise<void> {
  const { temporal } = context;
  await withTemporalDeadline(temporal, () =>
    temporal.workflow.getHandle(auditSinkWorkflowId(sinkId)).terminate('audit sink disabled or deleted'),
  ).catch((error: unknown) => {
    if (!(error instanceof WorkflowNotFoundError) && (error as Error)?.name !== 'WorkflowNotFoundError') throw error;
  });
}

/** Starts the workflow of every enabled sink that has none running; answers the sinks it tried. */
export async function ensureSinkWorkflows(context: SinkWorkflowContext & { db: Database }): Promise<number> {
  const sinks = await context.db.auditSink.findMany({ where: { enabled: true }, select: { id: true } });
  for (const sink of sinks) await startSinkWorkflow(context, sink.id);
  return sinks.length;
}
