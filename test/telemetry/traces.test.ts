import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { runWorkflowId } from '../../src/temporal/messages.js';
import { connectSuiteTemporal } from '../support/app.js';
import { stackValue } from '../support/stack.js';
import { freePort } from '../../scripts/local/free-port.js';
import { useTestApp } from '../support/app.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver.js';
import { pollUntil } from '../support/poll.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { createUserWithToken } from '../support/users.js';
import { serviceProcesses } from '../support/worker-process.js';
import { createActive, definition, end, start, step } from '../support/workflows.js';

// The real API and worker entry points in child processes, configured by the standard OTEL_*
// variables only, export to a local OTLP/HTTP receiver (test/support/otlp-receiver.ts) that
// stands in for a collector.

// Values no span could hold by chance: a secret run variable, the connector's bearer token, an
// email address in a variable, and the API token of the caller.
const PIN = 'pin-93c1e7a0-secret';
const CONNECTOR_TOKEN = 'bearer-5d02f9b4-secret';
const OWNER_EMAIL = 'owner.traces@example.test';
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;

const taskQueue = `traces-${randomUUID()}`;
const allowLoopback = { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' };
const context = useTestApp({ env: { TEMPORAL_TASK_QUEUE: taskQueue, ...allowLoopback } });
let receiver: OtlpReceiver;
let echo: http.Server;
let echoUrl: string;
const echoed: http.IncomingHttpHeaders[] = [];

const traced = serviceProcesses({
  databaseUrl: () => context.database.url,
  taskQueue,
  env: {
    ...allowLoopback,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    // Export within a tenth of a second instead of five, so the test waits less.
    OTEL_BSP_SCHEDULE_DELAY: '100',
  },
});
const untraced = serviceProcesses({
  databaseUrl: () => context.database.url,
  taskQueue: `untraced-${randomUUID()}`,
  // As if the operator set none: an empty variable is no setting.
  env: { ...allowLoopback, OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_TRACES_EXPORTER: '' },
});

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  echo = http.createServer((request, response) => {
    echoed.push(request.headers);
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
});

afterAll(async () => {
  traced.killAll();
  untraced.killAll();
  echo?.closeAllConnections();
  await new Promise((resolve) => echo?.close(resolve));
  await receiver?.close();
});

/** Every text a span carries out of the process: name, attributes, events, status and resource. */
const textsOf = (span: ReceivedSpan) => [
  span.name,
  ...Object.entries(span.attributes).flat(),
  ...span.events.flatMap((event) => [event.name, ...Object.entries(event.attributes).flat()]),
  span.status.message ?? '',
  ...Object.entries(span.resource).flat(),
];

/** The names from `span` up to the root of its trace, as far as the receiver has them. */
function ancestry(spans: ReceivedSpan[], span: ReceivedSpan): string[] {
  const byId = new Map(spans.map((each) => [each.spanId, each]));
  const names: string[] = [];
  for (let at: ReceivedSpan | undefined = span; at; at = at.parentSpanId ? byId.get(at.parentSpanId) : undefined)
    names.push(`${at.service} ${at.name}`);
  return names;
}

describe('a run is one trace from the HTTP request to the connector call', () => {
  it('links the API request, the Temporal start, the workflow, the activity and the outbound request, and no span carries a value', async () => {
    // Set here: the receiver's port is known only now.
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url };
    const port = await freePort();
    const [worker] = await Promise.all([traced.startWorker(env), startApi(traced, port, env)]);
    expect(worker).toBeDefined();
    const { token } = await createUserWithToken(context.database.db, ['admin']);
    const connector = await context.api.request('POST', '/api/connectors', {
      token,
      body: { name: 'traced-echo', type: 'http', config: { baseUrl: echoUrl, bearerToken: CONNECTOR_TOKEN } },
    });
    expect(connector.status).toBe(201);
    const workflow = await createActive(
      context.api,
      token,
      definition(
        `traced ${randomUUID()}`,
        [
          start('call'),
          step(
            'call',
            'connector',
            {
              connector: 'traced-echo',
              command: 'request',
              // The secret in the query string and the body, the email in a header and the body.
              parameters: {
                method: 'POST',
                url: '/accounts',
                query: { pin: '{{pin}}' },
                headers: { 'x-owner': '{{owner}}' },
                body: { pin: '{{pin}}', owner: '{{owner}}' },
              },
            },
            { success: 'end' },
          ),
          end(),
        ],
        {
          variables: [
            { name: 'pin', type: 'string', required: true, secret: true },
            { name: 'owner', type: 'string', required: true },
          ],
        },
      ),
    );

    const requestId = `traces-${randomUUID()}`;
    const started = await fetch(`http://127.0.0.1:${port}/api/workflows/${workflow.id}/start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({ variables: { pin: PIN, owner: OWNER_EMAIL } }),
    });
    expect(started.status).toBe(201);
    const run = (await started.json()) as { id: string };
    await waitForRun(context.api, token, run.id, hasStatus('completed'));

    const outbound = (spans: ReceivedSpan[]) =>
      spans.find(
        (span) =>
          span.service === 'flowgate-worker' &&
          span.kind === 3 &&
          span.attributes['net.peer.port'] === JSON.stringify({ intValue: Number(new URL(echoUrl).port) }),
      );
    const chainOf = (spans: ReceivedSpan[]) => {
      const call = outbound(spans);
      return call ? ancestry(spans, call) : [];
    };
    // The workflow's span is exported when the workflow ends; the API's within a batch delay.
    const chain = await pollUntil(
      async () => chainOf(receiver.spans),
      (names) => names.at(-1) === 'flowgate-api POST /api/workflows/:id/start',
      { timeoutMs: 20_000, intervalMs: 200 },
    );
    expect(chain).toEqual([
      'flowgate-worker POST',
      expect.stringMatching(/^flowgate-worker RunActivity:/),
      expect.stringMatching(/^flowgate-worker StartActivity:/),
      expect.stringMatching(/^flowgate-worker RunWorkflow:/),
      expect.stringMatching(/^flowgate-api StartWorkflow:/),
      'flowgate-api POST /api/workflows/:id/start',
    ]);
    const call = outbound(receiver.spans)!;
    const trace = receiver.spans.filter((span) => span.traceId === call.traceId);
    // The connector's request carried the trace on to the remote system.
    expect(echoed.at(-1)?.traceparent).toContain(call.traceId);

    // Identifiers only: the request, the run and its step, the workflow definition.
    const root = trace.find((span) => span.name === 'POST /api/workflows/:id/start')!;
    expect(root.attributes['flowgate.request_id']).toBe(JSON.stringify({ stringValue: requestId }));
    expect(root.attributes['flowgate.resource_id']).toBe(JSON.stringify({ stringValue: workflow.id }));
    expect(root.attributes['http.route']).toBe(JSON.stringify({ stringValue: '/api/workflows/:id/start' }));
    const activity = trace.find((span) => span.spanId === call.parentSpanId)!;
    expect(activity.attributes).toMatchObject({
      'flowgate.run_id': JSON.stringify({ stringValue: run.id }),
      'flowgate.step_id': JSON.stringify({ stringValue: 'call' }),
    });
    // The database work of the request and the activity is in the trace, its statements parameterized.
    const statements = trace.filter((span) => span.attributes['db.statement'] !== undefined);
    expect(new Set(statements.map((span) => span.service))).toEqual(new Set(['flowgate-api', 'flowgate-worker']));

    // Every attribute of every span any process sent, not only this trace's.
    const leaks = receiver.spans.flatMap((span) =>
      textsOf(span)
        .filter(
          (text) =>
            text.includes(PIN) ||
            text.includes(CONNECTOR_TOKEN) ||
            text.includes(token) ||
            text.includes(OWNER_EMAIL) ||
            EMAIL.test(text),
        )
        .map((text) => `${span.service} ${span.name}: ${text}`),
    );
    expect(leaks).toEqual([]);
    // Nor the URL's query string or the raw request path: only templates and hosts.
    const urls = receiver.spans.flatMap((span) =>
      Object.entries(span.attributes).filter(([, value]) => value.includes('?') || value.includes('/accounts')),
    );
    expect(urls).toEqual([]);

    // Switching tracing off again is safe: the traced run's history replays on a worker that does not trace.
    Runtime.install({ logger: new DefaultLogger('WARN'), shutdownSignals: [] });
    const temporal = await connectSuiteTemporal();
    try {
      const history = await temporal.client.workflow.getHandle(runWorkflowId(run.id)).fetchHistory();
      await expect(
        Worker.runReplayHistory({ workflowBundle: { codePath: stackValue('workflowBundle') } }, history),
      ).resolves.toBeUndefined();
    } finally {
      await temporal.close();
    }
  });
});

describe('without an OTEL_* endpoint or exporter nothing is traced', () => {
  it('starts no SDK: no span is exported, no instrumentation adds trace headers to outbound requests', async () => {
    const port = await freePort();
    const output: string[] = [];
    const api = await startApi(untraced, port, {}, output);
    expect(api.exitCode).toBeNull();
    const { token } = await createUserWithToken(context.database.db, ['admin']);
    const connector = await context.api.request('POST', '/api/connectors', {
      token,
      body: { name: `untraced-echo-${randomUUID().slice(0, 8)}`, type: 'http', config: { baseUrl: echoUrl } },
    });
    expect(connector.status).toBe(201);
    const exportsBefore = receiver.requests;
    const requestsBefore = echoed.length;

    // A connection test: the API process itself calls the echo server while answering.
    const tested = await fetch(`http://127.0.0.1:${port}/api/connectors/${connector.body.id}/test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(tested.status).toBe(200);
    expect(echoed.length).toBeGreaterThan(requestsBefore);
    expect(echoed.slice(requestsBefore).map((headers) => headers.traceparent)).toEqual(
      echoed.slice(requestsBefore).map(() => undefined),
    );
    // Longer than the batch delay the traced processes use.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.requests).toBe(exportsBefore);
    expect(output.join('')).not.toContain('tracing to the OTEL_* exporter');
  });
});

/** An API process of `processes` on `port`, with `env` on top; its output goes into `output`. */
function startApi(
  processes: ReturnType<typeof serviceProcesses>,
  port: number,
  env: NodeJS.ProcessEnv,
  output: string[] = [],
): Promise<ChildProcess> {
  return processes.startApi(port, env, (chunk) => output.push(chunk.toString()));
}
