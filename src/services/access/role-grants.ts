import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { recordAudit, type AuditActor } from '../../audit/index.js';
import type { ConnectorRuntime } from '../../connectors/runtime.js';
import { jsonColumn, type Database } from '../../db/client.js';
import type { Connector, RoleAssignment, User } from '../../db/generated/client.js';
import { interpolateDeep } from '../../engine/interpolation.js';
import { conflict, isAppError, notFound } from '../../errors/index.js';
import { connectorCallSchema } from '../../domain/entitlement.js';
import { callEntitlementConnector } from './connector-call.js';
import {
  ACCOUNT_CALLS_PER_PROVISION,
  ACCOUNT_CALLS_PER_REMOVAL,
  ensureAccount,
  retireUnusedAccounts,
} from './entitlement-accounts.js';
import { withRoleChangeClaim, type RoleChangeClaim } from './role-change-claim.js';

export interface EntitlementOutcome {
  entitlement: string;
  connector: string;
  /** `keep`: not deprovisioned, because the user holds it through other active roles (`heldThrough`). */
  /**
   * `deactivate_account` / `delete_account`: the user's account in a connector that keeps accounts
   * (scim), retired because they hold none of its entitlements any more (`entitlement` names the
   * ones just removed).
   */
  action: 'provision' | 'deprovision' | 'compensate' | 'keep' | 'deactivate_account' | 'delete_account';
  success: boolean;
  error?: string;
  heldThrough?: string[];
}

export interface RoleChangeOutcome {
  status: 'granted' | 'skipped' | 'failed' | 'revoked';
  assignmentId: string | null;
  results: EntitlementOutcome[];
}

/**
 * The status of an assignment whose grant is under way (or was interrupted): its row is written
 * before the connector calls, naming every entitlement they may provision.
 */
export const PENDING = 'pending';

export interface RoleChangeRequest {
  userId: string;
  role: { id: string } | { name: string };
  actor: AuditActor;
  /** The workflow run that asked, when a role_grant / role_revoke step did. */
  sourceRunId?: string;
  requestId?: string;
  /**
   * Why a revoke happened when nobody asked for it directly: the assignment's expiry passed, or an
   * access review's reviewer revoked it (`reviewItemId` names the item).
   */
  reason?: 'expired' | 'access_review';
  reviewItemId?: string;
}

export type LinkedEntitlement = {
  id: string;
  name: string;
  connector: Connector;
  provisionConfig: unknown;
  deprovisionConfig: unknown;
};

/**
 * The user, the role and its entitlements. A deleted user may have roles revoked (offboarding
 * often runs after the account is gone, and their access must still go), not granted.
 */
export async function loadSubjects(
  db: Database,
  request: Pick<RoleChangeRequest, 'userId' | 'role'>,
  options: { deletedUser: boolean },
) {
  // Not an id at all (a step's subject interpolated from something else) names nobody either.
  const user = z.uuid().safeParse(request.userId).success
    ? await db.user.findFirst({ where: { id: request.userId, ...(options.deletedUser ? {} : { deletedAt: null }) } })
    : null;
  if (!user) throw notFound('User');
  const role = await db.businessRole.findFirst({
    where: 'id' in request.role ? { id: request.role.id } : { name: request.role.name },
    include: { entitlements: { include: { entitlement: { include: { connector: true } } } } },
  });
  if (!role) throw notFound(`Business role ${'name' in request.role ? request.role.name : request.role.id}`);
  const entitlements: LinkedEntitlement[] = role.entitlements
    .map((link) => link.entitlement)
    .sort((a, b) => a.name.localeCompare(b.name));
  return { user, role, entitlements };
}

/**
 * The entitlements `userId` holds through active assignments of roles other than `roleId`, each
 * with the names of those roles: removing one role must not take away what another still grants.
 */
async function entitlementsHeldElsewhere(db: Database, userId: string, roleId: string) {
  const assignments = await db.roleAssignment.findMany({
    where: { userId, status: 'active', roleId: { not: roleId } },
    select: { role: { select: { name: true, entitlements: { select: { entitlementId: true } } } } },
  });
  const held = new Map<string, string[]>();
  for (const { role } of assignments) {
    for (const { entitlementId } of role.entitlements)
      held.set(entitlementId, [...(held.get(entitlementId) ?? []), role.name]);
  }
  for (const roles of held.values()) roles.sort((a, b) => a.localeCompare(b));
  return held;
}

/** Whose entitlements of which role are taken away, the scope of the calls, and their instance id. */
interface RemovalSubject {
  userId: string;
  roleId: string;
  scope: Record<string, unknown>;
  instanceId: string;
}

/**
 * Takes `entitlements` away from the user (`deprovision`, or `compensate` after a failed grant),
 * except those another active role of theirs still grants, which are kept. Answers one outcome per
 * entitlement, in order, then one per account retired because the user holds nothing else in its
 * connector (`retireUnusedAccounts`; `stillHeld`: entitlement ids the changed assignment keeps).
 */
export async function removeEntitlements(
  db: Database,
  runtime: ConnectorRuntime,
  subject: RemovalSubject,
  entitlements: LinkedEntitlement[],
  action: 'deprovision' | 'compensate',
  stillHeld: readonly string[] = [],
): Promise<EntitlementOutcome[]> {
  const heldElsewhere = await entitlementsHeldElsewhere(db, subject.userId, subject.roleId);
  const results: EntitlementOutcome[] = [];
  for (const entitlement of entitlements) {
    const heldThrough = heldElsewhere.get(entitlement.id);
    results.push(
      heldThrough
        ? {
            entitlement: entitlement.name,
            connector: entitlement.connector.name,
            action: 'keep',
            success: true,
            heldThrough,
          }
        : await runEntitlementCall(db, runtime, entitlement, action, subject.scope, subject.instanceId),
    );
  }
  const removed = entitlements.filter((_, index) => results[index]!.action !== 'keep' && results[index]!.success);
  return [...results, ...(await retireUnusedAccounts(db, runtime, subject, removed, stillHeld))];
}

/** Runs an entitlement's provision or deprovision call for `user`; never throws. */
export async function runEntitlementCall(
  db: Database,
  runtime: ConnectorRuntime,
  entitlement: LinkedEntitlement,
  action: EntitlementOutcome['action'],
  scope: Record<string, unknown>,
  instanceId: string,
): Promise<EntitlementOutcome> {
  const outcome = { entitlement: entitlement.name, connector: entitlement.connector.name, action };
  try {
    const call = connectorCallSchema.parse(
      action === 'provision' ? entitlement.provisionConfig : entitlement.deprovisionConfig,
    );
    const stepId = `${action}:${entitlement.name}`;
    if (action === 'provision') {
      const userId = (scope.user as { id: string }).id;
      const error = await ensureAccount(db, runtime, entitlement.connector, call.command, {
        userId,
        variables: scope,
        stepId,
        instanceId,
      });
      if (error) return { ...outcome, success: false, error };
    }
    const result = await callEntitlementConnector(db, runtime, entitlement.connector, {
      command: call.command,
      parameters: interpolateDeep(call.parameters, scope),
      variables: scope,
      stepId,
      instanceId,
    });
    return result.success
      ? { ...outcome, success: true }
      : { ...outcome, success: false, error: result.error ?? 'failed' };
  } catch (error) {
    return {
      ...outcome,
      success: false,
      error: isAppError(error) || error instanceof Error ? error.message : String(error),
    };
  }
}

export function scopeFor(user: User, role: { id: string; name: string }) {
  return {
    user: { id: user.id, email: user.email, displayName: user.displayName },
    role: { id: role.id, name: role.name },
  };
}

/**
 * The claim a change asked for by `request` takes: a run's steps hold it as the run (a retried
 * step takes it again), anyone else for this one request.
 */
function claimFor(request: RoleChangeRequest, runtime: ConnectorRuntime, connectorCalls: number): RoleChangeClaim {
  return {
    userId: request.userId,
    holder: request.sourceRunId ? `run:${request.sourceRunId}` : `request:${randomUUID()}`,
    connectorCalls,
    timeoutMs: runtime.timeoutMs,
  };
}

/** Entitlement ids in the order `provisionedEntitlementIds` keeps them (and PostgreSQL sorts uuids). */
export function idsOf(entitlements: Array<{ id: string }>): string[] {
  return entitlements.map((entitlement) => entitlement.id).sort();
}

/** The entitlements of `ids` with their connectors, in name order; those deleted since are left out. */
export async function entitlementsOf(db: Database, ids: string[]): Promise<LinkedEntitlement[]> {
  if (ids.length === 0) return [];
  return db.entitlement.findMany({
    where: { id: { in: ids } },
    include: { connector: true },
    orderBy: { name: 'asc' },
  });
}

/**
 * Grants a business role: provisions each linked entitlement through its connector, recording
 * each outcome. If one fails, the ones already provisioned are deprovisioned again (saga
 * compensation; those another active role of the user grants are kept) and the assignment is
 * recorded as failed. With `onDuplicate: 'skip'` an active assignment is left alone; with 'error'
 * it is a 409. An assignment past its expiry counts as not held: it is granted anew. Holds the
 * user's role-change claim throughout (a 409 while another change of their roles is under way).
 */
export async function grantRole(
  db: Database,
  runtime: ConnectorRuntime,
  request: RoleChangeRequest & { onDuplicate: 'skip' | 'error' },
): Promise<RoleChangeOutcome> {
  const { user, role, entitlements } = await loadSubjects(db, request, { deletedUser: false });
  if (role.status !== 'active') throw conflict(`Business role ${role.name} is inactive and cannot be granted`);
  // Each entitlement may be undone (an interrupted grant's), provisioned and then compensated, with
  // the calls of its account (created before the provision, retired after a removal).
  const perEntitlement = 3 + ACCOUNT_CALLS_PER_PROVISION + 2 * ACCOUNT_CALLS_PER_REMOVAL;
  const claim = claimFor(request, runtime, entitlements.length * perEntitlement);
  return withRoleChangeClaim(db, claim, async () => {
    const existing = await db.roleAssignment.findUnique({
      where: { userId_roleId: { userId: user.id, roleId: role.id } },
    });
    // An assignment past its expiry, which the expiry sweep has not revoked yet, is granted anew.
    const lapsed = Boolean(existing?.expiresAt && existing.expiresAt <= new Date());
    if (existing?.status === 'active' && !lapsed) {
      // The run's own grant, committed before its step was retried (its worker died before
      // reporting): the step's outcome is that grant's.
      if (request.sourceRunId && existing.sourceRunId === request.sourceRunId)
        return { ...outcomeRecorded(existing), status: 'granted' };
      if (request.onDuplicate === 'error') throw conflict(`User already holds business role ${role.name}`);
      return { status: 'skipped', assignmentId: existing.id, results: [] };
    }
    // Nobody else holds the claim, so a pending grant is one that was interrupted: undone first.
    if (existing?.status === PENDING) {
      const { undone, outcome } = await undoInterruptedGrant(db, runtime, existing);
      if (!undone) return outcome;
    }
    return provisionRole(db, runtime, request, { user, role, entitlements }, lapsed ? existing : null);
  });
}

/**
 * Provisions each entitlement of the role, undoing them all if one fails, and records the
 * assignment. `lapsed` is the user's active assignment of the role past its expiry, granted anew.
 */
async function provisionRole(
  db: Database,
  runtime: ConnectorRuntime,
  request: RoleChangeRequest,
  { user, role, entitlements }: Awaited<ReturnType<typeof loadSubjects>>,
  lapsed: RoleAssignment | null,
): Promise<RoleChangeOutcome> {
  const scope = scopeFor(user, role);
  const instanceId = request.sourceRunId ?? `grant:${user.id}:${role.id}`;
  // Written before any call: should this process die, or the write of the outcome fail, the row
  // names everything that may be provisioned, and undoInterruptedGrant takes it away again.
  const mayBeProvisioned = [...new Set([...idsOf(entitlements), ...(lapsed?.provisionedEntitlementIds ?? [])])].sort();
  const pending = {
    status: PENDING,
    sourceRunId: request.sourceRunId ?? null,
    provisionedEntitlementIds: mayBeProvisioned,
  };
  await db.roleAssignment.upsert({
    where: { userId_roleId: { userId: user.id, roleId: role.id } },
    create: { userId: user.id, roleId: role.id, ...pending },
    update: pending,
  });
  const results: EntitlementOutcome[] = [];
  const provisioned: LinkedEntitlement[] = [];
  for (const entitlement of entitlements) {
    const outcome = await runEntitlementCall(db, runtime, entitlement, 'provision', scope, instanceId);
    results.push(outcome);
    if (!outcome.success) break;
    provisioned.push(entitlement);
  }
  const failed = results.some((outcome) => !outcome.success);
  let leftOver: string[] = [];
  if (failed) {
    const subject = { userId: user.id, roleId: role.id, scope, instanceId };
    const undo = await undoFailedGrant(db, runtime, subject, provisioned, lapsed);
    results.push(...undo.results);
    leftOver = undo.notRemoved;
  }

  const now = new Date();
  // A failed grant that could not take everything away again stays pending, naming what is left,
  // and the resync sweep undoes it (undoInterruptedGrant): nothing provisioned goes unrecorded.
  const status = !failed ? 'active' : leftOver.length > 0 ? PENDING : 'failed';
  const fields = {
    status,
    grantedBy: request.actor.type === 'user' ? request.actor.userId : null,
    grantedAt: now,
    expiresAt: role.expiresAfterDays ? new Date(now.getTime() + role.expiresAfterDays * 86_400_000) : null,
    sourceRunId: request.sourceRunId ?? null,
    revokedAt: null,
    revokedBy: null,
    revokeRunId: null,
    results: jsonColumn(results),
    provisionedEntitlementIds: failed ? leftOver : idsOf(entitlements),
  };
  const assignment = await db.$transaction(async (tx) => {
    const row = await tx.roleAssignment.upsert({
      where: { userId_roleId: { userId: user.id, roleId: role.id } },
      create: { userId: user.id, roleId: role.id, ...fields },
      update: fields,
    });
    await recordAudit(tx, {
      action: failed ? 'role.grant_failed' : 'role.granted',
      actor: request.actor,
      target: { type: 'role_assignment', id: row.id },
      metadata: {
        userId: user.id,
        role: role.name,
        sourceRunId: request.sourceRunId ?? null,
        results,
        ...(leftOver.length > 0 ? { stillProvisioned: leftOver } : {}),
      },
      requestId: request.requestId,
    });
    return row;
  });
  return { status: failed ? 'failed' : 'granted', assignmentId: assignment.id, results };
}

/**
 * Takes away what a failed grant leaves the user: the entitlements it provisioned (the last
 * first) and, when it granted anew an assignment past its expiry, those that one had provisioned
 * and this grant did not provision again (that assignment's time is up, so they go too). Those
 * another active role of the user grants are kept. Answers the outcomes and the ids of the
 * entitlements whose call failed.
 */
async function undoFailedGrant(
  db: Database,
  runtime: ConnectorRuntime,
  subject: RemovalSubject,
  provisioned: LinkedEntitlement[],
  lapsed: RoleAssignment | null,
) {
  const provisionedIds = new Set(idsOf(provisioned));
  const lapsedOnly = (lapsed?.provisionedEntitlementIds ?? []).filter((id) => !provisionedIds.has(id));
  const toRemove = [...[...provisioned].reverse(), ...(await entitlementsOf(db, lapsedOnly))];
  const results = await removeEntitlements(db, runtime, subject, toRemove, 'compensate');
  return { results, notRemoved: notRemoved(toRemove, results) };
}

/** The ids of `entitlements` whose removal failed (`results` answers one outcome each, in order). */
function notRemoved(entitlements: LinkedEntitlement[], results: EntitlementOutcome[]): string[] {
  return idsOf(entitlements.filter((_, index) => !results[index]!.success));
}

/**
 * Takes away what an interrupted grant (an assignment still `pending`: its process died, or the
 * write of its outcome failed) may have provisioned, keeping what other active roles of the user
 * grant, and records it as failed (`role.grant_failed`, reason `interrupted`). Entitlements whose
 * call fails stay on the pending assignment for the next try (`undone` false). The caller holds
 * the user's claim.
 */
export async function undoInterruptedGrant(
  db: Database,
  runtime: ConnectorRuntime,
  assignment: RoleAssignment,
): Promise<{ undone: boolean; outcome: RoleChangeOutcome }> {
  const { user, role } = await loadSubjects(
    db,
    { userId: assignment.userId, role: { id: assignment.roleId } },
    { deletedUser: true },
  );
  const subject = {
    userId: user.id,
    roleId: role.id,
    scope: scopeFor(user, role),
    instanceId: `undo:${assignment.id}`,
  };
  const mayBeProvisioned = await entitlementsOf(db, assignment.provisionedEntitlementIds);
  const results = await removeEntitlements(db, runtime, subject, mayBeProvisioned, 'compensate');
  const stillProvisioned = notRemoved(mayBeProvisioned, results);
  const undone = stillProvisioned.length === 0;
  await db.$transaction(async (tx) => {
    await tx.roleAssignment.update({
      where: { id: assignment.id },
      data: undone
        ? { status: 'failed', provisionedEntitlementIds: [], results: jsonColumn(results) }
        : { provisionedEntitlementIds: stillProvisioned, results: jsonColumn(results) },
    });
    await recordAudit(tx, {
      action: 'role.grant_failed',
      actor: { type: 'system' },
      target: { type: 'role_assignment', id: assignment.id },
      metadata: {
        userId: user.id,
        role: role.name,
        sourceRunId: assignment.sourceRunId,
        results,
        reason: 'interrupted',
        ...(undone ? {} : { stillProvisioned }),
      },
    });
  });
  return { undone, outcome: { status: 'failed', assignmentId: assignment.id, results } };
}

/**
 * Revokes a business role: deprovisions each entitlement the assignment provisioned, except those
 * the user still holds through another active role (kept). Only when every call succeeds is the
 * assignment marked revoked; otherwise it stays active with the failures recorded, so the revoke
 * can be retried. Holds the user's role-change claim throughout, like a grant.
 */
export async function revokeRole(
  db: Database,
  runtime: ConnectorRuntime,
  request: RoleChangeRequest,
): Promise<RoleChangeOutcome> {
  const { user, role } = await loadSubjects(db, request, { deletedUser: true });
  const before = await assignmentToRevoke(db, request, user.id, role);
  if (before.status === 'revoked') return { ...outcomeRecorded(before), status: 'revoked' };
  // Read again under the claim: a change that held it may have revoked or granted it anew.
  const claim = claimFor(request, runtime, before.provisionedEntitlementIds.length * (1 + ACCOUNT_CALLS_PER_REMOVAL));
  return withRoleChangeClaim(db, claim, async () => {
    const assignment = await assignmentToRevoke(db, request, user.id, role);
    if (assignment.status === 'revoked') return { ...outcomeRecorded(assignment), status: 'revoked' };
    return deprovisionRole(db, runtime, request, { user, role, assignment });
  });
}

/**
 * The user's active or pending assignment of `role`; 404 when there is none. Read under the
 * user's claim, a pending one is not under way: its grant was interrupted or could not take
 * everything away again, and revoking it takes away all it names. An expiry revokes only an
 * active assignment still past its expiry: one granted anew since is not expired any more. A
 * run's step retried after its revoke committed (its worker died before reporting) gets that
 * revoked assignment, whose outcome is the step's.
 */
async function assignmentToRevoke(
  db: Database,
  request: RoleChangeRequest,
  userId: string,
  role: { id: string; name: string },
) {
  const assignment = await db.roleAssignment.findUnique({ where: { userId_roleId: { userId, roleId: role.id } } });
  if (assignment?.status === 'revoked' && request.sourceRunId && assignment.revokeRunId === request.sourceRunId)
    return assignment;
  const held = request.reason === 'expired' ? ['active'] : ['active', PENDING];
  const expired = Boolean(assignment?.expiresAt && assignment.expiresAt <= new Date());
  if (!assignment || !held.includes(assignment.status) || (request.reason === 'expired' && !expired))
    throw notFound(`An active assignment of ${role.name} to this user`);
  return assignment;
}

/** The outcome a retried step's own grant or revoke answered (its outcomes are in `results`). */
function outcomeRecorded(assignment: RoleAssignment) {
  return { assignmentId: assignment.id, results: assignment.results as unknown as EntitlementOutcome[] };
}

/** Deprovisions what the assignment provisioned (keeping what other roles grant) and records the outcome. */
async function deprovisionRole(
  db: Database,
  runtime: ConnectorRuntime,
  request: RoleChangeRequest,
  { user, role, assignment }: { user: User; role: { id: string; name: string }; assignment: RoleAssignment },
): Promise<RoleChangeOutcome> {
  const subject = {
    userId: user.id,
    roleId: role.id,
    scope: scopeFor(user, role),
    instanceId: request.sourceRunId ?? `revoke:${assignment.id}`,
  };
  // What this assignment provisioned, which an edit of the role not yet resynced may make differ
  // from what the role links now.
  const provisioned = await entitlementsOf(db, assignment.provisionedEntitlementIds);
  const results = await removeEntitlements(db, runtime, subject, provisioned, 'deprovision');
  const failed = results.some((outcome) => !outcome.success);
  await db.$transaction(async (tx) => {
    await tx.roleAssignment.update({
      where: { id: assignment.id },
      data: failed
        ? { results: jsonColumn(results) }
        : {
            status: 'revoked',
            revokedAt: new Date(),
            revokedBy: request.actor.type === 'user' ? request.actor.userId : null,
            revokeRunId: request.sourceRunId ?? null,
            results: jsonColumn(results),
            provisionedEntitlementIds: [],
          },
    });
    await recordAudit(tx, {
      action: failed ? 'role.revoke_failed' : 'role.revoked',
      actor: request.actor,
      target: { type: 'role_assignment', id: assignment.id },
      metadata: {
        userId: user.id,
        role: role.name,
        sourceRunId: request.sourceRunId ?? null,
        results,
        ...(request.reason ? { reason: request.reason } : {}),
        ...(request.reviewItemId ? { reviewItemId: request.reviewItemId } : {}),
      },
      requestId: request.requestId,
    });
  });
  return { status: failed ? 'failed' : 'revoked', assignmentId: assignment.id, results };
}
