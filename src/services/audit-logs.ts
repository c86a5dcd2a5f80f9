import type { Database } from '../db/client.js';
import { fetchPage, sortedById, type PageQuery } from '../domain/pagination.js';

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
  const filtered = Object.values(where).some((condition) => condition !== undefined);
  return fetchPage(
    query,
    (window) =>
      db.auditLog
        .findMany({
          where,
          orderBy: sortedById(query),
          ...window,
        })
        // Places stay far below 2^53, so JSON carries them as numbers.
        .then((entries) =>
          entries.map((entry) => ({ ...entry, chainSeq: entry.chainSeq === null ? null : Number(entry.chainSeq) })),
        ),
    () => (filtered ? db.auditLog.count({ where }) : countAuditEntries(db)),
  );
}

/**
 * How many audit entries there are, from the sum the triggers on audit_logs keep (a few hundred
 * rows at most): counting the entries themselves takes longer the longer the service has run.
 */
async function countAuditEntries(db: Database): Promise<number> {
  const { _sum } = await db.auditLogCountDelta.aggregate({ _sum: { entries: true } });
  return Number(_sum.entries ?? 0n);
}
