import { recordAudit, type AuditActor } from '../../audit/index.js';
import { executeConnectorCommand, commandRefusal } from '../../connectors/execute-command.js';
import type { ConnectorRuntime } from '../../connectors/runtime.js';
import type { Database, DatabaseClient } from '../../db/client.js';
import type { AccessReviewItem } from '../../db/generated/client.js';
import { isAppError } from '../../errors/index.js';
import { isRoleChangeInProgress } from '../access/role-change-claim.js';
import { PENDING, revokeRole } from '../access/role-grants.js';
import { runnableConnector } from '../connectors/connector-record.js';
import { invalidateCache } from '../sync/record-cache.js';

/** What carrying out one revoke came to, recorded on its item. */
export interface RemovalOutcome {
  status: 'remediated' | 'failed';
  error: string | null;
  /** What was done: the roles revoked with their connector outcomes, or that it was gone already. */
  result: Record<string, unknown>;
}

export interface RemovalWork {
  db: Database;
  runtime: ConnectorRuntime;
  item: AccessReviewItem;
  /** Who the removal acts as: the person whose review:manage the campaign's removals run under. */
  actor: AuditActor;
  /**
   * Records the outcome on the item, in `tx`: the removal's own transaction where it is one (a
   * membership), so the two commit together, or one of its own after a connector call.
   */
  record(tx: DatabaseClient, outcome: RemovalOutcome): Promise<void>;
}

const gone = (what: string): RemovalOutcome => ({ status: 'remediated', error: null, result: { alreadyGone: what } });

/** Revokes one business role assignment as today's revocations do; a missing one is gone already. */
async function revokeAssignment(work: RemovalWork, role: { id: string; name: string }) {
  try {
    const outcome = await revokeRole(work.db, work.runtime, {
      userId: work.item.subjectUserId,
      role: { id: role.id },
      actor: work.actor,
      reason: 'access_review',
      reviewItemId: work.item.id,
    });
    const failures = outcome.results.filter((result) => !result.success);
    return {
      role: role.name,
      status: outcome.status === 'revoked' ? 'revoked' : 'failed',
      results: outcome.results,
      error: failures.length ? failures.map((result) => `${result.entitlement}: ${result.error}`).join('; ') : null,
    };
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') return { role: role.name, status: 'gone', error: null };
    if (isRoleChangeInProgress(error)) {
      return { role: role.name, status: 'failed', error: "Another change of this person's roles was under way" };
    }
    throw error;
  }
}

type Revocation = Awaited<ReturnType<typeof revokeAssignment>>;

function outcomeOf(revocations: Revocation[], nothingHeld: string): RemovalOutcome {
  if (revocations.length === 0) return gone(nothingHeld);
  const failed = revocations.filter((revocation) => revocation.status === 'failed');
  return {
    status: failed.length ? 'failed' : 'remediated',
    error: failed.length ? failed.map((revocation) => `${revocation.role}: ${revocation.error}`).join('; ') : null,
    result: { roles: revocations },
  };
}

async function removeBusinessRole(work: RemovalWork): Promise<void> {
  const role = await work.db.businessRole.findUnique({ where: { id: work.item.accessRef }, select: { name: true } });
  const revocations = role ? [await revokeAssignment(work, { id: work.item.accessRef, name: role.name })] : [];
  const outcome = revocations[0]?.status === 'gone' ? gone('assignment') : outcomeOf(revocations, 'role');
  await work.db.$transaction((tx) => work.record(tx, outcome));
}

/**
 * An entitlement is held through the business roles that provisioned it, and the roles' resync
 * would provision it again were it taken alone: its revoke revokes every role that gives it.
 */
async function removeEntitlement(work: RemovalWork): Promise<void> {
  const holding = await work.db.roleAssignment.findMany({
    where: {
      userId: work.item.subjectUserId,
      status: { in: ['active', PENDING] },
      provisionedEntitlementIds: { has: work.item.accessRef },
    },
    select: { role: { select: { id: true, name: true } } },
    orderBy: { roleId: 'asc' },
  });
  const revocations: Revocation[] = [];
  for (const { role } of holding) revocations.push(await revokeAssignment(work, role));
  const held = revocations.filter((revocation) => revocation.status !== 'gone');
  await work.db.$transaction((tx) => work.record(tx, outcomeOf(held, 'entitlement')));
}

/** Removes a group membership and records the item in the same transaction. */
async function removeGroupMembership(work: RemovalWork): Promise<void> {
  const { item, actor } = work;
  await work.db.$transaction(async (tx) => {
    const { count } = await tx.userGroupMember.deleteMany({
      where: { groupId: item.accessRef, userId: item.subjectUserId },
    });
    if (count === 0) return work.record(tx, gone('membership'));
    await recordAudit(tx, {
      action: 'group.member_removed',
      actor,
      target: { type: 'group', id: item.accessRef },
      metadata: { userId: item.subjectUserId, reason: 'access_review', reviewItemId: item.id },
    });
    await work.record(tx, { status: 'remediated', error: null, result: { removed: 'membership' } });
  });
}

/** Removes one organization role (`<organization id>/<role>`); the person's other roles there stay. */
async function removeOrganizationRole(work: RemovalWork): Promise<void> {
  const { item, actor } = work;
  const slash = item.accessRef.indexOf('/');
  const organizationId = item.accessRef.slice(0, slash);
  const role = item.accessRef.slice(slash + 1);
  await work.db.$transaction(async (tx) => {
    const { count } = await tx.organizationMembership.deleteMany({
      where: { organizationId, userId: item.subjectUserId, role },
    });
    if (count === 0) return work.record(tx, gone('membership'));
    await recordAudit(tx, {
      action: 'organization.member_removed',
      actor,
      target: { type: 'organization', id: organizationId },
      metadata: { userId: item.subjectUserId, role, reason: 'access_review', reviewItemId: item.id },
    });
    await work.record(tx, { status: 'remediated', error: null, result: { removed: 'membership' } });
  });
}

/**
 * Deactivates the synced account in its connector's system, named by its record's externalId, as
 * the account_reconciliation step does. The command is idempotent, so a removal repeated after a
 * worker died finds the account inactive and changes nothing.
 */
async function deactivateConnectorAccount(work: RemovalWork): Promise<void> {
  const { db, runtime, item } = work;
  const record = async (outcome: RemovalOutcome) => db.$transaction((tx) => work.record(tx, outcome));
  const resource = await db.connectorResource.findUnique({
    where: { id: item.accessRef },
    include: { connector: true },
  });
  if (!resource) return record(gone('account record'));
  const handler = runtime.registry.get(resource.connector.type)?.handler;
  const deactivation = handler?.accountDeactivation;
  const failed = (error: string): RemovalOutcome => ({ status: 'failed', error, result: {} });
  if (!deactivation) {
    return record(
      failed(`Connector ${resource.connector.name} (${resource.connector.type}) cannot deactivate accounts`),
    );
  }
  const connector = runnableConnector(db, resource.connector, runtime);
  const refusal = commandRefusal(handler, connector, deactivation.command);
  if (refusal) return record(failed(refusal.error ?? 'The connector refuses the command'));
  const result = await executeConnectorCommand(handler, connector, {
    command: deactivation.command,
    parameters: { [deactivation.externalIdParameter]: resource.externalId },
    variables: {},
    stepId: 'access-review',
    instanceId: item.reviewId,
    idempotencyKey: `access-review:${item.id}`,
    timeoutMs: runtime.timeoutMs,
  });
  await invalidateCache(db, resource.connectorId, { resourceType: resource.resourceType });
  const account = { connector: resource.connector.name, externalId: resource.externalId };
  if (!result.success && result.code === deactivation.missingCode) return record(gone('account'));
  if (!result.success) return record({ ...failed(result.error ?? 'failed'), result: { account, code: result.code } });
  return record({
    status: 'remediated',
    error: null,
    result: { account, deactivated: result.data?.changed !== false },
  });
}

const REMOVERS: Record<string, (work: RemovalWork) => Promise<void>> = {
  business_role: removeBusinessRole,
  entitlement: removeEntitlement,
  group: removeGroupMembership,
  organization_role: removeOrganizationRole,
  connector_account: deactivateConnectorAccount,
};

/**
 * Takes away the access one revoked item names, through the same code as the service's other
 * revocations, and records the outcome on the item. Access gone already (revoked by someone else
 * meanwhile, or by this removal before its worker died) counts as removed.
 */
export function removeAccess(work: RemovalWork): Promise<void> {
  const remover = REMOVERS[work.item.accessKind];
  if (!remover) {
    return work.db.$transaction((tx) =>
      work.record(tx, { status: 'failed', error: `Unknown kind of access ${work.item.accessKind}`, result: {} }),
    );
  }
  return remover(work);
}
