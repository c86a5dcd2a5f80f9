import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { screenshot, signInWithProvider, useChromium, useConsoleStack } from '../support/chromium.js';
import { pollUntil } from '../support/poll.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { createUserWithToken } from '../support/users.js';
import { createActive, definition, end, start } from '../support/workflows.js';

// The console's operations pages (docs/console.md: API tokens, SCIM clients, Schedules,
// Templates, Configuration transfer, Audit log, Reports) in Chromium against the real API,
// PostgreSQL, Temporal worker and OpenID provider. Each action's outcome is checked through the
// API or the database, each page shows an API refusal where it belongs, and what a role may not
// do is not offered.

const stack = useConsoleStack();
const chromium = useChromium();
let admin: string;
let workflow: { id: string; name: string };

beforeAll(async () => {
  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
  workflow = await createActive(
    stack.api,
    admin,
    definition('Nightly cleanup', [start('end'), end()], { trigger: { types: ['manual', 'scheduled'] } }),
  );
  const run = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
    token: admin,
    body: { variables: {} },
  });
  expect(run.status).toBe(201);
  await waitForRun(stack.api, admin, run.body.id, hasStatus('completed'));
});

/**
 * The pages offered in the main navigation and on the Admin page, read once the page named
 * `heading` is shown; the browser is back on that page afterwards.
 */
async function navLinks(page: Page, heading: string): Promise<string[]> {
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
  const shown = page.url();
  const nav = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
  await page.goto(new URL('/admin', shown).href);
  await page.getByRole('heading', { name: 'Admin', exact: true }).waitFor();
  const admin = await page.getByRole('main').getByRole('listitem').getByRole('link').allTextContents();
  await page.goto(shown);
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
  return [...nav, ...admin];
}

describe('operations pages', () => {
  it('mints a token with a subset of the minter’s permissions, shown once, revokes it, and shows the API refusing a wider one; reports with charts', async () => {
    const { db } = stack.database;
    const { page, user } = await signInWithProvider(chromium.browser, stack, ['resource_manager'], '/tokens');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url('') });
    const nav = await navLinks(page, 'API tokens');
    expect(nav).toEqual(expect.arrayContaining(['Schedules', 'Templates', 'API tokens', 'Transfer', 'Reports']));
    expect(nav).not.toContain('SCIM clients');
    expect(nav).not.toContain('Audit log');

    await page.getByText('Mint a token').click();
    const form = page.getByRole('form', { name: 'Mint a token' });
    // Only the minter's own permissions are offered, and only user:manage sees everyone's tokens.
    await expect(form.getByLabel('report:read', { exact: true }).count()).resolves.toBe(1);
    await expect(form.getByLabel('user:manage', { exact: true }).count()).resolves.toBe(0);
    await expect(page.getByLabel("Everyone's tokens").count()).resolves.toBe(0);
    await form.getByLabel('Name').fill('reports only');
    await form.getByLabel('report:read', { exact: true }).check();
    await form.getByRole('button', { name: 'Mint token' }).click();
    const secret = (await page.getByLabel('New token reports only value').textContent()) ?? '';
    expect(secret).toMatch(/^fgt_/);
    await screenshot(page, 'tokens');
    expect((await stack.api.request('GET', '/api/reports/workflow-stats', { token: secret })).status).toBe(200);
    expect((await stack.api.request('GET', '/api/workflows', { token: secret })).status).toBe(403);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    await expect(page.evaluate('navigator.clipboard.readText()')).resolves.toBe(secret);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.content()).resolves.not.toContain(secret);

    const row = page.getByRole('row', { name: /reports only/ });
    await row.getByRole('button', { name: 'Revoke reports only' }).click();
    await row.getByRole('button', { name: 'Yes, revoke reports only' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await stack.api.request('GET', '/api/reports/workflow-stats', { token: secret })).status).toBe(401);

    // Reports: the chart says what the API computed; a window ending before it starts is the API's 400.
    await page.goto(stack.url('/reports'));
    const stats = page.getByRole('region', { name: 'Workflow statistics' });
    await stats.getByRole('img', { name: /Nightly cleanup: 1 completed/ }).waitFor();
    const report = await stack.api.request('GET', '/api/reports/workflow-stats', { token: admin });
    expect(report.body.perDefinition).toEqual([
      expect.objectContaining({ definitionName: 'Nightly cleanup', total: 1, successRate: 1 }),
    ]);
    await stats.getByText('Runs: 1 · success rate 100 %', { exact: false }).waitFor();
    await page.getByRole('region', { name: 'SLA compliance' }).getByRole('img').waitFor();
    await page.getByRole('region', { name: 'Approver performance' }).getByText('Nothing in this window.').waitFor();
    await screenshot(page, 'reports');
    await page.getByLabel('From (day included)').fill('2026-03-10');
    await page.getByLabel('To (day included)').fill('2026-03-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await stats.getByRole('alert').filter({ hasText: 'from must be before to' }).waitFor();
    expect(page.url()).toContain('from=2026-03-10');

    // Transfer: exporting is offered, importing (config:import) is not.
    await page.goto(stack.url('/transfer'));
    await page.getByRole('heading', { name: 'Export' }).waitFor();
    await expect(page.getByRole('heading', { name: 'Import' }).count()).resolves.toBe(0);

    // The API decides: a permission the minter lost while the page was open is refused with its message.
    await page.goto(stack.url('/tokens'));
    await page.getByText('Mint a token').click();
    await form.getByLabel('Name').fill('too wide');
    await form.getByLabel('schedule:read', { exact: true }).check();
    await db.user.update({ where: { id: user.id }, data: { roles: ['requestor'] } });
    await form.getByRole('button', { name: 'Mint token' }).click();
    await form
      .getByRole('alert')
      .filter({ hasText: 'A token cannot carry permissions its creator lacks: schedule:read' })
      .waitFor();
    expect(await db.apiToken.count({ where: { userId: user.id, name: 'too wide' } })).toBe(0);
    await page.context().close();
  });

  it('creates a SCIM client whose token works on /scim/v2 until disabled, and manages schedules and templates', async () => {
    const { db } = stack.database;
    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], '/scim-clients');
    const create = page.getByRole('form', { name: 'New SCIM client' });
    await create.getByLabel('Name of the new client').fill('entra');
    await create.getByRole('button', { name: 'Create SCIM client' }).click();
    const secret = (await page.getByLabel('Token of entra value').textContent()) ?? '';
    await screenshot(page, 'scim-clients');
    expect((await stack.api.request('GET', '/scim/v2/Users', { token: secret })).status).toBe(200);
    await create.getByLabel('Name of the new client').fill('entra');
    await create.getByRole('button', { name: 'Create SCIM client' }).click();
    await create.getByRole('alert').filter({ hasText: 'A SCIM client named "entra" already exists' }).waitFor();
    const client = page.getByRole('row', { name: /entra/ });
    await client.getByRole('button', { name: 'Rotate token of entra' }).click();
    await client.getByRole('button', { name: 'Yes, issue a new token' }).click();
    const rotated = page.getByLabel('Token of entra value').filter({ hasNotText: secret });
    await rotated.waitFor();
    const newSecret = (await rotated.textContent()) ?? '';
    expect((await stack.api.request('GET', '/scim/v2/Users', { token: secret })).status).toBe(401);
    expect((await stack.api.request('GET', '/scim/v2/Users', { token: newSecret })).status).toBe(200);
    await client.getByRole('button', { name: 'Disable entra' }).click();
    await client.getByRole('button', { name: 'Yes, disable entra' }).click();
    await client.getByRole('button', { name: 'Enable entra' }).waitFor();
    expect((await stack.api.request('GET', '/scim/v2/Users', { token: newSecret })).status).toBe(401);

    // Schedules: the API's floor on frequency, then a schedule created, paused, renamed and deleted.
    await page.goto(stack.url('/schedules'));
    await page.getByRole('button', { name: 'New schedule' }).click();
    const form = page.getByRole('form', { name: 'New schedule' });
    await form.getByLabel('Workflow').selectOption(workflow.id);
    await form.getByLabel('Name').fill('nightly');
    await form.getByLabel('Cron expression').fill('@every 10s');
    await form.getByRole('button', { name: 'Create schedule' }).click();
    await form.getByRole('alert').filter({ hasText: 'fires too often' }).waitFor();
    await form.getByLabel('Cron expression').fill('0 3 * * *');
    await form.getByLabel('Time zone').fill('europe/berlin');
    await form.getByRole('button', { name: 'Create schedule' }).click();
    const schedule = page.getByRole('row', { name: /nightly/ });
    await schedule.getByText('0 3 * * * Europe/Berlin').waitFor();
    await screenshot(page, 'schedules');
    const created = await db.schedule.findFirstOrThrow({ where: { name: 'nightly' } });
    expect(created).toMatchObject({ workflowId: workflow.id, cronExpression: '0 3 * * *', enabled: true });
    await schedule.getByRole('button', { name: 'Pause nightly' }).click();
    await schedule.getByRole('button', { name: 'Resume nightly' }).waitFor();
    expect(await db.schedule.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ enabled: false });
    await schedule.getByRole('button', { name: 'Edit nightly' }).click();
    const edit = page.getByRole('form', { name: 'Edit schedule nightly' });
    await edit.getByLabel('Name').fill('nightly cleanup');
    await edit.getByRole('button', { name: 'Save schedule' }).click();
    const renamed = page.getByRole('row', { name: /nightly cleanup/ }).first();
    await renamed.getByRole('button', { name: 'Delete nightly cleanup' }).click();
    expect(await db.schedule.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({
      name: 'nightly cleanup',
      enabled: false,
    });
    await renamed.getByRole('button', { name: 'Yes, delete nightly cleanup' }).click();
    await page.getByText('No schedules match.').waitFor();
    expect(await db.schedule.count({ where: { id: created.id } })).toBe(0);

    // Templates: Handlebars the API cannot compile is its 400 on the form; the template is created and edited.
    await page.goto(stack.url('/templates'));
    await page.getByRole('button', { name: 'New email template' }).click();
    const template = page.getByRole('form', { name: 'New email template' });
    await template.getByLabel('Name').fill('welcome');
    await template.getByLabel('Subject (Handlebars)').fill('{{#if}}');
    await template.getByRole('button', { name: 'Create template' }).click();
    await template.getByRole('alert').filter({ hasText: 'subjectTemplate is not valid Handlebars' }).waitFor();
    await template.getByLabel('Subject (Handlebars)').fill('Hi {{subject}}');
    await template.getByRole('button', { name: 'Create template' }).click();
    await page.getByRole('button', { name: 'Edit welcome' }).click();
    const editTemplate = page.getByRole('form', { name: 'Edit email template welcome' });
    await editTemplate.getByLabel('Subject (Handlebars)').fill('Welcome {{subject}}');
    await editTemplate.getByRole('button', { name: 'Save template' }).click();
    await page.getByRole('button', { name: 'Edit welcome' }).waitFor();
    await page.getByText('welcome', { exact: true }).click();
    await screenshot(page, 'templates');
    expect(await db.emailTemplate.findUniqueOrThrow({ where: { name: 'welcome' } })).toMatchObject({
      subjectTemplate: 'Welcome {{subject}}',
      bodyTemplate: '<p>{{message}}</p>',
    });

    // user:manage adds everyone's tokens, with their owners, to the list.
    await page.goto(stack.url('/tokens'));
    await page.getByText('No tokens.').waitFor();
    await page.getByLabel("Everyone's tokens").check();
    await page.waitForURL(/all=true/);
    await page.getByRole('columnheader', { name: 'Owner' }).waitFor();
    const owned = await db.apiToken.findFirstOrThrow({ where: { prefix: admin.slice(0, 16) } });
    await page.getByRole('row', { name: new RegExp(owned.name) }).waitFor();
    await page.context().close();
  });

  it('exports named entities, previews an import with its differences before applying it, and filters the audit log', async () => {
    const { db } = stack.database;
    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], '/transfer');
    await page.getByLabel('Only named entities', { exact: false }).check();
    await page.getByLabel('Names of Email templates').fill('welcome');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export and download' }).click(),
    ]);
    const exported = JSON.parse(await readFile((await download.path()) ?? '', 'utf8'));
    expect(exported.entities).toEqual({
      emailTemplates: [expect.objectContaining({ name: 'welcome', subjectTemplate: 'Welcome {{subject}}' })],
    });

    // A document the API refuses lists its problems under the form.
    await page.getByLabel('Document (JSON)').fill('{"version": "2", "entities": {}}');
    await page.getByRole('button', { name: 'Preview import' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /The document has \d+ problem\(s\), nothing was imported/ })
      .waitFor();
    await page
      .getByRole('list', { name: 'Problems of the document' })
      .getByRole('listitem')
      .filter({ hasText: /^document version: / })
      .waitFor();

    exported.entities.emailTemplates[0].subjectTemplate = 'Hello {{subject}}';
    await page.getByLabel('Document file').setInputFiles({
      name: 'config.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(exported)),
    });
    await page.getByRole('button', { name: 'Preview import' }).click();
    const preview = page.getByRole('region', { name: 'Preview of the import' });
    const entry = preview.getByRole('row', { name: /welcome/ });
    await entry.getByText('updated').waitFor();
    await expect(entry.getByRole('listitem').textContent()).resolves.toBe(
      'subjectTemplate: Welcome {{subject}} → Hello {{subject}}',
    );
    await screenshot(page, 'transfer-preview');
    expect(await db.emailTemplate.findUniqueOrThrow({ where: { name: 'welcome' } })).toMatchObject({
      subjectTemplate: 'Welcome {{subject}}',
    });
    await preview.getByRole('button', { name: 'Apply this import' }).click();
    await page.getByRole('region', { name: 'Result of the import' }).getByText('0 created, 1 updated').waitFor();
    expect(await db.emailTemplate.findUniqueOrThrow({ where: { name: 'welcome' } })).toMatchObject({
      subjectTemplate: 'Hello {{subject}}',
    });

    // Audit: the action filter narrows the list to the import's update, kept in the address.
    await page.goto(stack.url('/audit'));
    const entries = page.getByRole('list', { name: 'Audit entries' }).getByRole('listitem');
    await entries.first().waitFor();
    const all = await db.auditLog.count();
    await page.getByText(`${all} results`, { exact: false }).waitFor();
    await page.getByLabel('Action', { exact: false }).fill('email_template.updated');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/action=email_template.updated/);
    await page.getByText('2 results', { exact: true }).waitFor();
    expect(await db.auditLog.count({ where: { action: 'email_template.updated' } })).toBe(2);
    await expect(entries.count()).resolves.toBe(2);
    const times = async () =>
      entries.locator('time').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime')));
    const newestFirst = await times();
    expect([...newestFirst].sort().reverse()).toEqual(newestFirst);
    await page.getByLabel('Order', { exact: true }).selectOption('asc');
    await page.waitForURL(/sortOrder=asc/);
    const oldestFirst = await pollUntil(times, (shown) => shown[0] === newestFirst[1], { timeoutMs: 5000 });
    expect(oldestFirst).toEqual([...newestFirst].reverse());
    // Back through the address: the list and the filter fields return to the unfiltered log.
    await page.goBack();
    await page.goBack();
    await page.getByText(`${all} results`, { exact: false }).waitFor();
    await expect(page.getByLabel('Action', { exact: false }).inputValue()).resolves.toBe('');
    await page.goForward();
    await page.getByText('2 results', { exact: true }).waitFor();
    await expect(page.getByLabel('Action', { exact: false }).inputValue()).resolves.toBe('email_template.updated');
    await entries.first().getByText('email_template.updated').click();
    await entries.first().getByLabel('Metadata').waitFor();
    await screenshot(page, 'audit');
    await page.goto(stack.url('/audit?page=0'));
    await page.getByRole('alert').filter({ hasText: 'page must be at least 1' }).waitFor();

    // Every operations page fits a phone's width.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const pathname of [
      '/schedules',
      '/templates',
      '/tokens',
      '/scim-clients',
      '/transfer',
      '/audit',
      '/reports',
    ]) {
      await page.goto(stack.url(pathname));
      await page.locator('section.page h1').waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
      expect({ pathname, overflow }).toEqual({ pathname, overflow: 0 });
    }
    await page.context().close();
  });

  it('offers an approver none of the operations actions they lack', async () => {
    const { page } = await signInWithProvider(chromium.browser, stack, ['approver'], '/templates');
    const nav = await navLinks(page, 'Templates');
    expect(nav).toEqual(expect.arrayContaining(['API tokens', 'Templates']));
    for (const name of ['Schedules', 'SCIM clients', 'Transfer', 'Audit log', 'Reports'])
      expect(nav).not.toContain(name);
    await page.getByText('welcome', { exact: true }).waitFor();
    await expect(
      page.getByRole('button', { name: /New email template|Edit welcome|Delete welcome/ }).count(),
    ).resolves.toBe(0);
    for (const path of ['/schedules', '/scim-clients', '/transfer', '/audit', '/reports']) {
      await page.goto(stack.url(path));
      await page.getByRole('heading', { name: 'Not available' }).waitFor();
    }
    await page.context().close();
  });
});
