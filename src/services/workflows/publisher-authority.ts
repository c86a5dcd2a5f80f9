import type { HandlerRegistry } from '../../connectors/registry.js';
import type { DatabaseClient } from '../../db/client.js';
import type { WorkflowDefinitionInput } from '../../domain/workflow-definition.js';
import { assertCan, type Permission, type Principal } from '../../permissions/index.js';

/** A permission a step acts with, and what for (the 403's wording). */
interface StepAuthority {
  permission: Permission;
  neededTo: string;
}

/**
 * What each step that changes access acts with: role steps `role:manage`, connector steps whose
 * command the connector's handler declares a write `connector:execute`, account_reconciliation
 * steps `connector:read` to collect and `connector:execute` to deactivate. The same rule the run's
 * activities check at the moment the step runs (services/runs/run-authority.ts).
 */
async function authoritiesOf(
  tx: DatabaseClient,
  definition: WorkflowDefinitionInput,
  registry: HandlerRegistry,
): Promise<StepAuthority[]> {
  const named = [
    ...new Set(definition.steps.flatMap((step) => (step.type === 'connector' ? [connectorOf(step)] : []))),
  ];
  const rows = await tx.connector.findMany({ where: { name: { in: named } }, select: { name: true, type: true } });
  const typeOf = new Map(rows.map((row) => [row.name, row.type]));
  const authorities: StepAuthority[] = [];
  for (const step of definition.steps) {
    if (step.type === 'role_grant' || step.type === 'role_revoke') {
      authorities.push({ permission: 'role:manage', neededTo: `grant or revoke business roles (step ${step.id})` });
    } else if (step.type === 'account_reconciliation') {
      const connector = connectorOf(step);
      authorities.push(
        step.config.action === 'deactivate'
          ? {
              permission: 'connector:execute',
              neededTo: `deactivate accounts of ${connector}, which writes to the remote system (step ${step.id})`,
            }
          : { permission: 'connector:read', neededTo: `read the reconciliation of ${connector} (step ${step.id})` },
      );
    } else if (step.type === 'connector') {
      const connector = connectorOf(step);
      const command = typeof step.config.command === 'string' ? step.config.command : '';
      const handler = registry.get(typeOf.get(connector) ?? '')?.handler;
      if (handler && Object.hasOwn(handler.commands, command) && handler.commands[command]!.writes)
        authorities.push({
          permission: 'connector:execute',
          neededTo: `run ${connector}.${command}, which writes to the remote system (step ${step.id})`,
        });
    }
  }
  return authorities;
}

function connectorOf(step: WorkflowDefinitionInput['steps'][number]): string {
  return typeof step.config.connector === 'string' ? step.config.connector : '';
}

/**
 * 403 naming the first permission the caller lacks among those the definition's access-changing
 * steps act with: runs of a published version act with its publisher's authority for those steps,
 * so publishing vouches for them and needs what they use.
 */
export async function assertPublisherVouches(
  tx: DatabaseClient,
  principal: Principal,
  definition: WorkflowDefinitionInput,
  registry: HandlerRegistry,
): Promise<void> {
  for (const { permission, neededTo } of await authoritiesOf(tx, definition, registry))
    assertCan(principal, permission, `publish a workflow whose runs ${neededTo} with its publisher's authority`);
}
