import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { useRunStack } from '../support/run-stack.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { createUserWithToken } from '../support/users.js';
import { createHttpCallWorkflow } from '../support/workflows.js';

// A remote may answer JSON that spells text PostgreSQL cannot store (a NUL character, an unpaired
// surrogate); the step's output keeps the answer with that text replaced, and the run goes on.
const ANSWER = '{"note":"a\\u0000b","half":"x\\ud800y","k\\udc00":["\\u0000"],"pair":"\\ud83d\\ude80"}';

const stack = useRunStack({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' } });
let remote: http.Server;
let admin: string;

beforeAll(async () => {
  remote = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(ANSWER));
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
});

afterAll(async () => {
  remote.closeAllConnections();
  await new Promise((resolve) => remote.close(resolve));
});

describe('a connector answer holding text PostgreSQL cannot store', () => {
  it('completes the run and stores the answer with U+FFFD in place of that text', async () => {
    const workflow = await createHttpCallWorkflow(stack.api, admin, {
      name: 'Unstorable answer',
      connector: 'unstorable',
      baseUrl: `http://127.0.0.1:${(remote.address() as AddressInfo).port}`,
      path: '/answer',
    });
    const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
      token: admin,
      body: { variables: {} },
    });
    expect(started.status).toBe(201);
    await waitForRun(stack.api, admin, started.body.id, hasStatus('completed'));
    const steps = await stack.api.request('GET', `/api/runs/${started.body.id}/steps`, { token: admin });
    const call = (steps.body.steps as Array<{ stepId: string; output: { response: { data: unknown } } }>).find(
      (step) => step.stepId === 'call',
    );
    expect(call?.output.response.data).toEqual(
      expect.objectContaining({
        body: { note: 'a\ufffdb', half: 'x\ufffdy', 'k\ufffd': ['\ufffd'], pair: '🚀' },
      }),
    );
  }, 60_000);
});
