import { ApplicationFailure } from '@temporalio/workflow';
import type { ErrorEnvelope } from '../../domain/run.js';
import { STEP_TYPES, type StepConfig, type StepType } from '../../domain/step-types.js';
import type { WorkflowStep } from '../../domain/workflow-definition.js';
import type { StepWork } from '../run-activities.js';
import { interpolateDeep } from '../../engine/interpolation.js';

/** What executing a step produced: the outcome its transitions follow, and what to record. */
export interface StepOutcome {
  outcome: string;
  output?: Record<string, unknown>;
  error?: ErrorEnvelope;
  /** Set for steps that wait for a person. */
  waited?: boolean;
}

/** What a step module sees of its run, and what it may change. */
export interface StepContext {
  runId: string;
  workflowName: string;
  step: WorkflowStep;
  sequence: number;
  attempt: number;
  /** Variables, run facts and earlier step outputs as the step's placeholders and expressions see them. */
  scope: Record<string, unknown>;
  /** The run's variables: a step that produces values (a task, a connector's outputVariable) adds them. */
  variables: Record<string, unknown>;
  /** Decisions and completions received by the run's signal handlers, by approval or task id. */
  decidedApprovals: Map<string, 'approved' | 'rejected'>;
  completedTasks: Map<string, Record<string, unknown>>;
  /** Shows the run as waiting for a person (the loop shows it running again when the step ends). */
  markWaiting(): Promise<void>;
  /** The step-work activities; a call carries the projection writes gathered before it. */
  work: StepWork;
}

/** One step type's behaviour in the run interpreter. */
export interface StepModule<T extends StepType> {
  readonly type: T;
  /** Interpolates the step's config and parses it with the step type's schema, then runs it. */
  execute(context: StepContext): Promise<StepOutcome>;
}

/** The parts of a raw config that are interpolated before parsing; the whole config by default. */
export type Interpolation = (config: Record<string, unknown>, scope: Record<string, unknown>) => unknown;

/** For step types whose config is read as written (a CEL expression sees the scope itself). */
export const asWritten: Interpolation = (config) => config;

/**
 * A step module from its type and its behaviour on a config already interpolated and parsed once
 * with the type's schema. A config the interpolated values make invalid fails the step.
 */
export function defineStep<T extends StepType>(
  type: T,
  behaviour: { interpolate?: Interpolation; run(config: StepConfig<T>, context: StepContext): Promise<StepOutcome> },
): StepModule<T> {
  const schema = STEP_TYPES[type].config;
  const interpolate = behaviour.interpolate ?? interpolateDeep;
  return {
    type,
    async execute(context) {
      const parsed = schema.safeParse(interpolate(context.step.config, context.scope));
      if (!parsed.success) {
        const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'config'}: ${issue.message}`);
        return {
          outcome: 'error',
          error: { message: `Step ${context.step.id} config: ${problems.join('; ')}`, code: 'invalid_config' },
        };
      }
      return behaviour.run(parsed.data as StepConfig<T>, context);
    },
  };
}

/** A failed result of a step-work activity as the step's error outcome. */
export function errorOutcome(
  result: { data?: Record<string, unknown>; error?: string; code?: string; reference?: string },
  fallback: string,
): StepOutcome {
  const error: ErrorEnvelope = { message: result.error ?? fallback, code: result.code };
  if (result.reference) error.reference = result.reference;
  return { outcome: 'error', output: result.data, error };
}

const BROKEN_INVARIANT = 'RunInvariantBroken';

/**
 * A broken invariant of the interpreter: not retried (retrying the workflow task cannot fix it)
 * and not a step failure either; the run is abandoned with the message in its diagnosis.
 */
export function brokenInvariant(message: string): ApplicationFailure {
  return ApplicationFailure.nonRetryable(message, BROKEN_INVARIANT);
}

export function isBrokenInvariant(error: unknown): boolean {
  return error instanceof ApplicationFailure && error.type === BROKEN_INVARIANT;
}
