import { beforeAll, describe, expect, it } from '@jest/globals';
import { signInWithProvider, useChromium, useConsoleStack } from '../support/chromium.js';
import { createScimClient, scimRequest } from '../support/scim.js';
import { createUserWithToken } from '../support/users.js';

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
});
