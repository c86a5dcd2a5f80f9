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

  it('says so in the console when the link was already used, and how to get a new one', async () => {
    const email = 'twice@example.test';
    await stack.database.db.user.create({ data: { email, activeEmail: email, roles: ['requestor'] } });
    const link = await createSignInLink(stack.database.db, { email, publicUrl: stack.api.baseUrl });
    const first = await newPage(chromium.browser);
    await first.goto(link.url);
    await first.waitForURL(stack.url('/'));
    // A browser is sent to the console, which says what happened and how to get a new link.
    const second = await newPage(chromium.browser);
    await second.goto(link.url);
    await second.waitForURL(stack.url('/?signInLink=used'));
    const notice = second.getByRole('alert');
    await notice.getByText('This sign-in link has already been used: each link signs in once.').waitFor();
    await expect(notice.textContent()).resolves.toContain('npm run admin -- sign-in-link --email you@example.com');
    await second.getByText('development mode').waitFor();
    // An API client still gets the 401 with the reason.
    const response = await fetch(link.url, { headers: { accept: 'application/json' }, redirect: 'manual' });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      message: expect.stringContaining('This sign-in link has already been used'),
      details: { reason: 'used' },
    });
    // A reason the service never sends is not shown: the address is anyone's to write.
    await second.goto(stack.url('/?signInLink=call-this-number'));
    await second.getByText('development mode').waitFor();
    await expect(second.getByRole('alert').count()).resolves.toBe(0);
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
