import { z } from 'zod';
import type { RunStatus } from './run-statuses.js';
import type { WorkflowDefinitionInput } from './workflow-definition.js';

export const STEP_RUN_STATUSES = ['running', 'waiting', 'completed', 'failed', 'skipped', 'cancelled'] as const;
export type StepRunStatus = (typeof STEP_RUN_STATUSES)[number];

/** What the Temporal workflow of a run is started with: everything it needs, frozen at start. */
export interface RunWorkflowInput {
  runId: string;
  definitionId: string;
  /** The definition snapshot: later edits of the definition never reach a run in flight. */
  definition: WorkflowDefinitionInput;
  variables: Record<string, unknown>;
  startedBy: string | null;
  subject: string | null;
}

export interface RunWorkflowResult {
  status: Extract<RunStatus, 'completed' | 'cancelled'>;
  variables: Record<string, unknown>;
}

/**
 * The error code of a run the interpreter gave up on (an internal error, not a step failure): its
 * execution has ended, so it cannot be retried or skipped.
 */
export const RUN_ABANDONED_CODE = 'internal_error';

/**
 * The error code of a run stopped in an endless loop: it came back to a step without waiting for
 * anything in between, so it would go round for ever. Its execution has ended.
 */
export const ENDLESS_LOOP_CODE = 'endless_loop';

/**
 * The failure type of a projection write refused because the run was cancelled before its
 * execution started (a pending run cancelled in the database while its start was on the way):
 * the execution then ends without running a step (docs/runs.md, "Starting a run").
 */
export const RUN_CANCELLED_BEFORE_START = 'RunCancelledBeforeStart';

/**
 * The failure type of a projection write refused because the run has no row: it was withdrawn
 * when its start was reported failed, and the start had landed after all. The execution then
 * ends without running a step, like one cancelled before it started (docs/runs.md).
 */
export const RUN_WITHDRAWN = 'RunWithdrawn';

/** The error code of a run whose Temporal execution ended outside the service (terminated, say). */
export const EXECUTION_ENDED_CODE = 'execution_ended';

/** A failure recorded on a step or a run. */
export interface ErrorEnvelope {
  message: string;
  code?: string;
  /** For an internal error: the id its details are logged under in the worker's log. */
  reference?: string;
}

/** A recorded failure as the API answers it. */
export const errorEnvelopeSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  reference: z
    .string()
    .optional()
    .describe("For an internal error: the id its details are logged under in the worker's log"),
});

/**
 * The most a step's activity input or result may weigh (its JSON in UTF-8). Temporal refuses
 * payloads over 2 MiB by default: a workflow task scheduling a larger input would fail at every
 * try, holding the run, and a larger result would fail its activity at every retry. Kept a little
 * under, for the payload's framing. A step over it fails with PAYLOAD_TOO_LARGE_CODE instead.
 */
export const MAX_STEP_PAYLOAD_BYTES = 2_000_000;
export const PAYLOAD_TOO_LARGE_CODE = 'payload_too_large';
