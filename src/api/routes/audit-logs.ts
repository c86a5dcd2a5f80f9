import type { Database } from '../../db/client.js';
import { auditLogSchema } from '../../domain/audit-logs.js';
import { queryText, queryTimestamp } from '../../domain/common.js';
import { pageSchema, paginationQuery } from '../../domain/pagination.js';
import { listAuditLogs } from '../../services/audit-logs.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const listQuery = paginationQuery({ sortable: ['createdAt', 'action'], defaultSortBy: 'createdAt' }).extend({
  actor: queryText('actor').optional().describe('Id of the acting user or service client'),
  action: queryText('action').optional().describe('Exact action name, e.g. organization.created'),
  targetType: queryText('targetType').optional(),
  targetId: queryText('targetId').optional(),
  from: queryTimestamp('from').optional().describe('Entries at or after this time'),
  to: queryTimestamp('to').optional().describe('Entries before this time'),
});

export function auditLogRoutes(deps: ResourceRouterDependencies, db: Database): ResourceRouter {
  return new ResourceRouter('/api/audit-logs', 'Audit', deps).add({
    method: 'get',
    path: '',
    operationId: 'listAuditLogs',
    summary: 'Audit entries, newest first by default',
    access: 'audit:read',
    query: listQuery,
    responses: { 200: { description: 'A page of audit entries', schema: pageSchema(auditLogSchema) } },
    async handler(ctx, { query }) {
      ctx.body = await listAuditLogs(db, query);
    },
  });
}
