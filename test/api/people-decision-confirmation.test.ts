import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client, Connection } from '@temporalio/client';
import pg from 'pg';
import { approvalDecidedSignal, runWorkflowId, taskCompletedSignal } from '../../src/temporal/messages.js';
import { useRunStack } from '../support/run-stack.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { stackValue } from '../support/stack.js';
import { createUserWithToken } from '../support/users.js';
import { createActive, definition, end, start, step } from '../support/workflows.js';
import { localActivityRecorded } from '../support/workflow-history.js';

// The API signals a decision or completion before it commits it. A transaction that then fails
// leaves a signal the database never confirmed: the run must drop it and go on waiting. And a
// decision that meets another holding the same row for long answers 409 instead of outliving its
// transaction (docs/runs.md, "People in the loop").

const stack = useRunStack();
let admin: { token: string; id: string };
let manager: { token: string; id: string };
let temporal: Client;
let connection: Connection;

beforeAll(async () => {
  const { db } = stack.database;
  const a = await createUserWithToken(db, ['admin']);
  admin = { token: a.token, id: a.user.id };
  const m = await createUserWithToken(db, ['approver']);
  manager = { token: m.token, id: m.user.id };
  connection = await Connection.connect({ address: stackValue('temporalAddress') });
  temporal = new Client({ connection });
});

afterAll(async () => {
  await connection.close();
});

async function startWaitingApproval() {
  const workflow = await createActive(stack.api, admin.token);
  const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
    token: admin.token,
    body: { variables: { requester: admin.id, manager: manager.id, reason: 'laptop' } },
  });
  expect(started.status).toBe(201);
  await waitForRun(stack.api, admin.token, started.body.id, hasStatus('waiting'));
  const approval = await stack.database.db.approval.findFirstOrThrow({ where: { runId: started.body.id } });
  return { runId: started.body.id as string, approvalId: approval.id };
}

async function waitForActedOn(runId: string, activity: string) {
  expect(await localActivityRecorded(temporal, runWorkflowId(runId), activity)).toBe(true);
}

describe('a signal whose transaction was rolled back', () => {
  it('leaves the approval waiting; the decision recorded later settles it, with its own outcome', async () => {
    const { runId, approvalId } = await startWaitingApproval();
    await temporal.workflow.getHandle(runWorkflowId(runId)).signal(approvalDecidedSignal, {
      approvalId,
      outcome: 'approved',
    });
    await waitForActedOn(runId, 'confirmApprovalDecision');

    const still = await stack.api.request('GET', `/api/runs/${runId}`, { token: admin.token });
    expect(still.body.status).toBe('waiting');
    expect(still.body.steps.at(-1)).toEqual(expect.objectContaining({ stepId: 'manager_approval', status: 'waiting' }));

    const decided = await stack.api.request('POST', `/api/approvals/${approvalId}/decide`, {
      token: manager.token,
      body: { decision: 'reject' },
    });
    expect(decided.status).toBe(200);
    const finished = await waitForRun(stack.api, admin.token, runId, hasStatus('completed'));
    expect(finished.steps.find((item: { stepId: string }) => item.stepId === 'manager_approval')).toEqual(
      expect.objectContaining({ status: 'completed', outcome: 'rejected' }),
    );
  });

  it('leaves the task open; the completion recorded later gives the run its values', async () => {
    const workflow = await createActive(
      stack.api,
      admin.token,
      definition('pick a laptop', [
        start('ask'),
        step(
          'ask',
          'task',
          { assignee: manager.id, title: 'Pick a laptop', fields: [{ name: 'model', type: 'string' }] },
          { success: 'end' },
        ),
        end(),
      ]),
    );
    const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
      token: admin.token,
      body: { variables: {} },
    });
    const runId = started.body.id as string;
    await waitForRun(stack.api, admin.token, runId, hasStatus('waiting'));
    const task = await stack.database.db.task.findFirstOrThrow({ where: { runId } });
    await temporal.workflow
      .getHandle(runWorkflowId(runId))
      .signal(taskCompletedSignal, { taskId: task.id, values: { model: 'never recorded' } });
    await waitForActedOn(runId, 'confirmTaskCompletion');

    const still = await stack.api.request('GET', `/api/runs/${runId}`, { token: admin.token });
    expect(still.body.status).toBe('waiting');
    expect(still.body.variables).toEqual({});

    const completed = await stack.api.request('POST', `/api/tasks/${task.id}/complete`, {
      token: manager.token,
      body: { values: { model: 'recorded' } },
    });
    expect(completed.status).toBe(200);
    const finished = await waitForRun(stack.api, admin.token, runId, hasStatus('completed'));
    expect(finished.variables).toEqual({ model: 'recorded' });
  });
});

describe('a decision that waits for another holding the approval', () => {
  it('answers 409 after a bounded wait and records nothing; once free, the approval can be decided', async () => {
    const { runId, approvalId } = await startWaitingApproval();
    const holder = new pg.Client({ connectionString: stack.database.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM approvals WHERE id = $1 FOR UPDATE', [approvalId]);
      const refused = await stack.api.request('POST', `/api/approvals/${approvalId}/decide`, {
        token: manager.token,
        body: { decision: 'approve' },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Another request is changing the same records right now; try again');
      await holder.query('ROLLBACK');
    } finally {
      await holder.end();
    }
    expect(await stack.database.db.approvalDecision.count({ where: { approvalId } })).toBe(0);
    expect((await stack.database.db.approval.findUniqueOrThrow({ where: { id: approvalId } })).status).toBe('pending');

    const decided = await stack.api.request('POST', `/api/approvals/${approvalId}/decide`, {
      token: manager.token,
      body: { decision: 'approve' },
    });
    expect(decided.status).toBe(200);
    await waitForRun(stack.api, admin.token, runId, hasStatus('completed'));
  });
});
