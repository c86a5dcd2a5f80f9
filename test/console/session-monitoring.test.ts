import { describe, expect, it } from '@jest/globals';
import { hashSecret } from '../../src/services/sessions.js';
import { screenshot, signInWithProvider, useChromium, useConsoleStack } from '../support/chromium.js';

// Short lifetimes on the provider, so the first poll (on page load) already warns: 2 minutes of
// idle time (under the 5-minute threshold) and a 5-minute maximum (under the 10-minute one).
const stack = useConsoleStack({ refreshIdleSeconds: 120, sessionMaxSeconds: 300 });
const chromium = useChromium();

async function sessionRow(page: { context(): { cookies(): Promise<Array<{ name: string; value: string }>> } }) {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'svc_sid');
  return stack.database.db.session.findUniqueOrThrow({ where: { tokenHash: hashSecret(cookie!.value) } });
}

describe('the idle warning (spec 8)', () => {
  it('asks to continue under 5 minutes of idle time; Continue extends the session', async () => {
    const { page } = await signInWithProvider(chromium.browser, stack, ['approver']);
    const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/ends in about (1|2) minutes? because of inactivity/);
    expect(
      await dialog
        .getByRole('button', { name: 'Continue' })
        .evaluate((button) => button.ownerDocument.activeElement === button),
    ).toBe(true);
    await screenshot(page, 'idle-warning');

    const before = await sessionRow(page);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // so the new expiries differ from the old ones
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.waitFor({ state: 'detached' });
    const after = await sessionRow(page);
    expect(after.id).toBe(before.id);
    // The provider's idle timer moves on; the session's end stays at the provider's maximum (300 s here).
    expect(after.providerIdleExpiresAt!.getTime()).toBeGreaterThan(before.providerIdleExpiresAt!.getTime());
    expect(after.expiresAt.getTime()).toBe(after.authTime!.getTime() + 300_000);
    expect(after.refreshTokenSealed).not.toBe(before.refreshTokenSealed); // the provider rotated it
    await page.context().close();
  });

  it('Log out in the dialog ends the session', async () => {
    const { page, user } = await signInWithProvider(chromium.browser, stack, ['approver']);
    const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await page.locator('button[name="logout"]').click(); // the provider's confirmation
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await stack.database.db.session.count({ where: { userId: user.id } })).toBe(0);
    await page.context().close();
  });
});

describe('the maximum-lifetime banner (spec 8)', () => {
  it('announces the end under 10 minutes, has no close control, and stays', async () => {
    const { page } = await signInWithProvider(chromium.browser, stack, ['approver']);
    const banner = page.locator('.banner');
    await banner.waitFor();
    expect(await banner.getAttribute('role')).toBe('alert');
    expect(await banner.textContent()).toMatch(/Your session ends in about [45] minutes and cannot be extended/);
    expect(await banner.locator('button, a, [role="button"]').count()).toBe(0);

    // Continue does not take it away (the maximum cannot be extended), nor does Escape or moving on.
    await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Runs' }).click();
    await page.waitForURL(stack.url('/runs'));
    expect(await banner.isVisible()).toBe(true);
    await screenshot(page, 'session-banner');
    await page.context().close();
  });
});

const setVisibility = (state: 'hidden' | 'visible') =>
  `Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => '${state}' });
   document.dispatchEvent(new Event('visibilitychange'));`;

describe('polling (spec 8)', () => {
  it('polls when the page loads, not while hidden, and at once when the tab is shown again', async () => {
    const { page } = await signInWithProvider(chromium.browser, stack, ['approver']);
    await page.getByRole('dialog', { name: 'Are you still there?' }).waitFor(); // the first poll answered
    const polls: string[] = [];
    page.on('request', (request) => request.url().endsWith('/api/auth/session') && polls.push(request.url()));

    await page.evaluate(setVisibility('hidden'));
    await page.waitForTimeout(500);
    expect(polls).toEqual([]);

    const shown = page.waitForRequest((request) => request.url().endsWith('/api/auth/session'));
    await page.evaluate(setVisibility('visible'));
    await shown;
    expect(polls).toHaveLength(1);
    await page.context().close();
  });
});

describe('the countdown between polls (spec 8)', () => {
  it('counts down every second and shows the overlay when a lifetime reaches zero, asking the API only then', async () => {
    const { page } = await signInWithProvider(chromium.browser, stack, ['approver']);
    const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
    await dialog.waitFor();

    // The provider's idle window now ends in 6 seconds; a poll (the tab shown again) brings the news,
    // and the next 60-second poll is far off.
    const zero = Date.now() + 6_000;
    const { id } = await sessionRow(page);
    await stack.database.db.session.update({ where: { id }, data: { providerIdleExpiresAt: new Date(zero) } });
    const polled = page.waitForResponse((response) => response.url().endsWith('/api/auth/session'));
    await page.evaluate(setVisibility('hidden'));
    await page.evaluate(setVisibility('visible'));
    await polled;
    const polls: string[] = [];
    page.on('request', (request) => request.url().endsWith('/api/auth/session') && polls.push(request.url()));

    await dialog.getByText(/ends in about \d+ seconds? /).waitFor(); // the poll's answer shown
    const secondsShown = async () =>
      Number(/ends in about (\d+) seconds?/.exec((await dialog.textContent()) ?? '')?.[1]);
    const first = await secondsShown();
    expect(first).toBeGreaterThanOrEqual(3);
    expect(first).toBeLessThanOrEqual(6);
    // The next second shows without a request (each lasts a second, so the wait sees it).
    await dialog.getByText(new RegExp(`ends in about ${first - 1} seconds? `)).waitFor();

    const overlay = page.getByRole('dialog', { name: 'Your session has ended' });
    await overlay.waitFor({ timeout: 10_000 });
    const late = Date.now() - zero;
    // The API rounds the seconds left down, so the count may reach zero up to a second early.
    expect(late).toBeGreaterThan(-1_500);
    expect(late).toBeLessThan(2_000);
    // Only at zero: the API confirms the end (asked again if it was a second early).
    expect(polls.length).toBeGreaterThanOrEqual(1);
    expect(polls.length).toBeLessThanOrEqual(2);
    await page.context().close();
  });

  it('keeps the session a count reached zero on when another tab extended it meanwhile', async () => {
    const { page } = await signInWithProvider(chromium.browser, stack, ['approver']);
    const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
    await dialog.waitFor();
    const { id } = await sessionRow(page);
    await stack.database.db.session.update({
      where: { id },
      data: { providerIdleExpiresAt: new Date(Date.now() + 4_000) },
    });
    const polled = page.waitForResponse((response) => response.url().endsWith('/api/auth/session'));
    await page.evaluate(setVisibility('hidden'));
    await page.evaluate(setVisibility('visible'));
    await polled;
    await dialog.getByText(/ends in about \d+ seconds? /).waitFor();
    // Another tab continues: the provider's idle window is an hour again, unknown to this tab.
    await stack.database.db.session.update({
      where: { id },
      data: { providerIdleExpiresAt: new Date(Date.now() + 3_600_000) },
    });
    const confirmed = page.waitForResponse((response) => response.url().endsWith('/api/auth/session'), {
      timeout: 10_000,
    });
    expect((await (await confirmed).json()).remainingIdleLifetime).toBeGreaterThan(300);
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForTimeout(1_500);
    expect(await page.getByRole('dialog', { name: 'Your session has ended' }).count()).toBe(0);
    await page.context().close();
  });
});
