import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client, Connection } from '@temporalio/client';
import { EXECUTION_ENDED_CODE } from '../../../src/domain/run.js';
import { closeRunsWithEndedExecutions } from '../../../src/services/runs/close-ended-runs.js';
import { runWorkflowId } from '../../../src/temporal/messages.js';
import { useRunStack } from '../../support/run-stack.js';
import { hasStatus, waitForRun } from '../../support/runs.js';
import { stackValue } from '../../support/stack.js';
import { createUserWithToken } from '../../support/users.js';
import { createActive, definition, end, start, step } from '../../support/workflows.js';
import { pollUntil } from '../../support/poll.js';

// A run whose Temporal execution ends without the interpreter (terminated in the Temporal UI)
// would show waiting for ever; the worker's reconciliation closes it (docs/runs.md).

const stack = useRunStack();
let admin: string;
let adminId: string;
let temporal: Client;
let connection: Connection;

beforeAll(async () => {
  ({
    token: admin,
    user: { id: adminId },
  } = await createUserWithToken(stack.database.db, ['admin']));
  connection = await Connection.connect({ address: stackValue('temporalAddress') });
  temporal = new Client({ connection });
});

afterAll(async () => {
  await connection.close();
});

async function startWaitingRun() {
  const workflow = await createActive(
    stack.api,
    admin,
    definition(`waits ${Date.now()}`, [
      start('ask'),
      step('ask', 'task', { assignee: adminId, title: 'Answer', fields: [] }, { success: 'end' }),
      end(),
    ]),
  );
  const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
    token: admin,
    body: { variables: {} },
  });
  return (await waitForRun(stack.api, admin, started.body.id, hasStatus('waiting'))).id as string;
}

describe('runs whose execution ended outside the service', () => {
  it('are closed as failed with their open work, once, and other runs are left as they are', async () => {
    const [ended, untouched] = [await startWaitingRun(), await startWaitingRun()];
    await temporal.workflow.getHandle(runWorkflowId(ended)).terminate('terminated from the Temporal UI');
    const reconcile = () =>
      closeRunsWithEndedExecutions({ db: stack.database.db, temporal, taskQueue: stack.taskQueue });

    // Temporal's visibility shows the closed execution a moment later.
    const closed = await pollUntil(reconcile, (ids) => ids.length > 0);
    expect(closed).toEqual([ended]);
    expect(await reconcile()).toEqual([]);

    const run = (await stack.api.request('GET', `/api/runs/${ended}`, { token: admin })).body;
    expect(run).toEqual(
      expect.objectContaining({
        status: 'failed',
        completedAt: expect.any(String),
        error: { code: EXECUTION_ENDED_CODE, message: expect.stringContaining('(terminated, for instance') },
      }),
    );
    expect(run.steps.find((item: { stepId: string }) => item.stepId === 'ask').status).toBe('cancelled');
    expect(await stack.database.db.task.findMany({ where: { runId: ended }, select: { status: true } })).toEqual([
      { status: 'cancelled' },
    ]);
    expect(await stack.database.db.auditLog.count({ where: { action: 'run.execution_ended', targetId: ended } })).toBe(
      1,
    );
    const diagnosis = (await stack.api.request('GET', `/api/runs/${ended}/diagnose`, { token: admin })).body;
    expect(diagnosis.suggestedActions).toEqual([
      expect.objectContaining({ action: 'fix_workflow', reason: expect.stringContaining('start a new run') }),
    ]);
    for (const action of ['retry', 'cancel']) {
      const refused = await stack.api.request('POST', `/api/runs/${ended}/${action}`, { token: admin, body: {} });
      expect([action, refused.status]).toEqual([action, 409]);
    }

    expect((await stack.api.request('GET', `/api/runs/${untouched}`, { token: admin })).body.status).toBe('waiting');
    expect(await stack.database.db.task.count({ where: { runId: untouched, status: 'open' } })).toBe(1);
  }, 60_000);

  it('refuse the completion of their task with 409 until the reconciliation closes them, and keep it open', async () => {
    const ended = await startWaitingRun();
    await temporal.workflow.getHandle(runWorkflowId(ended)).terminate('terminated from the Temporal UI');
    const task = await stack.database.db.task.findFirstOrThrow({ where: { runId: ended } });
    const refused = await stack.api.request('POST', `/api/tasks/${task.id}/complete`, { token: admin, body: {} });
    expect([refused.status, refused.body.message]).toEqual([409, expect.stringContaining('execution has ended')]);
    expect((await stack.database.db.task.findUniqueOrThrow({ where: { id: task.id } })).status).toBe('open');
  }, 60_000);

  it('refuse a decision with 409 even when it would not settle the approval, recording nothing', async () => {
    const { db } = stack.database;
    const second = await createUserWithToken(db, ['approver']);
    const workflow = await createActive(
      stack.api,
      admin,
      definition(`all approve ${Date.now()}`, [
        start('ask'),
        step(
          'ask',
          'approval',
          { approvers: [adminId, second.user.id], mode: 'all' },
          { approved: 'end', rejected: 'end' },
        ),
        end(),
      ]),
    );
    const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
      token: admin,
      body: { variables: {} },
    });
    const ended = (await waitForRun(stack.api, admin, started.body.id, hasStatus('waiting'))).id as string;
    await temporal.workflow.getHandle(runWorkflowId(ended)).terminate('terminated from the Temporal UI');
    const approval = await db.approval.findFirstOrThrow({ where: { runId: ended } });
    const refused = await stack.api.request('POST', `/api/approvals/${approval.id}/decide`, {
      token: second.token,
      body: { decision: 'approve' },
    });
    expect([refused.status, refused.body.message]).toEqual([409, expect.stringContaining('execution has ended')]);
    expect(await db.approvalDecision.count({ where: { approvalId: approval.id } })).toBe(0);
    expect(await db.auditLog.count({ where: { action: 'approval.decided', targetId: approval.id } })).toBe(0);
  }, 60_000);
});
