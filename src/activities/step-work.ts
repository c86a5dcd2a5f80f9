import { withHeartbeat } from './heartbeat.js';
import type { ProjectionWrite } from '../domain/run-projection.js';

/**
 * What a step-work activity's input may carry besides its own: the projection writes the run
 * interpreter gathered before the step (workflows/run-activities.ts, `carryingProjection`).
 */
export interface CarriedProjection {
  projection?: ProjectionWrite[];
}

type StepActivity = (input: never) => Promise<unknown>;

/** Activities as the interpreter calls them: each input may carry projection writes. */
export type StepWorkActivities<T extends Record<string, StepActivity>> = {
  [K in keyof T]: (input: Parameters<T[K]>[0] & CarriedProjection) => ReturnType<T[K]>;
};

/**
 * The work of the run steps as activities. Each one heartbeats while it runs: with a heartbeat
 * timeout on their proxy, an activity whose worker died is retried elsewhere after that timeout,
 * not its whole start-to-close timeout. And each first stores the projection writes its input
 * carries, so the step finds its row and the writes before it stored, as if a local activity had
 * stored them before the step was scheduled; the writes are idempotent upserts, so a retried
 * attempt stores them again harmlessly.
 */
export function stepWorkActivities<T extends Record<string, StepActivity>>(
  activities: T,
  storeProjection: (input: { writes: ProjectionWrite[] }) => Promise<void>,
): StepWorkActivities<T> {
  return Object.fromEntries(
    Object.entries(activities).map(([name, activity]) => [
      name,
      (input: CarriedProjection) =>
        withHeartbeat(async () => {
          const { projection, ...own } = input;
          if (projection?.length) await storeProjection({ writes: projection });
          return activity(own as never);
        }),
    ]),
  ) as unknown as StepWorkActivities<T>;
}
