import { beforeAll, describe, expect, it } from '@jest/globals';
import { screenshot, signInWithProvider, useChromium, useConsoleStack, VIEWPORTS } from '../support/chromium.js';
import { connectorOnDirectory, upstreamUsers } from '../support/sync-directory.js';
import { createUserWithToken } from '../support/users.js';

// The reconciliation panel beside the match queue of the console's sync page
// (docs/connectors-scim.md, "Reconciliation and orphan accounts"), driven in Chromium against the
// real API, PostgreSQL, Temporal worker and OpenID provider.

const stack = useConsoleStack();
const chromium = useChromium();
let admin: string;

beforeAll(async () => {
  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
});

describe('sync page: reconciliation', () => {
  it('opens the match queue in view, and lists the orphan accounts and the active accounts of inactive users with their counts', async () => {
    const { db } = stack.database;
    const { directory, connectorId } = await connectorOnDirectory(stack.api, admin, 0);
    directory.pageSize = 10;
    directory.records.user = upstreamUsers(3, 'console-reconciliation.test');
    const configure = (createUsers: boolean) =>
      stack.api.request('PUT', `/api/connectors/${connectorId}/sync-config/user`, {
        token: admin,
        body: { syncAllUsers: true, createUsers },
      });
    const trigger = () =>
      stack.api.request('POST', `/api/connectors/${connectorId}/sync-config/user/trigger`, { token: admin });
    expect((await configure(true)).status).toBe(201);
    expect((await trigger()).body.postSync).toMatchObject({ usersCreated: 3 });
    // User 3 leaves Flowgate while keeping the account; two accounts appear that nobody holds.
    await db.user.updateMany({ where: { email: 'user3@console-reconciliation.test' }, data: { active: false } });
    directory.records.user.push(
      ...upstreamUsers(5, 'elsewhere.test')
        .slice(3)
        .map((record) => ({ ...record, externalId: `x${record.externalId}` })),
    );
    expect((await configure(false)).status).toBe(200);
    expect((await trigger()).status).toBe(200);

    // On a phone the queue opens far below the button: it is brought into view, its heading
    // focused and naming the connector.
    const { page } = await signInWithProvider(chromium.browser, stack, ['admin'], '/sync', VIEWPORTS.phone);
    const { name } = await db.connector.findUniqueOrThrow({ where: { id: connectorId } });
    await page.getByRole('button', { name: 'Review matches' }).click();
    const heading = page.getByRole('heading', { name: `Matches of ${name}’s user records` });
    await expect(heading.evaluate((element) => element.ownerDocument.activeElement === element)).resolves.toBe(true);
    const box = (await heading.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(VIEWPORTS.phone.height);
    const panel = page.getByRole('region', { name: 'Reconciliation of accounts' });
    const orphans = panel.getByRole('region', { name: 'Orphan accounts' });
    await orphans.getByRole('heading', { name: 'Orphan accounts (2)' }).waitFor();
    await orphans.getByText('User 4 <user4@elsewhere.test> (xu4): unmatched').waitFor();
    await orphans.getByText('User 5 <user5@elsewhere.test> (xu5): unmatched').waitFor();
    const inactive = panel.getByRole('region', { name: 'Active accounts of inactive users' });
    await inactive.getByRole('heading', { name: 'Active accounts of inactive users (1)' }).waitFor();
    await inactive
      .getByText(
        'User 3 <user3@console-reconciliation.test> (u3): held by user3@console-reconciliation.test, deactivated in Flowgate',
      )
      .waitFor();
    await expect(inactive.getByRole('listitem').count()).resolves.toBe(1);
    await screenshot(page, 'sync-reconciliation');
    await page.context().close();
  });
});
