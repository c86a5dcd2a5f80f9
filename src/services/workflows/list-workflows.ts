import type { Database } from '../../db/client.js';
import type { Prisma } from '../../db/generated/client.js';
import { fetchPage, sortedById, type Page, type PageQuery } from '../../domain/pagination.js';
import { toWorkflowView, workflowInclude, type WorkflowView } from './workflow-record.js';
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
  includeDeleted?: boolean;
}

/** Lists definitions with the filters of spec 4.2 (status includes `deprecated`). */
export function listWorkflows(db: Database, query: WorkflowListQuery): Promise<Page<WorkflowView>> {
  const where: Prisma.WorkflowDefinitionWhereInput = {
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
          orderBy: sortedById(query),
          ...window,
        })
      ).map(toWorkflowView),
    () => db.workflowDefinition.count({ where }),
  );
}
