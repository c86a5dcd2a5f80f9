import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { sanitizeAttributes } from './span-policy.js';

/**
 * The span as exporters may see it: attributes reduced to span-policy.ts's list, events and links
 * likewise, and no status message (error messages quote what failed, values included; the logs
 * keep them, under the request id or run id the span carries).
 */
export function sanitizeSpan(span: ReadableSpan): ReadableSpan {
  return {
    name: span.name,
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanId: span.parentSpanId,
    startTime: span.startTime,
    endTime: span.endTime,
    status: { code: span.status.code },
    attributes: sanitizeAttributes(span.attributes),
    links: span.links.map((link) => ({ ...link, attributes: sanitizeAttributes(link.attributes) })),
    events: span.events.map((event) => ({ ...event, attributes: sanitizeAttributes(event.attributes) })),
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationLibrary: span.instrumentationLibrary,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

/**
 * Hands every ended span, sanitized, to the processors that export it. The SDK's spans and the
 * spans workflows send through the worker's sink both go through one instance.
 */
export class SanitizingSpanProcessor implements SpanProcessor {
  constructor(private readonly exporting: SpanProcessor[]) {}

  onStart(span: Span, parentContext: Context): void {
    for (const processor of this.exporting) processor.onStart(span, parentContext);
  }

  onEnd(span: ReadableSpan): void {
    const sanitized = sanitizeSpan(span);
    for (const processor of this.exporting) processor.onEnd(sanitized);
  }

  async forceFlush(): Promise<void> {
    await Promise.all(this.exporting.map((processor) => processor.forceFlush()));
  }

  async shutdown(): Promise<void> {
    await Promise.all(this.exporting.map((processor) => processor.shutdown()));
  }
}
