import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PAGE_CSP } from '../../src/api/page-policy.js';
import { openSecrets, parseSecretKey } from '../../src/connectors/secret-box.js';
import { hashSecret, SESSION_CEILING_SECONDS, SESSION_LIFETIME_SECONDS } from '../../src/services/sessions.js';
import { startTestApp, TEST_SECRET_KEY, type TestApp } from '../support/app.js';
import { TestBrowser } from '../support/browser.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import {
  ID_TOKEN_GROUPS_CLIENT,
  REFRESH_IDLE_SECONDS,
  startTestOidcProvider,
  USERINFO_GROUPS_CLIENT,
  type TestOidcProvider,
} from '../support/oidc-provider.js';
import { createScimClient, scimFixture, scimRequest } from '../support/scim.js';
import { createUserWithToken } from '../support/users.js';

const ROLE_GROUPS = { OIDC_ROLE_ADMIN: 'idp-admins', OIDC_ROLE_APPROVER: 'managers' };
const PROVIDER_SESSION_MAX_SECONDS = 3600;
/** An instance behind a TLS-terminating proxy: the provider knows it by its public https URL. */
const HTTPS_PUBLIC_URL = 'https://flowgate.example.test';

let database: TestDatabase;
/** Confidential client, `groups` in the ID token, provider session maximum configured. */
let provider: TestOidcProvider;
let api: TestApp;
let apiEnv: Record<string, string>;
/** Public client (PKCE only), `groups` only in userinfo. */
let userinfoProvider: TestOidcProvider;
let userinfoApi: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  api = await startTestApp({
    db: database.db,
    env: async (baseUrl) => {
      provider = await startTestOidcProvider([baseUrl, HTTPS_PUBLIC_URL]);
      apiEnv = {
        ...ROLE_GROUPS,
        PUBLIC_URL: baseUrl,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: ID_TOKEN_GROUPS_CLIENT.clientId,
        OIDC_CLIENT_SECRET: ID_TOKEN_GROUPS_CLIENT.clientSecret,
        OIDC_SESSION_MAX_SECONDS: String(PROVIDER_SESSION_MAX_SECONDS),
        // Short, for the hanging-provider test, yet room for a busy machine's sign-ins.
        OIDC_TIMEOUT_MS: '3000',
      };
      return apiEnv;
    },
  });
  userinfoApi = await startTestApp({
    db: database.db,
    env: async (baseUrl) => {
      userinfoProvider = await startTestOidcProvider([baseUrl]);
      return {
        ...ROLE_GROUPS,
        PUBLIC_URL: baseUrl,
        OIDC_ISSUER: userinfoProvider.issuer,
        OIDC_CLIENT_ID: USERINFO_GROUPS_CLIENT.clientId,
      };
    },
  });
});

afterAll(async () => {
  await api.close();
  await userinfoApi.close();
  await provider.close();
  await userinfoProvider.close();
  await database.drop();
});

/** Walks the browser from /api/auth/login through the provider's login form; answers the callback's own response. */
async function signIn(browser: TestBrowser, app: TestApp, login: string, returnTo = '/runs') {
  const form = await browser.navigate(`${app.baseUrl}/api/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  expect(form.status).toBe(200); // the provider's login page
  await browser.navigate(form.url, { form: { login } });
  const callback = browser.hops.find((hop) => hop.url.startsWith(`${app.baseUrl}/api/auth/callback`));
  if (!callback) throw new Error(`no callback reached: ${browser.hops.map((hop) => hop.url).join(' -> ')}`);
  return callback;
}

/** Stops the dance at the callback URL, without requesting it. */
async function callbackUrlFor(browser: TestBrowser, app: TestApp, login: string): Promise<URL> {
  const form = await browser.navigate(`${app.baseUrl}/api/auth/login`);
  let response = await browser.request(form.url, { form: { login } });
  while (response.headers.get('location')) {
    const next = new URL(response.headers.get('location')!, response.url);
    if (next.pathname === '/api/auth/callback') return next;
    response = await browser.request(next.href);
  }
  throw new Error('the provider did not redirect to the callback');
}

/** What Chromium sends when it navigates. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

const errorOf = (text: string) => JSON.parse(text) as { statusCode: number; code: string; message: string };

function me(browser: TestBrowser, app: TestApp) {
  return browser.request(`${app.baseUrl}/api/auth/me`);
}

async function sessionOf(browser: TestBrowser, app: TestApp) {
  const cookie = browser.cookie(app.baseUrl, 'svc_sid')!;
  return database.db.session.findUniqueOrThrow({ where: { tokenHash: hashSecret(cookie) } });
}

/** A user a SCIM client pushes with `email`: unconfirmed, until its first interactive login. */
async function pushScimUser(email: string) {
  const { token: adminToken } = await createUserWithToken(database.db, ['admin']);
  const directory = await createScimClient(api, adminToken);
  const pushed = await scimRequest(api, 'POST', '/Users', directory.token, scimFixture('okta-create-user', { email }));
  expect(pushed.status).toBe(201);
  return database.db.user.findUniqueOrThrow({ where: { activeEmail: email } });
}

describe('signing in through the provider gives a session cookie that authenticates', () => {
  it('runs the whole redirect dance to a signed-in /api/auth/me, with roles from the ID token', async () => {
    provider.accounts.set('alice', {
      email: 'Alice@Example.test',
      emailVerified: true,
      name: 'Alice',
      groups: ['idp-admins', 'managers'],
    });
    const browser = new TestBrowser();
    const callback = await signIn(browser, api, 'alice', '/runs?status=running');

    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/runs?status=running');
    const setCookie = browser.setCookieLine('svc_sid')!;
    expect(setCookie).toMatch(/; Path=\/; Max-Age=3(5\d\d|600); HttpOnly; SameSite=Lax/);
    expect(setCookie).not.toContain('Secure'); // PUBLIC_URL is http here

    const response = await me(browser, api);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.text)).toEqual(
      expect.objectContaining({ email: 'alice@example.test', roles: ['admin', 'approver'], via: 'session' }),
    );
    const user = await database.db.user.findFirstOrThrow({ where: { sub: 'alice' } });
    expect(user).toEqual(expect.objectContaining({ iss: provider.issuer, confirmed: true, displayName: 'Alice' }));

    const session = await sessionOf(browser, api);
    expect(session.userId).toBe(user.id);
    // The local 24 hours are cut at the provider's maximum (OIDC_SESSION_MAX_SECONDS), shorter here.
    expect(session.expiresAt.getTime()).toBe(session.authTime!.getTime() + PROVIDER_SESSION_MAX_SECONDS * 1000);
    // Logout names the client, not the ID token: the session keeps none.
    expect(Object.keys(session)).not.toContain('idToken');
    // The refresh token is sealed like connector secrets, and opens with the key.
    const { refreshToken } = openSecrets(session.refreshTokenSealed!, parseSecretKey(TEST_SECRET_KEY));
    expect(typeof refreshToken).toBe('string');
    expect(session.refreshTokenSealed).not.toContain(refreshToken as string);
    expect(await database.db.auditLog.count({ where: { action: 'auth.login', actorId: user.id } })).toBe(1);
  });

  it('creates a requestor on first sight of a sub whose groups map to no role', async () => {
    provider.accounts.set('newcomer', { email: 'newcomer@example.test', groups: ['everyone'] });
    const browser = new TestBrowser();
    expect((await signIn(browser, api, 'newcomer')).status).toBe(302);
    const body = JSON.parse((await me(browser, api)).text);
    expect(body.roles).toEqual(['requestor']);
    const users = await database.db.user.findMany({ where: { sub: 'newcomer' } });
    expect(users).toHaveLength(1);
    expect(await database.db.auditLog.count({ where: { action: 'user.created', targetId: users[0]!.id } })).toBe(1);
  });

  it('maps roles from userinfo when the ID token carries no groups', async () => {
    userinfoProvider.accounts.set('mona', { email: 'mona@example.test', groups: ['managers'] });
    const browser = new TestBrowser();
    expect((await signIn(browser, userinfoApi, 'mona')).status).toBe(302);
    expect(JSON.parse((await me(browser, userinfoApi)).text).roles).toEqual(['approver']);
  });

  it('confirms an unconfirmed SCIM-created account on its first interactive login, keeping its roles', async () => {
    const pending = await pushScimUser('sam@example.test');
    expect(pending).toEqual(expect.objectContaining({ confirmed: false, sub: null }));
    // Unverified at the provider, the email links nothing: anyone could have put it on their account.
    provider.accounts.set('sam-unverified', { email: 'sam@example.test', emailVerified: false });
    const refused = await signIn(new TestBrowser(), api, 'sam-unverified');
    expect([refused.status, errorOf(refused.text).message]).toEqual([401, expect.stringMatching(/not verified/)]);
    expect(await database.db.user.findUniqueOrThrow({ where: { id: pending.id } })).toEqual(
      expect.objectContaining({ confirmed: false, sub: null }),
    );
    // Verified, as this provider says in userinfo only.
    provider.accounts.set('sam-sub', {
      email: 'sam@example.test',
      emailVerified: true,
      emailVerifiedInUserInfoOnly: true,
      groups: ['idp-admins'],
    });
    const browser = new TestBrowser();
    expect((await signIn(browser, api, 'sam-sub')).status).toBe(302);
    const body = JSON.parse((await me(browser, api)).text);
    expect(body).toEqual(expect.objectContaining({ id: pending.id, roles: pending.roles }));
    expect(body.roles).not.toContain('admin'); // its groups do not re-map an existing account's roles
    expect(await database.db.user.findUniqueOrThrow({ where: { id: pending.id } })).toEqual(
      expect.objectContaining({ iss: provider.issuer, sub: 'sam-sub', confirmed: true }),
    );
    expect(await database.db.auditLog.count({ where: { action: 'user.confirmed', targetId: pending.id } })).toBe(1);
  });

  it('stores no email a first sign-in brings unverified, so it claims no address; adopts it once verified', async () => {
    // Someone puts another person's address on their own account at the provider, unverified.
    provider.accounts.set('mallory', { email: 'victim@example.test', emailVerified: false });
    const browser = new TestBrowser();
    expect((await signIn(browser, api, 'mallory')).status).toBe(302);
    const mallory = JSON.parse((await me(browser, api)).text);
    expect(await database.db.user.findUniqueOrThrow({ where: { id: mallory.id } })).toEqual(
      expect.objectContaining({ sub: 'mallory', email: null, activeEmail: null }),
    );
    // The directory's account for that address is the person's own, not linked to the other one.
    const victim = await pushScimUser('victim@example.test');
    expect(victim.id).not.toBe(mallory.id);

    // An address the provider verifies later becomes the user's, when nobody holds it.
    provider.accounts.set('late', { email: 'late@example.test', emailVerified: false });
    expect((await signIn(new TestBrowser(), api, 'late')).status).toBe(302);
    provider.accounts.set('late', { email: 'late@example.test', emailVerified: true });
    const verified = new TestBrowser();
    expect((await signIn(verified, api, 'late')).status).toBe(302);
    expect(JSON.parse((await me(verified, api)).text).email).toBe('late@example.test');
    // Not one another account holds: mallory keeps none.
    provider.accounts.set('mallory', { email: 'victim@example.test', emailVerified: true });
    const again = new TestBrowser();
    expect((await signIn(again, api, 'mallory')).status).toBe(302);
    expect(JSON.parse((await me(again, api)).text)).toEqual(expect.objectContaining({ id: mallory.id, email: null }));
  });

  it('marks the cookies Secure when PUBLIC_URL is https', async () => {
    const behindProxy = await startTestApp({ db: database.db, env: { ...apiEnv, PUBLIC_URL: HTTPS_PUBLIC_URL } });
    try {
      provider.accounts.set('tls', {});
      const browser = new TestBrowser();
      const url = await callbackUrlFor(browser, behindProxy, 'tls');
      expect(url.origin).toBe(HTTPS_PUBLIC_URL);
      expect(browser.setCookieLine('svc_login')).toMatch(/; Secure$/);
      // The proxy forwards https://flowgate.example.test to the instance.
      const response = await browser.request(`${behindProxy.baseUrl}${url.pathname}${url.search}`);
      expect(response.status).toBe(302);
      const line = response.headers.getSetCookie().find((candidate) => candidate.startsWith('svc_sid='));
      expect(line).toMatch(/; HttpOnly; SameSite=Lax; Expires=[^;]+; Secure$/);
    } finally {
      await behindProxy.close();
    }
  });

  it('keeps no refresh token without CONNECTOR_SECRET_KEY; extend then resets the local TTL, up to a week after sign-in', async () => {
    const keyless = await startTestApp({
      db: database.db,
      env: { ...apiEnv, CONNECTOR_SECRET_KEY: '', OIDC_SESSION_MAX_SECONDS: '' },
    });
    try {
      provider.accounts.set('keyless', {});
      const browser = new TestBrowser();
      const url = await callbackUrlFor(browser, keyless, 'keyless');
      expect((await browser.request(`${keyless.baseUrl}${url.pathname}${url.search}`)).status).toBe(302);
      const session = await sessionOf(browser, keyless);
      expect(session.refreshTokenSealed).toBeNull();
      const extended = await browser.request(`${keyless.baseUrl}/api/auth/session/extend`, {
        method: 'POST',
        headers: { origin: api.baseUrl },
      });
      expect(extended.status).toBe(200);
      expect(
        await database.db.auditLog.findFirstOrThrow({
          where: { action: 'auth.session_extended', targetId: session.id },
        }),
      ).toEqual(expect.objectContaining({ metadata: { providerKeepAlive: false } }));

      // Nothing at the provider checks it, so extending stops a week after the sign-in.
      const extend = () =>
        browser.request(`${keyless.baseUrl}/api/auth/session/extend`, {
          method: 'POST',
          headers: { origin: api.baseUrl },
        });
      const signedInAt = (secondsAgo: number) =>
        database.db.session.update({
          where: { id: session.id },
          data: { createdAt: new Date(Date.now() - secondsAgo * 1000) },
        });
      await signedInAt(SESSION_CEILING_SECONDS - 60);
      const nearCeiling = await extend();
      expect(nearCeiling.status).toBe(200);
      expect(JSON.parse(nearCeiling.text).flohSessionTtl).toBeLessThanOrEqual(60);
      await signedInAt(SESSION_CEILING_SECONDS + 1);
      const pastCeiling = await extend();
      expect(pastCeiling.status).toBe(401);
      expect(pastCeiling.text).toContain('longest lifetime');
      expect(await database.db.session.findUnique({ where: { id: session.id } })).toBeNull();
    } finally {
      await keyless.close();
    }
  });

  it('replaces the session a browser already had when it signs in again', async () => {
    provider.accounts.set('again', {});
    const browser = new TestBrowser();
    await signIn(browser, api, 'again');
    const first = await sessionOf(browser, api);
    // Still signed in at the provider: it answers at once, without its login form.
    await browser.navigate(`${api.baseUrl}/api/auth/login`);
    expect(browser.hops.find((hop) => hop.url.startsWith(`${api.baseUrl}/api/auth/callback`))?.status).toBe(302);
    const second = await sessionOf(browser, api);
    expect(second.id).not.toBe(first.id);
    expect(await database.db.session.findUnique({ where: { id: first.id } })).toBeNull();
  });

  it('keeps people signed in across an API restart: the session lives in PostgreSQL', async () => {
    provider.accounts.set('rita', { email: 'rita@example.test', emailVerified: true });
    const browser = new TestBrowser();
    await signIn(browser, api, 'rita');
    const cookie = browser.cookie(api.baseUrl, 'svc_sid')!;
    const restarted = await startTestApp({ db: database.db, env: apiEnv });
    try {
      const response = await restarted.request('GET', '/api/auth/me', { headers: { cookie: `svc_sid=${cookie}` } });
      expect(response.status).toBe(200);
      expect(response.body.email).toBe('rita@example.test');
    } finally {
      await restarted.close();
    }
  });
});

describe('bad sign-in input is refused with a clear 4xx or 503', () => {
  it.each([
    '//evil.example/x',
    'https://evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    // Dot segments the URL parser collapses into `//evil.example`.
    '/.//evil.example',
    '/..//evil.example',
    '/runs/..//evil.example',
    '/%2e%2e//evil.example',
  ])('refuses returnTo %s (no open redirect)', async (returnTo) => {
    const response = await api.request('GET', `/api/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(response.body.message).toMatch(/returnTo must be a path on this site/);
  });

  it('refuses a callback whose state is not the one this browser was given', async () => {
    provider.accounts.set('eve', { email: 'eve@example.test' });
    const browser = new TestBrowser();
    const url = await callbackUrlFor(browser, api, 'eve');
    url.searchParams.set('state', 'someone-elses-state');
    const response = await browser.request(url.href);
    expect(response.status).toBe(401);
    expect(errorOf(response.text).message).toMatch(/not started in this browser/);
    expect(browser.cookie(api.baseUrl, 'svc_sid')).toBeUndefined();
    expect(await database.db.auditLog.count({ where: { action: 'auth.login_failed' } })).toBeGreaterThan(0);
  });

  it('sends a browser that is still signed in on to the console when its callback fails (Back after signing in)', async () => {
    provider.accounts.set('back-button', {});
    const browser = new TestBrowser();
    const callback = await signIn(browser, api, 'back-button');
    const session = await sessionOf(browser, api);
    // Back: the browser asks for the spent callback again, its login cookie long gone.
    const again = await browser.request(callback.url, { headers: { accept: BROWSER_ACCEPT } });
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('/');
    expect((await sessionOf(browser, api)).id).toBe(session.id);
    expect((await me(browser, api)).status).toBe(200);
  });

  it('shows a browser without a session a page with a "Sign in again" link; programs keep the JSON error', async () => {
    provider.accounts.set('lost', {});
    const browser = new TestBrowser();
    const url = await callbackUrlFor(browser, api, 'lost');
    url.searchParams.set('state', 'someone-elses-state');
    const page = await browser.request(url.href, { headers: { accept: BROWSER_ACCEPT } });
    expect(page.status).toBe(401);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain('this sign-in was not started in this browser');
    expect(page.text).toContain('<a href="/api/auth/login">Sign in again</a>');

    const json = await browser.request(url.href, { headers: { accept: 'application/json' } });
    expect([json.status, errorOf(json.text).message]).toEqual([
      401,
      expect.stringMatching(/not started in this browser/),
    ]);

    // What the provider says is shown as text, never as markup.
    const other = new TestBrowser();
    const declined = await callbackUrlFor(other, api, 'lost');
    declined.search = new URLSearchParams({
      error: 'access_denied',
      error_description: '<script>alert(1)</script>',
      state: declined.searchParams.get('state')!,
      iss: provider.issuer,
    }).toString();
    const escaped = await other.request(declined.href, { headers: { accept: BROWSER_ACCEPT } });
    expect(escaped.status).toBe(401);
    expect(escaped.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(escaped.text).not.toContain('<script>');
  });

  it('refuses a replayed callback: each state is used once', async () => {
    provider.accounts.set('replay', { email: 'replay@example.test' });
    const browser = new TestBrowser();
    const url = await callbackUrlFor(browser, api, 'replay');
    const state = url.searchParams.get('state')!;
    expect((await browser.request(url.href)).status).toBe(302);
    // Replayed elsewhere (a browser holding the session would just go on to the console).
    const replayed = await new TestBrowser().request(url.href, { headers: { cookie: `svc_login=${state}` } });
    expect(replayed.status).toBe(401);
    expect(errorOf(replayed.text).message).toMatch(/unknown, expired or already used state/);
  });

  it("refuses a callback carrying the provider's error (the person declined)", async () => {
    provider.accounts.set('decliner', {});
    const browser = new TestBrowser();
    const url = await callbackUrlFor(browser, api, 'decliner');
    const declined = new URL(url);
    declined.search = new URLSearchParams({
      error: 'access_denied',
      error_description: 'End-User aborted interaction',
      state: url.searchParams.get('state')!,
      iss: provider.issuer,
    }).toString();
    const response = await browser.request(declined.href);
    expect(response.status).toBe(401);
    expect(errorOf(response.text).message).toMatch(/access_denied: End-User aborted interaction/);
  });

  it('refuses a forged authorization code', async () => {
    provider.accounts.set('forger', {});
    const browser = new TestBrowser();
    const url = await callbackUrlFor(browser, api, 'forger');
    url.searchParams.set('code', 'forged-code');
    const response = await browser.request(url.href);
    expect(response.status).toBe(401);
    expect(errorOf(response.text).message).toMatch(/invalid_grant/);
  });

  it.each([
    ['a wrong nonce', { nonce: 'not-the-login-nonce' }, /nonce/],
    ['another issuer', { iss: 'https://other-issuer.example' }, /iss/],
    ['another audience', { aud: 'another-client' }, /aud/],
  ])('refuses an ID token with %s', async (_case, claims, reason) => {
    provider.accounts.set('tampered', {});
    const browser = new TestBrowser();
    const url = await callbackUrlFor(browser, api, 'tampered');
    provider.tamperNextIdToken(claims);
    const response = await browser.request(url.href);
    expect(response.status).toBe(401);
    expect(errorOf(response.text).message).toMatch(reason);
    expect(browser.cookie(api.baseUrl, 'svc_sid')).toBeUndefined();
  });

  it('answers 503 within the time limit when the provider hangs', async () => {
    provider.accounts.set('patient', {});
    const browser = new TestBrowser();
    const url = await callbackUrlFor(browser, api, 'patient');
    provider.setStalled(true);
    const started = Date.now();
    try {
      const response = await browser.request(url.href);
      expect(response.status).toBe(503);
      expect(errorOf(response.text).message).toMatch(/identity provider cannot be reached or did not answer in time/);
    } finally {
      provider.setStalled(false);
    }
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('answers 503 at login when the provider cannot be reached', async () => {
    const unreachable = await startTestApp({
      db: database.db,
      env: { OIDC_ISSUER: 'http://127.0.0.1:1', OIDC_CLIENT_ID: 'web', OIDC_TIMEOUT_MS: '1000' },
    });
    try {
      const response = await unreachable.request('GET', '/api/auth/login');
      expect(response.status).toBe(503);
      expect(response.body.message).toMatch(/identity provider cannot be reached/);
    } finally {
      await unreachable.close();
    }
  });

  it('refuses a tampered or expired session cookie with 401', async () => {
    provider.accounts.set('cookie-owner', {});
    const browser = new TestBrowser();
    await signIn(browser, api, 'cookie-owner');
    const cookie = browser.cookie(api.baseUrl, 'svc_sid')!;

    const tampered = new TestBrowser();
    tampered.setCookie(api.baseUrl, 'svc_sid', `${cookie.slice(0, -2)}xx`);
    const refused = await me(tampered, api);
    expect(refused.status).toBe(401);
    expect(errorOf(refused.text).message).toMatch(/session has expired or is not known/);

    await database.db.session.update({
      where: { tokenHash: hashSecret(cookie) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await me(browser, api)).status).toBe(401);
  });
});

describe('session info and extend (spec 2.12, 4.1)', () => {
  it("answers the provider's idle and maximum lifetimes beside the local TTL", async () => {
    provider.accounts.set('info', {});
    const browser = new TestBrowser();
    await signIn(browser, api, 'info');
    const response = await browser.request(`${api.baseUrl}/api/auth/session`);
    expect(response.status).toBe(200);
    const info = JSON.parse(response.text);
    expect(info.maxSessionLifetime).toBe(PROVIDER_SESSION_MAX_SECONDS);
    expect(info.remainingSessionLifetime).toBeGreaterThan(PROVIDER_SESSION_MAX_SECONDS - 10);
    expect(info.remainingSessionLifetime).toBeLessThanOrEqual(PROVIDER_SESSION_MAX_SECONDS);
    expect(info.maxIdleSessionLifetime).toBe(REFRESH_IDLE_SECONDS);
    expect(info.remainingIdleLifetime).toBeGreaterThan(REFRESH_IDLE_SECONDS - 10);
    // The local TTL of 24 hours ends at the provider's maximum, which is shorter here.
    expect(info.flohSessionTtl).toBe(info.remainingSessionLifetime);
  });

  it('falls back to the local TTL for what the provider does not tell', async () => {
    userinfoProvider.accounts.set('fallback', {});
    const browser = new TestBrowser();
    await signIn(browser, userinfoApi, 'fallback');
    // No OIDC_SESSION_MAX_SECONDS here, and this session's provider said nothing about idleness.
    await database.db.session.update({
      where: { id: (await sessionOf(browser, userinfoApi)).id },
      data: { providerIdleSeconds: null, providerIdleExpiresAt: null },
    });
    const info = JSON.parse((await browser.request(`${userinfoApi.baseUrl}/api/auth/session`)).text);
    expect(info.maxSessionLifetime).toBe(SESSION_LIFETIME_SECONDS);
    expect(info.maxIdleSessionLifetime).toBe(SESSION_LIFETIME_SECONDS);
    expect(info.remainingSessionLifetime).toBe(info.flohSessionTtl);
    expect(info.remainingIdleLifetime).toBe(info.flohSessionTtl);
    expect(info.flohSessionTtl).toBeGreaterThan(SESSION_LIFETIME_SECONDS - 10);
  });

  it('extend resets the local TTL and, through a refresh-token grant, the provider idle timer', async () => {
    provider.accounts.set('extender', {});
    const browser = new TestBrowser();
    await signIn(browser, api, 'extender');
    const before = await sessionOf(browser, api);
    // Time passes: an hour of the local TTL and most of the provider's idle window are gone.
    await database.db.session.update({
      where: { id: before.id },
      data: {
        expiresAt: new Date(Date.now() + (SESSION_LIFETIME_SECONDS - 3600) * 1000),
        providerIdleExpiresAt: new Date(Date.now() + 5000),
      },
    });
    const aged = JSON.parse((await browser.request(`${api.baseUrl}/api/auth/session`)).text);
    expect(aged.remainingIdleLifetime).toBeLessThanOrEqual(5);
    expect(aged.flohSessionTtl).toBeLessThanOrEqual(SESSION_LIFETIME_SECONDS - 3600);

    const response = await browser.request(`${api.baseUrl}/api/auth/session/extend`, {
      method: 'POST',
      headers: { origin: api.baseUrl },
    });
    expect(response.status).toBe(200);
    const info = JSON.parse(response.text);
    expect(info.flohSessionTtl).toBeGreaterThan(PROVIDER_SESSION_MAX_SECONDS - 10);
    expect(info.flohSessionTtl).toBe(info.remainingSessionLifetime);
    expect(info.remainingIdleLifetime).toBeGreaterThan(REFRESH_IDLE_SECONDS - 10);
    expect(browser.setCookieLine('svc_sid')).toContain(`Max-Age=${info.flohSessionTtl};`);
    const after = await sessionOf(browser, api);
    expect(after.refreshTokenSealed).not.toBe(before.refreshTokenSealed); // the provider rotated it
    expect(await database.db.auditLog.count({ where: { action: 'auth.session_extended', targetId: before.id } })).toBe(
      1,
    );
  });

  it("never extends past the provider's maximum: the session ends there, extended or not", async () => {
    provider.accounts.set('maximum', {});
    const browser = new TestBrowser();
    await signIn(browser, api, 'maximum');
    const signedIn = await sessionOf(browser, api);
    const maximumEnd = signedIn.authTime!.getTime() + PROVIDER_SESSION_MAX_SECONDS * 1000;
    expect(signedIn.expiresAt.getTime()).toBe(maximumEnd);
    expect(browser.setCookieLine('svc_sid')).toMatch(/Max-Age=3(5\d\d|600);/);
    const extend = () =>
      browser.request(`${api.baseUrl}/api/auth/session/extend`, { method: 'POST', headers: { origin: api.baseUrl } });
    expect((await extend()).status).toBe(200);
    expect((await sessionOf(browser, api)).expiresAt.getTime()).toBe(maximumEnd);

    // The provider's session began almost a full maximum ago: one second is left.
    await database.db.session.update({
      where: { id: signedIn.id },
      data: { authTime: new Date(Date.now() - (PROVIDER_SESSION_MAX_SECONDS - 1) * 1000) },
    });
    const lastExtend = await extend();
    expect(lastExtend.status).toBe(200);
    expect(JSON.parse(lastExtend.text).flohSessionTtl).toBeLessThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await me(browser, api)).status).toBe(401);
    expect((await extend()).status).toBe(401);
  });

  it('lets two tabs extend at once: the second uses the rotated refresh token, not the spent one', async () => {
    provider.accounts.set('two-tabs', {});
    const browser = new TestBrowser();
    await signIn(browser, api, 'two-tabs');
    const extend = () =>
      browser.request(`${api.baseUrl}/api/auth/session/extend`, { method: 'POST', headers: { origin: api.baseUrl } });
    const responses = await Promise.all([extend(), extend()]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    expect((await extend()).status).toBe(200); // the provider did not revoke the grant as a replay
  });

  it('ends the session when the provider has revoked its refresh token', async () => {
    provider.accounts.set('revoked', {});
    const browser = new TestBrowser();
    await signIn(browser, api, 'revoked');
    const session = await sessionOf(browser, api);
    const { refreshToken } = openSecrets(session.refreshTokenSealed!, parseSecretKey(TEST_SECRET_KEY));
    await provider.revokeRefreshToken(refreshToken as string);

    const response = await browser.request(`${api.baseUrl}/api/auth/session/extend`, {
      method: 'POST',
      headers: { origin: api.baseUrl },
    });
    expect(response.status).toBe(401);
    expect(errorOf(response.text).message).toMatch(/ended at the identity provider/);
    expect(await database.db.session.findUnique({ where: { id: session.id } })).toBeNull();
    expect(browser.cookie(api.baseUrl, 'svc_sid')).toBeUndefined();
    expect((await me(browser, api)).status).toBe(401);
  });

  it('answers 404 where there are no sessions: an issuer without a web client accepts bearer tokens only', async () => {
    const bearerOnly = await startTestApp({ db: database.db, env: { OIDC_ISSUER: provider.issuer } });
    try {
      const { token } = await createUserWithToken(database.db, ['requestor']);
      for (const [method, path] of [
        ['GET', '/api/auth/session'],
        ['POST', '/api/auth/session/extend'],
      ] as const) {
        const response = await bearerOnly.request(method, path, { token });
        expect(response.status).toBe(404);
        expect(response.body.message).toMatch(/Session monitoring is off: this instance accepts bearer tokens only/);
      }
      expect((await bearerOnly.request('GET', '/api/auth/login')).status).toBe(404);
      expect((await bearerOnly.request('GET', '/api/auth/config')).body.loginEnabled).toBe(false);
    } finally {
      await bearerOnly.close();
    }
  });
});

describe('the provider session is held to on the server while the session is used', () => {
  /** The check interval here: OIDC_SESSION_CHECK_SECONDS (300) or half the provider's idle window, shorter. */
  const CHECK_SECONDS = Math.min(300, REFRESH_IDLE_SECONDS / 2);

  async function signedIn(login: string) {
    provider.accounts.set(login, {});
    const browser = new TestBrowser();
    await signIn(browser, api, login);
    const session = await sessionOf(browser, api);
    expect(session.providerCheckedAt).toEqual(expect.any(Date)); // the sign-in's token response
    return { browser, session };
  }

  const lastChecked = (id: string, secondsAgo: number) =>
    database.db.session.update({
      where: { id },
      data: { providerCheckedAt: new Date(Date.now() - secondsAgo * 1000) },
    });

  it('ends the session at the next check once the user is disabled at the provider: 401 at once', async () => {
    const { browser, session } = await signedIn('disabled-later');
    provider.accounts.delete('disabled-later'); // the provider now refuses this account's refresh token
    // Between checks the session stands, with no call to the provider.
    await lastChecked(session.id, CHECK_SECONDS - 10);
    expect((await me(browser, api)).status).toBe(200);

    await lastChecked(session.id, CHECK_SECONDS + 1);
    const refused = await me(browser, api);
    expect(refused.status).toBe(401);
    expect(errorOf(refused.text).message).toMatch(/Your session has ended at the identity provider: .*invalid_grant/);
    expect(await database.db.session.findUnique({ where: { id: session.id } })).toBeNull();
    expect(
      await database.db.auditLog.findFirstOrThrow({ where: { action: 'auth.session_ended', targetId: session.id } }),
    ).toEqual(expect.objectContaining({ metadata: expect.objectContaining({ userId: session.userId }) }));
    expect((await me(browser, api)).status).toBe(401);
  });

  it("checks a session in use at most once per interval, and so keeps the provider's idle timer going", async () => {
    const { browser, session } = await signedIn('active');
    await database.db.session.update({
      where: { id: session.id },
      data: {
        providerCheckedAt: new Date(Date.now() - (CHECK_SECONDS + 1) * 1000),
        providerIdleExpiresAt: new Date(Date.now() + 10_000),
      },
    });
    // The console's poll of its session info watches the session without using it: no check.
    expect((await browser.request(`${api.baseUrl}/api/auth/session`)).status).toBe(200);
    expect((await sessionOf(browser, api)).refreshTokenSealed).toBe(session.refreshTokenSealed);

    const responses = await Promise.all([me(browser, api), me(browser, api), me(browser, api)]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    const checked = await sessionOf(browser, api);
    expect(checked.refreshTokenSealed).not.toBe(session.refreshTokenSealed); // one refresh, rotated
    expect(checked.providerCheckedAt!.getTime()).toBeGreaterThan(Date.now() - 10_000);
    expect(checked.providerIdleExpiresAt!.getTime()).toBeGreaterThan(Date.now() + (REFRESH_IDLE_SECONDS - 10) * 1000);
    expect(checked.expiresAt).toEqual(session.expiresAt); // checking is not extending

    expect((await me(browser, api)).status).toBe(200);
    expect((await sessionOf(browser, api)).refreshTokenSealed).toBe(checked.refreshTokenSealed);
  });

  it("refuses a session idle past the provider's idle lifetime, whatever the cookie's age", async () => {
    const { browser, session } = await signedIn('idler');
    await database.db.session.update({
      where: { id: session.id },
      data: { providerIdleExpiresAt: new Date(Date.now() - 1000) },
    });
    const refused = await me(browser, api);
    expect(refused.status).toBe(401);
    expect(errorOf(refused.text).message).toMatch(/idle longer than the identity provider allows/);
    expect(await database.db.session.findUnique({ where: { id: session.id } })).toBeNull();
    expect((await browser.request(`${api.baseUrl}/api/auth/session`)).status).toBe(401);
  });

  it('keeps the session through a provider outage until the next check, and logs a warning', async () => {
    const { browser, session } = await signedIn('outage');
    await lastChecked(session.id, CHECK_SECONDS + 1);
    provider.setStalled(true);
    try {
      const during = await me(browser, api);
      expect(during.status).toBe(200);
      const kept = await sessionOf(browser, api);
      expect(kept.refreshTokenSealed).toBe(session.refreshTokenSealed);
      expect(kept.providerCheckedAt!.getTime()).toBeGreaterThan(Date.now() - 10_000);
      expect(api.logs).toContainEqual(
        expect.objectContaining({
          level: 40,
          sessionId: session.id,
          msg: 'The identity provider could not be asked about a web session; it is kept until the next check',
        }),
      );
      // Not asked again before the next check is due: no wait on a provider that is down.
      const started = Date.now();
      expect((await me(browser, api)).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      provider.setStalled(false);
    }
  });
});

describe('the session is a credential, with CSRF protection for writes', () => {
  it('creates an API token with a session from the same origin (spec 4.1)', async () => {
    provider.accounts.set('token-maker', { groups: ['managers'] });
    const browser = new TestBrowser();
    await signIn(browser, api, 'token-maker');
    const response = await fetch(`${api.baseUrl}/api/auth/tokens`, {
      method: 'POST',
      headers: {
        cookie: `svc_sid=${browser.cookie(api.baseUrl, 'svc_sid')}`,
        origin: api.baseUrl,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'from my browser', permissions: ['approval:read'] }),
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { token: string };
    expect((await api.request('GET', '/api/auth/me', { token: created.token })).body.permissions).toEqual([
      'approval:read',
    ]);
  });

  it.each([
    ['no Origin', {}],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a foreign Referer', { referer: 'https://evil.example/page' }],
  ])('refuses a cookie-authenticated write with %s (403)', async (_case, headers: Record<string, string>) => {
    provider.accounts.set('csrf-victim', {});
    const browser = new TestBrowser();
    await signIn(browser, api, 'csrf-victim');
    const response = await api.request('POST', '/api/auth/tokens', {
      headers: { ...headers, cookie: `svc_sid=${browser.cookie(api.baseUrl, 'svc_sid')}` },
      body: { name: 'stolen', permissions: ['workflow:read'] },
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/Cross-site request refused/);
    expect(await database.db.apiToken.count({ where: { name: 'stolen' } })).toBe(0);
  });

  it('leaves bearer-token writes alone: no Origin needed', async () => {
    const { token } = await createUserWithToken(database.db, ['requestor']);
    const response = await api.request('POST', '/api/auth/tokens', {
      token,
      body: { name: 'scripted', permissions: ['workflow:read'] },
    });
    expect(response.status).toBe(201);
  });

  it("logs out: deletes the session, clears the cookie and answers the provider's logout URL", async () => {
    provider.accounts.set('leaver', {});
    const browser = new TestBrowser();
    await signIn(browser, api, 'leaver');
    const session = await sessionOf(browser, api);
    const response = await browser.request(`${api.baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { origin: api.baseUrl },
    });
    expect(response.status).toBe(200);
    const { endSessionUrl } = JSON.parse(response.text);
    expect(endSessionUrl).toMatch(new RegExp(`^${provider.issuer}/session/end\\?`));
    const parameters = new URL(endSessionUrl).searchParams;
    expect(parameters.get('post_logout_redirect_uri')).toBe(`${api.baseUrl}/`);
    // The URL lands in browser history and the provider's access log: it names the client, and
    // carries no ID token, which would stay a credential there until it expires.
    expect(parameters.get('client_id')).toBe(ID_TOKEN_GROUPS_CLIENT.clientId);
    expect(parameters.has('id_token_hint')).toBe(false);
    expect(endSessionUrl).not.toMatch(/ey[\w-]+\.ey/);
    expect(browser.cookie(api.baseUrl, 'svc_sid')).toBeUndefined();
    expect(await database.db.session.findUnique({ where: { id: session.id } })).toBeNull();
    expect(await database.db.auditLog.count({ where: { action: 'auth.logout', targetId: session.id } })).toBe(1);
    // The provider's logout page accepts the URL (RP-initiated logout) and asks to confirm.
    const confirmation = await browser.request(endSessionUrl);
    expect(confirmation.status).toBe(200);
    const form =
      /<form id="op.logoutForm" method="post" action="([^"]+)"><input type="hidden" name="xsrf" value="([^"]+)"/.exec(
        confirmation.text,
      );
    expect(form).not.toBeNull();
    // Confirmed, the provider ends its session and sends the browser back to the console.
    const confirmed = await browser.navigate(new URL(form![1]!, endSessionUrl).href, {
      form: { xsrf: form![2]!, logout: 'yes' },
    });
    expect(confirmed.url).toBe(`${api.baseUrl}/`);
  });
});
