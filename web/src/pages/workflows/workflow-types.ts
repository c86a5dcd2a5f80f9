/** The workflow shapes of the workflows routes (src/api/routes/workflows.ts), as the OpenAPI description declares them. */
import type { Schema } from '../../api/client';

export const WORKFLOW_STATUSES = ['draft', 'active', 'deprecated'] as const;

export type Workflow = Schema<'Workflow'>;
/** A workflow as `GET /api/workflows` lists it: no variables or steps. */
export type WorkflowSummary = Schema<'WorkflowSummary'>;
