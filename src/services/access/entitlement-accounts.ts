import { z } from 'zod';
import type { AccountCommands } from '../../connectors/handler.js';
import type { ConnectorRuntime } from '../../connectors/runtime.js';
import type { Database } from '../../db/client.js';
import type { Connector } from '../../db/generated/client.js';
import { jsonObject } from '../../domain/common.js';
import { callEntitlementConnector } from './connector-call.js';

// The account an entitlement's connector keeps for a user (handlers with `accountCommands`, such
// as scim): created before a provision, and retired once the user holds nothing else there. Both
// run under the user's role-change claim and only through idempotent commands, so a retried grant
// or revoke repeats them harmlessly (docs/connectors-scim.md, "Entitlements").

/**
 * The most calls the account lifecycle adds, for the leases of role-change claims: a provision may
 * create and then update the account; each removal may retire one.
 */
export const ACCOUNT_CALLS_PER_PROVISION = 2;
export const ACCOUNT_CALLS_PER_REMOVAL = 1;

/** What becomes of an account whose user no longer holds any entitlement of its connector. */
const unusedAccountSetting = z.enum(['deactivate', 'delete', 'keep']).default('deactivate');

/** Statuses of assignments whose provisioned entitlements the user may hold (`pending`: PENDING of role-grants.ts). */
const HOLDING = ['active', 'pending'];

export interface AccountOutcome {
  entitlement: string;
  connector: string;
  action: 'deactivate_account' | 'delete_account';
  success: boolean;
  error?: string;
}

function accountCommandsOf(runtime: ConnectorRuntime, connector: Connector): AccountCommands | undefined {
  return runtime.registry.get(connector.type)?.handler.accountCommands;
}

/**
 * Makes sure the user has an active account in the connector's application before `command` is
 * provisioned: creates (or links) it, else brings the existing one in line with the profile, which
 * reactivates an account an earlier revoke deactivated. Answers the error, undefined when done or
 * not needed (a handler without account commands, or an entitlement whose command is one of them).
 */
export async function ensureAccount(
  db: Database,
  runtime: ConnectorRuntime,
  connector: Connector,
  command: string,
  call: { userId: string; variables: Record<string, unknown>; stepId: string; instanceId: string },
): Promise<string | undefined> {
  const commands = accountCommandsOf(runtime, connector);
  if (!commands || Object.values(commands).includes(command)) return undefined;
  const run = (name: string) =>
    callEntitlementConnector(db, runtime, connector, {
      command: name,
      parameters: { userId: call.userId },
      variables: call.variables,
      stepId: `${call.stepId}:${name}`,
      instanceId: call.instanceId,
    });
  const created = await run(commands.create);
  if (!created.success) return `Account: ${created.error ?? 'failed'}`;
  if (created.data?.created === true) return undefined;
  const updated = await run(commands.update);
  return updated.success ? undefined : `Account: ${updated.error ?? 'failed'}`;
}

/**
 * After entitlements were taken from the user (`removed`, those whose deprovision succeeded),
 * retires the user's account in each of their connectors that keeps accounts when the user holds
 * no entitlement of that connector any more: none provisioned by an active or pending assignment
 * of another role, nor among `stillHeld` (entitlement ids the changed assignment keeps). Acts only
 * where an account link exists; the connector's `unusedAccount` setting says how.
 */
export async function retireUnusedAccounts(
  db: Database,
  runtime: ConnectorRuntime,
  subject: { userId: string; roleId: string; scope: Record<string, unknown>; instanceId: string },
  removed: Array<{ id: string; name: string; connector: Connector }>,
  stillHeld: readonly string[],
): Promise<AccountOutcome[]> {
  const byConnector = new Map<string, { connector: Connector; names: string[] }>();
  for (const entitlement of removed) {
    if (!accountCommandsOf(runtime, entitlement.connector)) continue;
    const entry = byConnector.get(entitlement.connector.id) ?? { connector: entitlement.connector, names: [] };
    entry.names.push(entitlement.name);
    byConnector.set(entitlement.connector.id, entry);
  }
  if (byConnector.size === 0) return [];
  const held = await heldEntitlementIds(db, subject, stillHeld);
  const outcomes: AccountOutcome[] = [];
  for (const { connector, names } of byConnector.values()) {
    if (await holdsEntitlementOf(db, connector.id, held)) continue;
    const link = await db.connectorAccountLink.findUnique({
      where: { connectorId_userId: { connectorId: connector.id, userId: subject.userId } },
    });
    if (!link) continue;
    const setting = unusedAccountSetting.safeParse(jsonObject.parse(connector.config).unusedAccount);
    const base = { entitlement: names.join(', '), connector: connector.name };
    if (!setting.success) {
      outcomes.push({
        ...base,
        action: 'deactivate_account',
        success: false,
        error: `Connector ${connector.name}: unusedAccount must be deactivate, delete or keep`,
      });
      continue;
    }
    if (setting.data === 'keep') continue;
    const command = accountCommandsOf(runtime, connector)![setting.data];
    const result = await callEntitlementConnector(db, runtime, connector, {
      command,
      parameters: { user: subject.userId },
      variables: subject.scope,
      stepId: `account:${connector.name}:${command}`,
      instanceId: subject.instanceId,
    });
    outcomes.push({
      ...base,
      action: setting.data === 'delete' ? 'delete_account' : 'deactivate_account',
      success: result.success,
      ...(result.success ? {} : { error: result.error ?? 'failed' }),
    });
  }
  return outcomes;
}

/** The entitlement ids the user still holds: other roles' assignments, and `stillHeld`. */
async function heldEntitlementIds(
  db: Database,
  subject: { userId: string; roleId: string },
  stillHeld: readonly string[],
): Promise<string[]> {
  const assignments = await db.roleAssignment.findMany({
    where: { userId: subject.userId, status: { in: HOLDING }, roleId: { not: subject.roleId } },
    select: { provisionedEntitlementIds: true },
  });
  return [...new Set([...stillHeld, ...assignments.flatMap((assignment) => assignment.provisionedEntitlementIds)])];
}

async function holdsEntitlementOf(db: Database, connectorId: string, held: string[]): Promise<boolean> {
  if (held.length === 0) return false;
  return (await db.entitlement.count({ where: { connectorId, id: { in: held } } })) > 0;
}
