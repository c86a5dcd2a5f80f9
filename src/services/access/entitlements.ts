import { jsonColumn, Prisma, type Database, type DatabaseClient } from '../../db/client.js';
import { jsonObject } from '../../domain/common.js';
import { connectorCallSchema, type EntitlementInput } from '../../domain/entitlement.js';
import { conflict, notFound, validationFailed } from '../../errors/index.js';
import { assertCan } from '../../permissions/index.js';
import { auditChange, type Caller } from '../caller.js';
import { withUniqueName } from '../unique-names.js';
import { fetchPage, nameContains, sortedById, type SortedPageQuery } from '../../domain/pagination.js';
import { PENDING } from './role-grants.js';

export const entitlementInclude = {
  connector: { select: { name: true } },
} as const satisfies Prisma.EntitlementInclude;
type EntitlementRow = Prisma.EntitlementGetPayload<{ include: typeof entitlementInclude }>;

export function toEntitlementView(row: EntitlementRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    connector: row.connector.name,
    provisionConfig: connectorCallSchema.parse(row.provisionConfig),
    deprovisionConfig: connectorCallSchema.parse(row.deprovisionConfig),
    reconciliationConfig: jsonObject.nullable().parse(row.reconciliationConfig),
    ownerId: row.ownerId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function loadEntitlement(db: DatabaseClient, id: string): Promise<EntitlementRow> {
  const row = await db.entitlement.findUnique({ where: { id }, include: entitlementInclude });
  if (!row) throw notFound('Entitlement');
  return row;
}

async function connectorIdByName(db: DatabaseClient, name: string): Promise<string> {
  const connector = await db.connector.findUnique({ where: { name }, select: { id: true } });
  if (!connector) throw validationFailed(`Connector "${name}" does not exist`, { field: 'connector' });
  return connector.id;
}

function columnsOf(input: EntitlementInput, connectorId: string) {
  return {
    name: input.name,
    description: input.description,
    connectorId,
    provisionConfig: jsonColumn(input.provisionConfig),
    deprovisionConfig: jsonColumn(input.deprovisionConfig),
    // Prisma.DbNull, not undefined: a replace with null clears the config (undefined would keep it).
    reconciliationConfig: input.reconciliationConfig === null ? Prisma.DbNull : jsonColumn(input.reconciliationConfig),
  };
}

/**
 * Saving an entitlement makes the caller the person its reconciliation runs count as started by
 * (`updatedBy`), so saving one whose reconciliationConfig names a workflow needs `workflow:start`
 * of the caller itself (403), whatever the change: a token narrower than its owner may not start
 * runs in the owner's name, as it may not for a sync config's automation.
 */
function checkReconciliationInitiator(caller: Caller, input: EntitlementInput): void {
  if (input.reconciliationConfig?.workflowId)
    assertCan(caller.principal, 'workflow:start', 'save an entitlement whose reconciliation starts runs');
}

export function createEntitlement(db: Database, caller: Caller, input: EntitlementInput) {
  return withUniqueName('An entitlement', input.name, () =>
    db.$transaction((tx) => insertEntitlement(tx, caller, input)),
  );
}

/** Inserts an entitlement inside the caller's transaction (used by the API and by configuration import). */
export async function insertEntitlement(tx: DatabaseClient, caller: Caller, input: EntitlementInput) {
  checkReconciliationInitiator(caller, input);
  const row = await tx.entitlement.create({
    data: { ...columnsOf(input, await connectorIdByName(tx, input.connector)), updatedBy: caller.principal.userId },
    include: entitlementInclude,
  });
  await auditChange(
    tx,
    caller,
    'entitlement.created',
    { type: 'entitlement', id: row.id },
    { name: row.name, connector: input.connector },
  );
  return toEntitlementView(row);
}

export function updateEntitlement(db: Database, caller: Caller, id: string, input: EntitlementInput) {
  return withUniqueName('An entitlement', input.name, () =>
    db.$transaction((tx) => replaceEntitlement(tx, caller, id, input)),
  );
}

/** Replaces an entitlement inside the caller's transaction. */
export async function replaceEntitlement(tx: DatabaseClient, caller: Caller, id: string, input: EntitlementInput) {
  checkReconciliationInitiator(caller, input);
  await loadEntitlement(tx, id);
  const row = await tx.entitlement.update({
    where: { id },
    data: { ...columnsOf(input, await connectorIdByName(tx, input.connector)), updatedBy: caller.principal.userId },
    include: entitlementInclude,
  });
  await auditChange(
    tx,
    caller,
    'entitlement.updated',
    { type: 'entitlement', id },
    { name: row.name, connector: input.connector },
  );
  return toEntitlementView(row);
}

/** Deletes an entitlement that no business role links to (409 otherwise). */
export async function deleteEntitlement(db: Database, caller: Caller, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const row = await loadEntitlement(tx, id);
    const links = await tx.roleEntitlement.findMany({
      where: { entitlementId: id },
      include: { role: { select: { name: true } } },
    });
    if (links.length > 0) {
      throw conflict(`Entitlement ${row.name} is linked to roles: ${links.map((link) => link.role.name).join(', ')}`);
    }
    // Unlinked from a role whose holders the resync has not reached yet: it would stay provisioned.
    // A pending assignment's may be provisioned too (a grant under way or interrupted).
    const holders = await tx.roleAssignment.count({
      where: { status: { in: ['active', PENDING] }, provisionedEntitlementIds: { has: id } },
    });
    if (holders > 0) {
      throw conflict(
        `Entitlement ${row.name} is still provisioned to ${holders} holder(s) of roles it was removed from; ` +
          'delete it once the role resync has deprovisioned it',
      );
    }
    await tx.entitlement.delete({ where: { id } });
    await auditChange(tx, caller, 'entitlement.deleted', { type: 'entitlement', id }, { name: row.name });
  });
}

/** A page of entitlements, matched on the name with `search`. */
export function listEntitlements(db: Database, query: SortedPageQuery & { search?: string }) {
  const where = nameContains(query.search);
  return fetchPage(
    query,
    async (window) =>
      (
        await db.entitlement.findMany({
          where,
          include: entitlementInclude,
          orderBy: sortedById(query),
          ...window,
        })
      ).map(toEntitlementView),
    () => db.entitlement.count({ where }),
  );
}
