import { beforeAll, describe, expect, it } from '@jest/globals';
import { screenshot, signInWithProvider, useChromium, useConsoleStack } from '../support/chromium.js';
import { connectorOnDirectory, upstreamUsers } from '../support/sync-directory.js';
import { createUserWithToken } from '../support/users.js';

// The "Preview sync" button of the console's sync page (docs/sync.md, Preview), driven in
// Chromium against the real API, PostgreSQL, Temporal worker and OpenID provider.

const stack = useConsoleStack();
const chromium = useChromium();
let admin: string;

beforeAll(async () => {
  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
});

describe('sync page: preview', () => {
  it('shows what the next pass would do, with the users the safeguard would hold, and changes nothing', async () => {
    const { db } = stack.database;
    const { directory, connectorId } = await connectorOnDirectory(stack.api, admin, 0);
    directory.pageSize = 10;
    directory.records.user = upstreamUsers(6, 'console-preview.test');
    const config = await stack.api.request('PUT', `/api/connectors/${connectorId}/sync-config/user`, {
      token: admin,
      body: {
        syncAllUsers: true,
        createUsers: true,
        deactivateUsers: true,
        deactivationThreshold: { maxCount: 2, maxPercent: 10 },
      },
    });
    expect(config.status).toBe(201);
    const first = await stack.api.request('POST', `/api/connectors/${connectorId}/sync-config/user/trigger`, {
      token: admin,
    });
    expect(first.body.postSync).toMatchObject({ usersCreated: 6 });
    // Four people leave and one joins: the next pass would hold the four deactivations.
    directory.records.user = [
      ...directory.records.user.slice(0, 2),
      {
        externalId: 'n1',
        displayName: 'New Person',
        email: 'new.person@console-preview.test',
        attributes: {},
        modifiedAt: '2024-01-01T00:00:00.000Z',
      },
    ];

    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], '/sync');
    // Counted after the sign-in, which makes a user of its own.
    const users = await db.user.count();
    const { name } = await db.connector.findUniqueOrThrow({ where: { id: connectorId } });
    const connector = page
      .locator('section.panel')
      .filter({ has: page.getByRole('heading', { name: new RegExp(`^${name} `) }) });
    await connector.getByRole('button', { name: 'Preview sync' }).click();
    const preview = page.getByRole('region', { name: 'Preview of the user sync' });
    await preview.getByText('3 records read in 1 pages.').waitFor();
    for (const count of ['1 added', '0 updated', '2 unchanged', '4 staled', '0 purged', '1 users created'])
      await preview.getByText(count, { exact: true }).waitFor();
    await expect(preview.getByRole('alert').textContent()).resolves.toContain(
      'The deletion safeguard would hold 4 of 7 linked users',
    );
    await preview.getByText('4 users held by the safeguard').click();
    await preview.getByText('user3@console-preview.test: record u3 no longer listed').waitFor();
    await preview.getByText('1 users created').click();
    await preview.getByText('new.person@console-preview.test', { exact: true }).waitFor();
    await screenshot(page, 'sync-preview');

    // Nothing was written by the preview.
    expect(await db.user.count()).toBe(users);
    expect(await db.connectorResource.count({ where: { connectorId, staleSince: { not: null } } })).toBe(0);
    expect(await db.connectorResource.count({ where: { connectorId } })).toBe(6);

    await preview.getByRole('button', { name: 'Close preview' }).click();
    await preview.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
