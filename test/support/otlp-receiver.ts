import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A span as an OTLP/HTTP exporter sent it, with its attributes flattened to `key → value` (the
 * value as the JSON of its OTLP AnyValue, so nested values are searchable as text).
 */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, string>;
  events: Array<{ name: string; attributes: Record<string, string> }>;
  status: { code?: number; message?: string };
  resource: Record<string, string>;
}

export interface OtlpReceiver {
  /** For OTEL_EXPORTER_OTLP_ENDPOINT: the exporter appends /v1/traces. */
  url: string;
  spans: ReceivedSpan[];
  /** How many export requests arrived. */
  requests: number;
  close(): Promise<void>;
}

interface OtlpKeyValue {
  key: string;
  value: unknown;
}

interface OtlpRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpKeyValue[] };
    scopeSpans?: Array<{
      spans?: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: OtlpKeyValue[];
        events?: Array<{ name: string; attributes?: OtlpKeyValue[] }>;
        status?: { code?: number; message?: string };
      }>;
    }>;
  }>;
}

const flatten = (attributes: OtlpKeyValue[] = []) =>
  Object.fromEntries(attributes.map(({ key, value }) => [key, JSON.stringify(value)]));

const stringValue = (json: string | undefined) =>
  json === undefined ? '' : String((JSON.parse(json) as { stringValue?: string }).stringValue);

/**
 * An OTLP/HTTP trace receiver speaking the JSON encoding (OTEL_EXPORTER_OTLP_PROTOCOL=http/json).
 * It stands in for an OpenTelemetry Collector, Jaeger or Tempo, none of which can be installed
 * here: it answers POST /v1/traces as they do and keeps every span for the test to inspect.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const receiver = { spans, requests: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (
        request.method !== 'POST' ||
        request.url !== '/v1/traces' ||
        !request.headers['content-type']?.includes('json')
      ) {
        response.writeHead(404).end();
        return;
      }
      receiver.requests += 1;
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpRequest;
      for (const resourceSpans of body.resourceSpans ?? []) {
        const resource = flatten(resourceSpans.resource?.attributes);
        for (const scopeSpans of resourceSpans.scopeSpans ?? [])
          for (const span of scopeSpans.spans ?? [])
            spans.push({
              service: stringValue(resource['service.name']),
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId || undefined,
              name: span.name,
              kind: span.kind,
              attributes: flatten(span.attributes),
              events: (span.events ?? []).map((event) => ({ name: event.name, attributes: flatten(event.attributes) })),
              status: span.status ?? {},
              resource,
            });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    get requests() {
      return receiver.requests;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
