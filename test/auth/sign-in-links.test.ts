import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { hashSecret, SESSION_LIFETIME_SECONDS } from '../../src/services/sessions.js';
import { SIGN_IN_FAILURE_LIMIT, SIGN_IN_FAILURE_WINDOW_SECONDS } from '../../src/services/sign-in-link-throttle.js';
import { createSignInLink, SIGN_IN_LINK_LIFETIME_SECONDS } from '../../src/services/sign-in-links.js';
import { startTestApp, useTestApp, type TestApp } from '../support/app.js';
import { TestBrowser } from '../support/browser.js';
import { createUserWithToken } from '../support/users.js';
import type { Role } from '../../src/permissions/index.js';

// Development mode: no OIDC_* at all.
const context = useTestApp({ env: (baseUrl) => ({ PUBLIC_URL: baseUrl }) });

async function linkFor(roles: Role[], now?: Date) {
  const { user } = await createUserWithToken(context.database.db, roles);
  const link = await createSignInLink(context.database.db, {
    email: user.email!,
    publicUrl: context.api.baseUrl,
    now,
  });
  return { user, url: link.url };
}

const sessionCookie = (browser: TestBrowser) => browser.cookie(context.api.baseUrl, 'svc_sid');

async function sessionRowOf(browser: TestBrowser) {
  return context.database.db.session.findUnique({ where: { tokenHash: hashSecret(sessionCookie(browser)!) } });
}

function me(browser: TestBrowser, api: TestApp = context.api) {
  return browser.request(`${api.baseUrl}/api/auth/me`);
}

describe('a sign-in link opens a session once', () => {
  it('redirects to the console with a session cookie of its user, with no provider side', async () => {
    const { user, url } = await linkFor(['approver']);
    const browser = new TestBrowser();
    const response = await browser.request(url);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(browser.setCookieLine('svc_sid')).toMatch(/; Path=\/; Max-Age=86400; HttpOnly; SameSite=Lax/);

    const body = JSON.parse((await me(browser)).text);
    expect(body).toEqual(expect.objectContaining({ id: user.id, roles: ['approver'], via: 'session' }));
    const session = await sessionRowOf(browser);
    expect(session).toEqual(
      expect.objectContaining({
        userId: user.id,
        accessToken: null,
        refreshTokenSealed: null,
        providerIdleSeconds: null,
      }),
    );
    const link = await context.database.db.signInLink.findFirstOrThrow({ where: { userId: user.id } });
    expect(link.usedAt).not.toBeNull();
    expect(link.expiresAt.getTime() - link.createdAt.getTime()).toBe(SIGN_IN_LINK_LIFETIME_SECONDS * 1000);
    expect(url).not.toContain(link.tokenHash); // the database keeps only the hash
    expect(
      await context.database.db.auditLog.count({
        where: { action: 'auth.login', actorId: user.id, targetId: session!.id },
      }),
    ).toBe(1);
  });

  it('refuses the same link a second time (401, no new session)', async () => {
    const { user, url } = await linkFor(['requestor']);
    expect((await new TestBrowser().request(url)).status).toBe(302);
    const second = new TestBrowser();
    const response = await second.request(url);
    expect(response.status).toBe(401);
    expect(JSON.parse(response.text).message).toMatch(/^This sign-in link has already been used: ask for a new one/);
    expect(sessionCookie(second)).toBeUndefined();
    expect(await context.database.db.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it('refuses an expired link, an unknown one and one without a token', async () => {
    const expired = await linkFor(['requestor'], new Date(Date.now() - (SIGN_IN_LINK_LIFETIME_SECONDS + 1) * 1000));
    const browser = new TestBrowser();
    const old = await browser.request(expired.url);
    expect(old.status).toBe(401);
    expect(JSON.parse(old.text).message).toMatch(/^This sign-in link has expired/);

    const unknown = await browser.request(`${context.api.baseUrl}/api/auth/sign-in-link?token=not-a-real-token`);
    expect(unknown.status).toBe(401);
    expect(JSON.parse(unknown.text).message).toMatch(/^This sign-in link is not known/);

    expect((await browser.request(`${context.api.baseUrl}/api/auth/sign-in-link`)).status).toBe(400);
    expect(sessionCookie(browser)).toBeUndefined();
    expect(await context.database.db.session.count({ where: { userId: expired.user.id } })).toBe(0);
    const failures = await context.database.db.auditLog.findMany({ where: { action: 'auth.login_failed' } });
    const counted = failures.reduce((sum, entry) => sum + Number((entry.metadata as { failures: number }).failures), 0);
    expect(counted).toBeGreaterThanOrEqual(2);
  });

  it('refuses the link of a user deactivated since, and leaves it unused', async () => {
    const { user, url } = await linkFor(['requestor']);
    await context.database.db.user.update({ where: { id: user.id }, data: { active: false } });
    const response = await new TestBrowser().request(url);
    expect(response.status).toBe(401);
    expect(JSON.parse(response.text).message).toBe('This user is inactive');
    expect(await context.database.db.session.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("a user's sessions end when the user is deleted or made inactive", () => {
  it('and do not come back when the user is restored or reactivated', async () => {
    const { token: adminToken } = await createUserWithToken(context.database.db, ['admin']);
    const deleted = await linkFor(['approver']);
    const deletedBrowser = new TestBrowser();
    await deletedBrowser.request(deleted.url);
    const deactivated = await linkFor(['approver']);
    const deactivatedBrowser = new TestBrowser();
    await deactivatedBrowser.request(deactivated.url);
    expect([(await me(deletedBrowser)).status, (await me(deactivatedBrowser)).status]).toEqual([200, 200]);

    const admin = (method: string, path: string) => context.api.request(method, path, { token: adminToken });
    expect((await admin('DELETE', `/api/users/${deleted.user.id}`)).status).toBe(200);
    expect((await admin('POST', `/api/users/${deleted.user.id}/restore`)).status).toBe(200);
    await context.database.db.user.update({ where: { id: deactivated.user.id }, data: { active: false } });
    await context.database.db.user.update({ where: { id: deactivated.user.id }, data: { active: true } });

    expect([(await me(deletedBrowser)).status, (await me(deactivatedBrowser)).status]).toEqual([401, 401]);
    const users = [deleted.user.id, deactivated.user.id];
    expect(await context.database.db.session.count({ where: { userId: { in: users } } })).toBe(0);
  });
});

describe('a link gives exactly its own user, never more', () => {
  it('a requestor link in a browser signed in as an admin replaces the admin session', async () => {
    const admin = await linkFor(['admin']);
    const browser = new TestBrowser();
    await browser.request(admin.url);
    const adminSession = await sessionRowOf(browser);
    expect((await browser.request(`${context.api.baseUrl}/api/users`)).status).toBe(200);

    const requestor = await linkFor(['requestor']);
    await browser.request(requestor.url);
    expect(JSON.parse((await me(browser)).text)).toEqual(
      expect.objectContaining({ id: requestor.user.id, roles: ['requestor'] }),
    );
    expect((await browser.request(`${context.api.baseUrl}/api/users`)).status).toBe(403);
    expect(await context.database.db.session.findUnique({ where: { id: adminSession!.id } })).toBeNull();
  });

  it('creating a link needs an active user with that email (there is no API route to create one)', async () => {
    await expect(
      createSignInLink(context.database.db, { email: 'nobody@example.test', publicUrl: context.api.baseUrl }),
    ).rejects.toMatchObject({ code: 'not_found' });
    const { paths } = (await context.api.request('GET', '/api/docs/json')).body;
    expect(Object.keys(paths['/api/auth/sign-in-link'])).toEqual(['get']);
  });
});

describe('the session of a link', () => {
  it("answers session info with the local session's figures, every field falling back to the local TTL", async () => {
    const { url } = await linkFor(['requestor']);
    const browser = new TestBrowser();
    await browser.request(url);
    const response = await browser.request(`${context.api.baseUrl}/api/auth/session`);
    expect(response.status).toBe(200);
    const info = JSON.parse(response.text);
    expect(info).toEqual({
      maxSessionLifetime: SESSION_LIFETIME_SECONDS,
      maxIdleSessionLifetime: SESSION_LIFETIME_SECONDS,
      remainingSessionLifetime: info.flohSessionTtl,
      remainingIdleLifetime: info.flohSessionTtl,
      flohSessionTtl: expect.any(Number),
    });
    expect(info.flohSessionTtl).toBeGreaterThan(SESSION_LIFETIME_SECONDS - 10);
  });

  it('extends: the local TTL goes back to 24 hours and the cookie is set again', async () => {
    const { url } = await linkFor(['requestor']);
    const browser = new TestBrowser();
    await browser.request(url);
    const session = (await sessionRowOf(browser))!;
    await context.database.db.session.update({
      where: { id: session.id },
      data: { expiresAt: new Date(Date.now() + 600_000) },
    });
    expect(
      JSON.parse((await browser.request(`${context.api.baseUrl}/api/auth/session`)).text).flohSessionTtl,
    ).toBeLessThanOrEqual(600);

    const extended = await browser.request(`${context.api.baseUrl}/api/auth/session/extend`, {
      method: 'POST',
      headers: { origin: context.api.baseUrl },
    });
    expect(extended.status).toBe(200);
    const info = JSON.parse(extended.text);
    expect(info.flohSessionTtl).toBeGreaterThan(SESSION_LIFETIME_SECONDS - 10);
    expect(extended.headers.getSetCookie().find((line) => line.startsWith('svc_sid='))).toContain(
      `Max-Age=${info.flohSessionTtl};`,
    );
    expect((await sessionRowOf(browser))!.expiresAt.getTime()).toBeGreaterThan(
      Date.now() + (SESSION_LIFETIME_SECONDS - 10) * 1000,
    );
    expect(
      await context.database.db.auditLog.findFirstOrThrow({
        where: { action: 'auth.session_extended', targetId: session.id },
      }),
    ).toEqual(expect.objectContaining({ metadata: { providerKeepAlive: false } }));
  });

  it('answers 404 to a bearer-token caller: only browser sign-ins have sessions', async () => {
    const { token } = await createUserWithToken(context.database.db, ['requestor']);
    for (const [method, path] of [
      ['GET', '/api/auth/session'],
      ['POST', '/api/auth/session/extend'],
    ] as const) {
      const response = await context.api.request(method, path, { token });
      expect([response.status, response.body.message]).toEqual([
        404,
        expect.stringMatching(/^No session: this request authenticated with a bearer token/),
      ]);
    }
  });

  it('refuses writes from another origin, and logs out from its own', async () => {
    const { url } = await linkFor(['requestor']);
    const browser = new TestBrowser();
    await browser.request(url);
    const session = await sessionRowOf(browser);
    const foreign = await browser.request(`${context.api.baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { origin: 'http://evil.example.test' },
    });
    expect(foreign.status).toBe(403);

    const logout = await browser.request(`${context.api.baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { origin: context.api.baseUrl },
    });
    expect(logout.status).toBe(200);
    expect(JSON.parse(logout.text)).toEqual({ endSessionUrl: null });
    expect(await context.database.db.session.findUnique({ where: { id: session!.id } })).toBeNull();
    expect((await me(browser)).status).toBe(401);
  });
});

describe('with an identity provider configured', () => {
  it('the route does not exist (404), even for a valid link', async () => {
    const { user, url } = await linkFor(['admin']);
    const withOidc = await startTestApp({
      db: context.database.db,
      env: { OIDC_ISSUER: 'http://127.0.0.1:9/realms/none', OIDC_CLIENT_ID: 'flowgate-web' },
    });
    try {
      const browser = new TestBrowser();
      const response = await browser.request(`${withOidc.baseUrl}${new URL(url).pathname}${new URL(url).search}`);
      expect(response.status).toBe(404);
      expect(JSON.parse(response.text).message).toMatch(/^Sign-in links exist only in development mode/);
      expect(sessionCookie(browser)).toBeUndefined();
      const link = await context.database.db.signInLink.findFirstOrThrow({ where: { userId: user.id } });
      expect(link.usedAt).toBeNull();
    } finally {
      await withOidc.close();
    }
  });
});

describe('failed sign-in-link attempts are limited per client address', () => {
  // Behind a declared proxy, so each test names the client address it comes from.
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await startTestApp({
      db: context.database.db,
      env: (baseUrl) => ({ PUBLIC_URL: baseUrl, TRUST_PROXY: 'true' }),
    });
  });
  afterAll(() => proxied?.close());

  const attempt = (token: string, address: string) =>
    fetch(`${proxied.baseUrl}/api/auth/sign-in-link?token=${encodeURIComponent(token)}`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': address },
    });
  const failureEntries = (address: string) =>
    context.database.db.auditLog.findMany({
      where: { action: 'auth.login_failed', metadata: { path: ['clientAddress'], equals: address } },
    });

  /** Waits out the end of a window that is about to close, so a test's attempts fall in one. */
  async function inOneWindow() {
    const windowMs = SIGN_IN_FAILURE_WINDOW_SECONDS * 1000;
    const left = windowMs - (Date.now() % windowMs);
    if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  }

  it('answers 429 with Retry-After once the limit is reached, even for a valid link', async () => {
    await inOneWindow();
    const address = '203.0.113.7';
    for (let index = 0; index < SIGN_IN_FAILURE_LIMIT; index += 1)
      expect((await attempt(`unknown-${index}`, address)).status).toBe(401);

    const limited = await attempt('unknown-again', address);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual(expect.objectContaining({ code: 'too_many_requests' }));
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_FAILURE_WINDOW_SECONDS);

    const { user, url } = await linkFor(['requestor']);
    const valid = await attempt(new URL(url).searchParams.get('token')!, address);
    expect(valid.status).toBe(429);
    expect((await context.database.db.signInLink.findFirstOrThrow({ where: { userId: user.id } })).usedAt).toBeNull();

    // Another address is not held back by this one.
    expect((await attempt(new URL(url).searchParams.get('token')!, '198.51.100.9')).status).toBe(302);
  });

  it('records the failures of one address and window as one audit entry with the count', async () => {
    await inOneWindow();
    const address = '203.0.113.8';
    for (let index = 0; index < SIGN_IN_FAILURE_LIMIT + 5; index += 1) await attempt(`unknown-${index}`, address);
    const entries = await failureEntries(address);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.metadata).toEqual(
      expect.objectContaining({
        via: 'sign_in_link',
        clientAddress: address,
        failures: SIGN_IN_FAILURE_LIMIT + 5,
        refused: 5,
        lastReason: 'too many failed attempts',
      }),
    );
    const { windowStart, windowEnd } = entries[0]!.metadata as { windowStart: string; windowEnd: string };
    expect(Date.parse(windowEnd) - Date.parse(windowStart)).toBe(SIGN_IN_FAILURE_WINDOW_SECONDS * 1000);
  });
});
