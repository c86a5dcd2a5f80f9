import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WorkflowDefinitionInput } from '../../src/domain/workflow-definition.js';
import { useRunStack } from '../support/run-stack.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { createUserWithToken } from '../support/users.js';
import { createActive } from '../support/workflows.js';

// A remote that reflects everything it received, in the forms secrets travel in, under keys that
// no name-based redaction would recognise.
const API_KEY = 'fg-key/Echo+1=ok';
const PASSWORD = 'pw:very/secret+2';
const USERNAME = 'svc-flowgate';
const HEADER_SECRET = 'hdr secret&3';
const base64 = (text: string) => Buffer.from(text).toString('base64');
const FORMS = [
  API_KEY,
  encodeURIComponent(API_KEY),
  base64(API_KEY),
  PASSWORD,
  encodeURIComponent(PASSWORD),
  base64(`${USERNAME}:${PASSWORD}`),
  HEADER_SECRET,
  encodeURIComponent(HEADER_SECRET),
  base64(HEADER_SECRET),
];

const stack = useRunStack({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' } });
let admin: string;
let echo: http.Server;
let echoUrl: string;
const received: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  echo = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push(request.headers);
      const values = Object.values(request.headers).map(String);
      const status = request.url === '/fail' ? 500 : 200;
      response.writeHead(status, {
        'content-type': 'application/json',
        'x-echo-a': String(request.headers['x-api-key']),
        'x-echo-b': String(request.headers.authorization),
      });
      response.end(
        JSON.stringify({
          values,
          encoded: values.map(encodeURIComponent),
          base64: values.map(base64),
          nested: [{ note: `you sent ${String(request.headers['x-tenant'])} to me` }],
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
  const created = await stack.api.request('POST', '/api/connectors', {
    token: admin,
    body: {
      name: 'echo',
      type: 'http',
      config: { baseUrl: echoUrl },
      secrets: {
        apiKey: API_KEY,
        basicAuth: { username: USERNAME, password: PASSWORD },
        headers: { 'X-Tenant': HEADER_SECRET },
      },
    },
  });
  if (created.status !== 201) throw new Error(`connector: ${created.status} ${created.text}`);
});

afterAll(async () => {
  echo.closeAllConnections();
  await new Promise((resolve) => echo.close(resolve));
});

function echoWorkflow(path: string): WorkflowDefinitionInput {
  return {
    name: `echo ${path} ${Date.now()}`,
    description: '',
    category: 'general',
    trigger: { types: ['manual'] },
    variables: [],
    steps: [
      { id: 'start', name: 'start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'call' }] },
      {
        id: 'call',
        name: 'call',
        type: 'connector',
        config: {
          connector: 'echo',
          command: 'request',
          parameters: { method: 'POST', url: path, body: { hello: 'world' } },
          outputVariable: 'echoed',
        },
        transitions: [{ on: 'success', goto: 'end' }],
      },
      { id: 'end', name: 'end', type: 'end', config: {}, transitions: [] },
    ],
    onError: 'stop',
    debugLogging: false,
  };
}

/** Runs the workflow to `status` and returns what the three run read routes answer, as text. */
async function runOutputs(path: string, status: string) {
  const workflow = await createActive(stack.api, admin, echoWorkflow(path));
  const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
    token: admin,
    body: { variables: {} },
  });
  expect(started.status).toBe(201);
  await waitForRun(stack.api, admin, started.body.id, hasStatus(status));
  const routes = ['', '/steps', '/diagnose'].map((suffix) => `/api/runs/${started.body.id}${suffix}`);
  const responses = await Promise.all(routes.map((route) => stack.api.request('GET', route, { token: admin })));
  for (const response of responses) expect(response.status).toBe(200);
  return responses.map((response) => response.text);
}

describe('connector secrets echoed by the remote never reach run output', () => {
  it('a successful step: run, steps and diagnosis show no form of any secret', async () => {
    const outputs = await runOutputs('/ok', 'completed');
    // The remote did get the credentials, and the step output did hold its echo.
    expect(received.at(-1)).toEqual(
      expect.objectContaining({ 'x-api-key': API_KEY, 'x-tenant': HEADER_SECRET, authorization: expect.any(String) }),
    );
    expect(outputs[1]).toContain('[REDACTED]');
    expect(outputs[1]).toContain('you sent [REDACTED] to me');
    for (const text of outputs) for (const form of FORMS) expect(text).not.toContain(form);
  });

  it('a failed step: the error data and the failure analysis show no form of any secret', async () => {
    const outputs = await runOutputs('/fail', 'failed');
    expect(outputs[2]).toContain('http_status');
    for (const text of outputs) for (const form of FORMS) expect(text).not.toContain(form);
  });
});
