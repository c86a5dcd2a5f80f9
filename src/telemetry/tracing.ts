import type { ClientInterceptors } from '@temporalio/client';
import type { WorkerInterceptors, WorkerOptions } from '@temporalio/worker';
import { tracingRequested } from './settings.js';

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

/** The tracing this process started, if any. */
export const activeTracing = (): Tracing | undefined => active;

export const isTracing = (): boolean => active !== undefined;

/**
 * Starts the OpenTelemetry SDK when the OTEL_* variables ask for traces, before the entry point
 * opens any connection or server (docs/observability.md, "Traces", says why that is early enough
 * for ESM). Otherwise nothing is imported and every helper of this folder does nothing.
 * `serviceName` is used when OTEL_SERVICE_NAME is not set.
 */
export async function startTracing(
  serviceName: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Tracing | undefined> {
  if (active || !tracingRequested(env)) return active;
  const { startSdk } = await import('./sdk.js');
  active = startSdk(serviceName, env);
  return active;
}

/** Flushes and stops the SDK, if it was started. */
export async function stopTracing(): Promise<void> {
  const tracing = active;
  active = undefined;
  await tracing?.shutdown();
}
