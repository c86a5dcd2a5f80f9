import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { User } from '../../src/db/generated/client.js';
import { connectSuiteTemporal } from '../support/app.js';
import { useRunStack } from '../support/run-stack.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { createUserWithToken } from '../support/users.js';
import { createActive, definition, end, start, step } from '../support/workflows.js';

// Values no other text of a run could contain by chance.
const PASSWORD = 'Pw-4f1b9c-secret';
const PIN = '81937264';
const OTP = 'otp-7c2e55d0';

const stack = useRunStack({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' } });
let admin: string;
let adminUser: User;
let echo: http.Server;
const received: string[] = [];
const db = () => stack.database.db;

beforeAll(async () => {
  echo = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push(body);
      response.writeHead(200, { 'content-type': 'application/json' });
      // Echoes what it got under a key no name-based redaction recognises.
      response.end(JSON.stringify({ youSent: body }));
    });
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  ({ token: admin, user: adminUser } = await createUserWithToken(db(), ['admin']));
  const created = await stack.api.request('POST', '/api/connectors', {
    token: admin,
    body: {
      name: 'secret-echo',
      type: 'http',
      config: { baseUrl: `http://127.0.0.1:${(echo.address() as AddressInfo).port}` },
    },
  });
  if (created.status !== 201) throw new Error(`connector: ${created.status} ${created.text}`);
});

afterAll(async () => {
  echo.closeAllConnections();
  await new Promise((resolve) => echo.close(resolve));
});

const secretFlow = (name: string) =>
  definition(
    name,
    [
      start('call'),
      step(
        'call',
        'connector',
        {
          connector: 'secret-echo',
          command: 'request',
          parameters: {
            method: 'POST',
            url: '/set',
            body: { password: '{{newPassword}}', text: 'pin={{pin}}', note: '{{note}}' },
          },
          outputVariable: 'echoed',
        },
        { success: 'ask' },
      ),
      step(
        'ask',
        'task',
        { assignee: adminUser.id, title: 'Enrol', fields: [{ name: 'otpSecret', type: 'string', required: true }] },
        { success: 'tell' },
      ),
      step('tell', 'notification', { recipientId: adminUser.id, message: 'Your PIN is {{pin}}' }, { success: 'end' }),
      end(),
    ],
    {
      variables: [
        { name: 'newPassword', type: 'string', required: true },
        { name: 'pin', type: 'string', required: true, secret: true },
        { name: 'note', type: 'string', required: true },
      ],
    },
  );

/** Every payload of the run's Temporal history, decoded, as one text. */
async function historyText(workflowId: string): Promise<string> {
  const temporal = await connectSuiteTemporal();
  try {
    const history = await temporal.client.workflow.getHandle(workflowId).fetchHistory();
    return JSON.stringify(history, (_key, value: unknown) => {
      if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
      const buffer = value as { type?: string; data?: number[] } | null;
      if (buffer?.type === 'Buffer' && Array.isArray(buffer.data)) return Buffer.from(buffer.data).toString('utf8');
      return value;
    });
  } finally {
    await temporal.close();
  }
}

describe('secret run variables are sealed at start and shown to nobody', () => {
  it('sends the clear values to the connector only; runs, lists, steps, diagnosis, tasks, notifications, audit and history hold none', async () => {
    const workflow = await createActive(stack.api, admin, secretFlow(`secret variables ${Date.now()}`));
    const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
      token: admin,
      body: { variables: { newPassword: PASSWORD, pin: PIN, note: 'hello' } },
    });
    expect(started.status).toBe(201);
    expect(started.body.variables).toEqual({ newPassword: '[REDACTED]', pin: '[REDACTED]', note: 'hello' });
    const runId: string = started.body.id;

    await waitForRun(stack.api, admin, runId, hasStatus('waiting'));
    // The remote got the values themselves, whole and inside text.
    expect(JSON.parse(received.at(-1)!)).toEqual({ password: PASSWORD, text: `pin=${PIN}`, note: 'hello' });
    const task = (await stack.api.request('GET', '/api/tasks', { token: admin })).body.data.find(
      (item: { runId: string }) => item.runId === runId,
    );
    const completed = await stack.api.request('POST', `/api/tasks/${task.id}/complete`, {
      token: admin,
      body: { values: { otpSecret: OTP } },
    });
    expect([completed.status, completed.body.result]).toEqual([200, { otpSecret: '[REDACTED]' }]);
    const finished = await waitForRun(stack.api, admin, runId, hasStatus('completed'));
    expect(finished.variables).toMatchObject({ newPassword: '[REDACTED]', pin: '[REDACTED]', otpSecret: '[REDACTED]' });

    const reads = await Promise.all(
      [
        `/api/runs/${runId}`,
        `/api/runs/${runId}/steps`,
        `/api/runs/${runId}/diagnose`,
        `/api/runs?definitionId=${workflow.id}`,
        '/api/tasks?status=completed',
      ].map((path) => stack.api.request('GET', path, { token: admin })),
    );
    for (const read of reads) expect(read.status).toBe(200);
    const visible = [
      ...reads.map((read) => read.text),
      JSON.stringify(await db().workflowRun.findUniqueOrThrow({ where: { id: runId }, include: { steps: true } })),
      JSON.stringify(await db().task.findMany({ where: { runId } })),
      JSON.stringify(await db().notification.findMany({ where: { runId } })),
      JSON.stringify(await db().auditLog.findMany({})),
      await historyText(started.body.temporalWorkflowId),
    ];
    for (const text of visible) for (const secret of [PASSWORD, PIN, OTP]) expect(text).not.toContain(secret);
    // The echo of the remote, and the notification, show the placeholder where the values were.
    expect(reads[1]!.text).toContain('[REDACTED]');
    expect(JSON.stringify(await db().notification.findMany({ where: { runId } }))).toContain('Your PIN is [REDACTED]');
  });

  it('keeps secrets out of schedules, and seals a secret set by a variables edit', async () => {
    const workflow = await createActive(stack.api, admin, {
      ...definition(`secret schedule ${Date.now()}`, [
        start('wait'),
        step('wait', 'task', { assignee: adminUser.id, title: 'Wait', fields: [] }, { success: 'end' }),
        end(),
      ]),
      trigger: { types: ['manual', 'scheduled'] },
      variables: [{ name: 'apiToken', type: 'string', required: false }],
    });
    const refused = await stack.api.request('POST', '/api/schedules', {
      token: admin,
      body: { workflowId: workflow.id, cronExpression: '@daily', variables: { apiToken: PASSWORD } },
    });
    expect([refused.status, refused.body.message]).toEqual([400, expect.stringContaining('apiToken')]);

    const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
      token: admin,
      body: { variables: {} },
    });
    await waitForRun(stack.api, admin, started.body.id, hasStatus('waiting'));
    const edited = await stack.api.request('PUT', `/api/runs/${started.body.id}`, {
      token: admin,
      body: { variables: { apiToken: PASSWORD } },
    });
    expect([edited.status, edited.body.variables.apiToken]).toEqual([200, '[REDACTED]']);
    const row = await db().workflowRun.findUniqueOrThrow({ where: { id: started.body.id } });
    expect(JSON.stringify(row.variables)).not.toContain(PASSWORD);
    expect(await historyText(started.body.temporalWorkflowId)).not.toContain(PASSWORD);
    expect((await stack.api.request('POST', `/api/runs/${started.body.id}/cancel`, { token: admin })).status).toBe(200);
  });
});
