import type { Database } from '../../db/client.js';
import { fetchPage, sortedById, type PageQuery } from '../../domain/pagination.js';
import type { RunStatus } from '../../domain/run-statuses.js';
import { runSummarySelect, toRunSummary } from './run-record.js';

export interface RunListQuery extends PageQuery {
  sortBy: 'startedAt' | 'completedAt' | 'status';
  sortOrder: 'asc' | 'desc';
  status?: RunStatus;
  definitionId?: string;
  startedBy?: string;
  /** Runs this user started or is the subject of (a subject variable is of type user: an id). */
  requester?: string;
  from?: Date;
  to?: Date;
}

/**
 * A page of run summaries (no steps: the run page has them). The id breaks ties in the sort's own
 * direction, so each sort order is one walk of an index on (sort column, id).
 */
export function listRuns(db: Database, query: RunListQuery, temporal: { uiUrl?: string; namespace: string }) {
  const where = {
    status: query.status,
    definitionId: query.definitionId,
    startedBy: query.startedBy,
    startedAt: query.from || query.to ? { gte: query.from, lt: query.to } : undefined,
    OR: query.requester ? [{ startedBy: query.requester }, { subject: query.requester }] : undefined,
  };
  return fetchPage(
    query,
    async (window) =>
      (
        await db.workflowRun.findMany({
          select: runSummarySelect,
          where,
          orderBy: sortedById(query),
          ...window,
        })
      ).map((row) => toRunSummary(row, temporal.uiUrl, temporal.namespace)),
    () => db.workflowRun.count({ where }),
  );
}
