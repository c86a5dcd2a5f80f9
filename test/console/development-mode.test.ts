import { describe, expect, it } from '@jest/globals';
import { createSignInLink } from '../../src/services/sign-in-links.js';
import { newPage, screenshot, signInWithLink, useChromium, useConsoleStack } from '../support/chromium.js';

// Development mode: no identity provider.
const stack = useConsoleStack({ oidc: false });
const chromium = useChromium();

describe('the sign-in page in development mode', () => {
  it('explains the one-time link instead of offering a provider', async () => {
    const page = await newPage(chromium.browser);
    await page.goto(stack.url('/'));
    await page.getByText('development mode').waitFor();
    expect(await page.locator('main').textContent()).toContain('npm run admin -- sign-in-link --email');
    expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    await screenshot(page, 'sign-in-development');
    await page.context().close();
  });
});

describe('a one-time sign-in link in the browser', () => {
  it('signs in with a session cookie only, with session monitoring off, and only same-origin requests', async () => {
    const { page, user } = await signInWithLink(chromium.browser, stack, ['approver']);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    await page.reload();
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    await page.getByText('No approvals wait for you.').waitFor();
    expect(await page.getByRole('banner').textContent()).toContain(user.email);

    expect(requests.every((url) => url.startsWith(stack.url('/')))).toBe(true);
    expect(requests.filter((url) => url.includes('/api/auth/session'))).toEqual([]); // spec 8: off
    expect(problems).toEqual([]); // no CSP violation, no failed script
    expect(await page.evaluate('[localStorage.length, sessionStorage.length, document.cookie]')).toEqual([0, 0, '']);
    const [cookie] = (await page.context().cookies()).filter((candidate) => candidate.name === 'svc_sid');
    expect(cookie).toEqual(expect.objectContaining({ httpOnly: true, sameSite: 'Lax' }));
    await page.context().close();
  });

  it('says so when the link was already used', async () => {
    const email = 'twice@example.test';
    await stack.database.db.user.create({ data: { email, activeEmail: email, roles: ['requestor'] } });
    const link = await createSignInLink(stack.database.db, { email, publicUrl: stack.api.baseUrl });
    const first = await newPage(chromium.browser);
    await first.goto(link.url);
    await first.waitForURL(stack.url('/'));
    const second = await newPage(chromium.browser);
    const response = await second.goto(link.url);
    expect(response!.status()).toBe(401);
    expect(await second.textContent('body')).toContain('This sign-in link has already been used');
    await first.context().close();
    await second.context().close();
  });

  it('logs out to the sign-in page', async () => {
    const { page, user } = await signInWithLink(chromium.browser, stack, ['requestor']);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByText('development mode').waitFor();
    expect(await stack.database.db.session.count({ where: { userId: user.id } })).toBe(0);
    await page.context().close();
  });
});
