import { recordAudit } from '../../audit/index.js';
import type { Connector } from '../../db/generated/client.js';
import { reconciliationConfigSchema } from '../../domain/entitlement.js';
import type { ResourceEvent } from '../../domain/resource-webhook.js';
import { AppError } from '../../errors/index.js';
import {
  recordRunInTransaction,
  runStarter,
  startRecordedRuns,
  startRefusal,
  type RecordedRun,
} from '../runs/start-run.js';
import { loadWorkflow, toWorkflowView } from '../workflows/workflow-record.js';
import type { WebhookContext, WebhookOutcome } from './webhook-context.js';
import { claimEventId } from './webhook-event-ids.js';
import type { SignedDelivery } from './webhook-signature.js';

/** The variables a reconciliation run gets, of those its workflow declares. */
function runVariables(
  declared: ReadonlyArray<{ name: string }>,
  values: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    declared.filter((variable) => variable.name in values).map((v) => [v.name, values[v.name]!]),
  );
}

/**
 * The reconciliation handler of the resource webhook (docs/sync.md): an event without
 * `resourceType` concerns the entitlements of the connector whose `reconciliationConfig.resourceId`
 * is the event's `resourceId`. Each is recorded (audit `entitlement.reconciliation_event`), and
 * when its config names a `workflowId`, a run of that workflow starts with the webhook trigger.
 * Handles the event once per event id; null when no entitlement of the connector matches.
 */
export async function reconcileEntitlements(
  context: WebhookContext,
  connector: Connector,
  event: ResourceEvent,
  delivery: SignedDelivery & { now: Date; requestId?: string },
): Promise<WebhookOutcome | null> {
  const { db } = context;
  const entitlements = await db.entitlement.findMany({
    where: { connectorId: connector.id, reconciliationConfig: { path: ['resourceId'], equals: event.resourceId } },
    orderBy: { name: 'asc' },
  });
  if (entitlements.length === 0) return null;
  const recorded: RecordedRun[] = [];
  const outcome = await db.$transaction(async (tx) => {
    if (!(await claimEventId(tx, connector.id, delivery, delivery.now))) {
      return { message: 'Event already applied', eventId: delivery.eventId, alreadyApplied: true };
    }
    const runIds: string[] = [];
    for (const entitlement of entitlements) {
      // Parsed, not trusted: a row written before writes were checked may not fit the schema.
      const parsed = reconciliationConfigSchema.safeParse(entitlement.reconciliationConfig);
      if (!parsed.success)
        throw new AppError('validation_failed', `Entitlement ${entitlement.name} has an invalid reconciliationConfig`);
      const reconciliation = parsed.data;
      let runId: string | null = null;
      if (reconciliation.workflowId) {
        const workflow = toWorkflowView(await loadWorkflow(tx, reconciliation.workflowId));
        const refusal = startRefusal(workflow, 'webhook');
        if (refusal) throw new AppError('validation_failed', `Entitlement ${entitlement.name}: ${refusal}`);
        const variables = runVariables(workflow.variables, {
          entitlementId: entitlement.id,
          entitlementName: entitlement.name,
          connectorId: connector.id,
          action: event.action,
          resourceId: event.resourceId,
          eventId: delivery.eventId,
        });
        const run = await recordRunInTransaction(
          tx,
          workflow,
          variables,
          {
            actor: { type: 'system' },
            // Who last set the reconciliation up: its runs count as theirs for the self-approval rule.
            initiatedBy: entitlement.updatedBy,
            trigger: 'webhook',
            requestId: delivery.requestId,
          },
          context.connectors.secretKey,
        );
        recorded.push(run);
        runId = run.input.runId;
        runIds.push(runId);
      }
      await recordAudit(tx, {
        action: 'entitlement.reconciliation_event',
        actor: { type: 'system' },
        target: { type: 'entitlement', id: entitlement.id },
        metadata: {
          connectorId: connector.id,
          connectorName: connector.name,
          eventId: delivery.eventId,
          action: event.action,
          resourceId: event.resourceId,
          dataFields: Object.keys(event.data ?? {}),
          runId,
        },
        requestId: delivery.requestId,
      });
    }
    const names = entitlements.map((entitlement) => entitlement.name).join(', ');
    return {
      message: `Recorded for ${names}; ${runIds.length} reconciliation run(s) started`,
      eventId: delivery.eventId,
      alreadyApplied: false,
      runIds,
    };
  });
  // The event and its runs have committed together; their executions start now (docs/runs.md).
  await startRecordedRuns(runStarter(context), recorded);
  return outcome;
}
