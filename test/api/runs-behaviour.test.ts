import { beforeAll, describe, expect, it } from '@jest/globals';
import type { WorkflowDefinitionInput, WorkflowStep } from '../../src/domain/workflow-definition.js';
import { ENDLESS_LOOP_CODE } from '../../src/domain/run.js';
import { executeConnectorCommand } from '../../src/connectors/execute-command.js';
import { runnableConnector } from '../../src/services/connectors/connector-record.js';
import { useRunStack } from '../support/run-stack.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { createUserWithToken } from '../support/users.js';
import { createActive, createDraft, definition, end, start, step } from '../support/workflows.js';
import { pollUntil } from '../support/poll.js';

const stack = useRunStack();
let admin: string;
let adminId: string;

beforeAll(async () => {
  const created = await createUserWithToken(stack.database.db, ['admin']);
  admin = created.token;
  adminId = created.user.id;
});

async function run(def: WorkflowDefinitionInput, variables: Record<string, unknown> = {}, publish = true) {
  const workflow = publish ? await createActive(stack.api, admin, def) : await createDraft(stack.api, admin, def);
  const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
    token: admin,
    body: { variables },
  });
  if (started.status !== 201) throw new Error(`start failed: ${started.text}`);
  return started.body;
}

const stepTrail = (finished: { steps: Array<{ stepId: string; status: string; outcome: string | null }> }) =>
  finished.steps.map((item) => `${item.stepId}:${item.status}:${item.outcome}`);

const failingDb = (onError: 'stop' | 'skip' | 'retry', transitions: Record<string, string> = { success: 'end' }) =>
  definition(
    `failing ${onError} ${Date.now()}`,
    [
      start('call'),
      step(
        'call',
        'connector',
        { connector: 'test-db', command: 'list-tables', parameters: {}, simulateFailure: true },
        transitions,
      ),
      end(),
    ],
    { onError },
  );

describe('connector failures follow the error strategy', () => {
  it('stop: the run fails at the step, with the simulated error, and diagnosis suggests retry', async () => {
    const started = await run(failingDb('stop'));
    const failed = await waitForRun(stack.api, admin, started.id, hasStatus('failed'));
    expect(failed).toEqual(
      expect.objectContaining({
        failedStepId: 'call',
        error: { message: 'Simulated failure (test-db connector)', code: 'simulated_failure' },
      }),
    );
    const diagnosis = (await stack.api.request('GET', `/api/runs/${started.id}/diagnose`, { token: admin })).body;
    expect(diagnosis.failedStep).toEqual(
      expect.objectContaining({
        id: 'call',
        type: 'connector',
        error: { message: 'Simulated failure (test-db connector)', code: 'simulated_failure' },
      }),
    );
    expect(diagnosis.failedStep.config).toEqual(
      expect.objectContaining({ connector: 'test-db', simulateFailure: true }),
    );
    expect(diagnosis.suggestedActions.map((item: { action: string }) => item.action)).toEqual(['retry', 'skip']);
    expect(diagnosis.auditTrail.map((entry: { action: string }) => entry.action)).toContain('run.started');
    expect(diagnosis.definition).toEqual(expect.objectContaining({ onError: 'stop' }));
  });

  it('skip: the step is recorded skipped and the run goes on along its success path', async () => {
    const finished = await waitForRun(stack.api, admin, (await run(failingDb('skip'))).id, hasStatus('completed'));
    expect(stepTrail(finished)).toEqual(['start:completed:success', 'call:skipped:error', 'end:completed:success']);
  });

  it('an error transition wins over the strategy', async () => {
    const def = failingDb('stop', { success: 'end', error: 'handled' });
    def.steps.push(end('handled'));
    const finished = await waitForRun(stack.api, admin, (await run(def)).id, hasStatus('completed'));
    expect(stepTrail(finished)).toEqual([
      'start:completed:success',
      'call:completed:error',
      'handled:completed:success',
    ]);
  });

  it('retry: runs the step three times with backoff, then fails', async () => {
    const failed = await waitForRun(stack.api, admin, (await run(failingDb('retry'))).id, hasStatus('failed'), 30_000);
    expect(
      failed.steps
        .filter((item: { stepId: string }) => item.stepId === 'call')
        .map((item: { attempt: number }) => item.attempt),
    ).toEqual([1, 2, 3]);
  });

  it('a simulateFailure message becomes the error', async () => {
    const def = failingDb('stop');
    def.steps[1]!.config.simulateFailure = 'LDAP server unreachable';
    const failed = await waitForRun(stack.api, admin, (await run(def)).id, hasStatus('failed'));
    expect(failed.error).toEqual({ message: 'LDAP server unreachable', code: 'simulated_failure' });
  });
});

describe('a failed run resumes at the failed step', () => {
  it('retry does not repeat the steps that completed, and completes once the cause is fixed', async () => {
    const departmentId = 900 + Math.floor(Math.random() * 90);
    const def = definition(`resume ${Date.now()}`, [
      start('read'),
      step(
        'read',
        'connector',
        { connector: 'test-db', command: 'query', parameters: { table: 'departments', limit: 1 } },
        { success: 'write' },
      ),
      step(
        'write',
        'connector',
        {
          connector: 'test-db',
          command: 'insert',
          parameters: {
            table: 'employees',
            row: {
              employee_number: `E-${departmentId}`,
              first_name: 'Ada',
              last_name: 'L',
              email: `ada${departmentId}@example.test`,
              department_id: departmentId,
              hire_date: '2026-01-05',
              active: true,
            },
          },
        },
        { success: 'end' },
      ),
      end(),
    ]);
    const started = await run(def);
    await waitForRun(stack.api, admin, started.id, hasStatus('failed'));

    // The outside system gets fixed: the department now exists.
    const connector = await stack.database.db.connector.findUniqueOrThrow({ where: { name: 'test-db' } });
    const fixed = await executeConnectorCommand(
      stack.api.connectors.registry.get('test-db')?.handler,
      runnableConnector(stack.database.db, connector, stack.api.connectors),
      {
        command: 'insert',
        parameters: {
          table: 'departments',
          row: { id: departmentId, name: `Dept ${departmentId}`, cost_center: `CC-${departmentId}` },
        },
        variables: {},
        stepId: 'fix',
        instanceId: 'test',
        timeoutMs: 5000,
      },
    );
    expect(fixed.success).toBe(true);

    expect((await stack.api.request('POST', `/api/runs/${started.id}/retry`, { token: admin })).status).toBe(200);
    const finished = await waitForRun(stack.api, admin, started.id, hasStatus('completed'));
    expect(finished.steps.filter((item: { stepId: string }) => item.stepId === 'read')).toHaveLength(1);
    expect(stepTrail(finished)).toEqual([
      'start:completed:success',
      'read:completed:success',
      'write:failed:error',
      'write:completed:success',
      'end:completed:success',
    ]);
  });

  it('skip marks the failed step skipped and continues; retry of a run that is not failed is a 409', async () => {
    const started = await run(failingDb('stop'));
    await waitForRun(stack.api, admin, started.id, hasStatus('failed'));
    expect((await stack.api.request('POST', `/api/runs/${started.id}/skip`, { token: admin })).status).toBe(200);
    const finished = await waitForRun(stack.api, admin, started.id, hasStatus('completed'));
    expect(stepTrail(finished)).toEqual(['start:completed:success', 'call:skipped:error', 'end:completed:success']);
    expect(finished.steps[1].error).toEqual(expect.objectContaining({ message: expect.any(String) }));
    expect((await stack.api.request('POST', `/api/runs/${started.id}/retry`, { token: admin })).status).toBe(409);
  });

  it('takes one of two resumes sent at once: the other is a 409, and only the one taken is audited', async () => {
    const started = await run(failingDb('stop'));
    await waitForRun(stack.api, admin, started.id, hasStatus('failed'));
    const answers = await Promise.all(
      (['retry', 'skip'] as const).map((action) =>
        stack.api.request('POST', `/api/runs/${started.id}/${action}`, { token: admin }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const taken = answers[0]!.status === 200 ? 'retry' : 'skip';
    // The refused one finds the run resumed (running), or already at its end when the skip won and
    // the run reached its end step before the other request read it.
    expect(answers.find((answer) => answer.status === 409)!.body.message).toMatch(/this run is (running|completed)/);
    const audited = await stack.database.db.auditLog.findMany({
      where: { targetId: started.id, action: { in: ['run.retried', 'run.step_skipped'] } },
    });
    expect(audited.map((entry) => entry.action)).toEqual([taken === 'retry' ? 'run.retried' : 'run.step_skipped']);
    // The run did what the answer said: a skip goes on to the end, a retry fails at the same step again.
    const settled = await waitForRun(
      stack.api,
      admin,
      started.id,
      hasStatus(taken === 'skip' ? 'completed' : 'failed'),
    );
    expect(settled.steps.map((item: { stepId: string; status: string }) => `${item.stepId}:${item.status}`)).toContain(
      taken === 'skip' ? 'call:skipped' : 'call:failed',
    );
  });
});

describe('tasks, conditions, variables and cancellation', () => {
  const taskFlow = () =>
    definition(
      `task ${Date.now()}`,
      [
        start('pick'),
        step(
          'pick',
          'task',
          { assignee: '{{who}}', title: 'Pick a laptop', fields: [{ name: 'model', type: 'string', required: true }] },
          { success: 'check' },
        ),
        step('check', 'condition', { expression: 'model == "MacBook"' }, { true: 'mac', false: 'other' }),
        end('mac'),
        end('other'),
      ],
      {
        variables: [
          { name: 'who', type: 'user', required: true },
          { name: 'budget', type: 'number', required: false },
        ],
      },
    );

  it('completes a task with validated values that join the variables and drive a condition', async () => {
    const started = await run(taskFlow(), { who: adminId });
    await waitForRun(stack.api, admin, started.id, hasStatus('waiting'));
    const tasks = (await stack.api.request('GET', '/api/tasks', { token: admin })).body.data;
    const task = tasks.find((item: { runId: string }) => item.runId === started.id);
    expect(task).toEqual(expect.objectContaining({ title: 'Pick a laptop', status: 'open' }));
    const missing = await stack.api.request('POST', `/api/tasks/${task.id}/complete`, {
      token: admin,
      body: { values: {} },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('model');
    expect(
      (
        await stack.api.request('POST', `/api/tasks/${task.id}/complete`, {
          token: admin,
          body: { values: { model: 'MacBook' } },
        })
      ).status,
    ).toBe(200);
    const finished = await waitForRun(stack.api, admin, started.id, hasStatus('completed'));
    expect(finished.variables).toEqual(expect.objectContaining({ model: 'MacBook' }));
    expect(finished.steps.at(-1).stepId).toBe('mac');
  });

  it('edits variables while waiting (type-checked), refuses them once finished, and cancels a waiting run', async () => {
    const started = await run(taskFlow(), { who: adminId });
    await waitForRun(stack.api, admin, started.id, hasStatus('waiting'));
    const wrongType = await stack.api.request('PUT', `/api/runs/${started.id}`, {
      token: admin,
      body: { variables: { budget: 'lots' } },
    });
    expect(wrongType.status).toBe(400);
    const edited = await stack.api.request('PUT', `/api/runs/${started.id}`, {
      token: admin,
      body: { variables: { budget: 1500 } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.variables.budget).toBe(1500);

    expect((await stack.api.request('POST', `/api/runs/${started.id}/cancel`, { token: admin })).status).toBe(200);
    const cancelled = await waitForRun(stack.api, admin, started.id, hasStatus('cancelled'));
    expect(cancelled.completedAt).not.toBeNull();
    const task = await stack.database.db.task.findFirstOrThrow({ where: { runId: started.id } });
    expect(task.status).toBe('cancelled');
    expect((await stack.api.request('POST', `/api/runs/${started.id}/cancel`, { token: admin })).status).toBe(409);
    const refused = await stack.api.request('PUT', `/api/runs/${started.id}`, {
      token: admin,
      body: { variables: { budget: 1 } },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('it is cancelled');
  });

  it('a task assigned to someone else may be completed only under task:complete_any, not by the role name', async () => {
    const assignee = await createUserWithToken(stack.database.db, ['requestor']);
    const started = await run(taskFlow(), { who: assignee.user.id });
    await waitForRun(stack.api, admin, started.id, hasStatus('waiting'));
    const task = await stack.database.db.task.findFirstOrThrow({ where: { runId: started.id } });
    const complete = (token: string) =>
      stack.api.request('POST', `/api/tasks/${task.id}/complete`, { token, body: { values: { model: 'MacBook' } } });
    const narrowed = await createUserWithToken(stack.database.db, ['admin'], ['task:read', 'task:complete']);
    // Everyone's open tasks are listed (all=true) only to holders of task:complete_any.
    const listed = async (token: string, query: string) =>
      (await stack.api.request('GET', `/api/tasks?all=true&${query}`, { token })).body.data.map(
        (item: { id: string }) => item.id,
      );
    expect(await listed(narrowed.token, `runId=${started.id}`)).toEqual([]);
    expect(await listed(admin, `runId=${started.id}`)).toEqual([task.id]);
    expect(await listed(admin, `search=${encodeURIComponent('PICK a lap')}`)).toContain(task.id);
    expect(await listed(admin, `search=${encodeURIComponent(started.definitionName)}`)).toEqual([task.id]);
    expect(await listed(admin, `runId=${started.id}&search=nothing-like-it`)).toEqual([]);
    const refused = await complete(narrowed.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('task:complete_any');
    expect((await stack.database.db.task.findUniqueOrThrow({ where: { id: task.id } })).status).toBe('open');
    expect((await complete(admin)).status).toBe(200);
    await waitForRun(stack.api, admin, started.id, hasStatus('completed'));
  });

  it('hands an open task to another user under task:complete_any; the old assignee may no longer complete it', async () => {
    const away = await createUserWithToken(stack.database.db, ['requestor']);
    const deputy = await createUserWithToken(stack.database.db, ['requestor']);
    const started = await run(taskFlow(), { who: away.user.id });
    await waitForRun(stack.api, admin, started.id, hasStatus('waiting'));
    const task = await stack.database.db.task.findFirstOrThrow({ where: { runId: started.id } });
    const reassign = (token: string, to: string) =>
      stack.api.request('POST', `/api/tasks/${task.id}/reassign`, { token, body: { to } });
    const narrowed = await createUserWithToken(stack.database.db, ['admin'], ['task:read', 'task:complete']);
    expect((await reassign(narrowed.token, deputy.user.id)).status).toBe(403);
    expect((await reassign(admin, '00000000-0000-4000-8000-000000000000')).status).toBe(400);
    const moved = await reassign(admin, deputy.user.id);
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual(expect.objectContaining({ assigneeUserId: deputy.user.id, assigneeRole: null }));
    const [audit] = await stack.database.db.auditLog.findMany({
      where: { action: 'task.reassigned', targetId: task.id },
    });
    expect(audit?.metadata).toEqual(expect.objectContaining({ from: away.user.id, to: deputy.user.id }));
    // The new assignee is told in the app, the old one is not; handing work to oneself tells nobody.
    const notificationsOf = async (token: string) =>
      (await stack.api.request('GET', '/api/notifications', { token })).body.data.filter(
        (item: { runId: string | null }) => item.runId === started.id,
      );
    expect(await notificationsOf(deputy.token)).toEqual([
      expect.objectContaining({
        audience: 'user',
        subject: `Task handed to you: ${task.title}`,
        message: expect.stringContaining(`handed you the task "${task.title}" of a run of "${started.definitionName}"`),
      }),
    ]);
    expect(await notificationsOf(away.token)).toEqual([]);
    expect((await reassign(admin, adminId)).status).toBe(200);
    expect(await notificationsOf(admin)).toEqual([]);
    expect((await reassign(admin, deputy.user.id)).status).toBe(200);
    expect(await notificationsOf(deputy.token)).toHaveLength(2);
    const complete = (token: string) =>
      stack.api.request('POST', `/api/tasks/${task.id}/complete`, { token, body: { values: { model: 'MacBook' } } });
    expect((await complete(away.token)).status).toBe(403);
    expect((await complete(deputy.token)).status).toBe(200);
    await waitForRun(stack.api, admin, started.id, hasStatus('completed'));
    expect((await reassign(admin, away.user.id)).status).toBe(409);
  });

  it('concurrent variable edits each see the one before (the run row is locked before it is read)', async () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f'];
    const def = taskFlow();
    def.variables.push(...names.map((name) => ({ name, type: 'number' as const, required: false })));
    const started = await run(def, { who: adminId });
    await waitForRun(stack.api, admin, started.id, hasStatus('waiting'));
    const edits = await Promise.all(
      names.map((name, index) =>
        stack.api.request('PUT', `/api/runs/${started.id}`, { token: admin, body: { variables: { [name]: index } } }),
      ),
    );
    expect(edits.map((edit) => edit.status)).toEqual(names.map(() => 200));
    const row = await stack.database.db.workflowRun.findUniqueOrThrow({ where: { id: started.id } });
    expect(row.variables).toEqual(
      expect.objectContaining(Object.fromEntries(names.map((name, index) => [name, index]))),
    );
    await stack.api.request('POST', `/api/runs/${started.id}/cancel`, { token: admin });
  });

  it('runs a draft as a test run', async () => {
    const def = definition(`draft ${Date.now()}`, [start('end'), end()]);
    const started = await run(def, {}, false);
    expect(started.isTestRun).toBe(true);
    await waitForRun(stack.api, admin, started.id, hasStatus('completed'));
  });

  it('times out an approval and follows the timeout path', async () => {
    // Someone holds the role it asks, or the step would fail at once with nobody to ask.
    await createUserWithToken(stack.database.db, ['approver']);
    const def = definition(`timeout ${Date.now()}`, [
      start('ask'),
      step(
        'ask',
        'approval',
        { approvers: ['approver'], timeout: '1s' },
        { approved: 'end', rejected: 'end', timeout: 'late' },
      ),
      end(),
      end('late'),
    ]);
    const finished = await waitForRun(stack.api, admin, (await run(def)).id, hasStatus('completed'));
    expect(stepTrail(finished)).toContain('ask:completed:timeout');
    expect(finished.steps.at(-1).stepId).toBe('late');
    expect((await stack.database.db.approval.findFirstOrThrow({ where: { runId: finished.id } })).status).toBe(
      'timed_out',
    );
  });
});

describe('a loop of conditions that never exits', () => {
  it('fails the run when it comes back to a step without waiting, for good, and diagnosis says why', async () => {
    const started = await run(
      definition(`endless ${Date.now()}`, [
        start('check'),
        step('check', 'condition', { expression: '1 == 2' }, { true: 'end', false: 'again', error: 'end' }),
        step('again', 'condition', { expression: '1 == 2' }, { true: 'end', false: 'check', error: 'end' }),
        end(),
      ]),
    );
    const failed = await waitForRun(stack.api, admin, started.id, hasStatus('failed'));
    expect(failed).toEqual(
      expect.objectContaining({
        failedStepId: 'check',
        error: { code: ENDLESS_LOOP_CODE, message: expect.stringContaining('came back to step check') },
      }),
    );
    expect(stepTrail(failed)).toEqual(['start:completed:success', 'check:completed:false', 'again:completed:false']);
    const diagnosis = (await stack.api.request('GET', `/api/runs/${started.id}/diagnose`, { token: admin })).body;
    expect(diagnosis.suggestedActions).toEqual([
      expect.objectContaining({ action: 'fix_workflow', reason: expect.stringContaining('never exits') }),
    ]);
    for (const action of ['retry', 'skip', 'cancel']) {
      const refused = await stack.api.request('POST', `/api/runs/${started.id}/${action}`, { token: admin, body: {} });
      expect([action, refused.status]).toEqual([action, 409]);
    }
  });

  it('does not take the retry of a failed condition for a loop', async () => {
    const started = await run(
      definition(
        `failing condition ${Date.now()}`,
        [
          start('check'),
          step('check', 'condition', { expression: 'count > label' }, { true: 'end', false: 'end' }),
          end(),
        ],
        {
          variables: [
            { name: 'count', type: 'number', required: true },
            { name: 'label', type: 'string', required: true },
          ],
        },
      ),
      { count: 1, label: 'one' },
    );
    const failed = await waitForRun(stack.api, admin, started.id, hasStatus('failed'));
    expect(failed.error.code).toBe('step_error');
    const retried = await stack.api.request('POST', `/api/runs/${started.id}/retry`, { token: admin, body: {} });
    expect(retried.status).toBe(200);
    const again = await waitForRun(
      stack.api,
      admin,
      started.id,
      (candidate) => candidate.status === 'failed' && candidate.steps.length === 3,
    );
    expect(again.error.code).toBe('step_error');
    expect((await stack.api.request('POST', `/api/runs/${started.id}/cancel`, { token: admin, body: {} })).status).toBe(
      200,
    );
  });

  it('goes round a loop that waits on the way as often as its conditions say', async () => {
    const started = await run(
      definition(
        `counting ${Date.now()}`,
        [
          start('check'),
          step('check', 'condition', { expression: 'count >= 3' }, { true: 'end', false: 'ask' }),
          step(
            'ask',
            'task',
            { assignee: adminId, title: 'Count', fields: [{ name: 'count', type: 'number', required: true }] },
            { success: 'check' },
          ),
          end(),
        ],
        { variables: [{ name: 'count', type: 'number', required: true }] },
      ),
      { count: 0 },
    );
    const openTask = () =>
      pollUntil(
        async () =>
          (await stack.api.request('GET', '/api/tasks?status=open', { token: admin })).body.data.find(
            (item: { runId: string }) => item.runId === started.id,
          ),
        (task) => task !== undefined,
        { timeoutMs: 20_000, intervalMs: 100 },
      );
    for (let count = 1; count <= 3; count += 1) {
      const task = await openTask();
      const completed = await stack.api.request('POST', `/api/tasks/${task.id}/complete`, {
        token: admin,
        body: { values: { count } },
      });
      expect(completed.status).toBe(200);
    }
    const finished = await waitForRun(stack.api, admin, started.id, hasStatus('completed'));
    expect(stepTrail(finished).filter((entry) => entry.startsWith('check:'))).toEqual([
      'check:completed:false',
      'check:completed:false',
      'check:completed:false',
      'check:completed:true',
    ]);
  });
});

describe('matches() in a condition is RE2, in linear time', () => {
  const matching = (expression: string) =>
    definition(
      `matches ${Date.now()}`,
      [start('check'), step('check', 'condition', { expression }, { true: 'yes', false: 'no' }), end('yes'), end('no')],
      { variables: [{ name: 'text', type: 'string', required: true }] },
    );
  const endedAt = (finished: { steps: Array<{ stepId: string }> }) => finished.steps.at(-1)!.stepId;

  it('answers at once over a text on which backtracking takes seconds, and takes RE2 syntax', async () => {
    // JavaScript's RegExp takes about 30 s to find no match of a*b in 200,000 `a`s.
    const long = await run(matching('text.matches("a*b")'), { text: 'a'.repeat(200_000) });
    expect(endedAt(await waitForRun(stack.api, admin, long.id, hasStatus('completed')))).toBe('no');
    // (?i) and \x{…} are RE2's, not JavaScript's.
    const syntax = await run(matching('text.matches("(?i)^caf\\\\x{e9}$")'), { text: 'CAFÉ' });
    expect(endedAt(await waitForRun(stack.api, admin, syntax.id, hasStatus('completed')))).toBe('yes');
  });

  it('fails the step when the text is too long for the pattern, and refuses a pattern RE2 does not take', async () => {
    const started = await run(matching('text.matches("[a-z]{999}[0-9]")'), { text: 'a'.repeat(20_000) });
    const failed = await waitForRun(stack.api, admin, started.id, hasStatus('failed'));
    expect(failed.error.code).toBe('step_error');
    expect(failed.error.message).toContain('a condition may take');
    const refused = await stack.api.request('POST', '/api/workflows', {
      token: admin,
      body: matching('text.matches("a(?=b)")'),
    });
    expect(refused.status).toBe(201);
    const published = await stack.api.request('POST', `/api/workflows/${refused.body.id}/publish`, {
      token: admin,
      body: {},
    });
    expect(published.status).toBe(400);
    expect(JSON.stringify(published.body)).toContain('not RE2 syntax');
  });
});

describe('every start checks that the interpreter can run the definition', () => {
  const startDraft = async (def: WorkflowDefinitionInput) => {
    const draft = await createDraft(stack.api, admin, def);
    const response = await stack.api.request('POST', `/api/workflows/${draft.id}/start`, {
      token: admin,
      body: { variables: {} },
    });
    return { draft, response };
  };

  it.each([
    ['missing_start', [end()]],
    ['multiple_starts', [start('end'), step('again', 'start', {}, { success: 'end' }), end()]],
    ['unknown_transition_target', [start('nowhere'), end()]],
    ['missing_required_config', [start('tell'), step('tell', 'notification', {}, { success: 'end' }), end()]],
    ['cannot_reach_end', [start('loop'), step('loop', 'delay', { duration: '1s' }, { success: 'loop' }), end()]],
  ] as Array<[string, WorkflowStep[]]>)(
    'a draft test run with %s is a 400 naming it, and no run is recorded',
    async (code, steps) => {
      const { draft, response } = await startDraft(definition(`unrunnable ${code} ${Date.now()}`, steps));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusCode: 400, code: 'validation_failed' });
      expect(response.body.message).toMatch(/^This workflow cannot run: /);
      expect(response.body.details.errors.map((item: { code: string }) => item.code)).toContain(code);
      expect(await stack.database.db.workflowRun.count({ where: { definitionId: draft.id } })).toBe(0);
    },
  );

  it('the webhook trigger checks it too', async () => {
    const draft = await createDraft(
      stack.api,
      admin,
      definition(`unrunnable webhook ${Date.now()}`, [end()], { trigger: { types: ['webhook'] } }),
    );
    const issued = await stack.api.request('POST', `/api/workflows/${draft.id}/webhook-secret`, { token: admin });
    const response = await stack.api.request('POST', issued.body.path, {
      headers: { 'x-webhook-secret': issued.body.secret },
      body: {},
    });
    expect(response.status).toBe(400);
    expect(response.body.details.errors.map((item: { code: string }) => item.code)).toContain('missing_start');
    expect(await stack.database.db.workflowRun.count({ where: { definitionId: draft.id } })).toBe(0);
  });

  it('publish-only findings (an unreachable step, an unknown connector) do not block a test run', async () => {
    const { response } = await startDraft(
      definition(`runnable draft ${Date.now()}`, [
        start('end'),
        step('later', 'connector', { connector: 'not-yet-created', command: 'x' }, { success: 'end' }),
        end(),
      ]),
    );
    expect(response.status).toBe(201);
    await waitForRun(stack.api, admin, response.body.id, hasStatus('completed'));
  });
});

describe('the read side', () => {
  it('lists runs with filters and shows the step timeline with sanitized bodies', async () => {
    const started = await run(
      definition(`listed ${Date.now()}`, [
        start('q'),
        step('q', 'connector', { connector: 'test-db', command: 'list-tables', parameters: {} }, { success: 'end' }),
        end(),
      ]),
    );
    await waitForRun(stack.api, admin, started.id, hasStatus('completed'));
    const listed = await stack.api.request('GET', `/api/runs?definitionId=${started.definitionId}&status=completed`, {
      token: admin,
    });
    expect(listed.body.data.map((item: { id: string }) => item.id)).toEqual([started.id]);
    // The list carries summaries; the steps belong to the run page.
    expect(listed.body.data[0]).not.toHaveProperty('steps');
    expect(listed.body.data[0]).toMatchObject({ status: 'completed', definitionId: started.definitionId });
    const page = await stack.api.request('GET', `/api/runs/${started.id}`, { token: admin });
    expect(page.body.steps.map((item: { stepId: string }) => item.stepId)).toEqual(['start', 'q', 'end']);
    expect((await stack.api.request('GET', '/api/runs?status=bogus', { token: admin })).status).toBe(400);
    const timeline = (await stack.api.request('GET', `/api/runs/${started.id}/steps`, { token: admin })).body;
    const call = timeline.steps.find((item: { stepId: string }) => item.stepId === 'q');
    expect(call.status).toBe('completed');
    expect(call.output.request).toEqual({ connector: 'test-db', command: 'list-tables', parameters: {} });
    expect(call.output.response.success).toBe(true);
  });
});

describe('my requests', () => {
  it('lists the runs a user started or is the subject of with ?requester', async () => {
    const requestor = await createUserWithToken(stack.database.db, ['requestor']);
    const workflow = await createActive(
      stack.api,
      admin,
      definition(`requests ${Date.now()}`, [start('end'), end()], {
        variables: [{ name: 'who', type: 'user', required: true }],
        subjectVariable: 'who',
      }),
    );
    const startAs = async (token: string, who: string) => {
      const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
        token,
        body: { variables: { who } },
      });
      expect(started.status).toBe(201);
      return started.body.id as string;
    };
    const aboutById = await startAs(admin, requestor.user.id);
    const aboutByEmail = await startAs(admin, requestor.user.email ?? '');
    const startedByThem = await startAs(requestor.token, adminId);
    await startAs(admin, adminId);

    const listed = await stack.api.request(
      'GET',
      `/api/runs?definitionId=${workflow.id}&requester=${requestor.user.id}&pageSize=10`,
      { token: requestor.token },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((item: { id: string }) => item.id).sort()).toEqual(
      [aboutById, aboutByEmail, startedByThem].sort(),
    );
    expect(listed.body.total).toBe(3);
    const refused = await stack.api.request('GET', '/api/runs?requester=me', { token: requestor.token });
    expect([refused.status, refused.body.message]).toEqual([400, expect.stringContaining('requester must be a UUID')]);
  });
});

describe('a workflow with runs in progress cannot be deleted for good', () => {
  it('refuses the permanent delete while a run waits, allows it once the run is cancelled', async () => {
    const def = definition(`in progress ${Date.now()}`, [
      start('pick'),
      step('pick', 'task', { assignee: adminId, fields: [] }, { success: 'end' }),
      end(),
    ]);
    const started = await run(def);
    await waitForRun(stack.api, admin, started.id, hasStatus('waiting'));
    await stack.api.request('DELETE', `/api/workflows/${started.definitionId}`, { token: admin });
    const refused = await stack.api.request('DELETE', `/api/workflows/${started.definitionId}/permanent`, {
      token: admin,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('run(s) in progress');
    await stack.api.request('POST', `/api/runs/${started.id}/cancel`, { token: admin });
    await waitForRun(stack.api, admin, started.id, hasStatus('cancelled'));
    expect(
      (await stack.api.request('DELETE', `/api/workflows/${started.definitionId}/permanent`, { token: admin })).status,
    ).toBe(200);
  });
});
