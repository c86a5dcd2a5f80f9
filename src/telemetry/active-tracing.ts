import type { ClientInterceptors } from '@temporalio/client';
import type { WorkerInterceptors, WorkerOptions } from '@temporalio/worker';

// The tracing a process started, apart from how it is started: the helpers that ask whether the
// process traces (spans.ts, the API, the Temporal client) import this, not the SDK's setup.

/** What a process that traces hands to Temporal, and how it flushes at the end. */
export interface Tracing {
  /** For every Temporal client: starting, signalling or updating a workflow carries the trace on. */
  temporalClientInterceptors: ClientInterceptors;
  /** For the worker: activity spans with the ids they work on. */
  activityInterceptors: NonNullable<WorkerInterceptors['activity']>;
  /**
   * The sink the workflow interceptors' spans leave the sandbox by (their module is in the
   * workflow bundle: workers/workflow-code.ts).
   */
  workerSinks: NonNullable<WorkerOptions['sinks']>;
  /** Exports what is buffered and stops. */
  shutdown(): Promise<void>;
}

let active: Tracing | undefined;

/** Set by startTracing and stopTracing only. */
export function setActiveTracing(tracing: Tracing | undefined): void {
  active = tracing;
}

/** The tracing this process started, if any. */
export const activeTracing = (): Tracing | undefined => active;

export const isTracing = (): boolean => active !== undefined;
