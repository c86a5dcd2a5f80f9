import { z } from 'zod';
import { paginationQuery, pageSchema } from '../../domain/pagination.js';
import { MATCH_STATUSES } from '../../domain/sync-matches.js';
import type { Database } from '../../db/client.js';
import { reconciliationOf } from '../../services/sync/reconciliation.js';
import { errorBodySchema } from '../openapi/api-docs.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const connectorParams = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });

const accountSchema = z
  .object({
    recordId: z.uuid().describe('The user record of the connector’s sync'),
    externalId: z.string().describe('The account’s id in the application'),
    displayName: z.string(),
    email: z.string().nullable(),
    attributes: z.record(z.string(), z.unknown()).describe('As the connector’s list command returned them'),
    syncedAt: z.date().describe('When a sync pass last saw the account'),
    matchId: z.uuid().nullable().describe('The record’s sync match; null when it has none yet'),
    matchStatus: z.enum(MATCH_STATUSES).nullable(),
    user: z
      .object({
        id: z.uuid(),
        email: z.string().nullable(),
        displayName: z.string().nullable(),
        active: z.boolean(),
        deleted: z.boolean(),
      })
      .nullable()
      .describe('The Flowgate user the account is matched to; null for orphans'),
  })
  .meta({ id: 'ReconciliationAccount' });

const reconciliationSchema = z
  .object({
    connectorId: z.uuid(),
    lastSyncAt: z.date().nullable().describe('When the connector’s last user sync pass ended'),
    counts: z.object({ orphans: z.number().int(), activeAccountsOfInactiveUsers: z.number().int() }),
    orphans: pageSchema(accountSchema).describe('Accounts that match no Flowgate user'),
    activeAccountsOfInactiveUsers: pageSchema(accountSchema).describe(
      'Accounts active in the application whose Flowgate user is deactivated or deleted',
    ),
  })
  .meta({ id: 'ConnectorReconciliation' });

const reconciliationQuery = paginationQuery({
  sortable: ['displayName', 'externalId', 'email', 'syncedAt'],
  defaultSortBy: 'displayName',
  defaultSortOrder: 'asc',
});

/** Accounts of a connector's application that Flowgate's users do not account for (docs/sync.md). */
export function connectorReconciliationRoutes(deps: ResourceRouterDependencies, db: Database): ResourceRouter {
  return new ResourceRouter('/api/connectors', 'Connector sync', deps).add({
    method: 'get',
    path: '/:id/reconciliation',
    operationId: 'getConnectorReconciliation',
    summary: 'Orphan accounts, and active accounts of inactive users, from the connector’s user sync',
    description:
      'Both lists come from the records of the connector’s user sync and their matches; `page`, `pageSize`, `sortBy` and `sortOrder` apply to each.',
    access: 'connector:read',
    params: connectorParams,
    query: reconciliationQuery,
    responses: {
      200: { description: 'Both lists, one page of each, with their counts', schema: reconciliationSchema },
      404: { description: 'Unknown connector, or the connector has no user sync', schema: errorBodySchema },
    },
    async handler(ctx, { params, query }) {
      ctx.body = await reconciliationOf(db, params.id, query);
    },
  });
}
