import { beforeAll, describe, expect, it } from '@jest/globals';
import { screenshot, signInWithProvider, useChromium, useConsoleStack } from '../support/chromium.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { createScimClient, scimRequest } from '../support/scim.js';
import { createUserWithToken } from '../support/users.js';
import { createActive, definition, end, start, step } from '../support/workflows.js';

// The administration pages' actions that needed a route of their own (docs/console.md): a
// template's preview, a SCIM client's deletion, a reassignment that notifies, and an organization
// member's role change. Each outcome is checked through the API or the database.

const stack = useConsoleStack();
const chromium = useChromium();
let admin: string;

beforeAll(async () => {
  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
});

describe('administration gaps', () => {
  it('previews an email template with sample variables, sanitized, and shows why one fails to render', async () => {
    const create = (body: Record<string, unknown>) =>
      stack.api.request('POST', '/api/email-templates', { token: admin, body });
    expect(
      (
        await create({
          name: 'Welcome mail',
          subjectTemplate: 'Welcome {{employee.name}}',
          bodyTemplate:
            '<p style="color: rgb(0, 128, 0)">Hello {{employee.name}}</p>{{{raw}}}<style>body { display: none }</style>',
        })
      ).status,
    ).toBe(201);
    expect(
      (await create({ name: 'Shouting mail', subjectTemplate: 'Hi', bodyTemplate: '{{shout name}}' })).status,
    ).toBe(201);
    const { page } = await signInWithProvider(chromium.browser, stack, ['resource_manager'], '/templates');
    await page.getByRole('heading', { name: 'Templates', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Preview Welcome mail' }).click();
    const form = page
      .getByRole('listitem')
      .filter({ hasText: 'Welcome mail' })
      .getByRole('form', { name: 'Template preview' });
    // Variables that are not a JSON object are refused on the field, before any call.
    await form.getByLabel('Sample variables (JSON)').fill('["not", "an object"]');
    await form.getByRole('button', { name: 'Show preview' }).click();
    await form.getByText('Sample variables must be a JSON object').waitFor();

    await form.getByLabel('Sample variables (JSON)').fill(
      JSON.stringify({
        employee: { name: 'Ada <b>L</b>' },
        raw: '<img src=x onerror="window.hacked=1"><script>window.hacked=2</script><em>kept</em>',
      }),
    );
    await form.getByRole('button', { name: 'Show preview' }).click();
    const result = form.getByRole('region', { name: 'Rendered email' });
    await result.waitFor();
    await expect(result.getByText('Welcome Ada <b>L</b>', { exact: true }).count()).resolves.toBe(1);
    const body = result.getByLabel('Rendered body');
    // The escaped value is text; the triple-stash markup is sanitized: no script, no handler, no style.
    await expect(body.locator('p').textContent()).resolves.toBe('Hello Ada <b>L</b>');
    await expect(body.locator('em').textContent()).resolves.toBe('kept');
    await expect(body.innerHTML()).resolves.not.toMatch(/<script|onerror|<style/);
    await expect(page.evaluate('window.hacked')).resolves.toBeUndefined();
    await expect(page.locator('body').isVisible()).resolves.toBe(true);
    // However long its lines, the preview stays within the page's width.
    await expect(page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).resolves.toBe(0);
    await screenshot(page, 'template-preview');
    await expect(result.getByLabel('HTML source').textContent()).resolves.toContain(
      '<style>body { display: none }</style>',
    );

    await page.getByRole('button', { name: 'Preview Shouting mail' }).click();
    const failing = page
      .getByRole('listitem')
      .filter({ hasText: 'Shouting mail' })
      .getByRole('form', { name: 'Template preview' });
    await failing.getByRole('button', { name: 'Show preview' }).click();
    await failing.getByText('Missing helper: "shout"').waitFor();

    // While editing, the changes are previewed before they are saved.
    await page.getByRole('button', { name: 'Edit Welcome mail' }).click();
    const edit = page.getByRole('form', { name: 'Edit email template Welcome mail' });
    await edit.getByLabel('Subject (Handlebars)').fill('Hi {{employee.name}}, from {{workflowName}}');
    await page.getByText('Preview the changes before saving').click();
    const changes = page.getByRole('form', { name: 'Preview of the changes' });
    await changes.getByLabel('Sample variables (JSON)').fill('{"employee": {"name": "Bo"}, "workflowName": "ignored"}');
    await changes.getByRole('button', { name: 'Show preview' }).click();
    await changes.getByRole('region', { name: 'Rendered email' }).getByText('Hi Bo, from', { exact: true }).waitFor();
    expect(
      (await stack.database.db.emailTemplate.findUniqueOrThrow({ where: { name: 'Welcome mail' } })).subjectTemplate,
    ).toBe('Welcome {{employee.name}}');
  });

  it('deletes a SCIM client after a confirmation; the users it provisioned stay', async () => {
    const client = await createScimClient(stack.api, admin, 'Retired Okta');
    const provisioned = await scimRequest(stack.api, 'POST', '/Users', client.token, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'okta.leaver@example.test',
      emails: [{ value: 'okta.leaver@example.test', primary: true }],
    });
    expect(provisioned.status).toBe(201);
    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], '/scim-clients');
    const row = page.getByRole('row', { name: /Retired Okta/ });
    await row.getByRole('button', { name: 'Delete Retired Okta' }).click();
    // The first press only says what will happen; "No" leaves the client.
    const confirm = row.getByRole('alertdialog', { name: 'Delete Retired Okta' });
    await confirm.getByText('The users and groups it provisioned stay').waitFor();
    await confirm.getByRole('button', { name: 'No' }).click();
    expect(await stack.database.db.scimClient.count({ where: { id: client.id } })).toBe(1);

    await row.getByRole('button', { name: 'Delete Retired Okta' }).click();
    await row.getByRole('button', { name: 'Yes, delete Retired Okta' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'SCIM client Retired Okta deleted; the 1 user and 0 groups it provisioned stay' })
      .waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await stack.database.db.scimClient.count({ where: { id: client.id } })).toBe(0);
    expect((await scimRequest(stack.api, 'GET', '/Users', client.token)).status).toBe(401);
    const user = await stack.database.db.user.findUniqueOrThrow({ where: { id: provisioned.body.id } });
    expect(user).toMatchObject({ email: 'okta.leaver@example.test', active: true, deletedAt: null });
  });

  it('reassigns a task on Pending work: the new assignee is notified, the one it was taken from is not', async () => {
    const { db } = stack.database;
    const away = await createUserWithToken(db, ['requestor']);
    const deputy = await createUserWithToken(db, ['requestor']);
    const workflow = await createActive(
      stack.api,
      admin,
      definition(
        'Badge order',
        [
          start('order'),
          step('order', 'task', { assignee: '{{who}}', title: 'Order the badge', fields: [] }, { success: 'end' }),
          end(),
        ],
        { variables: [{ name: 'who', type: 'user', required: true }] },
      ),
    );
    const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
      token: admin,
      body: { variables: { who: away.user.id } },
    });
    expect(started.status).toBe(201);
    await waitForRun(stack.api, admin, started.body.id, hasStatus('waiting'));

    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], '/approvals');
    const tasks = page.getByRole('region', { name: 'Open tasks' });
    const item = tasks.locator('li.pending-item').filter({ hasText: 'Badge order' });
    await item.locator('summary', { hasText: 'Reassign' }).click();
    await item.getByLabel('Hand it to: search users by email or name').fill(deputy.user.email!);
    await item.locator(`option[value="${deputy.user.id}"]`).waitFor({ state: 'attached' });
    await item.getByLabel('Hand it to', { exact: true }).selectOption(deputy.user.id);
    await item.getByRole('button', { name: 'Reassign', exact: true }).click();
    await tasks
      .getByRole('status')
      .filter({ hasText: 'Reassigned the task; the new assignee is notified in the console' })
      .waitFor();
    const notificationsOf = async (token: string) =>
      (await stack.api.request('GET', '/api/notifications', { token })).body.data.filter(
        (notification: { runId: string | null }) => notification.runId === started.body.id,
      );
    expect(await notificationsOf(deputy.token)).toEqual([
      expect.objectContaining({ subject: 'Task handed to you: Order the badge', readAt: null }),
    ]);
    expect(await notificationsOf(away.token)).toEqual([]);
  });

  it('changes an organization member’s role with one call, and shows the API refusing a role held already', async () => {
    const { db } = stack.database;
    const org = await stack.api.request('POST', '/api/organizations', { token: admin, body: { name: 'Role movers' } });
    expect(org.status).toBe(201);
    const ada = await createUserWithToken(db, ['requestor']);
    const bo = await createUserWithToken(db, ['requestor']);
    const members = `/api/organizations/${org.body.id}/members`;
    for (const [userId, role] of [
      [ada.user.id, 'member'],
      [bo.user.id, 'member'],
      [bo.user.id, 'approver'],
    ])
      expect((await stack.api.request('POST', members, { token: admin, body: { userId, role } })).status).toBe(201);

    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], `/organizations/${org.body.id}`);
    const table = page.getByRole('table', { name: 'Members' });
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/members')) writes.push(request.method());
    });
    await table.getByLabel(`New role of ${ada.user.email} as member`).selectOption('signatory');
    const adaRow = table.getByRole('row').filter({ hasText: ada.user.email! });
    await adaRow.getByRole('button', { name: 'Change role' }).click();
    await adaRow.getByRole('cell', { name: 'signatory', exact: true }).waitFor();
    expect(writes).toEqual(['PATCH']);
    expect(
      await db.organizationMembership.findMany({
        where: { organizationId: org.body.id, userId: ada.user.id },
        select: { role: true },
      }),
    ).toEqual([{ role: 'signatory' }]);

    // Bo is an approver already: the move is refused as a whole, and both roles stay.
    await table.getByLabel(`New role of ${bo.user.email} as member`).selectOption('approver');
    const boRow = table.getByRole('row').filter({ has: page.getByLabel(`New role of ${bo.user.email} as member`) });
    await boRow.getByRole('button', { name: 'Change role' }).click();
    await boRow.getByText('already holds the role "approver"').waitFor();
    expect(writes).toEqual(['PATCH', 'PATCH']);
    expect(
      (
        await db.organizationMembership.findMany({
          where: { organizationId: org.body.id, userId: bo.user.id },
          orderBy: { role: 'asc' },
        })
      ).map((row) => row.role),
    ).toEqual(['approver', 'member']);
  });
});
