import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { AccountReconciliationActivities } from '../activities/account-reconciliation.js';
import type { PeopleConfirmationActivities } from '../activities/people-confirmations.js';
import type { PeopleStepActivities } from '../activities/people-steps.js';
import type { RunProjectionActivities } from '../activities/run-projection.js';
import type { RunStepActivities } from '../activities/run-steps.js';
import type { StepWorkActivities } from '../activities/step-work.js';
import { MAX_STEP_PAYLOAD_BYTES, PAYLOAD_TOO_LARGE_CODE } from '../domain/run.js';
import type { ProjectionWrite } from '../domain/run-projection.js';

/** The retries of the run interpreter's activities; each proxy is typed with only its own activities. */
const retry = { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '30s', maximumAttempts: 10 };

/**
 * The work of the steps: connector calls, notifications, role changes, approvals, tasks and
 * account reconciliation batches. Each
 * heartbeats while it runs (activities/heartbeat.ts), so one whose worker died, in the middle of a
 * connector call or anywhere else, runs again elsewhere after 15 s, not after 2 minutes; a
 * connector call goes with the same idempotency key.
 */
export const stepWork = proxyActivities<
  StepWorkActivities<RunStepActivities & PeopleStepActivities & AccountReconciliationActivities>
>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '15 seconds',
  retry,
});

/**
 * The projection writes (the run and step rows the API reads) are short idempotent database
 * upserts: as local activities they run in this worker without a round trip through the Temporal
 * server per write.
 */
export const projection = proxyLocalActivities<RunProjectionActivities>({ startToCloseTimeout: '30 seconds', retry });

/**
 * The checks of signalled decisions and completions against the database (steps/confirmed-wait.ts):
 * one read each of what is already durable, local like the projection writes, so a decision costs
 * no extra round trip through the Temporal server.
 */
export const confirmations = proxyLocalActivities<PeopleConfirmationActivities>({
  startToCloseTimeout: '30 seconds',
  // Retried until the database answers: giving up would fail the step of a decision already made.
  retry: { ...retry, maximumAttempts: Number.POSITIVE_INFINITY },
});

export type StepWork = typeof stepWork;

/** A step-work input over MAX_STEP_PAYLOAD_BYTES: the step fails with this code, the run goes on by its rules. */
export class StepInputTooLarge extends Error {
  override readonly name = 'StepInputTooLarge';
  readonly code = PAYLOAD_TOO_LARGE_CODE;
}

const utf8 = new TextEncoder();

/** The length of `text` in UTF-8, as Temporal's JSON payload converter encodes it. */
const utf8Length = (text: string): number => utf8.encode(text).byteLength;

/** `work` with every call's input weighed first: one over the limit throws StepInputTooLarge. */
export function withinPayloadLimit(work: StepWork): StepWork {
  return new Proxy(work, {
    get:
      (target, name: keyof StepWork) =>
      async (input: object): Promise<unknown> => {
        const bytes = utf8Length(JSON.stringify(input));
        if (bytes > MAX_STEP_PAYLOAD_BYTES)
          throw new StepInputTooLarge(
            `The input of ${String(name)} is ${bytes} bytes, over the ${MAX_STEP_PAYLOAD_BYTES} Temporal accepts: the run's variables and earlier step outputs (which notification steps carry) are too large`,
          );
        return target[name](input as never);
      },
  });
}

/**
 * The step work whose calls carry the writer's gathered writes, stored by the activity before its
 * own work (activities/step-work.ts): a step that begins with an activity needs no local activity,
 * and no second round of its workflow task, before it is scheduled. A call that fails (the run
 * cancelled before the activity started, say) hands the writes back to the writer, which stores
 * them with its next batch: the upserts are idempotent, so whether the activity stored them first
 * does not matter.
 */
export function carryingProjection(writer: ProjectionWriter, base: StepWork): StepWork {
  return new Proxy(base, {
    get:
      (work, name: keyof StepWork) =>
      async (input: object): Promise<unknown> => {
        const writes = writer.take();
        if (writes.length === 0) return work[name](input as never);
        try {
          return await work[name]({ ...input, projection: writes } as never);
        } catch (error) {
          writer.giveBack(writes);
          throw error;
        }
      },
  });
}

/** How the interpreter writes its projection. */
export interface ProjectionWriter {
  /** Writes at once, or adds the write to the current batch. */
  write(write: ProjectionWrite): Promise<void>;
  /** Stores the current batch; called before every wait (an activity, a timer, a signal) and at the end. */
  flush(): Promise<void>;
  /** Hands the current batch over to a step-work activity that stores it, leaving it empty. */
  take(): ProjectionWrite[];
  /** Puts writes handed over but perhaps not stored back in front of the current batch. */
  giveBack(writes: ProjectionWrite[]): void;
}

/**
 * Gathering (`gather`): the writes of the steps walked through without waiting are stored
 * together, in one local activity and one transaction, before the next wait, so the projection
 * is as current as before at every point where the run waits, for a fraction of the local
 * activities. Without: one local activity per write (executions started before gathering).
 */
export function projectionWriter(gather: boolean): ProjectionWriter {
  if (!gather) {
    return {
      async write(write) {
        if (write.kind === 'run') await projection.markRun(write);
        else if (write.kind === 'startStep') await projection.startStep(write);
        else await projection.finishStep(write);
      },
      async flush() {},
      take: () => [],
      giveBack() {},
    };
  }
  let batch: ProjectionWrite[] = [];
  const take = () => {
    const writes = batch;
    batch = [];
    return writes;
  };
  return {
    async write(write) {
      batch.push(write);
    },
    async flush() {
      const writes = take();
      if (writes.length > 0) await projection.applyProjection({ writes });
    },
    take,
    giveBack(writes) {
      batch = [...writes, ...batch];
    },
  };
}
