import type { RunStatus } from './run-statuses.js';
import type { ErrorEnvelope, StepRunStatus } from './run.js';

/** A write of a run's `workflow_runs` row: an absent field leaves its column as it is. */
export interface MarkRunInput {
  runId: string;
  status: RunStatus;
  currentStepId?: string | null;
  failedStepId?: string | null;
  error?: ErrorEnvelope | null;
  variables?: Record<string, unknown>;
}

/** A step's `step_runs` row as the step starts or starts waiting, keyed by run, sequence and attempt. */
export interface StartStepInput {
  runId: string;
  sequence: number;
  attempt: number;
  stepId: string;
  stepName: string;
  stepType: string;
  status: Extract<StepRunStatus, 'running' | 'waiting'>;
  input?: unknown;
}

/** A step's `step_runs` row as the step ends. */
export interface FinishStepInput {
  runId: string;
  sequence: number;
  attempt: number;
  status: Extract<StepRunStatus, 'completed' | 'failed' | 'skipped' | 'cancelled'>;
  outcome?: string;
  output?: unknown;
  error?: ErrorEnvelope;
}

/**
 * One write of a run's projection (its `workflow_runs` and `step_runs` rows): sent by the workflow,
 * applied by the projection activities.
 */
export type ProjectionWrite =
  | ({ kind: 'run' } & MarkRunInput)
  | ({ kind: 'startStep' } & StartStepInput)
  | ({ kind: 'finishStep' } & FinishStepInput);
