import type { IncomingMessage } from 'node:http';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { envDetectorSync, hostDetectorSync, detectResourcesSync, Resource } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
// The SDK's own reading of OTEL_TRACES_EXPORTER and OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL, so every
// exporter and protocol it documents works; the processors it builds are wrapped, not replaced.
import { getSpanProcessorsFromEnv } from '@opentelemetry/sdk-node/build/src/utils.js';
import {
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryWorkflowClientInterceptor,
  makeWorkflowExporter,
} from '@temporalio/interceptors-opentelemetry';
import { IdentifyingActivityInterceptor } from './activity-attributes.js';
import { SanitizingSpanProcessor } from './sanitizing-span-processor.js';
import type { Tracing } from './active-tracing.js';

/**
 * Requests worth a trace: the API and SCIM. Health probes and metric scrapes come every few seconds
 * and the console's files with every page; they would bury the requests that do something.
 */
function untracedRequest(request: IncomingMessage): boolean {
  const path = (request.url ?? '').split('?')[0]!;
  return !/^\/(api|scim)\//.test(path) || path.startsWith('/api/health');
}

function serviceResource(serviceName: string, env: NodeJS.ProcessEnv): Resource {
  // Environment (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES) and host only: the process detector
  // would export the command line, which is the operator's business.
  const detected = detectResourcesSync({ detectors: [envDetectorSync, hostDetectorSync] });
  const named = Boolean(env.OTEL_SERVICE_NAME) || /(^|,)\s*service\.name=/.test(env.OTEL_RESOURCE_ATTRIBUTES ?? '');
  return named ? detected : detected.merge(new Resource({ 'service.name': serviceName }));
}

/** Starts the SDK with the instrumentations and builds what Temporal's clients and worker need. */
export function startSdk(serviceName: string, env: NodeJS.ProcessEnv): Tracing {
  const resource = serviceResource(serviceName, env);
  const processor = new SanitizingSpanProcessor(getSpanProcessorsFromEnv());
  const instrumentations = [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: untracedRequest,
      // Calls made outside any request or activity (the OTLP export itself, timers) start no trace.
      requireParentforOutgoingSpans: true,
      // No headersToSpanAttributes: no header, Authorization or Cookie included, is ever recorded.
    }),
    new UndiciInstrumentation({ requireParentforSpans: true }),
    // Statements are parameterized; with enhancedDatabaseReporting off the values are never recorded.
    new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
  ];
  const sdk = new NodeSDK({
    resource,
    autoDetectResources: false,
    spanProcessors: [processor],
    // No logs or metrics through OpenTelemetry: the logs are pino's, the metrics prom-client's.
    logRecordProcessors: [],
    instrumentations,
  });
  sdk.start();
  // The instrumentations patch when a module is required. The service is ESM and loaded `pg` (through
  // Prisma's adapter) and node:http before this ran: requiring them here patches the prototypes
  // every pool, client and server shares (pg's Client.prototype.query, http.Server.prototype.emit)
  // and the exports objects of node:http(s), whose ESM named exports are then synced.
  const require = createRequire(import.meta.url);
  require('http');
  require('https');
  require('pg');
  syncBuiltinESMExports();

  return {
    temporalClientInterceptors: { workflow: [new OpenTelemetryWorkflowClientInterceptor()] },
    // Temporal's span first, so the ids land on it.
    activityInterceptors: [
      (ctx) => ({ inbound: new OpenTelemetryActivityInboundInterceptor(ctx) }),
      () => ({ inbound: new IdentifyingActivityInterceptor() }),
    ],
    // The workflow spans go through the same sanitizing processor, with the resource the SDK's spans carry.
    workerSinks: { exporter: makeWorkflowExporter(processor, Resource.default().merge(resource)) },
    async shutdown() {
      await sdk.shutdown();
      // Unpatched again, so a process that goes on (a test's) makes no more spans nor trace headers.
      for (const instrumentation of instrumentations) instrumentation.disable();
      syncBuiltinESMExports();
    },
  };
}
