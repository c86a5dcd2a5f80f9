import type { AppContext } from './context.js';

/** Spec 5 item 1: the session cookie. */
export const SESSION_COOKIE = 'svc_sid';
/** The browser's half of a login in progress: its `state`, checked by the callback. */
export const LOGIN_COOKIE = 'svc_login';
const LOGIN_COOKIE_PATH = '/api/auth/callback';

export interface CookieOptions {
  /** `Secure` is set when PUBLIC_URL is https. */
  secure: boolean;
}

// Written by hand rather than through ctx.cookies: Koa refuses a Secure cookie on a request it
// does not see as https, and behind a TLS-terminating proxy without X-Forwarded-Proto that
// would be a 500 instead of a cookie the browser (which did use https) accepts.
function setCookie(
  ctx: AppContext,
  name: string,
  value: string,
  maxAgeSeconds: number,
  path: string,
  options: CookieOptions,
) {
  const attributes = [`${name}=${value}`, `Path=${path}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax'];
  if (maxAgeSeconds > 0) attributes.push(`Expires=${new Date(Date.now() + maxAgeSeconds * 1000).toUTCString()}`);
  else attributes.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (options.secure) attributes.push('Secure');
  ctx.append('Set-Cookie', attributes.join('; '));
}

export function setSessionCookie(ctx: AppContext, value: string, maxAgeSeconds: number, options: CookieOptions): void {
  setCookie(ctx, SESSION_COOKIE, value, maxAgeSeconds, '/', options);
}

export function clearSessionCookie(ctx: AppContext, options: CookieOptions): void {
  setCookie(ctx, SESSION_COOKIE, '', 0, '/', options);
}

export function setLoginCookie(ctx: AppContext, state: string, maxAgeSeconds: number, options: CookieOptions): void {
  setCookie(ctx, LOGIN_COOKIE, state, maxAgeSeconds, LOGIN_COOKIE_PATH, options);
}

export function clearLoginCookie(ctx: AppContext, options: CookieOptions): void {
  setCookie(ctx, LOGIN_COOKIE, '', 0, LOGIN_COOKIE_PATH, options);
}

/** The session cookie's value, if the request carries one. */
export function sessionCookieOf(ctx: AppContext): string | undefined {
  return ctx.cookies.get(SESSION_COOKIE) || undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie-authenticated requests: a state-changing request must come from the
 * service's own origin, as the browser states in `Origin` (or, when a browser omits it,
 * `Referer`). SameSite=Lax already keeps the cookie off cross-site POSTs; this check also
 * covers same-site sibling origins and older browsers. Bearer-token calls never reach it.
 */
export function isCrossSiteWrite(ctx: AppContext, publicOrigin: string): boolean {
  if (SAFE_METHODS.has(ctx.method)) return false;
  const origin = ctx.get('origin') || originOf(ctx.get('referer'));
  return origin !== publicOrigin;
}

function originOf(url: string): string | undefined {
  return url && URL.canParse(url) ? new URL(url).origin : undefined;
}
