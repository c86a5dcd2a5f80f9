import { beforeAll, describe, expect, it } from '@jest/globals';
import { signInWithProvider, useChromium, useConsoleStack } from '../support/chromium.js';
import { createUserWithToken } from '../support/users.js';
import { createActive, definition, end, start } from '../support/workflows.js';

// Addresses and data that crashed the console to a blank page (issue 46, "What a real browser
// found"), and the error boundary that catches whatever else does: every route renders, and an
// error shows a page with a way back. Chromium against the real API, database and worker.

const stack = useConsoleStack();
const chromium = useChromium();
let admin: string;

beforeAll(async () => {
  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
});

describe('console robustness', () => {
  it('renders /runs/ and /workflows/ (a trailing slash) as /runs and /workflows', async () => {
    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], '/runs/');
    await page.getByRole('heading', { name: 'Runs', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/runs');
    await page.goto(stack.url('/workflows/?status=active'));
    await page.getByRole('heading', { name: 'Workflows', exact: true }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/workflows?status=active');
    await page.context().close();
  });

  it('shows a workflow whose variables are named __proto__ and constructor, stored before the API refused such names', async () => {
    const workflow = await createActive(
      stack.api,
      admin,
      definition('Prototype variable', [start('end'), end()], {
        variables: [{ name: 'placeholder', type: 'string', required: true }],
      }),
    );
    await stack.database.db.workflowDefinition.update({
      where: { id: workflow.id },
      data: {
        variables: [
          { name: '__proto__', type: 'string', required: true },
          { name: 'constructor', type: 'string', required: false },
        ],
      },
    });
    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], `/workflows/${workflow.id}`);
    await page.getByRole('heading', { name: 'Prototype variable' }).first().waitFor();
    const form = page.getByRole('region', { name: 'Start a run' });
    await form.getByLabel('constructor', { exact: true }).fill('kept');
    await form.getByRole('button', { name: 'Start the run' }).click();
    // The API cannot take a value for __proto__: its message shows on the field, the page stays.
    await form.getByText('__proto__ is required').waitFor();
    await expect(form.getByLabel('constructor', { exact: true }).inputValue()).resolves.toBe('kept');
    await page.context().close();
  });

  it('refuses to store a variable named __proto__, prototype or constructor', async () => {
    for (const name of ['__proto__', 'prototype', 'constructor']) {
      const refused = await stack.api.request('POST', '/api/workflows', {
        token: admin,
        body: definition(`Variable ${name}`, [start('end'), end()], {
          variables: [{ name, type: 'string', required: false }],
        }),
      });
      expect(refused.status).toBe(400);
      expect(refused.body.details.errors).toEqual([
        expect.objectContaining({ code: 'reserved_variable_name', path: 'variables.0.name' }),
      ]);
    }
  });

  it('names the versions of a chain by what they are: a draft made by create-version is not a second version 1', async () => {
    const workflow = await createActive(stack.api, admin, definition('Chained', [start('end'), end()]));
    const created = await stack.api.request('POST', `/api/workflows/${workflow.id}/create-version`, {
      token: admin,
      body: {},
    });
    expect(created.status).toBe(201);
    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], `/workflows/${workflow.id}`);
    const chain = page.getByRole('navigation', { name: 'Version chain' });
    await chain.getByText('Next versions: a draft, not yet published').waitFor();
    await chain.getByRole('link', { name: 'a draft, not yet published' }).click();
    await page.waitForURL(`**/workflows/${created.body.newWorkflow.id}`);
    await chain.getByText('Previous version: version 1 (active)').waitFor();
    await page.context().close();
  });

  it('catches a page that crashes: says so, offers a way back, and logs the error', async () => {
    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], '/');
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    // An API answering what the page does not expect (a page without its list) stands for any bug.
    await page.route(
      (url) => url.pathname === '/api/workflows',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"total": 1}' }),
    );
    await page.getByRole('link', { name: 'Workflows' }).click();
    const crashed = page.getByRole('alert').filter({ hasText: 'This page failed' });
    await crashed.waitFor();
    expect(logged.some((line) => line.includes('Console page crashed'))).toBe(true);
    // The frame stays: navigation works and the way back leads to a page that renders.
    await crashed.getByRole('link', { name: 'Back to the inbox' }).click();
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    await page.context().close();
  });
});
