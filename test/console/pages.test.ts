import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import type { ConnectorHandler } from '../../src/connectors/handler.js';
import type { WorkflowDefinitionInput, WorkflowStep } from '../../src/domain/workflow-definition.js';
import { screenshot, signInWithProvider, useChromium, useConsoleStack } from '../support/chromium.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { connectorOnDirectory, upstreamUsers } from '../support/sync-directory.js';
import { createUserWithToken } from '../support/users.js';
import { approvalDefinition, createActive } from '../support/workflows.js';
import { createApiToken } from '../../src/services/api-tokens.js';

// The runs, workflows and sync review pages of the console, driven in Chromium against the real
// API, PostgreSQL, Temporal worker and OpenID provider (docs/console.md).

const TEMPORAL_UI_URL = 'http://temporal-ui.example.test:8233';
const stack = useConsoleStack({ env: { TEMPORAL_UI_URL } });
const chromium = useChromium();
let admin: string;
let adminEmail: string;

/** An upstream service that is down for its first call and answers every later one. */
const flakyService = {
  calls: 0,
  handler: {
    name: 'flaky-service',
    version: '1.0.0',
    description: 'Fails its first call, as a service that was briefly down',
    defaultCommand: 'ping',
    commands: {
      ping: {
        description: 'Answers pong',
        idempotent: true,
        parameters: { type: 'object', properties: { target: { type: 'string' } } },
      },
    },
    async execute(request) {
      flakyService.calls += 1;
      if (flakyService.calls === 1)
        return { success: false, error: 'Service unavailable', code: 'connector_unavailable' };
      return { success: true, data: { pong: request.config.parameters.target } };
    },
  } satisfies ConnectorHandler,
};

beforeAll(async () => {
  const created = await createUserWithToken(stack.database.db, ['admin']);
  admin = created.token;
  adminEmail = created.user.email ?? '';
  stack.api.connectors.registry.register(flakyService.handler, 'custom');
  const connector = await stack.api.request('POST', '/api/connectors', {
    token: admin,
    body: { name: 'flaky', type: 'flaky-service', executionModel: 'custom' },
  });
  expect(connector.status).toBe(201);
});

const step = (
  id: string,
  name: string,
  type: string,
  config: Record<string, unknown>,
  goto?: string,
): WorkflowStep => ({
  id,
  name,
  type,
  config,
  transitions: goto ? [{ on: 'success', goto }] : [],
});

function definition(name: string, steps: WorkflowStep[], extra: Partial<WorkflowDefinitionInput> = {}) {
  return {
    name,
    description: `${name}, for the console tests`,
    category: 'general',
    trigger: { types: ['manual'] },
    variables: [],
    steps,
    onError: 'stop',
    debugLogging: false,
    ...extra,
  } satisfies WorkflowDefinitionInput;
}

/** A workflow whose one connector step always fails (the simulated test-db's simulateFailure). */
function failingDefinition(name: string) {
  return definition(name, [
    step('start', 'Begin', 'start', {}, 'call'),
    step(
      'call',
      'Query',
      'connector',
      { connector: 'test-db', command: 'query', parameters: { table: 'departments' }, simulateFailure: true },
      'end',
    ),
    step('end', 'Finish', 'end', {}),
  ]);
}

async function startRun(workflowId: string, variables: Record<string, unknown> = {}) {
  const started = await stack.api.request('POST', `/api/workflows/${workflowId}/start`, {
    token: admin,
    body: { variables },
  });
  expect(started.status).toBe(201);
  return started.body as { id: string };
}

/** Content-Security-Policy violations and uncaught errors of the page, which must stay empty. */
function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  return problems;
}

describe('run page: a failed run is diagnosed and retried from the page', () => {
  it('offers retry from the diagnosis, and retrying completes the run', async () => {
    const workflow = await createActive(
      stack.api,
      admin,
      definition(`Console retry ${Date.now()}`, [
        step('start', 'Begin', 'start', {}, 'call'),
        step(
          'call',
          'Call the service',
          'connector',
          { connector: 'flaky', command: 'ping', parameters: { target: 'hr' } },
          'end',
        ),
        step('end', 'Finish', 'end', {}),
      ]),
    );
    const run = await startRun(workflow.id);
    await waitForRun(stack.api, admin, run.id, hasStatus('failed'));

    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], `/runs/${run.id}`);
    const problems = pageProblems(page);
    await page.getByRole('heading', { name: 'Diagnosis' }).waitFor();
    await page.getByText('Service unavailable').first().waitFor();
    const retry = page.getByRole('button', { name: 'Retry the failed step' });
    await retry.waitFor();
    await expect(page.getByRole('button', { name: 'Cancel the run' }).isVisible()).resolves.toBe(true);
    // The suggestions say what the buttons beside them do, not which REST route an API client calls.
    const diagnosis = page.getByRole('region', { name: 'Diagnosis' });
    await diagnosis
      .getByText('a retry runs the failed step again with the current variables', { exact: false })
      .waitFor();
    await expect(diagnosis.textContent()).resolves.not.toContain('/api/');
    await screenshot(page, 'run');
    // Cancelling asks first and says what it does; "No" leaves the run as it was.
    await page.getByRole('button', { name: 'Cancel the run' }).click();
    const cancel = page.getByRole('alertdialog', { name: 'Cancel the run' });
    await cancel.getByText('The run stops for good', { exact: false }).waitFor();
    await cancel.getByRole('button', { name: 'No' }).click();
    await page.getByRole('button', { name: 'Cancel the run' }).waitFor();
    expect((await stack.database.db.workflowRun.findUniqueOrThrow({ where: { id: run.id } })).status).toBe('failed');

    await retry.click();
    await page.locator('.header-facts .badge', { hasText: 'completed' }).waitFor({ timeout: 20_000 });
    const finished = await waitForRun(stack.api, admin, run.id, hasStatus('completed'));
    expect(finished.steps.map((item: { stepId: string; status: string }) => `${item.stepId}:${item.status}`)).toEqual([
      'start:completed',
      'call:failed',
      'call:completed',
      'end:completed',
    ]);
    const row = await stack.database.db.workflowRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(row.status).toBe('completed');
    // The timeline shows what the connector was sent and answered.
    await page.getByText('Connector request and response').last().click();
    await page.getByText('"pong": "hr"').waitFor();
    await expect(page.getByRole('button', { name: 'Retry the failed step' }).count()).resolves.toBe(0);
    await screenshot(page, 'run-completed');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('run page: what the permissions allow', () => {
  it('edits the variables of a waiting run, and links the run to the Temporal UI', async () => {
    const manager = await createUserWithToken(stack.database.db, ['approver']);
    const workflow = await createActive(stack.api, admin, approvalDefinition({ name: `Console edit ${Date.now()}` }));
    const run = await startRun(workflow.id, { requester: manager.user.id, manager: manager.user.id });
    await waitForRun(stack.api, admin, run.id, hasStatus('waiting'));

    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], `/runs/${run.id}`);
    const problems = pageProblems(page);
    const temporal = page.getByRole('link', { name: 'Open in the Temporal UI' });
    await expect(temporal.getAttribute('href')).resolves.toBe(
      `${TEMPORAL_UI_URL}/namespaces/default/workflows/run-${run.id}`,
    );
    // Whom the run waits for: the approval step, its approver and its deadline.
    const waiting = page.getByRole('region', { name: 'Waiting for' });
    await expect(waiting.getByRole('listitem').first().textContent()).resolves.toMatch(
      /^Approval manager_approval: .+ · (times out|no timeout)/,
    );
    await page.getByLabel('reason').fill('Needs the VPN');
    const saved = page.waitForResponse(
      (response) => response.url() === stack.url(`/api/runs/${run.id}`) && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Save variables' }).click();
    expect((await saved).status()).toBe(200);
    const row = await stack.database.db.workflowRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(row.variables).toEqual({ requester: manager.user.id, manager: manager.user.id, reason: 'Needs the VPN' });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('offers no retry, skip or cancel to a user without run:update and run:cancel', async () => {
    const workflow = await createActive(stack.api, admin, failingDefinition(`Console read-only ${Date.now()}`));
    const run = await startRun(workflow.id);
    await waitForRun(stack.api, admin, run.id, hasStatus('failed'));

    const { page } = await signInWithProvider(chromium.browser, stack, ['approver'], `/runs/${run.id}`);
    await page.getByRole('heading', { name: 'Diagnosis' }).waitFor();
    await page.getByText('Retry the failed step').waitFor();
    await expect(page.locator('main').getByRole('button').count()).resolves.toBe(0);
    await page.context().close();
  });
});

describe('runs list', () => {
  it('filters by status through the URL query, and links each run to its page', async () => {
    const marker = Date.now();
    const completes = await createActive(
      stack.api,
      admin,
      definition(`Console completes ${marker}`, [
        step('start', 'Begin', 'start', {}, 'end'),
        step('end', 'Finish', 'end', {}),
      ]),
    );
    const fails = await createActive(stack.api, admin, failingDefinition(`Console fails ${marker}`));
    const completed = await startRun(completes.id);
    const failed = await startRun(fails.id);
    await waitForRun(stack.api, admin, completed.id, hasStatus('completed'));
    await waitForRun(stack.api, admin, failed.id, hasStatus('failed'));

    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], '/runs');
    const problems = pageProblems(page);
    await page.locator(`a[href="/runs/${completed.id}"]`).waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('failed');
    await page.waitForURL((url) => url.searchParams.get('status') === 'failed');
    await page.locator(`a[href="/runs/${completed.id}"]`).waitFor({ state: 'detached' });
    await page.locator(`a[href="/runs/${failed.id}"]`).waitFor();
    const statuses = await page.locator('table.list tbody .badge').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['failed']));
    await screenshot(page, 'runs');

    // The filter survives a reload (it lives in the URL), and the row leads to the run. Who
    // started each run is named, every row's name coming from one request.
    const nameRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/user-names') nameRequests.push(request.url());
    });
    await page.reload();
    await expect(page.getByLabel('Status', { exact: true }).inputValue()).resolves.toBe('failed');
    const startedBy = page.locator(`tr:has(a[href="/runs/${failed.id}"]) td[data-label="Started by"]`);
    await startedBy.getByText(adminEmail).waitFor();
    expect(nameRequests).toHaveLength(1);
    await page.locator(`a[href="/runs/${failed.id}"]`).click();
    await page.waitForURL(stack.url(`/runs/${failed.id}`));
    await page.getByRole('heading', { name: 'Diagnosis' }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens a requestor on their own requests, and lets them switch to all runs', async () => {
    const other = await createActive(
      stack.api,
      admin,
      definition(`Someone else's ${Date.now()}`, [
        step('start', 'Begin', 'start', {}, 'end'),
        step('end', 'Finish', 'end', {}),
      ]),
    );
    const othersRun = await startRun(other.id);
    const { page, user } = await signInWithProvider(chromium.browser, stack, ['requestor'], '/runs');
    const mine = await stack.api.request('POST', `/api/workflows/${other.id}/start`, {
      token: (
        await createApiToken(stack.database.db, {
          name: 'requestor',
          permissions: ['workflow:start'],
          ownerId: user.id,
          createdBy: 'system',
        })
      ).token,
      body: { variables: {} },
    });
    expect(mine.status).toBe(201);
    await page.reload();
    await page.getByRole('heading', { name: 'My requests' }).waitFor();
    await page.locator(`a[href="/runs/${mine.body.id}"]`).waitFor();
    expect(await page.locator(`a[href="/runs/${othersRun.id}"]`).count()).toBe(0);
    await page.getByLabel('Show', { exact: true }).selectOption({ label: 'All runs' });
    await page.getByRole('heading', { name: 'Runs', exact: true }).waitFor();
    await page.locator(`a[href="/runs/${othersRun.id}"]`).waitFor();
    expect(new URL(page.url()).searchParams.get('show')).toBe('all');
    await page.context().close();
  });

  it('filters by start day and by who started the run', async () => {
    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], '/runs');
    const anyRun = page.locator('table.list tbody tr').first();
    await anyRun.waitFor();
    // Days are calendar days of the reader: today holds the runs of this file, a day in 2001 none.
    const today = await page.evaluate<string>(
      `(() => { const d = new Date(); return [d.getFullYear(), String(d.getMonth() + 1).padStart(2, '0'), String(d.getDate()).padStart(2, '0')].join('-'); })()`,
    );
    await page.getByLabel('Started on or after').fill('2001-01-01');
    await page.getByLabel('Started on or before').fill('2001-01-31');
    await page.getByText('No runs match these filters.').waitFor();
    expect(new URL(page.url()).searchParams.get('to')).toBe('2001-01-31');
    await page.getByLabel('Started on or before').fill(today);
    await anyRun.waitFor();
    // This user has started nothing: "Me" lists no run, "Anyone" lists them again.
    await page.getByLabel('Started by', { exact: true }).selectOption({ label: 'Me' });
    await page.getByText('No runs match these filters.').waitFor();
    await page.getByLabel('Started by', { exact: true }).selectOption({ label: 'Anyone' });
    await anyRun.waitFor();

    // The user search asks the API once for what was typed, not once per keystroke.
    const searches: string[] = [];
    page.on('request', (request) => {
      const search = new URL(request.url()).searchParams.get('search');
      if (new URL(request.url()).pathname === '/api/users' && search) searches.push(search);
    });
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).searchParams.get('search') === 'nobody-here',
    );
    await page.getByLabel('Started by: search users by email or name').pressSequentially('nobody-here', { delay: 20 });
    await answered;
    expect(searches).toEqual(['nobody-here']);
    await page.context().close();
  });
});

describe('workflow pages', () => {
  it('render the docs and the diagram, start a run from the variables form, and show the API error next to a field', async () => {
    const name = `Console onboarding ${Date.now()}`;
    const workflow = await createActive(
      stack.api,
      admin,
      definition(name, [step('start', 'Receive request', 'start', {}, 'end'), step('end', 'Request done', 'end', {})], {
        variables: [
          { name: 'requester', type: 'string', required: true, description: 'Who asks' },
          { name: 'seats', type: 'number', required: false },
        ],
      }),
    );
    const version = await stack.api.request('POST', `/api/workflows/${workflow.id}/create-version`, { token: admin });
    expect(version.status).toBe(201);

    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], '/workflows');
    const problems = pageProblems(page);
    await page.getByLabel('Name or description').fill(name);
    await page.getByRole('button', { name: 'Search' }).click();
    const clone = page.locator(`a[href="/workflows/${version.body.newWorkflow.id}"]`);
    await clone.waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('active');
    await clone.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('status')).toBe('active');
    await page.getByRole('link', { name }).waitFor();
    await screenshot(page, 'workflows');
    await page.getByRole('link', { name }).click();
    await page.waitForURL(stack.url(`/workflows/${workflow.id}`));

    // The generated Markdown, rendered.
    await page.locator('article.markdown h1', { hasText: name }).waitFor();
    await page.locator('article.markdown table').first().waitFor();
    // The Mermaid flowchart, drawn as SVG under the page's CSP.
    const diagram = page.locator('figure.diagram svg');
    await diagram.waitFor();
    await expect(diagram.textContent()).resolves.toEqual(expect.stringContaining('Receive request'));
    await expect(diagram.textContent()).resolves.toEqual(expect.stringContaining('Request done'));
    // The version chain links forward to the clone.
    await page.getByRole('link', { name: 'a draft, not yet published' }).waitFor();

    // Missing the required variable: the API's message, next to the field.
    await page.getByRole('button', { name: 'Start the run' }).click();
    const fieldError = page.locator('#start-variable-requester-error');
    await fieldError.waitFor();
    await expect(fieldError.textContent()).resolves.toBe('requester is required');
    await expect(page.getByLabel('requester (required)').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByRole('alert').filter({ hasText: 'missing required variables: requester' }).waitFor();
    await screenshot(page, 'workflow');

    await page.getByLabel('requester (required)').fill('ada@example.test');
    await page.getByLabel('seats').fill('3');
    await page.getByRole('button', { name: 'Start the run' }).click();
    await page.getByRole('link', { name: 'open the run' }).click();
    await page.waitForURL(/\/runs\/[0-9a-f-]{36}$/);
    const runId = new URL(page.url()).pathname.split('/')[2]!;
    const run = await stack.database.db.workflowRun.findUniqueOrThrow({ where: { id: runId } });
    expect(run.definitionId).toBe(workflow.id);
    expect(run.variables).toEqual({ requester: 'ada@example.test', seats: 3 });
    await page.locator('.header-facts .badge', { hasText: 'completed' }).waitFor({ timeout: 20_000 });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('workflow page: a previous version left active', () => {
  it('says the previous version is still active and deprecates it on request', async () => {
    const v1 = await createActive(stack.api, admin, approvalDefinition({ name: `Left active ${Date.now()}` }));
    const v2 = (await stack.api.request('POST', `/api/workflows/${v1.id}/create-version`, { token: admin })).body
      .newWorkflow;
    const published = await stack.api.request('POST', `/api/workflows/${v2.id}/publish`, { token: admin, body: {} });
    expect(published.body.otherActiveVersions).toEqual([expect.objectContaining({ id: v1.id })]);

    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], `/workflows/${v2.id}`);
    const notice = page.getByRole('status').filter({ hasText: 'the previous version, is still active' });
    await notice.waitFor();
    await page.getByRole('button', { name: 'Deprecate version 1' }).click();
    await page.getByRole('button', { name: 'Yes, deprecate' }).click();
    await notice.waitFor({ state: 'detached' });
    const stored = await stack.database.db.workflowDefinition.findUniqueOrThrow({ where: { id: v1.id } });
    expect(stored.status).toBe('deprecated');
    const [audit] = await stack.database.db.auditLog.findMany({
      where: { action: 'workflow.deprecated', targetId: v1.id },
    });
    expect(audit?.metadata).toEqual(expect.objectContaining({ replacedBy: v2.id }));
    await page.context().close();
  });
});

describe('workflow page: content written by workflow editors stays text', () => {
  it('runs no script and keeps no event handler or javascript: link from names, descriptions or step names', async () => {
    const workflow = await createActive(
      stack.api,
      admin,
      definition(
        `<img src=x onerror="window.flowgateInjected='name'"> ${Date.now()}`,
        [
          step('start', '<b onmouseover="window.flowgateInjected=\'step\'">Begin</b>', 'start', {}, 'end'),
          step('end', '<script>window.flowgateInjected="step"</script>', 'end', {}),
        ],
        {
          description:
            '<script>window.flowgateInjected="description"</script> [details](javascript:window.flowgateInjected="link") <iframe src="https://example.test"></iframe>',
        },
      ),
    );
    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], `/workflows/${workflow.id}`);
    const problems = pageProblems(page);
    await page.locator('article.markdown table').first().waitFor();
    await page.locator('figure.diagram svg').waitFor();
    await expect(page.evaluate('window.flowgateInjected')).resolves.toBeUndefined();
    const rendered = page.locator('main');
    for (const selector of ['script', 'iframe', '[onerror]', '[onmouseover]', 'a[href^="javascript:"]']) {
      await expect(rendered.locator(selector).count()).resolves.toBe(0);
    }
    // What was written is still shown, as text.
    await expect(page.locator('figure.diagram svg').textContent()).resolves.toEqual(expect.stringContaining('Begin'));
    await expect(page.locator('article.markdown h1').textContent()).resolves.toEqual(
      expect.stringContaining(`<img src=x onerror="window.flowgateInjected='name'">`),
    );
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('sync review', () => {
  it('shows the last sync and the match queue; link, skip and bulk skip change the matches', async () => {
    const { db } = stack.database;
    const { directory, connectorId } = await connectorOnDirectory(stack.api, admin, 0);
    directory.records.user = upstreamUsers(3, 'review.test');
    const config = await stack.api.request('PUT', `/api/connectors/${connectorId}/sync-config/user`, {
      token: admin,
      body: { userMatchStrategy: 'upstream_identity', syncAllUsers: true },
    });
    expect(config.status).toBe(201);
    // Two people share the upstream id of record u2: that match is ambiguous; u1 and u3 find nobody.
    const first = await db.user.create({
      data: {
        email: 'first@review.test',
        activeEmail: 'first@review.test',
        roles: ['requestor'],
        upstreamId: 'u2',
        upstreamIssuer: 'https://one',
      },
    });
    await db.user.create({
      data: {
        email: 'second@review.test',
        activeEmail: 'second@review.test',
        roles: ['requestor'],
        upstreamId: 'u2',
        upstreamIssuer: 'https://two',
      },
    });
    const triggered = await stack.api.request('POST', `/api/connectors/${connectorId}/sync-config/user/trigger`, {
      token: admin,
    });
    expect(triggered.body.status).toBe('success');
    const matchOf = (externalId: string) => db.syncMatch.findFirstOrThrow({ where: { connectorId, externalId } });

    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], '/sync');
    const problems = pageProblems(page);
    const { name } = await db.connector.findUniqueOrThrow({ where: { id: connectorId } });
    const connector = page
      .locator('section.panel')
      .filter({ has: page.getByRole('heading', { name: new RegExp(`^${name} `) }) });
    await connector.getByText('3 added').waitFor();
    await connector.getByRole('button', { name: 'Review matches' }).click();
    await page.waitForURL((url) => url.searchParams.get('connector') === connectorId);
    await page.getByRole('button', { name: 'Link to first@review.test' }).waitFor();
    await screenshot(page, 'sync');

    await page.getByRole('button', { name: 'ambiguous (1)' }).click();
    const ambiguous = page.getByRole('listitem', { name: 'User 2' });
    await ambiguous.getByRole('button', { name: 'Link to first@review.test' }).click();
    await page.getByRole('button', { name: 'manual override (1)' }).waitFor();
    await expect(matchOf('u2')).resolves.toEqual(
      expect.objectContaining({ matchStatus: 'manual_override', userId: first.id }),
    );

    await page.getByRole('button', { name: 'unmatched (2)' }).click();
    const skip = page.getByRole('listitem', { name: 'User 1' });
    await skip.getByRole('button', { name: 'Skip' }).click();
    // Nothing happens before the confirmation, which says what skipping does.
    await skip
      .getByRole('alertdialog', { name: 'Skip' })
      .getByText('The record stays unlinked', { exact: false })
      .waitFor();
    await expect(matchOf('u1')).resolves.toEqual(expect.objectContaining({ matchStatus: 'unmatched' }));
    await skip.getByRole('button', { name: 'Yes, skip it' }).click();
    await page.getByRole('button', { name: 'skipped (1)' }).waitFor();
    await expect(matchOf('u1')).resolves.toEqual(expect.objectContaining({ matchStatus: 'skipped', userId: null }));

    await page.getByRole('checkbox', { name: 'Select User 3' }).check();
    const bulk = page.getByRole('group', { name: 'Bulk actions' });
    await bulk.getByRole('button', { name: 'Skip selected' }).click();
    await bulk.getByRole('button', { name: 'Yes, skip 1' }).click();
    await page.getByRole('button', { name: 'skipped (2)' }).waitFor();
    await expect(matchOf('u3')).resolves.toEqual(expect.objectContaining({ matchStatus: 'skipped' }));
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('sync review: the address cannot steer its requests', () => {
  it('keeps a connector id with ../ in it inside the connector routes', async () => {
    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], '/sync');
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const matches = page.waitForResponse((response) => response.url().includes('/sync-matches'));
    await page.goto(`${stack.api.baseUrl}/sync?type=user&connector=..%2Fauth%2Ftokens%23`);
    expect((await matches).status()).toBe(400);
    expect(requested).toContain('/api/connectors/..%2Fauth%2Ftokens%23/sync-matches/stats');
    expect(requested.filter((path) => path.startsWith('/api/auth/tokens'))).toEqual([]);
    await page.context().close();
  });
});

describe('phone-sized viewport', () => {
  it('lays every page out without sideways scrolling at 390 × 844', async () => {
    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], '/runs', { width: 390, height: 844 });
    const runs = await stack.api.request('GET', '/api/runs?pageSize=1', { token: admin });
    const workflows = await stack.api.request('GET', '/api/workflows?pageSize=1&status=active', { token: admin });
    const pages = {
      runs: '/runs',
      run: `/runs/${runs.body.data[0].id}`,
      workflows: '/workflows',
      workflow: `/workflows/${workflows.body.data[0].id}`,
      sync: '/sync',
    };
    for (const [name, pathname] of Object.entries(pages)) {
      await page.goto(stack.url(pathname));
      // The page's own heading; a workflow's generated docs hold headings of their own.
      await page.locator('section.page h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
      expect({ name, overflow }).toEqual({ name, overflow: 0 });
      await screenshot(page, `${name}-phone`);
    }
    await page.context().close();
  });
});
