import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startSlapd, type RunningSlapd } from '../../scripts/local/slapd.js';
import { startScim2Server, type RunningScim2Server } from '../../scripts/local/scim2-server.js';
import { screenshot, signInWithProvider, useChromium, useConsoleStack } from '../support/chromium.js';
import { peopleLdif } from '../support/ldap-connector.js';
import { createUserWithToken } from '../support/users.js';

// The console's connector pages (docs/console.md, Connectors) in Chromium against the real API,
// PostgreSQL, Temporal worker and OpenID provider: an administrator creates an `ldap` connector on
// a real slapd and a `scim` connector on scim2-server from the forms the handlers' settings
// describe, tests them, edits and deletes one, and sets up a user sync through its preview. An
// approver is offered none of it.

const INSTALL_TIMEOUT_MS = 300_000;
const stack = useConsoleStack({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' } });
const chromium = useChromium();
let slapd: RunningSlapd;
let scim: RunningScim2Server;

beforeAll(async () => {
  [slapd, scim] = await Promise.all([startSlapd({ ldif: peopleLdif(3) }), startScim2Server()]);
}, INSTALL_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all([slapd?.stop(), scim?.stop()]);
});

describe('connector pages', () => {
  it('creates an ldap connector from its form, with the bind password write-only, and tests it', async () => {
    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], '/connectors');
    await page.getByRole('link', { name: 'New connector' }).click();
    await page.getByLabel('Handler').selectOption('ldap');
    const form = page.getByRole('form', { name: 'New connector' });
    await form.getByLabel('Name (required)', { exact: true }).fill('corporate-directory');
    await form.getByLabel('url (required)', { exact: true }).fill(slapd.url);
    await form.getByLabel('baseDn (required)', { exact: true }).fill(slapd.baseDn);
    await form.getByLabel('bindDn', { exact: true }).fill(slapd.adminDn);
    await form.getByLabel('flavour', { exact: true }).selectOption('openldap');
    await form.getByLabel('bindPassword (secret, not set)').fill(slapd.adminPassword);
    await form.getByRole('button', { name: 'Create connector' }).click();

    await page.getByRole('heading', { name: 'corporate-directory ldap' }).waitFor();
    const id = page.url().split('/').pop()!;
    const row = await stack.database.db.connector.findUniqueOrThrow({ where: { id } });
    expect(row.config).toEqual({ url: slapd.url, baseDn: slapd.baseDn, bindDn: slapd.adminDn, flavour: 'openldap' });
    expect(row.secretKeys).toEqual(['bindPassword']);
    expect(JSON.stringify(row)).not.toContain(slapd.adminPassword);

    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Connected in' }).textContent()).resolves.toMatch(
      /^Connected in \d+ ms$/,
    );
    await page
      .getByRole('row', { name: /createUser/ })
      .getByText('writes, idempotent')
      .waitFor();
    await expect(page.content()).resolves.not.toContain(slapd.adminPassword);
    await screenshot(page, 'connector');

    // Removing the password makes the bind anonymous, which the settings refuse with a bindDn.
    const settings = page.getByRole('form', { name: 'Settings of corporate-directory' });
    await settings.getByLabel('Remove bindPassword').check();
    await settings.getByLabel('Description', { exact: true }).fill('The HR directory');
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByRole('status').filter({ hasText: 'bindDn and bindPassword go together' }).waitFor();
    const saved = await stack.database.db.connector.findUniqueOrThrow({ where: { id } });
    expect(saved).toMatchObject({ description: 'The HR directory', secretKeys: [] });
    await page.context().close();
  });

  it('adds a user sync from the connector page through its preview, and previews a changed filter without saving it', async () => {
    const { db } = stack.database;
    const connector = await db.connector.findFirstOrThrow({ where: { name: 'corporate-directory' } });
    // The first test removed the bind password: the directory is read as its root DN again.
    await stack.api.request('PUT', `/api/connectors/${connector.id}`, {
      token: (await createUserWithToken(db, ['admin'])).token,
      body: { secrets: { bindPassword: slapd.adminPassword } },
    });
    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], `/connectors/${connector.id}`);
    const sync = page.getByRole('region', { name: 'Sync' });
    await sync.getByText('No sync configured.').waitFor();
    await sync.getByRole('button', { name: 'Add user sync' }).click();
    const editor = sync.getByRole('form', { name: 'New user sync config' });
    await editor.getByLabel('Sync the whole directory', { exact: false }).check();
    await editor.getByLabel('Create users for records that match nobody').check();
    await editor.getByRole('button', { name: 'Preview changes' }).click();
    const preview = editor.getByRole('region', { name: 'Preview of the user sync' });
    await preview.getByText('3 records read in 1 pages.').waitFor();
    await preview.getByText('3 users created', { exact: true }).waitFor();
    expect(await db.syncConfig.count({ where: { connectorId: connector.id } })).toBe(0);
    await editor.getByRole('button', { name: 'Save this config' }).click();
    await sync.getByRole('link', { name: 'user sync' }).waitFor();
    const saved = await db.syncConfig.findFirstOrThrow({ where: { connectorId: connector.id, resourceType: 'user' } });
    expect(saved).toMatchObject({ syncAllUsers: true, createUsers: true, deactivateUsers: false, enabled: false });

    await sync.getByRole('link', { name: 'user sync' }).click();
    const row = page.getByRole('row', { name: /^user / });
    await row.getByRole('button', { name: 'Sync now' }).click();
    await row.getByText('3 added', { exact: false }).waitFor();
    // The pass's matches show in the queue below without reloading the page.
    await page.getByRole('button', { name: 'matched (3)' }).waitFor();
    // A filter matching nobody would make every record stale: the preview says so, nothing is saved.
    await row.getByRole('button', { name: 'Edit config' }).click();
    const edit = page.getByRole('form', { name: 'Edit user sync config' });
    await edit.getByLabel('Sync the whole directory', { exact: false }).uncheck();
    await edit.getByLabel('Filter rules (JSON)').fill('{"emailDomains": ["nowhere.test"]}');
    await edit.getByRole('button', { name: 'Preview changes' }).click();
    await edit
      .getByRole('region', { name: 'Preview of the user sync' })
      .getByText('3 staled', { exact: true })
      .waitFor();
    await screenshot(page, 'sync-config-preview');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });
    expect(await db.syncConfig.findFirstOrThrow({ where: { id: saved.id } })).toMatchObject({
      syncAllUsers: true,
      filterRules: null,
    });
    expect(await db.connectorResource.count({ where: { connectorId: connector.id, staleSince: null } })).toBe(3);
    await page.context().close();
  });

  it('creates a scim connector with a bearer token, shows an API refusal where it belongs, and deletes it after a confirmation', async () => {
    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], '/connectors/new');
    await page.getByLabel('Handler').selectOption('scim');
    const form = page.getByRole('form', { name: 'New connector' });
    await form.getByLabel('Name (required)', { exact: true }).fill('crm app');
    await form.getByLabel('baseUrl (required)', { exact: true }).fill(scim.baseUrl);
    await form.getByLabel('bearerToken (secret, not set)').fill(scim.token);
    await form.getByRole('button', { name: 'Create connector' }).click();
    // The API refuses the name with its own message, shown on the form.
    await expect(form.getByRole('alert').textContent()).resolves.toContain(
      'name must be 1-100 letters, digits, ., _ or -, starting with a letter or digit',
    );
    await form.getByLabel('Name (required)', { exact: true }).fill('crm-app');
    await form.getByRole('button', { name: 'Create connector' }).click();
    await page.getByRole('heading', { name: 'crm-app scim' }).waitFor();
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Connected in \d+ ms$/ })
      .waitFor();

    await page.getByRole('button', { name: 'Delete connector' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete connector' });
    await dialog
      .getByText('crm-app goes with its sync configurations, records and matches.', { exact: false })
      .waitFor();
    await dialog.getByRole('button', { name: 'No' }).click();
    expect(await stack.database.db.connector.count({ where: { name: 'crm-app' } })).toBe(1);
    await page.getByRole('button', { name: 'Delete connector' }).click();
    await dialog.getByRole('button', { name: 'Yes, delete crm-app' }).click();
    await page.getByRole('heading', { name: 'Connectors' }).waitFor();
    expect(await stack.database.db.connector.count({ where: { name: 'crm-app' } })).toBe(0);
    await page.context().close();
  });

  it('offers the connector pages to no one without connector:read (administrators only)', async () => {
    const { page } = await signInWithProvider(chromium.browser, stack, ['approver'], '/connectors');
    await page.getByRole('heading', { name: 'Not available' }).waitFor();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Connectors' }).count()).resolves.toBe(0);
    await page.goto(stack.url('/connectors/new'));
    await page.getByRole('heading', { name: 'Not available' }).waitFor();
    await page.context().close();
  });
});
