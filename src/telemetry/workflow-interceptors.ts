import { createRequire } from 'node:module';

/**
 * Temporal's OpenTelemetry workflow interceptors, as a module the workflow bundle includes: it
 * runs in the workflow sandbox and sends its spans out through the worker's `exporter` sink. A
 * worker that traces loads a bundle with it; one that does not, a bundle without.
 */
export const tracingWorkflowModule = (): string =>
  createRequire(import.meta.url).resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors');
