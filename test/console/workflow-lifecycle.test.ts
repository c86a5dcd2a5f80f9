import { beforeAll, describe, expect, it } from '@jest/globals';
import { screenshot, signInWithProvider, useChromium, useConsoleStack, VIEWPORTS } from '../support/chromium.js';
import { pollUntil } from '../support/poll.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { createUserWithToken } from '../support/users.js';
import { approvalDefinition, createActive, createDraft, definition, end, start, step } from '../support/workflows.js';

// The workflow page's lifecycle actions, the version comparison, a draft's test run and the
// pending work page, driven in Chromium against the real API, PostgreSQL and Temporal worker
// (docs/console.md, "Workflow lifecycle" and "Pending work").

const stack = useConsoleStack();
const chromium = useChromium();
/** An administrator who starts the runs, so that the signed-in administrator may decide them. */
let starter: string;

beforeAll(async () => {
  starter = (await createUserWithToken(stack.database.db, ['admin'])).token;
});

const workflowRow = (id: string) => stack.database.db.workflowDefinition.findUnique({ where: { id } });

describe('workflow lifecycle on the workflow page', () => {
  it('compares, publishes deprecating the previous version, creates a version, test-runs it, reverts, deletes, restores and purges', async () => {
    const name = `Lifecycle ${Date.now()}`;
    const v1 = await createActive(stack.api, starter, approvalDefinition({ name }));
    const v2 = (await stack.api.request('POST', `/api/workflows/${v1.id}/create-version`, { token: starter })).body
      .newWorkflow;
    const edited = approvalDefinition({ name });
    edited.steps[1]!.config = { ...edited.steps[1]!.config, timeout: '24h' };
    edited.variables.push({ name: 'budget', type: 'number', required: false });
    expect((await stack.api.request('PUT', `/api/workflows/${v2.id}`, { token: starter, body: edited })).status).toBe(
      200,
    );

    const { page, user } = await signInWithProvider(chromium.browser, stack, ['admin'], `/workflows/${v2.id}`);
    const lifecycle = page.getByRole('region', { name: 'Lifecycle' });

    // The diff: from the previous version (chosen by default) to this draft.
    await page.getByLabel('From', { exact: true }).selectOption(v1.id);
    await page.getByRole('button', { name: 'Show differences' }).click();
    const diff = page.getByRole('region', { name: /^Changes from version 1 \(active\) to draft made .*, this one$/ });
    await expect(diff.getByRole('list', { name: 'Steps changed' }).textContent()).resolves.toBe(
      'Changed manager_approval: config.timeout',
    );
    await expect(diff.getByRole('list', { name: 'Variables changed' }).textContent()).resolves.toBe('Added budget');

    // Publish, deprecating version 1 in the same step (offered ticked); confirmed first.
    const deprecateFirst = lifecycle.getByLabel('Deprecate version 1, the previous version, in the same step');
    await expect(deprecateFirst.isChecked()).resolves.toBe(true);
    await lifecycle.getByRole('button', { name: 'Publish' }).click();
    await expect(lifecycle.getByRole('alertdialog').textContent()).resolves.toContain(
      'version 1 is deprecated: its new runs are refused',
    );
    await screenshot(page, 'workflow-lifecycle');
    await lifecycle.getByRole('button', { name: 'Yes, publish' }).click();
    await lifecycle.getByRole('status').filter({ hasText: 'Published as version 2.' }).waitFor();
    expect(await workflowRow(v2.id)).toEqual(expect.objectContaining({ status: 'active', version: 2 }));
    expect((await workflowRow(v1.id))?.status).toBe('deprecated');

    // Create a version: the page moves to the new draft.
    await lifecycle.getByRole('button', { name: 'Create a new version' }).click();
    await page.waitForURL((url) => /^\/workflows\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(v2.id));
    const v3Id = new URL(page.url()).pathname.split('/')[2]!;
    expect(await workflowRow(v3Id)).toEqual(
      expect.objectContaining({ status: 'draft', sourceWorkflowId: v2.id, createdBy: user.id }),
    );

    // A test run of the new draft from its page, for a requester chosen in the user picker.
    const requester = (await createUserWithToken(stack.database.db, ['requestor'])).user;
    await page.locator('#start-run', { hasText: 'Start a run (test run)' }).waitFor();
    for (const variable of ['requester', 'manager']) {
      await page.getByLabel(`${variable} (required): search users by email or name`).fill(requester.email!);
      await page.locator(`#start-variable-${variable} option[value="${requester.id}"]`).waitFor({ state: 'attached' });
      await page.getByLabel(`${variable} (required)`, { exact: true }).selectOption(requester.id);
    }
    await page.getByRole('button', { name: 'Start the run' }).click();
    await page.getByRole('link', { name: 'open the run' }).waitFor();
    const testRun = await stack.database.db.workflowRun.findFirstOrThrow({ where: { definitionId: v3Id } });
    expect(testRun).toEqual(
      expect.objectContaining({
        isTestRun: true,
        startedBy: user.id,
        variables: expect.objectContaining({ requester: requester.id, manager: requester.id }),
      }),
    );
    await stack.api.request('POST', `/api/runs/${testRun.id}/cancel`, { token: starter });

    // Revert version 2 to draft: a wrong name is the API's refusal, shown under the action.
    await page.goto(stack.url(`/workflows/${v2.id}`));
    const confirmation = lifecycle.getByLabel(`Type the workflow's name, ${name}, to confirm`);
    await confirmation.fill(`${name} (not it)`);
    await lifecycle.getByRole('button', { name: 'Revert to draft' }).click();
    await expect(lifecycle.getByRole('alert').textContent()).resolves.toContain(
      `does not match the workflow name "${name}"`,
    );
    expect((await workflowRow(v2.id))?.status).toBe('active');
    await confirmation.fill(name);
    await lifecycle.getByRole('button', { name: 'Revert to draft' }).click();
    await page.locator('.header-facts .badge', { hasText: 'draft' }).waitFor();
    expect((await workflowRow(v2.id))?.status).toBe('draft');

    // Delete (confirmed), then find it in the list only with "Show deleted".
    await lifecycle.getByRole('button', { name: 'Delete workflow' }).click();
    await lifecycle.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByRole('status').filter({ hasText: 'This workflow is deleted' }).waitFor();
    expect((await workflowRow(v2.id))?.deletedAt).not.toBeNull();
    await page.goto(stack.url(`/workflows?search=${encodeURIComponent(name)}`));
    const rows = page.getByRole('row').filter({ hasText: name });
    await expect(
      rows
        .first()
        .waitFor()
        .then(() => rows.count()),
    ).resolves.toBe(2);
    await page.getByLabel('Show deleted').check();
    await page.waitForURL(/includeDeleted=true/);
    await rows.filter({ hasText: 'deleted' }).waitFor();
    await expect(rows.count()).resolves.toBe(3);

    // Restore it, delete it again and purge it for good.
    await rows.filter({ hasText: 'deleted' }).getByRole('link', { name }).click();
    await lifecycle.getByRole('button', { name: 'Restore workflow' }).click();
    await lifecycle.getByRole('button', { name: 'Delete workflow' }).waitFor();
    expect((await workflowRow(v2.id))?.deletedAt).toBeNull();
    await lifecycle.getByRole('button', { name: 'Delete workflow' }).click();
    await lifecycle.getByRole('button', { name: 'Yes, delete' }).click();
    await lifecycle.getByRole('button', { name: 'Delete permanently' }).click();
    await expect(lifecycle.getByRole('alertdialog').textContent()).resolves.toContain('cannot be restored');
    await lifecycle.getByRole('button', { name: 'Yes, delete permanently' }).click();
    await page.waitForURL(stack.url('/workflows'));
    expect(await workflowRow(v2.id)).toBeNull();
    expect((await workflowRow(v3Id))?.sourceWorkflowId).toBeNull();
    await page.context().close();
  });

  it('offers each action only to holders of its permission, and a draft test run only to its editors', async () => {
    // One long word in the name, which the revert label quotes, must not widen a phone's page.
    const longName = `Offered-${'long'.repeat(15)}-${Date.now()}`;
    const active = await createActive(stack.api, starter, approvalDefinition({ name: longName }));
    // A second version, so that the page also holds the version comparison.
    await stack.api.request('POST', `/api/workflows/${active.id}/create-version`, { token: starter });
    const draft = await createDraft(stack.api, starter, approvalDefinition({ name: `Offered draft ${Date.now()}` }));
    const buttons = ['Publish', 'Deprecate', 'Create a new version', 'Revert to draft', 'Delete workflow'];
    const offered = async (page: import('playwright-core').Page) => {
      const names = await page.getByRole('button').allTextContents();
      return buttons.filter((label) => names.includes(label));
    };

    const requestor = await signInWithProvider(chromium.browser, stack, ['requestor'], `/workflows/${active.id}`);
    await requestor.page.locator('#start-run').waitFor();
    expect(await offered(requestor.page)).toEqual([]);
    await expect(requestor.page.getByRole('heading', { name: 'Lifecycle' }).count()).resolves.toBe(0);
    await requestor.page.goto(stack.url(`/workflows/${draft.id}`));
    await requestor.page.getByRole('heading', { name: 'Versions', exact: true }).waitFor();
    expect(await offered(requestor.page)).toEqual([]);
    await expect(requestor.page.locator('#start-run').count()).resolves.toBe(0);
    // Nor is the pending work page offered to one who may not decide others' work.
    await expect(requestor.page.getByRole('link', { name: 'Pending work' }).count()).resolves.toBe(0);
    await requestor.page.goto(stack.url('/approvals'));
    await requestor.page.getByRole('heading', { name: 'Not available' }).waitFor();
    await requestor.page.context().close();

    // On a phone, the lifecycle panel and the version comparison fit the screen's width.
    const manager = await signInWithProvider(
      chromium.browser,
      stack,
      ['resource_manager'],
      `/workflows/${active.id}`,
      VIEWPORTS.phone,
    );
    await manager.page.getByRole('heading', { name: 'Lifecycle' }).waitFor();
    await manager.page.getByLabel('From', { exact: true }).waitFor();
    expect(await offered(manager.page)).toEqual(['Deprecate', 'Create a new version', 'Revert to draft']);
    await manager.page.waitForLoadState('networkidle');
    await expect(
      manager.page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'),
    ).resolves.toBe(0);
    await manager.page.goto(stack.url(`/workflows/${draft.id}`));
    await manager.page.locator('#start-run', { hasText: 'Start a run (test run)' }).waitFor();
    expect(await offered(manager.page)).toEqual(['Publish']);
    await manager.page.context().close();
  });
});

describe('pending work: every approval and task, for those who may decide any', () => {
  it('finds them by name, reassigns and decides an approval, completes a task in its assignee’s place, and cancels a run', async () => {
    const { db } = stack.database;
    const away = (await createUserWithToken(db, ['approver'])).user;
    const requester = (await createUserWithToken(db, ['requestor'])).user;
    const stamp = Date.now();
    const startWaiting = async (workflow: { id: string }, variables: Record<string, unknown>) => {
      const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
        token: starter,
        body: { variables },
      });
      expect(started.status).toBe(201);
      return waitForRun(stack.api, starter, started.body.id, hasStatus('waiting'));
    };
    const approvalFlow = await createActive(stack.api, starter, approvalDefinition({ name: `Away approval ${stamp}` }));
    const decided = await startWaiting(approvalFlow, { requester: requester.id, manager: away.id, reason: 'laptop' });
    const cancelFlow = await createActive(stack.api, starter, approvalDefinition({ name: `Abandoned ${stamp}` }));
    const abandoned = await startWaiting(cancelFlow, { requester: requester.id, manager: away.id });
    const taskFlow = await createActive(
      stack.api,
      starter,
      definition(
        `Away task ${stamp}`,
        [
          start('order'),
          step(
            'order',
            'task',
            {
              assignee: '{{who}}',
              title: 'Order the badge',
              fields: [{ name: 'colour', type: 'string', required: true }],
            },
            { success: 'end' },
          ),
          end(),
        ],
        { variables: [{ name: 'who', type: 'user', required: true }] },
      ),
    );
    const tasked = await startWaiting(taskFlow, { who: away.id });

    const { page, user } = await signInWithProvider(chromium.browser, stack, ['admin'], '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pending work' }).click();
    await page.getByRole('heading', { name: 'Pending work' }).waitFor();

    // The search keeps only what its step or workflow is named by, and lives in the address.
    await page.getByLabel('Step, task or workflow name').fill(`away approval ${stamp}`);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/search=/);
    const approvals = page.getByRole('region', { name: 'Pending approvals' });
    const card = approvals.getByRole('article', { name: 'Approval: Manager approval' });
    await card.getByRole('link', { name: `Away approval ${stamp} v1` }).waitFor();
    await expect(approvals.getByRole('article').count()).resolves.toBe(1);
    await approvals.locator('.waiting-for', { hasText: `Waiting for: ${away.email}` }).waitFor();
    await expect(page.getByRole('region', { name: 'Open tasks' }).getByText('No task is open.').count()).resolves.toBe(
      1,
    );
    await screenshot(page, 'pending-work');

    // Handed to a deputy found in the directory; then decided here all the same.
    const deputy = (await createUserWithToken(db, ['approver'])).user;
    const item = approvals.locator('li.pending-item').filter({ hasText: `Away approval ${stamp} v1` });
    await item.locator('summary', { hasText: 'Reassign' }).click();
    await item.getByLabel('Hand it to: search users by email or name').fill(deputy.email!);
    await item.locator(`option[value="${deputy.id}"]`).waitFor({ state: 'attached' });
    await item.getByLabel('Hand it to', { exact: true }).selectOption(deputy.id);
    await item.getByRole('button', { name: 'Reassign', exact: true }).click();
    await approvals.getByRole('status').filter({ hasText: 'Reassigned the approval' }).waitFor();
    await approvals.locator('.waiting-for', { hasText: `Waiting for: ${deputy.email}` }).waitFor();
    expect((await db.approval.findFirstOrThrow({ where: { runId: decided.id } })).approverUserIds).toEqual([deputy.id]);

    await card.getByLabel('Comment (optional)').fill('Deciding while the manager is away');
    await card.getByRole('button', { name: 'Approve' }).click();
    await approvals.getByRole('status').filter({ hasText: 'Approved: Manager approval' }).waitFor();
    await waitForRun(stack.api, starter, decided.id, hasStatus('completed'));
    expect(await db.approvalDecision.findFirst({ where: { approval: { runId: decided.id } } })).toEqual(
      expect.objectContaining({ userId: user.id, decision: 'approve', comment: 'Deciding while the manager is away' }),
    );

    // A task assigned to someone else, completed here.
    await page.getByLabel('Step, task or workflow name').fill(`Away task ${stamp}`);
    await page.getByRole('button', { name: 'Search' }).click();
    const taskCard = page.getByRole('region', { name: 'Open tasks' }).getByRole('article', {
      name: 'Task: Order the badge',
    });
    await taskCard.getByLabel(/colour/).fill('blue');
    await taskCard.getByRole('button', { name: 'Complete task' }).click();
    await page.getByRole('status').filter({ hasText: 'Completed: Order the badge' }).waitFor();
    const finished = await waitForRun(stack.api, starter, tasked.id, hasStatus('completed'));
    expect(finished.variables).toEqual(expect.objectContaining({ colour: 'blue' }));
    expect((await db.task.findFirstOrThrow({ where: { runId: tasked.id } })).completedBy).toBe(user.id);

    // Cancelling the run, confirmed first.
    await page.getByLabel('Step, task or workflow name').fill(`Abandoned ${stamp}`);
    await page.getByRole('button', { name: 'Search' }).click();
    const abandonedCard = approvals.getByRole('listitem').filter({ hasText: `Abandoned ${stamp} v1` });
    await abandonedCard.getByRole('button', { name: 'Cancel the run' }).click();
    await expect(abandonedCard.getByRole('alertdialog').textContent()).resolves.toContain('The whole run stops');
    await abandonedCard.getByRole('button', { name: 'Yes, cancel the run' }).click();
    await approvals.getByRole('status').filter({ hasText: 'Run cancelled: Manager approval' }).waitFor();
    await waitForRun(stack.api, starter, abandoned.id, hasStatus('cancelled'));
    const approval = await pollUntil(
      () => db.approval.findFirstOrThrow({ where: { runId: abandoned.id } }),
      (row) => row.status === 'cancelled',
    );
    expect(approval.status).toBe('cancelled');
    await page.context().close();
  });
});
