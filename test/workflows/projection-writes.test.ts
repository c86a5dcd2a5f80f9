import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client, Connection } from '@temporalio/client';
import type { WorkflowDefinitionInput } from '../../src/domain/workflow-definition.js';
import { runWorkflowId } from '../../src/temporal/messages.js';
import { useRunStack } from '../support/run-stack.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { stackValue } from '../support/stack.js';
import { createUserWithToken } from '../support/users.js';
import { createActive } from '../support/workflows.js';

// The interpreter gathers the projection writes of the steps it walks through without waiting
// and stores them before the next wait: in one local activity, or carried by the step-work
// activity the next step begins with (docs/runs.md, "Projection writes").

const stack = useRunStack();
let admin: string;
let adminId: string;
let temporal: Client;

beforeAll(async () => {
  const created = await createUserWithToken(stack.database.db, ['admin']);
  admin = created.token;
  adminId = created.user.id;
  temporal = new Client({ connection: await Connection.connect({ address: stackValue('temporalAddress') }) });
});
afterAll(() => temporal.connection.close());

const definition = (recipientId: string): WorkflowDefinitionInput => ({
  name: `gathered writes ${Date.now()}`,
  description: '',
  category: 'general',
  trigger: { types: ['manual'] },
  variables: [{ name: 'amount', type: 'number', required: true }],
  steps: [
    { id: 'start', name: 'start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'check' }] },
    {
      id: 'check',
      name: 'check',
      type: 'condition',
      config: { expression: 'amount > 0' },
      transitions: [
        { on: 'true', goto: 'tell' },
        { on: 'false', goto: 'end' },
      ],
    },
    {
      id: 'tell',
      name: 'tell',
      type: 'notification',
      config: { recipientId, message: 'Amount {{amount}}' },
      transitions: [{ on: 'success', goto: 'end' }],
    },
    { id: 'end', name: 'end', type: 'end', config: {}, transitions: [] },
  ],
  onError: 'stop',
  debugLogging: false,
});

describe('projection writes', () => {
  it('are stored once before each wait and at the end, with every step row as before', async () => {
    const workflow = await createActive(stack.api, admin, definition(adminId));
    const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
      token: admin,
      body: { variables: { amount: 3 } },
    });
    expect(started.status).toBe(201);
    const handle = temporal.workflow.getHandle(runWorkflowId(started.body.id));
    await handle.result();
    const history = await handle.fetchHistory();
    const localActivities = (history.events ?? []).filter(
      (event) => event.markerRecordedEventAttributes?.markerName === 'core_local_activity',
    );
    // After the notification: tell's end, end, completed.
    expect(localActivities).toHaveLength(1);
    // Up to the notification (running, start, check, tell's start): carried by its activity.
    const notification = (history.events ?? []).find(
      (event) => event.activityTaskScheduledEventAttributes?.activityType?.name === 'sendNotification',
    );
    const [payload] = notification!.activityTaskScheduledEventAttributes!.input!.payloads!;
    const input = JSON.parse(Buffer.from(payload!.data!).toString()) as { projection: Array<{ kind: string }> };
    expect(input.projection.map((write) => write.kind)).toEqual([
      'run',
      'startStep',
      'finishStep',
      'startStep',
      'finishStep',
      'startStep',
    ]);

    const finished = await waitForRun(stack.api, admin, started.body.id, hasStatus('completed'));
    expect(
      finished.steps.map((step: { stepId: string; status: string; outcome: string | null }) => [
        step.stepId,
        step.status,
        step.outcome,
      ]),
    ).toEqual([
      ['start', 'completed', 'success'],
      ['check', 'completed', 'true'],
      ['tell', 'completed', 'success'],
      ['end', 'completed', 'success'],
    ]);
    expect(finished.completedAt).not.toBeNull();
  });
});
