import { describe, expect, it } from '@jest/globals';
import {
  newPage,
  screenshot,
  signInWithProvider,
  submitProviderLogin,
  useChromium,
  useConsoleStack,
  VIEWPORTS,
} from '../support/chromium.js';

const stack = useConsoleStack();
const chromium = useChromium();

describe('signing in through the identity provider', () => {
  it('offers a sign-in button that comes back to the page asked for, signed in', async () => {
    stack.provider.accounts.set('button-user', {
      email: 'button@example.test',
      name: 'Button User',
      groups: ['admin'],
    });
    const page = await newPage(chromium.browser);
    await page.goto(stack.url('/workflows?status=draft'));
    const button = page.getByRole('link', { name: 'Sign in' });
    expect(await button.getAttribute('href')).toBe(
      `/api/auth/login?returnTo=${encodeURIComponent('/workflows?status=draft')}`,
    );
    await screenshot(page, 'sign-in');
    await button.click();
    await submitProviderLogin(page, 'button-user');
    await page.waitForURL(stack.url('/workflows?status=draft'));
    await page.getByRole('banner').getByText('Button User').waitFor();
    // Nothing of the sign-in is kept in the page's storage: the session is the HttpOnly cookie.
    expect(await page.evaluate('[localStorage.length, sessionStorage.length, document.cookie]')).toEqual([0, 0, '']);
    await page.context().close();
  });
});

describe('the frame offers only what the roles allow', () => {
  it('shows a requestor the pages of its permissions, and an admin all of them', async () => {
    const requestor = await signInWithProvider(chromium.browser, stack, ['requestor']);
    const nav = requestor.page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Runs' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Inbox', 'Runs', 'Workflows', 'Admin']);
    await requestor.page.goto(stack.url('/sync'));
    await requestor.page.getByRole('heading', { name: 'Not available' }).waitFor();
    await requestor.page.context().close();

    const admin = await signInWithProvider(chromium.browser, stack, ['admin'], '/', VIEWPORTS.phone);
    const adminNav = admin.page.getByRole('navigation', { name: 'Main' });
    await adminNav.getByRole('link', { name: 'Sync' }).waitFor();
    expect(await adminNav.getByRole('link').allTextContents()).toEqual([
      'Inbox',
      'Runs',
      'Workflows',
      'Connectors',
      'Sync',
      'Pending work',
      'Reviews',
      'Admin',
    ]);
    expect(await adminNav.getByRole('link', { name: 'Inbox' }).getAttribute('aria-current')).toBe('page');
    await screenshot(admin.page, 'inbox-phone');
    await admin.page.context().close();
  });

  it('is usable by keyboard: Tab reaches the navigation and Log out, with a visible focus', async () => {
    const { page } = await signInWithProvider(chromium.browser, stack, ['approver']);
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    const focused: string[] = [];
    let outline = '';
    for (let index = 0; index < 10; index++) {
      await page.keyboard.press('Tab');
      const [text, style] = await page.evaluate<[string, string]>(
        '[document.activeElement.textContent, getComputedStyle(document.activeElement).outlineStyle]',
      );
      focused.push(text);
      if (text === 'Log out') outline = style;
    }
    expect(focused).toEqual(expect.arrayContaining(['Skip to content', 'Inbox', 'Log out']));
    expect(outline).toBe('solid');
    await page.context().close();
  });
});

describe('logging out', () => {
  it('ends the session and comes back to the sign-in page', async () => {
    const { page, user } = await signInWithProvider(chromium.browser, stack, ['approver']);
    expect(await stack.database.db.session.count({ where: { userId: user.id } })).toBe(1);
    await page.getByRole('button', { name: 'Log out' }).click();
    // The provider's end-session page asks to confirm, then sends the browser back to the console.
    await page.locator('button[name="logout"]').click();
    await page.waitForURL(stack.url('/'));
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await stack.database.db.session.count({ where: { userId: user.id } })).toBe(0);
    await page.context().close();
  });
});

describe('a session that ends while the page is open (spec 7)', () => {
  it('shows the timed-out overlay on the next API call, and signing in again returns to the page', async () => {
    const { page, user } = await signInWithProvider(chromium.browser, stack, ['admin'], '/runs');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    // The page's first calls (the session poll among them) must not be the ones that meet the
    // ended session: the click below is the next API call.
    await page.waitForLoadState('networkidle');
    await stack.database.db.session.deleteMany({ where: { userId: user.id } });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox' }).click();
    const overlay = page.getByRole('dialog', { name: 'Your session has ended' });
    await overlay.waitFor();
    await screenshot(page, 'session-ended');
    await page.keyboard.press('Escape'); // not dismissable
    expect(await overlay.isVisible()).toBe(true);

    await overlay.getByRole('link', { name: 'Sign in again' }).click();
    // The provider may still remember the person and skip its form.
    await Promise.race([
      page.waitForURL(stack.url('/')),
      page
        .locator('input[name="login"]')
        .waitFor()
        .then(() => submitProviderLogin(page, user.sub!)),
    ]);
    await page.waitForURL(stack.url('/'));
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await stack.database.db.session.count({ where: { userId: user.id } })).toBe(1);
    await page.context().close();
  });
});
