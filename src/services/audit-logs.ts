import type { Database } from '../db/client.js';
import { fetchPage, type PageQuery } from '../domain/pagination.js';

export interface AuditLogListQuery extends PageQuery {
  sortBy: 'createdAt' | 'action';
  sortOrder: 'asc' | 'desc';
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
}

/**
 * A page of audit entries. The id breaks ties in the sort's own direction, so each sort order is
 * one walk of an index on (sort column, id).
 */
export function listAuditLogs(db: Database, query: AuditLogListQuery) {
  const where = {
    actorId: query.actor,
    action: query.action,
    targetType: query.targetType,
    targetId: query.targetId,
    createdAt: query.from || query.to ? { gte: query.from, lt: query.to } : undefined,
  };
  return fetchPage(
    query,
    (window) =>
      db.auditLog.findMany({
        where,
        orderBy: [{ [query.sortBy]: query.sortOrder }, { id: query.sortOrder }],
        ...window,
      }),
    () => db.auditLog.count({ where }),
  );
}
