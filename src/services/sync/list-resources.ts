import type { ConnectorResource } from '../../db/generated/client.js';
import type { DatabaseClient } from '../../db/client.js';
import { jsonObject } from '../../domain/common.js';
import { fetchPage, sortedById, type PageQuery } from '../../domain/pagination.js';
import { loadConnector } from '../connectors/connector-record.js';
import { containsIgnoringCase } from '../../domain/text-match.js';

export interface ResourceListQuery extends PageQuery {
  sortBy: 'displayName' | 'externalId' | 'syncedAt' | 'createdAt';
  sortOrder: 'asc' | 'desc';
  resourceType?: string;
  /** Part of the external id, display name or email, case-insensitively. */
  search?: string;
  stale?: boolean;
}

/** A synced record as the API shows it. */
export function toResourceView(row: ConnectorResource) {
  return {
    id: row.id,
    connectorId: row.connectorId,
    resourceType: row.resourceType,
    externalId: row.externalId,
    displayName: row.displayName,
    email: row.email,
    attributes: jsonObject.parse(row.attributes),
    syncHash: row.syncHash,
    stale: row.staleSince !== null,
    staleSince: row.staleSince,
    syncedAt: row.syncedAt,
    changedAt: row.changedAt,
    createdAt: row.createdAt,
  };
}

/** A page of a connector's synced records (404 when the connector is unknown). */
export async function listConnectorResources(db: DatabaseClient, connectorId: string, query: ResourceListQuery) {
  await loadConnector(db, connectorId);
  const search = query.search ? containsIgnoringCase(query.search) : undefined;
  const where = {
    connectorId,
    resourceType: query.resourceType,
    staleSince: query.stale === undefined ? undefined : query.stale ? { not: null } : null,
    OR: search ? [{ externalId: search }, { displayName: search }, { email: search }] : undefined,
  };
  return fetchPage(
    query,
    async (window) =>
      (
        await db.connectorResource.findMany({
          where,
          orderBy: sortedById(query),
          ...window,
        })
      ).map(toResourceView),
    () => db.connectorResource.count({ where }),
  );
}
