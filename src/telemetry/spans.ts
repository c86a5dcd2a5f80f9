import { trace, SpanKind, SpanStatusCode, type Attributes } from '@opentelemetry/api';
import { isTracing } from './active-tracing.js';

// Spans the service opens itself (LDAP operations, the names of requests); the SDK's instrumentations
// and Temporal's interceptors open the others.
const tracer = () => trace.getTracer('flowgate');

/**
 * Adds identifying attributes (`flowgate.*`, ids only: span-policy.ts drops anything else) to the
 * span in progress: the request's, or the activity's.
 */
export function annotateSpan(attributes: Attributes): void {
  if (isTracing()) trace.getActiveSpan()?.setAttributes(attributes);
}

/** `work` inside a client span named `name`; just `work` when tracing is off. */
export async function inClientSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  if (!isTracing()) return work();
  return tracer().startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.recordException(error instanceof Error ? error : String(error));
      throw error;
    } finally {
      span.end();
    }
  });
}
