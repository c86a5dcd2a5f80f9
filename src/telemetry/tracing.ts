import { activeTracing, setActiveTracing, type Tracing } from './active-tracing.js';
import { tracingRequested } from './settings.js';

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
  const running = activeTracing();
  if (running || !tracingRequested(env)) return running;
  const { startSdk } = await import('./sdk.js');
  const started = startSdk(serviceName, env);
  setActiveTracing(started);
  return started;
}

/** Flushes and stops the SDK, if it was started. */
export async function stopTracing(): Promise<void> {
  const tracing = activeTracing();
  setActiveTracing(undefined);
  await tracing?.shutdown();
}
