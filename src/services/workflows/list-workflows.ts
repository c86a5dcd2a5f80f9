import type { Database } from '../../db/client.js';
import type { Prisma } from '../../db/generated/client.js';
import { fetchPage, sortedById, type Page, type PageQuery } from '../../domain/pagination.js';
import { toWorkflowSummary, workflowInclude, type WorkflowSummary } from './workflow-record.js';
import { containsIgnoringCase } from '../../domain/text-match.js';

export interface WorkflowListQuery extends PageQuery {
  sortBy: 'name' | 'createdAt' | 'updatedAt' | 'version';
  sortOrder: 'asc' | 'desc';
  status?: string;
  category?: string;
  project?: string;
  workflowSet?: string;
  search?: string;
  sourceWorkflowId?: string;
  versionsOf?: string;
  includeDeleted?: boolean;
}

/**
 * Lists definitions with the filters of spec 4.2 (status includes `deprecated`), as summaries:
 * variables and steps are not even read.
 */
export async function listWorkflows(db: Database, query: WorkflowListQuery): Promise<Page<WorkflowSummary>> {
  const where: Prisma.WorkflowDefinitionWhereInput = {
    lineageId: query.versionsOf === undefined ? undefined : await lineageOf(db, query.versionsOf),
    status: query.status,
    category: query.category,
    sourceWorkflowId: query.sourceWorkflowId,
    project: query.project ? { name: query.project } : undefined,
    workflowSet: query.workflowSet ? { name: query.workflowSet } : undefined,
    deletedAt: query.includeDeleted ? undefined : null,
    OR: query.search
      ? [{ name: containsIgnoringCase(query.search) }, { description: containsIgnoringCase(query.search) }]
      : undefined,
  };
  return fetchPage(
    query,
    async (window) =>
      (
        await db.workflowDefinition.findMany({
          where,
          include: workflowInclude,
          omit: { variables: true, steps: true },
          orderBy: sortedById(query),
          ...window,
        })
      ).map(toWorkflowSummary),
    () => db.workflowDefinition.count({ where }),
  );
}

/** The version chain `id` belongs to; for an unknown id none, so the list is empty rather than a 404. */
async function lineageOf(db: Database, id: string): Promise<Prisma.StringFilter | string> {
  const row = await db.workflowDefinition.findUnique({ where: { id }, select: { lineageId: true } });
  return row?.lineageId ?? { in: [] };
}
