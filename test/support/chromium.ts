import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll } from '@jest/globals';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { User } from '../../src/db/generated/client.js';
import type { Role } from '../../src/permissions/index.js';
import { createSignInLink } from '../../src/services/sign-in-links.js';
import { ID_TOKEN_GROUPS_CLIENT, startTestOidcProvider, type TestOidcProvider } from './oidc-provider.js';
import { useRunStack, type RunStack } from './run-stack.js';

/** Where browser tests leave their screenshots (CI keeps test-results/). */
export const SCREENSHOT_DIR = path.resolve('test-results', 'console');

/** Debian's chromium (or CHROMIUM_PATH), driven by playwright-core: nothing is downloaded. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
}

/** One browser for the test file, launched before its tests and closed after them. */
export function useChromium(): { readonly browser: Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser() {
      if (!browser) throw new Error('useChromium: the browser is only available inside tests');
      return browser;
    },
  };
}

/** Saves a full-page screenshot as test-results/console/<name>.png and answers its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Each role is granted by the provider group of the same name (OIDC_ROLE_<ROLE>=<role>). */
const ROLE_GROUP_ENV = {
  OIDC_ROLE_ADMIN: 'admin',
  OIDC_ROLE_APPROVER: 'approver',
  OIDC_ROLE_RESOURCE_MANAGER: 'resource_manager',
  OIDC_ROLE_REQUESTOR: 'requestor',
};

export interface ConsoleStackOptions {
  /** Sign-in through the in-process provider (default), or development mode without one. */
  oidc?: boolean;
  /** The provider's refresh-token idle lifetime; the default (1 hour) keeps the idle dialog away. */
  refreshIdleSeconds?: number;
  /** OIDC_SESSION_MAX_SECONDS; unset, the maximum is the local 24 hours. */
  sessionMaxSeconds?: number;
  env?: Record<string, string>;
}

export interface ConsoleStack extends RunStack {
  /** The OpenID provider; only with `oidc` (the default). */
  readonly provider: TestOidcProvider;
  /** `api.baseUrl` + path. */
  url(pathname: string): string;
}

/**
 * API (serving the console) + worker + this file's database, and by default the in-process
 * OpenID provider the app signs in with. Call once at the top of a browser test file.
 */
export function useConsoleStack(options: ConsoleStackOptions = {}): ConsoleStack {
  const withOidc = options.oidc ?? true;
  let provider: TestOidcProvider | undefined;
  const stack = useRunStack({
    env: async (baseUrl) => {
      if (!withOidc) return { PUBLIC_URL: baseUrl, ...options.env };
      provider = await startTestOidcProvider([baseUrl], { refreshIdleSeconds: options.refreshIdleSeconds ?? 3600 });
      return {
        ...ROLE_GROUP_ENV,
        PUBLIC_URL: baseUrl,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: ID_TOKEN_GROUPS_CLIENT.clientId,
        OIDC_CLIENT_SECRET: ID_TOKEN_GROUPS_CLIENT.clientSecret,
        ...(options.sessionMaxSeconds ? { OIDC_SESSION_MAX_SECONDS: String(options.sessionMaxSeconds) } : {}),
        ...options.env,
      };
    },
  });
  afterAll(async () => {
    await provider?.close();
  });
  return {
    get api() {
      return stack.api;
    },
    get database() {
      return stack.database;
    },
    get provider() {
      if (!provider) throw new Error('useConsoleStack: no provider (oidc: false, or outside tests)');
      return provider;
    },
    taskQueue: stack.taskQueue,
    workerLogs: stack.workerLogs,
    startWorker: stack.startWorker,
    stopWorker: stack.stopWorker,
    restartWorker: stack.restartWorker,
    url: (pathname: string) => `${stack.api.baseUrl}${pathname}`,
  };
}

/** The viewports the console is checked at: a laptop and a phone. */
export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/** A page in a fresh browser context (its own cookies and storage). */
export async function newPage(browser: Browser, viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

export interface SignedIn {
  page: Page;
  /** The user row the sign-in created (or found). */
  user: User;
}

/**
 * A fresh browser context (its own cookies) signed in as a new provider account holding `roles`,
 * through the real login: /api/auth/login, the provider's form, the callback. Lands on `path`.
 */
export async function signInWithProvider(
  browser: Browser,
  stack: ConsoleStack,
  roles: Role[],
  pathname = '/',
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<SignedIn> {
  const sub = `user-${randomUUID()}`;
  stack.provider.accounts.set(sub, { email: `${sub}@example.test`, name: `Test ${roles.join('+')}`, groups: roles });
  const page = await newPage(browser, viewport);
  await page.goto(stack.url(`/api/auth/login?returnTo=${encodeURIComponent(pathname)}`));
  await submitProviderLogin(page, sub);
  await page.waitForURL(stack.url(pathname));
  const user = await stack.database.db.user.findFirstOrThrow({ where: { sub } });
  return { page, user };
}

/** Fills the in-process provider's login form (`login=<sub>`) on `page` and submits it. */
export async function submitProviderLogin(page: Page, sub: string): Promise<void> {
  await page.locator('input[name="login"]').fill(sub);
  await page.locator('button').click();
}

/**
 * Development mode (`useConsoleStack({ oidc: false })`): a fresh context signed in as a new user
 * holding `roles`, through a one-time sign-in link, on the console's home page.
 */
export async function signInWithLink(
  browser: Browser,
  stack: ConsoleStack,
  roles: Role[],
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<SignedIn> {
  const email = `user-${randomUUID()}@example.test`;
  const user = await stack.database.db.user.create({ data: { email, activeEmail: email, roles } });
  const link = await createSignInLink(stack.database.db, { email, publicUrl: stack.api.baseUrl });
  const page = await newPage(browser, viewport);
  await page.goto(link.url);
  await page.waitForURL(stack.url('/'));
  return { page, user };
}
