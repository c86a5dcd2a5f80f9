import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_STEP_PAYLOAD_BYTES, PAYLOAD_TOO_LARGE_CODE } from '../../src/domain/run.js';
import { useRunStack } from '../support/run-stack.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { createUserWithToken } from '../support/users.js';
import { createActive, createHttpCallWorkflow, definition, end, start, step } from '../support/workflows.js';

// Temporal refuses payloads over 2 MiB. A step whose input or result would be larger fails with
// payload_too_large instead of failing its workflow task or activity at every try (docs/runs.md).

const stack = useRunStack({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' } });
let admin: string;
let adminId: string;
let remote: http.Server;

beforeAll(async () => {
  ({
    token: admin,
    user: { id: adminId },
  } = await createUserWithToken(stack.database.db, ['admin']));
  // 400,000 control characters: 400 KB as sent, 2.4 MB as JSON (each one is escaped as \u0001).
  remote = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'text/plain' }).end('\u0001'.repeat(400_000)));
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  remote.closeAllConnections();
  await new Promise((resolve) => remote.close(resolve));
});

async function startRun(workflowId: string, variables: Record<string, unknown>) {
  const started = await stack.api.request('POST', `/api/workflows/${workflowId}/start`, {
    token: admin,
    body: { variables },
  });
  expect(started.status).toBe(201);
  return waitForRun(stack.api, admin, started.body.id, hasStatus('failed'));
}

describe(`a step whose activity payload would pass ${MAX_STEP_PAYLOAD_BYTES} bytes`, () => {
  it('fails with payload_too_large when its input is too large, and diagnosis suggests no retry', async () => {
    const workflow = await createActive(
      stack.api,
      admin,
      definition(
        `large input ${Date.now()}`,
        [
          start('tell'),
          step(
            'tell',
            'notification',
            { recipientId: adminId, message: '{{text}}{{text}}{{text}}' },
            { success: 'end' },
          ),
          end(),
        ],
        { variables: [{ name: 'text', type: 'string', required: true }] },
      ),
    );
    const failed = await startRun(workflow.id, { text: 'x'.repeat(700_000) });
    expect(failed).toEqual(
      expect.objectContaining({
        failedStepId: 'tell',
        error: {
          code: PAYLOAD_TOO_LARGE_CODE,
          message: expect.stringMatching(/^The input of sendNotification is \d+ bytes/),
        },
      }),
    );
    expect(await stack.database.db.notification.count({ where: { runId: failed.id } })).toBe(0);
    const diagnosis = (await stack.api.request('GET', `/api/runs/${failed.id}/diagnose`, { token: admin })).body;
    expect(diagnosis.suggestedActions.map((action: { action: string }) => action.action)).toEqual([
      'fix_workflow',
      'skip',
    ]);
  });

  it('fails a connector step with payload_too_large when the answer is too large to pass on', async () => {
    const workflow = await createHttpCallWorkflow(stack.api, admin, {
      name: `large answer ${Date.now()}`,
      connector: 'large-answers',
      baseUrl: `http://127.0.0.1:${(remote.address() as AddressInfo).port}`,
      path: '/answer',
    });
    const failed = await startRun(workflow.id, {});
    expect(failed).toEqual(
      expect.objectContaining({
        failedStepId: 'call',
        error: {
          code: PAYLOAD_TOO_LARGE_CODE,
          message: expect.stringMatching(/^The answer of large-answers\.request is \d+ bytes/),
        },
      }),
    );
  });
});
