import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { syncWorkflowId, type SyncPassResult } from '../../domain/sync-pass.js';
import { conflict } from '../../errors/index.js';
import { withTemporalDeadline } from '../../temporal/client.js';
import type { syncResourcesWorkflow } from '../../workflows/sync-resources.js';
import { auditChange, type Caller } from '../caller.js';
import { loadSyncConfig, loadSyncTarget, requireListCommand, type SyncContext } from './sync-config-record.js';

/**
 * Runs a sync pass now and waits for it (spec 4.8 trigger). The pass is the config's one Temporal
 * workflow: while a pass of the same connector and type runs (manual or scheduled), a second
 * trigger is refused with 409 rather than joined, so each trigger reports the pass it started.
 */
export async function triggerSync(
  context: SyncContext,
  caller: Caller,
  connectorId: string,
  type: string,
): Promise<SyncPassResult> {
  const { connector, resourceType } = await loadSyncTarget(context.db, connectorId, type);
  requireListCommand(connector, context.connectors, resourceType);
  const config = await loadSyncConfig(context.db, connectorId, resourceType);
  let handle;
  try {
    // The start is bounded like any Temporal call of a request; the wait for the pass below is not.
    handle = await withTemporalDeadline(context.temporal, () =>
      context.temporal.workflow.start<typeof syncResourcesWorkflow>('syncResourcesWorkflow', {
        workflowId: syncWorkflowId(connectorId, resourceType),
        taskQueue: context.config.temporal.taskQueue,
        args: [{ connectorId, resourceType }],
        workflowIdConflictPolicy: 'FAIL',
      }),
    );
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError)
      throw conflict(`A ${resourceType} sync of connector ${connector.name} is already running`);
    throw error;
  }
  await auditChange(
    context.db,
    caller,
    'sync.triggered',
    { type: 'sync_config', id: config.id },
    { connectorId, connectorName: connector.name, resourceType, workflowRunId: handle.firstExecutionRunId },
  );
  return handle.result();
}
