import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { screenshot, signInWithProvider, useChromium, useConsoleStack } from '../support/chromium.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { createUserWithToken } from '../support/users.js';
import { createActive, definition, end, start, step } from '../support/workflows.js';

const stack = useConsoleStack();
const chromium = useChromium();
let admin: string;

beforeAll(async () => {
  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
});

/** Runs a workflow whose one notification step tells `recipientId`; answers the run once it completed. */
async function notify(name: string, recipientId: string, subject: string, message: string) {
  const workflow = await createActive(
    stack.api,
    admin,
    definition(name, [
      start('tell'),
      step('tell', 'notification', { recipientId, subject, message }, { success: 'end' }),
      end(),
    ]),
  );
  const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
    token: admin,
    body: { variables: {} },
  });
  expect(started.status).toBe(201);
  return waitForRun(stack.api, admin, started.body.id, hasStatus('completed'));
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, \d+ unread$/ });

/** The caller's unread count as the API answers it, through the page's own session. */
const apiUnread = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/api/notifications/unread-count', { headers: { accept: 'application/json' } });
    return ((await response.json()) as { unread: number }).unread;
  });

describe('the notification bell', () => {
  it('shows a run notification to its recipient, lists it with a link to the run, and marks it read', async () => {
    const { page, user } = await signInWithProvider(chromium.browser, stack, ['requestor']);
    await page.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();
    const run = await notify('Welcome pack', user.id, 'Your laptop is ready', 'Collect it at the front desk.');

    await page.reload();
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    // Keyboard: the bell opens with Enter, the panel takes focus, Escape closes it and returns focus.
    await bell(page).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Notifications' });
    await panel.getByText('Collect it at the front desk.').waitFor();
    expect(await bell(page).getAttribute('aria-expanded')).toBe('true');
    await panel.getByText('Your laptop is ready').waitFor();
    expect(await panel.getByRole('link', { name: 'Open the run' }).getAttribute('href')).toBe(`/runs/${run.id}`);
    await screenshot(page, 'notifications');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await bell(page).evaluate((button) => button.ownerDocument.activeElement === button)).toBe(true);

    await page.keyboard.press('Enter');
    await panel.getByRole('button', { name: 'Mark as read: Your laptop is ready' }).click();
    await page.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();
    await panel.getByText('Collect it at the front desk.').waitFor();
    expect(await panel.getByRole('button', { name: /^Mark as read/ }).count()).toBe(0);
    expect(await apiUnread(page)).toBe(0);
    const stored = await stack.database.db.notification.findFirstOrThrow({ where: { runId: run.id } });
    expect(stored.readAt).not.toBeNull();

    // The run link goes to the run and closes the panel.
    await panel.getByRole('link', { name: 'Open the run' }).click();
    await page.waitForURL(stack.url(`/runs/${run.id}`));
    await panel.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it("keeps a role's notification unread for one holder when another marks it read", async () => {
    const first = await signInWithProvider(chromium.browser, stack, ['approver']);
    const second = await signInWithProvider(chromium.browser, stack, ['approver']);
    await notify('Approver briefing', 'approver', 'New approval policy', 'Read the policy before deciding.');

    for (const { page } of [first, second]) {
      await page.reload();
      await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    }
    await bell(first.page).click();
    const panel = first.page.getByRole('region', { name: 'Notifications' });
    await panel.getByText('to approver').waitFor();
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await first.page.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();
    expect(await apiUnread(first.page)).toBe(0);

    await second.page.reload();
    await second.page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    expect(await apiUnread(second.page)).toBe(1);
    await first.page.context().close();
    await second.page.context().close();
  });
});
