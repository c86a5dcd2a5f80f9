import { Prisma, type DatabaseClient } from '../../db/client.js';
import { pageOf, skipTake, type SortedPageQuery } from '../../domain/pagination.js';
import { loadSyncConfig } from './sync-config-record.js';
import { loadConnector } from '../connectors/connector-record.js';

/**
 * Reconciliation of a connector's accounts with Flowgate's users (docs/sync.md, "Reconciliation"):
 * from the records of the connector's user sync and their matches, the accounts no Flowgate user
 * holds (orphans) and the accounts still active there of users deactivated or deleted in Flowgate.
 * Records the last full pass did not see (stale) no longer exist there and are left out.
 */

export type ReconciliationSort = 'displayName' | 'externalId' | 'email' | 'syncedAt';

const SORT_COLUMNS: Record<ReconciliationSort, string> = {
  displayName: 'r.display_name',
  externalId: 'r.external_id',
  email: 'r.email',
  syncedAt: 'r.synced_at',
};

// A record belongs to a user through a match the matching or a person decided.
export const LINKED = Prisma.sql`m.match_status IN ('matched', 'manual_override') AND m.user_id IS NOT NULL`;
// Whether the account is active there: a record's `active` or `enabled` attribute set to false
// says it is not; without either it counts as active.
export const ACTIVE_THERE = Prisma.sql`COALESCE(r.attributes->'active', r.attributes->'enabled', 'true'::jsonb) <> 'false'::jsonb`;

export const ORPHAN = Prisma.sql`NOT EXISTS (SELECT 1 FROM sync_matches m WHERE m.connector_resource_id = r.id AND ${LINKED})`;
export const OF_INACTIVE_USER = Prisma.sql`${ACTIVE_THERE} AND EXISTS (
  SELECT 1 FROM sync_matches m JOIN users u ON u.id = m.user_id
  WHERE m.connector_resource_id = r.id AND ${LINKED} AND (NOT u.active OR u.deleted_at IS NOT NULL))`;

interface RecordRow {
  id: string;
  external_id: string;
  display_name: string;
  email: string | null;
  attributes: unknown;
  synced_at: Date;
  match_id: string | null;
  match_status: string | null;
  user_id: string | null;
  user_email: string | null;
  user_display_name: string | null;
  user_active: boolean | null;
  user_deleted_at: Date | null;
}

function toAccountView(row: RecordRow) {
  return {
    recordId: row.id,
    externalId: row.external_id,
    displayName: row.display_name,
    email: row.email,
    attributes: (row.attributes ?? {}) as Record<string, unknown>,
    syncedAt: row.synced_at,
    matchId: row.match_id,
    matchStatus: row.match_status,
    user:
      row.user_id === null
        ? null
        : {
            id: row.user_id,
            email: row.user_email,
            displayName: row.user_display_name,
            active: row.user_active === true,
            deleted: row.user_deleted_at !== null,
          },
  };
}

async function accountsPage(
  db: DatabaseClient,
  connectorId: string,
  condition: Prisma.Sql,
  query: SortedPageQuery<ReconciliationSort>,
) {
  const where = Prisma.sql`r.connector_id = ${connectorId}::uuid AND r.resource_type = 'user' AND r.stale_since IS NULL AND ${condition}`;
  const order = Prisma.raw(
    `${SORT_COLUMNS[query.sortBy]} ${query.sortOrder === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, r.id ${query.sortOrder === 'asc' ? 'ASC' : 'DESC'}`,
  );
  const { skip, take } = skipTake(query);
  const [rows, counted] = await Promise.all([
    db.$queryRaw<RecordRow[]>(Prisma.sql`
      SELECT r.id, r.external_id, r.display_name, r.email, r.attributes, r.synced_at,
             m.id AS match_id, m.match_status, u.id AS user_id, u.email AS user_email,
             u.display_name AS user_display_name, u.active AS user_active, u.deleted_at AS user_deleted_at
      FROM connector_resources r
      LEFT JOIN sync_matches m ON m.connector_resource_id = r.id
      LEFT JOIN users u ON u.id = m.user_id
      WHERE ${where}
      ORDER BY ${order}
      LIMIT ${take} OFFSET ${skip}`),
    db.$queryRaw<Array<{ count: bigint }>>(
      Prisma.sql`SELECT count(*) AS count FROM connector_resources r WHERE ${where}`,
    ),
  ]);
  return pageOf(rows.map(toAccountView), Number(counted[0]!.count), query);
}

/**
 * The connector's orphan accounts and the active accounts of inactive users, one page of each by
 * `query`, with their counts; 404 for an unknown connector or one without a user sync.
 */
export async function reconciliationOf(
  db: DatabaseClient,
  connectorId: string,
  query: SortedPageQuery<ReconciliationSort>,
) {
  await loadConnector(db, connectorId);
  const config = await loadSyncConfig(db, connectorId, 'user');
  const [orphans, inactiveUsers] = await Promise.all([
    accountsPage(db, connectorId, ORPHAN, query),
    accountsPage(db, connectorId, OF_INACTIVE_USER, query),
  ]);
  return {
    connectorId,
    lastSyncAt: config.lastSyncAt,
    counts: { orphans: orphans.total, activeAccountsOfInactiveUsers: inactiveUsers.total },
    orphans,
    activeAccountsOfInactiveUsers: inactiveUsers,
  };
}
