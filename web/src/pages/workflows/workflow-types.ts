/** The workflow shape of the workflows routes (OpenAPI schema `Workflow`), as far as the pages read it. */
import type { DeclaredVariable } from '../../components/VariableFields';

export const WORKFLOW_STATUSES = ['draft', 'active', 'deprecated'] as const;

export interface Workflow {
  id: string;
  name: string;
  description: string;
  category: string;
  status: string;
  version: number;
  project?: string | null;
  workflowSet?: string | null;
  trigger: { types: string[] };
  variables: DeclaredVariable[];
  sourceWorkflowId: string | null;
  previousVersion: { id: string; href: string } | null;
  publishedAt: string | null;
  /** Set while the workflow is soft-deleted (restorable). */
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A workflow as `GET /api/workflows` lists it (OpenAPI schema `WorkflowSummary`): no variables or steps. */
export type WorkflowSummary = Omit<Workflow, 'variables'>;
