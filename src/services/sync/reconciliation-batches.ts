import { isUniqueViolation, Prisma, type Database, type DatabaseClient } from '../../db/client.js';
import type { ReconciliationList } from '../../domain/step-types.js';
import { ACTIVE_THERE, LINKED, OF_INACTIVE_USER, ORPHAN } from './reconciliation.js';

/**
 * Batches of reconciliation accounts for bulk deactivation (the `account_reconciliation` step,
 * docs/connectors-scim.md "Deactivating in bulk"): a snapshot of the accounts one approval covers,
 * stored here rather than in the run's history, and each account's state as the deactivation goes.
 */

/** What a deactivation did to one account of a batch. */
export type BatchAccountStatus = 'pending' | 'deactivated' | 'already_inactive' | 'gone' | 'skipped' | 'failed';

// Orphans already inactive there need nothing; the accounts of inactive users are active there by definition.
const CONDITIONS: Record<ReconciliationList, Prisma.Sql> = {
  orphans: Prisma.sql`${ORPHAN} AND ${ACTIVE_THERE}`,
  activeAccountsOfInactiveUsers: OF_INACTIVE_USER,
};

const PREVIEW_NAMES = 10;

export interface BatchSummary {
  batchId: string;
  count: number;
  /** Accounts of each list in the batch. */
  counts: Partial<Record<ReconciliationList, number>>;
  /** The reconciliation had more accounts than the step's limit; the batch holds the first ones. */
  truncated: boolean;
  /** The display names of the first accounts, and them as one line for an approval's message. */
  names: string[];
  preview: string;
}

function candidates(connectorId: string, lists: readonly ReconciliationList[]): Prisma.Sql {
  const base = Prisma.sql`r.connector_id = ${connectorId}::uuid AND r.resource_type = 'user' AND r.stale_since IS NULL`;
  return Prisma.join(
    lists.map(
      (list, order) => Prisma.sql`
        SELECT r.external_id, r.display_name, r.email, ${list}::text AS list, ${order}::int AS list_order
        FROM connector_resources r WHERE ${base} AND ${CONDITIONS[list]}`,
    ),
    ' UNION ALL ',
  );
}

/**
 * Snapshots the accounts of `lists` (at most `limit`, by list then display name) as the batch of
 * the run's step visit `sequence`, in one transaction; a second call for the same visit (a retried
 * activity) finds the batch the first made.
 */
export async function collectBatch(
  db: Database,
  input: {
    runId: string;
    sequence: number;
    stepId: string;
    connectorId: string;
    lists: readonly ReconciliationList[];
    limit: number;
  },
): Promise<BatchSummary> {
  const existing = await db.reconciliationBatch.findUnique({
    where: { runId_sequence: { runId: input.runId, sequence: input.sequence } },
    select: { id: true },
  });
  if (existing) return summaryOf(db, existing.id);
  // A list named twice would put its accounts in the batch twice.
  const lists = [...new Set(input.lists)];
  const union = candidates(input.connectorId, lists);
  try {
    const batchId = await db.$transaction(async (tx) => {
      const counted = await tx.$queryRaw<Array<{ total: bigint }>>(
        Prisma.sql`SELECT count(*) AS total FROM (${union}) accounts`,
      );
      const batch = await tx.reconciliationBatch.create({
        data: {
          runId: input.runId,
          sequence: input.sequence,
          stepId: input.stepId,
          connectorId: input.connectorId,
          lists,
          truncated: Number(counted[0]!.total) > input.limit,
        },
        select: { id: true },
      });
      await tx.$executeRaw(Prisma.sql`
        INSERT INTO reconciliation_batch_accounts (batch_id, position, external_id, display_name, email, list)
        SELECT ${batch.id}::uuid, (row_number() OVER (ORDER BY list_order, display_name, external_id))::int - 1,
               external_id, display_name, email, list
        FROM (${union}) accounts
        ORDER BY list_order, display_name, external_id
        LIMIT ${input.limit}`);
      return batch.id;
    });
    return await summaryOf(db, batchId);
  } catch (error) {
    // Another attempt of the same visit made the batch first.
    if (!isUniqueViolation(error)) throw error;
    return collectBatch(db, input);
  }
}

async function summaryOf(db: DatabaseClient, batchId: string): Promise<BatchSummary> {
  const [{ truncated }, byList, first] = await Promise.all([
    db.reconciliationBatch.findUniqueOrThrow({ where: { id: batchId }, select: { truncated: true } }),
    db.reconciliationBatchAccount.groupBy({ by: ['list'], where: { batchId }, _count: { _all: true } }),
    db.reconciliationBatchAccount.findMany({
      where: { batchId },
      orderBy: { position: 'asc' },
      take: PREVIEW_NAMES,
      select: { displayName: true },
    }),
  ]);
  const counts = Object.fromEntries(byList.map((row) => [row.list, row._count._all])) as BatchSummary['counts'];
  const count = byList.reduce((sum, row) => sum + row._count._all, 0);
  const names = first.map((row) => row.displayName);
  const more = count - names.length;
  const preview = count === 0 ? 'no accounts' : `${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  return { batchId, count, counts, truncated, names, preview };
}

/**
 * Whether the account is held now by an active Flowgate user (a match made or a user reactivated
 * since the batch was collected): such an account is left alone whatever the approval covered.
 */
export async function heldByActiveUser(db: DatabaseClient, connectorId: string, externalId: string): Promise<boolean> {
  const rows = await db.$queryRaw<Array<{ held: boolean }>>(Prisma.sql`
    SELECT EXISTS (
      SELECT 1 FROM connector_resources r
      JOIN sync_matches m ON m.connector_resource_id = r.id
      JOIN users u ON u.id = m.user_id
      WHERE r.connector_id = ${connectorId}::uuid AND r.resource_type = 'user' AND r.external_id = ${externalId}
        AND ${LINKED} AND u.active AND u.deleted_at IS NULL) AS held`);
  return rows[0]?.held === true;
}
