/** The run shapes of the runs routes (src/api/routes/runs.ts; OpenAPI schema `Run`). */
export const RUN_STATUSES = ['pending', 'running', 'waiting', 'completed', 'failed', 'cancelled'] as const;

/** Statuses in which variables may still be edited (docs/runs.md). */
export const EDITABLE_RUN_STATUSES: readonly string[] = ['pending', 'running', 'waiting'];
export const FINAL_RUN_STATUSES: readonly string[] = ['completed', 'cancelled'];

export interface ErrorEnvelope {
  message: string;
  code?: string;
}

export interface RunStep {
  sequence: number;
  attempt: number;
  stepId: string;
  name: string;
  type: string;
  status: string;
  outcome: string | null;
  error: ErrorEnvelope | null;
  startedAt: string;
  completedAt: string | null;
  /** Only from `GET /api/runs/:id/steps`: sanitized inputs and outputs (connector bodies). */
  input?: unknown;
  output?: unknown;
  /** Only from `GET /api/runs/:id/steps`, on approval steps: who decided, how, with what comment. */
  decisions?: ApprovalDecision[];
}

export interface ApprovalDecision {
  userId: string;
  displayName: string | null;
  email: string | null;
  decision: string;
  comment: string | null;
  decidedAt: string;
}

/** An open approval or task of a run: whom it waits for and until when (`RunWait`). */
export interface RunWait {
  kind: 'approval' | 'task';
  id: string;
  stepId: string;
  sequence: number;
  users: Array<{ id: string; displayName: string | null }>;
  roles: string[];
  requiredApprovals: number | null;
  dueAt: string | null;
  escalatesAt: string | null;
}

export interface Run {
  id: string;
  definitionId: string;
  definitionName: string;
  definitionVersion: number;
  isTestRun: boolean;
  status: string;
  variables: Record<string, unknown>;
  subject: string | null;
  startedBy: string | null;
  currentStepId: string | null;
  failedStepId: string | null;
  error: ErrorEnvelope | null;
  temporalWorkflowId: string;
  temporalUiLink: string | null;
  startedAt: string;
  completedAt: string | null;
  steps: RunStep[];
  /** Only from `GET /api/runs/:id` and `PUT /api/runs/:id`. */
  waitingFor?: RunWait[];
}

export interface SuggestedAction {
  action: 'retry' | 'skip' | 'fix_workflow';
  reason: string;
}

export interface Diagnosis {
  failedStep: {
    id: string;
    name: string;
    type: string;
    attempts: number;
    error: ErrorEnvelope | null;
    config: unknown;
  } | null;
  suggestedActions: SuggestedAction[];
}
