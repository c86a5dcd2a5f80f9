import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { WORKFLOW_DEFINITION_FIELDS } from '../../src/domain/workflow-definition.js';
import { screenshot, signInWithProvider, useChromium, useConsoleStack } from '../support/chromium.js';
import { createUserWithToken } from '../support/users.js';
import { createDraft } from '../support/workflows.js';

// Authoring a workflow in the console (docs/console.md, "Authoring a workflow") in Chromium against
// the real API, PostgreSQL, Temporal worker and OpenID provider: a draft built from the forms the
// step schemas generate, checked live by strict validation, saved, edited as JSON, saved over a
// stale revision (the conflict), and refused to those without workflow:update.

const stack = useConsoleStack();
const chromium = useChromium();
let admin: string;
let approver: { id: string; email: string };

beforeAll(async () => {
  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
  const created = await createUserWithToken(stack.database.db, ['approver']);
  approver = { id: created.user.id, email: created.user.email! };
});

const getWorkflow = (id: string, token = admin) => stack.api.request('GET', `/api/workflows/${id}`, { token });

/** The validator's findings shown on a field, once the live check has answered. */
const findingsOf = (page: Page, fieldId: string) => page.locator(`#${fieldId}-findings`);

async function addStep(page: Page, type: string) {
  await page.getByLabel('New step of type').selectOption(type);
  await page.getByRole('button', { name: 'Add step' }).click();
}

describe('authoring a workflow', () => {
  it('builds a draft from the step forms with live validation on each field, saves it, edits it as JSON and shows a stale save as a conflict', async () => {
    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], '/workflows');
    await page.getByRole('link', { name: 'New workflow' }).click();
    await page.getByRole('heading', { name: 'New workflow' }).waitFor();
    // A new draft starts as start → end; without a name strict validation says so on the field.
    await findingsOf(page, 'workflow-name').getByText('name is required').waitFor();
    const name = `Laptop request ${Date.now()}`;
    await page.getByLabel('Name (required)').fill(name);
    await findingsOf(page, 'workflow-name').waitFor({ state: 'detached' });

    await addStep(page, 'approval');
    await addStep(page, 'connector');
    const approval = page.locator('#step-1');
    await approval.getByLabel('Name', { exact: true }).fill('Manager approval');
    // The approval needs approvers: the finding is on that field of that step, and goes once one is picked.
    await findingsOf(page, 'step-1-config-approvers').getByText('needs config.approvers').waitFor();
    await approval.getByRole('button', { name: 'Add approver' }).click();
    await approval.getByLabel('Approver 1: user: search users by email or name').fill(approver.email);
    await approval.getByLabel('Approver 1: user', { exact: true }).selectOption(approver.id);
    await findingsOf(page, 'step-1-config-approvers').waitFor({ state: 'detached' });

    // The connector step offers the connectors, their commands and each parameter of the command.
    const connector = page.locator('#step-2');
    await connector.getByLabel('Name', { exact: true }).fill('Look up the requester');
    await page.locator('#step-2-config-connector').selectOption('test-ldap');
    await page.locator('#step-2-config-command').selectOption('search');
    await page.locator('#step-2-config-parameter-filter').fill('(uid={{requester}})');
    await page.locator('#step-2-config-parameter-sizeLimit').fill('0');
    await findingsOf(page, 'step-2-config-parameter-sizeLimit').getByText('would refuse its parameters').waitFor();
    await page.locator('#step-2-config-parameter-sizeLimit').fill('5');
    await findingsOf(page, 'step-2-config-parameter-sizeLimit').waitFor({ state: 'detached' });

    // Transitions: start → approval; approved → connector, rejected → end; connector success → end.
    await page.locator('#step-0-transition-0-goto').selectOption('approval');
    await approval.getByRole('button', { name: 'Add transition' }).click();
    await page.locator('#step-1-transition-0-goto').selectOption('connector');
    await approval.getByRole('button', { name: 'Add transition' }).click();
    await page.locator('#step-1-transition-1-on').selectOption('rejected');
    await page.locator('#step-1-transition-1-goto').selectOption('end');
    await connector.getByRole('button', { name: 'Add transition' }).click();
    await page.locator('#step-2-transition-0-goto').selectOption('end');
    // The placeholder names a variable the workflow must declare.
    await findingsOf(page, 'step-2-config-parameter-filter').getByText('requester').waitFor();
    await page.getByRole('button', { name: 'Add variable' }).click();
    await page.getByLabel('Name', { exact: true }).last().fill('requester');
    await page.locator('#variable-0-type').selectOption('user');
    await page.getByRole('status').filter({ hasText: 'Ready to publish' }).waitFor();
    // The flow beside the list is drawn from the unsaved draft.
    await page.locator('.editor-graph svg').getByText('Look up the requester').waitFor();
    await screenshot(page, 'workflow-editor');

    await page.getByRole('button', { name: 'Create draft' }).click();
    await page.waitForURL(/\/workflows\/[0-9a-f-]{36}\/edit\?created=1$/);
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved$/ })
      .waitFor();
    const id = new URL(page.url()).pathname.split('/')[2]!;
    const stored = await getWorkflow(id);
    expect(stored.body).toMatchObject({ name, status: 'draft', variables: [{ name: 'requester', type: 'user' }] });
    expect(stored.body.steps).toEqual([
      { id: 'start', name: 'Start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'approval' }] },
      {
        id: 'approval',
        name: 'Manager approval',
        type: 'approval',
        config: { approvers: [approver.id] },
        transitions: [
          { on: 'approved', goto: 'connector' },
          { on: 'rejected', goto: 'end' },
        ],
      },
      {
        id: 'connector',
        name: 'Look up the requester',
        type: 'connector',
        config: {
          connector: 'test-ldap',
          command: 'search',
          parameters: { filter: '(uid={{requester}})', sizeLimit: 5 },
        },
        transitions: [{ on: 'success', goto: 'end' }],
      },
      { id: 'end', name: 'End', type: 'end', config: {}, transitions: [] },
    ]);
    const strict = await stack.api.request('POST', '/api/workflows/validate', {
      token: admin,
      body: {
        ...Object.fromEntries(WORKFLOW_DEFINITION_FIELDS.map((field) => [field, stored.body[field]])),
        strict: true,
      },
    });
    expect(strict.body).toMatchObject({ valid: true, errorCount: 0 });

    // A reload shows what is stored.
    await page.reload();
    await expect(page.getByLabel('Name (required)').inputValue()).resolves.toBe(name);
    await expect(page.locator('#step-2-config-parameter-filter').inputValue()).resolves.toBe('(uid={{requester}})');

    // The JSON view edits the whole definition; the form shows its edits, and Save stores them.
    await page.getByRole('button', { name: 'JSON', exact: true }).click();
    const json = page.getByLabel('Definition (JSON)');
    const definition = JSON.parse(await json.inputValue());
    await json.fill('{ "name": ');
    await page.getByRole('alert').filter({ hasText: 'Not a JSON object' }).waitFor();
    await expect(page.getByRole('button', { name: 'Form', exact: true }).isDisabled()).resolves.toBe(true);
    // A value the API's schema would not take is not saved as something else: Save waits for it.
    await json.fill(JSON.stringify({ ...definition, category: 'bogus' }, null, 2));
    await page.getByRole('status').filter({ hasText: 'Not savable' }).waitFor();
    await expect(page.getByRole('button', { name: 'Save draft' }).isDisabled()).resolves.toBe(true);
    await json.fill(JSON.stringify({ ...definition, description: 'Edited as JSON' }, null, 2));
    await page.getByRole('button', { name: 'Form', exact: true }).click();
    await expect(page.getByLabel('Description', { exact: true }).first().inputValue()).resolves.toBe('Edited as JSON');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved$/ })
      .waitFor();
    expect((await getWorkflow(id)).body.description).toBe('Edited as JSON');

    // Leaving with unsaved changes asks first.
    await page.getByLabel('Name (required)').fill(`${name} (unsaved)`);
    const question = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.dismiss();
      }),
    );
    await page.getByRole('link', { name: 'Workflows', exact: true }).first().click();
    await expect(question).resolves.toContain('changes that are not saved');
    expect(new URL(page.url()).pathname).toBe(`/workflows/${id}/edit`);

    // Someone else saves the draft meanwhile: this page's save is refused, said so, and reloads theirs.
    const elsewhere = await stack.api.request('PATCH', `/api/workflows/${id}`, {
      token: admin,
      body: { description: 'Changed elsewhere' },
    });
    expect(elsewhere.status).toBe(200);
    await page.getByRole('button', { name: 'Save draft' }).click();
    const conflict = page.getByRole('alert').filter({ hasText: 'someone else saved this draft' });
    await conflict.getByText(`The workflow is at revision ${elsewhere.body.revision}`).waitFor();
    expect((await getWorkflow(id)).body).toMatchObject({ name, description: 'Changed elsewhere' });
    await conflict.getByRole('button', { name: 'Reload the stored draft' }).click();
    await conflict.waitFor({ state: 'detached' });
    await expect(page.getByLabel('Description', { exact: true }).first().inputValue()).resolves.toBe(
      'Changed elsewhere',
    );
    await expect(page.getByLabel('Name (required)').inputValue()).resolves.toBe(name);
    await page.context().close();
  });

  it('offers no editor to a user without workflow:create or workflow:update, and the API refuses their edit', async () => {
    const draft = await createDraft(stack.api, admin);
    const { page } = await signInWithProvider(chromium.browser, stack, ['approver'], `/workflows/${draft.id}`);
    await page.getByRole('heading', { name: draft.name }).first().waitFor();
    await expect(page.getByRole('link', { name: 'Edit this draft' }).count()).resolves.toBe(0);
    await page.goto(stack.url(`/workflows/${draft.id}/edit`));
    await page.getByRole('heading', { name: 'Not available' }).waitFor();
    await page.goto(stack.url('/workflows/new'));
    await page.getByRole('heading', { name: 'Not available' }).waitFor();

    const { token } = await createUserWithToken(stack.database.db, ['approver']);
    const refused = await stack.api.request('PUT', `/api/workflows/${draft.id}`, {
      token,
      headers: { 'if-match': `"${draft.revision}"` },
      body: { description: 'Not mine to change' },
    });
    expect([refused.status, refused.body.message]).toEqual([403, expect.stringContaining('workflow:update')]);
    expect((await getWorkflow(draft.id)).body.description).toBe(draft.description);

    // An administrator is offered the editor from the same page.
    const { page: adminPage } = await signInWithProvider(chromium.browser, stack, ['admin'], `/workflows/${draft.id}`);
    await adminPage.getByRole('link', { name: 'Edit this draft' }).click();
    await adminPage.waitForURL(stack.url(`/workflows/${draft.id}/edit`));
    await adminPage.getByRole('heading', { name: `Edit ${draft.name}` }).waitFor();
    // On a phone the step list and the flow stack, with no sideways scrolling.
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await adminPage.locator('.editor-graph svg').waitFor();
    const overflow = await adminPage.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBe(0);
    await screenshot(adminPage, 'workflow-editor-phone');
    await Promise.all([page.context().close(), adminPage.context().close()]);
  });
});
