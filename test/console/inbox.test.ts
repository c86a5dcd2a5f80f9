import { beforeAll, describe, expect, it } from '@jest/globals';
import { screenshot, signInWithProvider, useChromium, useConsoleStack } from '../support/chromium.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { createUserWithToken } from '../support/users.js';
import { approvalDefinition, createActive } from '../support/workflows.js';
import { connectSuiteTemporal } from '../support/app.js';

const stack = useConsoleStack();
const chromium = useChromium();
let admin: string;
/** Another administrator, who did not start the runs. */
let otherAdmin: string;
let requesterId: string;
let requesterEmail: string;

beforeAll(async () => {
  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
  otherAdmin = (await createUserWithToken(stack.database.db, ['admin'])).token;
  const requester = (await createUserWithToken(stack.database.db, ['requestor'])).user;
  requesterId = requester.id;
  requesterEmail = requester.email ?? '';
});

async function startRun(definition: unknown, variables: Record<string, unknown>) {
  const workflow = await createActive(stack.api, admin, definition);
  const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
    token: admin,
    body: { variables },
  });
  expect(started.status).toBe(201);
  return waitForRun(stack.api, admin, started.body.id, hasStatus('waiting'));
}

/** The status Temporal itself reports for a run's workflow execution, once it has closed. */
async function temporalStatus(workflowId: string): Promise<string> {
  const temporal = await connectSuiteTemporal();
  try {
    const handle = temporal.client.workflow.getHandle(workflowId);
    await handle.result();
    return (await handle.describe()).status.name;
  } finally {
    await temporal.close();
  }
}

describe('approvals in the inbox', () => {
  it('shows a pending approval with its run context; approving it completes the run', async () => {
    const { page, user } = await signInWithProvider(chromium.browser, stack, ['approver']);
    const run = await startRun(approvalDefinition({ name: 'Laptop request' }), {
      requester: requesterId,
      manager: user.id,
      reason: 'new laptop',
    });
    await page.reload();
    const card = page.getByRole('article', { name: 'Approval: Manager approval' });
    await card.getByRole('link', { name: 'Laptop request v1' }).waitFor();
    expect(await card.getByRole('link', { name: 'Laptop request v1' }).getAttribute('href')).toBe(`/runs/${run.id}`);
    // People are named, not shown as ids: in the step's message, the subject and the variables.
    await card.getByText(`Access requested by ${requesterEmail}: new laptop`).waitFor();
    const text = await card.textContent();
    expect(text).toContain(`subject ${requesterEmail}`);
    expect(text).not.toContain(requesterId);
    expect(await card.getByRole('definition').allTextContents()).toEqual(
      expect.arrayContaining(['new laptop', 'you', requesterEmail]),
    );
    await screenshot(page, 'inbox');

    await card.getByLabel('Comment (optional)').fill('Fine by me');
    await card.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('status').filter({ hasText: 'Approved: Manager approval' }).waitFor();
    await page.getByText('No approvals wait for you.').waitFor();

    const finished = await waitForRun(stack.api, admin, run.id, hasStatus('completed'));
    expect(finished.steps.find((step: { stepId: string }) => step.stepId === 'manager_approval')).toEqual(
      expect.objectContaining({ status: 'completed', outcome: 'approved' }),
    );
    const decision = await stack.database.db.approvalDecision.findFirstOrThrow({ where: { userId: user.id } });
    expect(decision).toEqual(expect.objectContaining({ decision: 'approve', comment: 'Fine by me' }));
    expect(await temporalStatus(run.temporalWorkflowId)).toBe('COMPLETED');
    await page.context().close();

    // The run's readers see who decided, how and with what comment: in its steps and on its page.
    const steps = await stack.api.request('GET', `/api/runs/${run.id}/steps`, { token: otherAdmin });
    expect(steps.body.steps.find((step: { stepId: string }) => step.stepId === 'manager_approval').decisions).toEqual([
      expect.objectContaining({
        userId: user.id,
        displayName: 'Test approver',
        decision: 'approve',
        comment: 'Fine by me',
      }),
    ]);
    const reader = await signInWithProvider(chromium.browser, stack, ['admin'], `/runs/${run.id}`);
    const decisions = reader.page.getByRole('list', { name: 'Decisions on Manager approval' });
    await expect(decisions.textContent()).resolves.toMatch(/^Approved by Test approver, .+: “Fine by me”$/);
    await reader.page.context().close();
  });

  it("shows the API's refusal when the approval is no longer pending", async () => {
    const { page, user } = await signInWithProvider(chromium.browser, stack, ['approver']);
    const run = await startRun(approvalDefinition({ name: 'Decided elsewhere' }), {
      requester: requesterId,
      manager: user.id,
    });
    await page.reload();
    const card = page.getByRole('article', { name: 'Approval: Manager approval' });
    await card.getByRole('button', { name: 'Reject' }).waitFor();
    const approval = await stack.database.db.approval.findFirstOrThrow({ where: { runId: run.id } });
    const elsewhere = await stack.api.request('POST', `/api/approvals/${approval.id}/decide`, {
      token: otherAdmin,
      body: { decision: 'reject' },
    });
    expect(elsewhere.status).toBe(200);

    await card.getByRole('button', { name: 'Reject' }).click();
    await card.getByRole('alert').waitFor();
    expect(await card.getByRole('alert').textContent()).toMatch(/already/i);
    await page.context().close();
  });
});

describe('tasks in the inbox', () => {
  const taskDefinition = approvalDefinition({
    name: 'Laptop order',
    steps: [
      { id: 'start', name: 'Start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'order' }] },
      {
        id: 'order',
        name: 'Order the laptop',
        type: 'task',
        config: {
          assignee: '{{manager}}',
          title: 'Order a laptop',
          instructions: 'Pick the model for {{requester}}',
          fields: [
            { name: 'model', type: 'string', label: 'Model', required: true, choices: ['MacBook', 'ThinkPad'] },
            { name: 'quantity', type: 'number', label: 'Quantity', required: true },
            { name: 'express', type: 'boolean', label: 'Express delivery', required: false },
            { name: 'needed_by', type: 'date', label: 'Needed by', required: false },
          ],
        },
        transitions: [{ on: 'success', goto: 'end' }],
      },
      { id: 'end', name: 'End', type: 'end', config: {}, transitions: [] },
    ],
  });

  it('builds the form from the fields, shows the API error next to its field, then completes', async () => {
    const { page, user } = await signInWithProvider(chromium.browser, stack, ['requestor']);
    const run = await startRun(taskDefinition, { requester: requesterId, manager: user.id });
    await page.reload();
    const card = page.getByRole('article', { name: 'Task: Order a laptop' });
    await card.getByLabel('Model').waitFor();
    await card.getByText(`Pick the model for ${requesterEmail}`).waitFor();
    expect(await card.getByLabel('Model').evaluate((element) => element.tagName)).toBe('SELECT');
    expect(await card.getByLabel('Quantity').getAttribute('type')).toBe('number');
    expect(await card.getByLabel('Express delivery').getAttribute('type')).toBe('checkbox');
    expect(await card.getByLabel('Needed by').getAttribute('type')).toBe('date');

    // Quantity left empty: the API refuses, and says so next to the field.
    await card.getByLabel('Model').selectOption('ThinkPad');
    await card.getByRole('button', { name: 'Complete task' }).click();
    const quantityError = card.locator('.field.invalid').filter({ has: page.getByLabel('Quantity') });
    await quantityError.locator('.field-error').waitFor();
    expect(await quantityError.locator('.field-error').textContent()).toMatch(/expected number/);
    expect(await card.getByLabel('Quantity').getAttribute('aria-invalid')).toBe('true');
    expect(await card.getByLabel('Model').getAttribute('aria-invalid')).toBe('false');
    await screenshot(page, 'task-form-error');
    const task = await stack.database.db.task.findFirstOrThrow({ where: { runId: run.id } });
    expect(task.status).toBe('open');
    // The choices bind the API too, not only the form.
    const outside = await stack.api.request('POST', `/api/tasks/${task.id}/complete`, {
      token: admin,
      body: { values: { model: 'Dell', quantity: 1 } },
    });
    expect(outside.status).toBe(400);
    expect(outside.body.details).toEqual([expect.objectContaining({ path: 'model' })]);

    await card.getByLabel('Quantity').fill('2');
    await card.getByLabel('Express delivery').check();
    await card.getByLabel('Needed by').fill('2026-12-01');
    await card.getByRole('button', { name: 'Complete task' }).click();
    await page.getByRole('status').filter({ hasText: 'Completed: Order a laptop' }).waitFor();

    const finished = await waitForRun(stack.api, admin, run.id, hasStatus('completed'));
    expect(finished.variables).toEqual(
      expect.objectContaining({ model: 'ThinkPad', quantity: 2, express: true, needed_by: '2026-12-01' }),
    );
    expect(await temporalStatus(run.temporalWorkflowId)).toBe('COMPLETED');
    await page.context().close();
  });

  it('refuses choices on a field that is not a string', async () => {
    const [start, order, end] = taskDefinition.steps;
    const broken = structuredClone({
      ...taskDefinition,
      name: 'Broken choices',
      steps: [
        start,
        { ...order, config: { assignee: '{{manager}}', fields: [{ name: 'n', type: 'number', choices: ['1'] }] } },
        end,
      ],
    });
    const response = await stack.api.request('POST', '/api/workflows', { token: admin, body: broken });
    expect(response.status).toBe(400);
    expect(response.text).toContain('choices are allowed on string fields only');
  });
});
