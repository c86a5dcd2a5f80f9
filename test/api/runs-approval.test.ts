import { beforeAll, describe, expect, it } from '@jest/globals';
import { useRunStack } from '../support/run-stack.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { createUserWithToken } from '../support/users.js';
import { approvalDefinition, createActive, definition, end, start, step } from '../support/workflows.js';
import { pollUntil } from '../support/poll.js';

const stack = useRunStack();
let admin: string;
let manager: { token: string; id: string };
let requester: { token: string; id: string };

beforeAll(async () => {
  const { db } = stack.database;
  admin = (await createUserWithToken(db, ['admin'])).token;
  const m = await createUserWithToken(db, ['approver']);
  manager = { token: m.token, id: m.user.id };
  const r = await createUserWithToken(db, ['requestor']);
  requester = { token: r.token, id: r.user.id };
});

/** Starts a run of `workflowId` as the holder of `token`; fails the test unless it starts. */
async function startAs(token: string, workflowId: string, variables: Record<string, unknown>) {
  const started = await stack.api.request('POST', `/api/workflows/${workflowId}/start`, { token, body: { variables } });
  expect(started.status).toBe(201);
  return started.body;
}

async function startApprovalRun(extra: Record<string, unknown> = { reason: 'laptop' }) {
  const workflow = await createActive(stack.api, admin);
  return startAs(requester.token, workflow.id, { requester: requester.id, manager: manager.id, ...extra });
}

describe('the simple approval workflow runs end to end', () => {
  it('waits for the manager, who approves, and completes with every step recorded', async () => {
    const run = await startApprovalRun();
    expect(run).toEqual(
      expect.objectContaining({
        definitionName: expect.stringMatching(/^Simple approval \d+$/),
        isTestRun: false,
        temporalWorkflowId: `run-${run.id}`,
      }),
    );
    const waiting = await waitForRun(stack.api, admin, run.id, hasStatus('waiting'));
    expect(waiting.steps.at(-1)).toEqual(expect.objectContaining({ stepId: 'manager_approval', status: 'waiting' }));

    const pending = await stack.api.request('GET', '/api/approvals', { token: manager.token });
    const approval = pending.body.data.find((item: { runId: string }) => item.runId === run.id);
    expect(approval).toEqual(expect.objectContaining({ status: 'pending', stepId: 'manager_approval' }));

    const decided = await stack.api.request('POST', `/api/approvals/${approval.id}/decide`, {
      token: manager.token,
      body: { decision: 'approve', comment: 'ok' },
    });
    expect(decided.status).toBe(200);
    expect(decided.body.status).toBe('approved');

    const finished = await waitForRun(stack.api, admin, run.id, hasStatus('completed'));
    expect(
      finished.steps.map((step: { stepId: string; status: string; outcome: string }) => [
        step.stepId,
        step.status,
        step.outcome,
      ]),
    ).toEqual([
      ['start', 'completed', 'success'],
      ['manager_approval', 'completed', 'approved'],
      ['notify_approved', 'completed', 'success'],
      ['end', 'completed', 'success'],
    ]);
    const notification = await stack.database.db.notification.findFirst({ where: { runId: run.id } });
    expect(notification).toEqual(
      expect.objectContaining({ recipientUserId: requester.id, message: 'Your request was approved.' }),
    );
  });

  it('follows the rejected path, and refuses a second decision with 409 (optional variables may be left out)', async () => {
    const run = await startApprovalRun({});
    await waitForRun(stack.api, admin, run.id, hasStatus('waiting'));
    const approval = await stack.database.db.approval.findFirstOrThrow({ where: { runId: run.id } });
    const rejected = await stack.api.request('POST', `/api/approvals/${approval.id}/decide`, {
      token: manager.token,
      body: { decision: 'reject' },
    });
    expect(rejected.body.status).toBe('rejected');
    const again = await stack.api.request('POST', `/api/approvals/${approval.id}/decide`, {
      token: manager.token,
      body: { decision: 'approve' },
    });
    expect(again.status).toBe(409);
    const finished = await waitForRun(stack.api, admin, run.id, hasStatus('completed'));
    expect(finished.steps.map((step: { stepId: string }) => step.stepId)).toContain('notify_rejected');
  });

  it('refuses a decision by someone who is not an approver (403)', async () => {
    const run = await startApprovalRun();
    await waitForRun(stack.api, admin, run.id, hasStatus('waiting'));
    const approval = await stack.database.db.approval.findFirstOrThrow({ where: { runId: run.id } });
    const other = await createUserWithToken(stack.database.db, ['approver']);
    const refused = await stack.api.request('POST', `/api/approvals/${approval.id}/decide`, {
      token: other.token,
      body: { decision: 'approve' },
    });
    expect(refused.status).toBe(403);
    await stack.api.request('POST', `/api/runs/${run.id}/cancel`, { token: admin });
  });

  it('lets a holder of approval:decide_any decide an approval addressed to others; the role name alone is not enough', async () => {
    const run = await startApprovalRun();
    await waitForRun(stack.api, admin, run.id, hasStatus('waiting'));
    const approval = await stack.database.db.approval.findFirstOrThrow({ where: { runId: run.id } });
    const narrowed = await createUserWithToken(stack.database.db, ['admin'], ['approval:read', 'approval:decide']);
    const refused = await stack.api.request('POST', `/api/approvals/${approval.id}/decide`, {
      token: narrowed.token,
      body: { decision: 'approve' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('approval:decide_any');
    const listedNarrowed = await stack.api.request('GET', `/api/approvals?all=true&runId=${run.id}`, {
      token: narrowed.token,
    });
    expect(listedNarrowed.body.total).toBe(0);

    const listed = await stack.api.request('GET', `/api/approvals?all=true&runId=${run.id}`, { token: admin });
    expect(listed.body.data.map((item: { id: string }) => item.id)).toEqual([approval.id]);
    // The search matches the step's name or the run's workflow name, ignoring case.
    const searched = async (text: string) =>
      (
        await stack.api.request('GET', `/api/approvals?all=true&search=${encodeURIComponent(text)}`, { token: admin })
      ).body.data.map((item: { id: string }) => item.id);
    expect(await searched(run.definitionName.toUpperCase())).toEqual([approval.id]);
    expect(await searched('manager APPROVAL')).toContain(approval.id);
    expect(await searched('no step is named so')).toEqual([]);
    const decided = await stack.api.request('POST', `/api/approvals/${approval.id}/decide`, {
      token: admin,
      body: { decision: 'approve', comment: 'the manager is away' },
    });
    expect(decided.status).toBe(200);
    expect(decided.body.status).toBe('approved');
    await waitForRun(stack.api, admin, run.id, hasStatus('completed'));
  });
});

describe('reassigning an approval whose approver is away', () => {
  it('hands it to another user under approval:decide_any: the new approver decides, the old one no longer may', async () => {
    const run = await startApprovalRun();
    await waitForRun(stack.api, admin, run.id, hasStatus('waiting'));
    const approval = await stack.database.db.approval.findFirstOrThrow({ where: { runId: run.id } });
    const deputy = await createUserWithToken(stack.database.db, ['approver']);
    const reassign = (token: string, body: Record<string, unknown>) =>
      stack.api.request('POST', `/api/approvals/${approval.id}/reassign`, { token, body });

    const narrowed = await createUserWithToken(stack.database.db, ['admin'], ['approval:read', 'approval:decide']);
    expect((await reassign(narrowed.token, { from: manager.id, to: deputy.user.id })).status).toBe(403);
    const notListed = await reassign(admin, { from: deputy.user.id, to: manager.id });
    expect(notListed.status).toBe(400);
    expect(notListed.body.message).toContain('listed approvers');
    const nobody = await reassign(admin, { from: manager.id, to: '00000000-0000-4000-8000-000000000000' });
    expect(nobody.status).toBe(400);
    expect(nobody.body.message).toContain('does not exist or is not active');
    const subject = await reassign(admin, { from: manager.id, to: requester.id });
    expect(subject.status).toBe(400);
    expect(subject.body.message).toContain('may not decide its approvals');

    const moved = await reassign(admin, { from: manager.id, to: deputy.user.id });
    expect(moved.status).toBe(200);
    expect(moved.body.approverUserIds).toEqual([deputy.user.id]);
    const [audit] = await stack.database.db.auditLog.findMany({
      where: { action: 'approval.reassigned', targetId: approval.id },
    });
    expect(audit?.metadata).toEqual(expect.objectContaining({ from: manager.id, to: deputy.user.id }));
    // The new approver is told in the app; the approver it was taken from gets nothing new.
    const notificationsOf = async (token: string) =>
      (await stack.api.request('GET', '/api/notifications', { token })).body.data.filter(
        (item: { runId: string | null }) => item.runId === run.id,
      );
    expect(await notificationsOf(deputy.token)).toEqual([
      expect.objectContaining({
        audience: 'user',
        readAt: null,
        subject: `Approval handed to you: ${approval.stepName}`,
        message: expect.stringContaining(
          `handed you the approval "${approval.stepName}" of a run of "${run.definitionName}"; decide it in your inbox`,
        ),
      }),
    ]);
    expect(await notificationsOf(manager.token)).toEqual([]);
    const decide = (token: string) =>
      stack.api.request('POST', `/api/approvals/${approval.id}/decide`, { token, body: { decision: 'approve' } });
    expect((await decide(manager.token)).status).toBe(403);
    expect((await decide(deputy.token)).status).toBe(200);
    await waitForRun(stack.api, admin, run.id, hasStatus('completed'));
    expect((await reassign(admin, { from: deputy.user.id, to: manager.id })).status).toBe(409);
  });
});

describe('approval modes and self-approval', () => {
  const approvalFlow = (config: Record<string, unknown>) =>
    approvalDefinition({
      steps: [
        { id: 'start', name: 'Start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'ask' }] },
        {
          id: 'ask',
          name: 'Ask',
          type: 'approval',
          config,
          transitions: [
            { on: 'approved', goto: 'end' },
            { on: 'rejected', goto: 'end' },
          ],
        },
        { id: 'end', name: 'End', type: 'end', config: {}, transitions: [] },
      ],
    });

  it('refuses self-approval by the run subject unless the step allows it', async () => {
    const self = await createUserWithToken(stack.database.db, ['requestor', 'approver']);
    const workflow = await createActive(
      stack.api,
      admin,
      approvalFlow({ approvers: ['{{requester}}', '{{manager}}'] }),
    );
    const run = await startAs(admin, workflow.id, { requester: self.user.id, manager: manager.id });
    await waitForRun(stack.api, admin, run.id, hasStatus('waiting'));
    const approval = await stack.database.db.approval.findFirstOrThrow({ where: { runId: run.id } });
    const refused = await stack.api.request('POST', `/api/approvals/${approval.id}/decide`, {
      token: self.token,
      body: { decision: 'approve' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('that is about you');
    expect(
      (
        await stack.api.request('POST', `/api/approvals/${approval.id}/decide`, {
          token: manager.token,
          body: { decision: 'approve' },
        })
      ).status,
    ).toBe(200);
    await waitForRun(stack.api, admin, run.id, hasStatus('completed'));
  });

  it.each([
    ['in capitals', (user: { id: string }) => user.id.toUpperCase()],
    ['in braces, without hyphens', (user: { id: string }) => `{${user.id.replace(/-/g, '')}}`],
    ['as an email in capitals', (user: { email: string | null }) => user.email!.toUpperCase()],
  ])('refuses self-approval by the subject named by its id %s', async (_form, nameOf) => {
    const self = await createUserWithToken(stack.database.db, ['requestor', 'approver']);
    const workflow = await createActive(stack.api, admin, approvalFlow({ approvers: ['approver'] }));
    const run = await startAs(admin, workflow.id, { requester: nameOf(self.user), manager: manager.id });
    await waitForRun(stack.api, admin, run.id, hasStatus('waiting'));
    const approval = await stack.database.db.approval.findFirstOrThrow({ where: { runId: run.id } });
    const refused = await stack.api.request('POST', `/api/approvals/${approval.id}/decide`, {
      token: self.token,
      body: { decision: 'approve' },
    });
    expect([refused.status, refused.body.message]).toEqual([403, expect.stringContaining('that is about you')]);

    // The subject follows its variable: once the run is about someone else, they may decide.
    const edited = await stack.api.request('PUT', `/api/runs/${run.id}`, {
      token: admin,
      body: { variables: { requester: manager.id } },
    });
    expect([edited.status, edited.body.subject]).toEqual([200, manager.id]);
    const allowed = await stack.api.request('POST', `/api/approvals/${approval.id}/decide`, {
      token: self.token,
      body: { decision: 'approve' },
    });
    expect(allowed.status).toBe(200);
    await waitForRun(stack.api, admin, run.id, hasStatus('completed'));
  });

  it('moves the subject with a task that overwrites its variable, so the approver it now names cannot decide', async () => {
    const self = await createUserWithToken(stack.database.db, ['requestor', 'approver']);
    const workflow = await createActive(
      stack.api,
      admin,
      approvalDefinition({
        steps: [
          start('who'),
          step(
            'who',
            'task',
            { assignee: 'approver', fields: [{ name: 'requester', type: 'string', required: true }] },
            { success: 'ask' },
          ),
          step('ask', 'approval', { approvers: ['approver'] }, { approved: 'end', rejected: 'end' }),
          end(),
        ],
      }),
    );
    const run = await startAs(requester.token, workflow.id, { requester: requester.id, manager: manager.id });
    await waitForRun(stack.api, admin, run.id, hasStatus('waiting'));
    const task = await stack.database.db.task.findFirstOrThrow({ where: { runId: run.id } });
    const completed = await stack.api.request('POST', `/api/tasks/${task.id}/complete`, {
      token: self.token,
      body: { values: { requester: self.user.email } },
    });
    expect(completed.status).toBe(200);
    expect((await stack.api.request('GET', `/api/runs/${run.id}`, { token: admin })).body.subject).toBe(
      self.user.email,
    );
    const approval = await pollUntil(
      () => stack.database.db.approval.findFirst({ where: { runId: run.id } }),
      (found) => found !== null,
    );
    const refused = await stack.api.request('POST', `/api/approvals/${approval!.id}/decide`, {
      token: self.token,
      body: { decision: 'approve' },
    });
    expect([refused.status, refused.body.message]).toEqual([403, expect.stringContaining('that is about you')]);
  });

  it('leaves the starter out of the role holders an `all` approval waits for, who could never decide it', async () => {
    const self = await createUserWithToken(stack.database.db, ['requestor', 'approver']);
    const workflow = await createActive(stack.api, admin, approvalFlow({ approvers: ['approver'], mode: 'all' }));
    const run = await startAs(self.token, workflow.id, { requester: requester.id, manager: manager.id });
    await waitForRun(stack.api, admin, run.id, hasStatus('waiting'));
    const approval = await stack.database.db.approval.findFirstOrThrow({ where: { runId: run.id } });
    const holders = await stack.database.db.user.findMany({
      where: { roles: { has: 'approver' }, deletedAt: null, active: true },
      select: { id: true },
    });
    expect(approval.approverUserIds.sort()).toEqual(
      holders
        .map((holder) => holder.id)
        .filter((id) => id !== self.user.id)
        .sort(),
    );
    expect(approval.requiredApprovals).toBe(approval.approverUserIds.length);
    await stack.api.request('POST', `/api/runs/${run.id}/cancel`, { token: admin });
  });

  it('leaves a subject named as an approver out of what an `all` approval waits for, so the others settle it', async () => {
    const self = await createUserWithToken(stack.database.db, ['requestor', 'approver']);
    const workflow = await createActive(
      stack.api,
      admin,
      approvalFlow({ approvers: ['{{requester}}', '{{manager}}'], mode: 'all' }),
    );
    const run = await startAs(admin, workflow.id, { requester: self.user.email, manager: manager.id });
    await waitForRun(stack.api, admin, run.id, hasStatus('waiting'));
    const approval = await stack.database.db.approval.findFirstOrThrow({ where: { runId: run.id } });
    expect([approval.approverUserIds, approval.requiredApprovals]).toEqual([[manager.id], 1]);
    const decided = await stack.api.request('POST', `/api/approvals/${approval.id}/decide`, {
      token: manager.token,
      body: { decision: 'approve' },
    });
    expect([decided.status, decided.body.status]).toEqual([200, 'approved']);
    await waitForRun(stack.api, admin, run.id, hasStatus('completed'));
  });

  it('fails an `all` approval whose only approver is the run itself, saying why, instead of waiting for ever', async () => {
    const self = await createUserWithToken(stack.database.db, ['requestor', 'approver']);
    const workflow = await createActive(stack.api, admin, approvalFlow({ approvers: ['{{manager}}'], mode: 'all' }));
    const run = await startAs(self.token, workflow.id, { requester: requester.id, manager: self.user.id });
    const failed = await waitForRun(stack.api, admin, run.id, hasStatus('failed'));
    expect(failed.error.message).toContain("the run's starter and subject may not approve their own run");
    expect(await stack.database.db.approval.count({ where: { runId: run.id } })).toBe(0);
  });

  it('escalates: after the escalation delay the added approvers may decide', async () => {
    const backup = await createUserWithToken(stack.database.db, ['approver']);
    const workflow = await createActive(
      stack.api,
      admin,
      approvalFlow({
        approvers: [manager.id],
        timeout: '60s',
        // Long enough that the refusal below comes before it on a busy machine.
        escalation: { after: '5s', addApprovers: [backup.user.id], notify: [backup.user.id] },
      }),
    );
    const run = await startAs(admin, workflow.id, { requester: requester.id, manager: manager.id });
    await waitForRun(stack.api, admin, run.id, hasStatus('waiting'));
    const approval = await stack.database.db.approval.findFirstOrThrow({ where: { runId: run.id } });
    expect(
      (
        await stack.api.request('POST', `/api/approvals/${approval.id}/decide`, {
          token: backup.token,
          body: { decision: 'approve' },
        })
      ).status,
    ).toBe(403);
    // Escalation adds the approver, then notifies them: wait for the notification, the last of the two.
    const notified = await pollUntil(
      () => stack.database.db.notification.count({ where: { runId: run.id, recipientUserId: backup.user.id } }),
      (count) => count > 0,
      { timeoutMs: 40_000, intervalMs: 100 },
    );
    expect(notified).toBeGreaterThan(0);
    expect(
      (await stack.database.db.approval.findUniqueOrThrow({ where: { id: approval.id } })).approverUserIds,
    ).toContain(backup.user.id);
    expect(
      (
        await stack.api.request('POST', `/api/approvals/${approval.id}/decide`, {
          token: backup.token,
          body: { decision: 'approve' },
        })
      ).status,
    ).toBe(200);
    await waitForRun(stack.api, admin, run.id, hasStatus('completed'));
  });

  it('waits for a quorum of approvals', async () => {
    const second = await createUserWithToken(stack.database.db, ['approver']);
    const third = await createUserWithToken(stack.database.db, ['approver']);
    const workflow = await createActive(
      stack.api,
      admin,
      approvalFlow({ approvers: [manager.id, second.user.id, third.user.id], mode: { atLeast: 2 } }),
    );
    const run = await startAs(admin, workflow.id, { requester: requester.id, manager: manager.id });
    await waitForRun(stack.api, admin, run.id, hasStatus('waiting'));
    const approval = await stack.database.db.approval.findFirstOrThrow({ where: { runId: run.id } });
    const first = await stack.api.request('POST', `/api/approvals/${approval.id}/decide`, {
      token: manager.token,
      body: { decision: 'approve' },
    });
    expect(first.body.status).toBe('pending');
    const twice = await stack.api.request('POST', `/api/approvals/${approval.id}/decide`, {
      token: manager.token,
      body: { decision: 'approve' },
    });
    expect(twice.status).toBe(409);
    const quorum = await stack.api.request('POST', `/api/approvals/${approval.id}/decide`, {
      token: second.token,
      body: { decision: 'approve' },
    });
    expect(quorum.body.status).toBe('approved');
    const finished = await waitForRun(stack.api, admin, run.id, hasStatus('completed'));
    expect(finished.steps.find((step: { stepId: string }) => step.stepId === 'ask').outcome).toBe('approved');
  });
});

describe('deprecated workflows cannot start runs', () => {
  it('answers 400 with the exact body', async () => {
    const workflow = await createActive(stack.api, admin, approvalDefinition());
    await stack.api.request('POST', `/api/workflows/${workflow.id}/deprecate`, { token: admin, body: {} });
    const response = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
      token: requester.token,
      body: { variables: { requester: requester.id, manager: manager.id } },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      expect.objectContaining({
        statusCode: 400,
        message:
          'Deprecated workflows cannot start new runs; create a new version of the workflow and start that instead',
      }),
    );
  });

  it('lists the missing required variables (400)', async () => {
    const workflow = await createActive(stack.api, admin, approvalDefinition());
    const response = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
      token: requester.token,
      body: { variables: {} },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('missing required variables: requester, manager');
  });
});

describe('approvals and tasks that would wait for nobody fail their step instead', () => {
  const peopleFlow = (type: 'approval' | 'task', config: Record<string, unknown>, onError?: string) =>
    definition(
      `Waits for nobody ${type} ${Date.now()}`,
      [
        start('ask'),
        step(
          'ask',
          type,
          config,
          type === 'approval'
            ? { approved: 'end', rejected: 'end', ...(onError ? { error: onError } : {}) }
            : { success: 'end', ...(onError ? { error: onError } : {}) },
        ),
        end(),
      ],
      { variables: [{ name: 'who', type: 'string', required: true }] },
    );

  it('fails an approval whose approvers name no active user and no role, naming what did not resolve', async () => {
    const workflow = await createActive(stack.api, admin, peopleFlow('approval', { approvers: ['{{who}}'] }));
    const run = await startAs(requester.token, workflow.id, { who: 'garbage-value' });
    const failed = await waitForRun(stack.api, admin, run.id, hasStatus('failed'), 20_000);
    expect(failed.failedStepId).toBe('ask');
    expect(failed.steps.at(-1)).toEqual(
      expect.objectContaining({
        stepId: 'ask',
        status: 'failed',
        error: expect.objectContaining({
          code: 'invalid_approvers',
          message: expect.stringContaining('"garbage-value" is neither an active user\'s id or email nor a role'),
        }),
      }),
    );
    expect(await stack.database.db.approval.count({ where: { runId: run.id } })).toBe(0);
  });

  it("takes a task's error transition when its assignee names no role, instead of opening it for nobody", async () => {
    const workflow = await createActive(
      stack.api,
      admin,
      peopleFlow('task', { assignee: '{{who}}', title: 'Fill in' }, 'end'),
    );
    const run = await startAs(requester.token, workflow.id, { who: 'payroll-clerks' });
    const finished = await waitForRun(stack.api, admin, run.id, hasStatus('completed'), 20_000);
    expect(finished.steps.find((item: { stepId: string }) => item.stepId === 'ask')).toEqual(
      expect.objectContaining({
        outcome: 'error',
        error: expect.objectContaining({
          code: 'invalid_assignee',
          message: expect.stringContaining('"payroll-clerks"'),
        }),
      }),
    );
    expect(await stack.database.db.task.count({ where: { runId: run.id } })).toBe(0);
  });

  it('says on the run page and in the diagnosis whom a waiting step waits for, and until when', async () => {
    const workflow = await createActive(
      stack.api,
      admin,
      peopleFlow('approval', {
        approvers: ['{{who}}', 'approver'],
        timeout: '2h',
        escalation: { after: '30m', addApprovers: ['admin'] },
      }),
    );
    const run = await startAs(requester.token, workflow.id, { who: manager.id });
    await waitForRun(stack.api, admin, run.id, hasStatus('waiting'));
    const approval = await stack.database.db.approval.findFirstOrThrow({ where: { runId: run.id } });
    const expected = {
      kind: 'approval',
      id: approval.id,
      stepId: 'ask',
      sequence: approval.sequence,
      users: [{ id: manager.id, displayName: null }],
      roles: ['approver'],
      requiredApprovals: 1,
      dueAt: new Date(approval.createdAt.getTime() + 2 * 3_600_000).toISOString(),
      escalatesAt: new Date(approval.createdAt.getTime() + 30 * 60_000).toISOString(),
    };
    const page = await stack.api.request('GET', `/api/runs/${run.id}`, { token: requester.token });
    expect(page.status).toBe(200);
    expect(page.body.waitingFor).toEqual([{ ...expected, dueAt: approval.dueAt!.toISOString() }]);
    expect(Math.abs(approval.dueAt!.getTime() - new Date(expected.dueAt).getTime())).toBeLessThan(5_000);
    const diagnosis = await stack.api.request('GET', `/api/runs/${run.id}/diagnose`, { token: admin });
    expect(diagnosis.body.waitingFor).toEqual(page.body.waitingFor);
  });
});
