import type { Middleware } from 'koa';

/** One year, the value the HSTS preload list asks for and browsers commonly see. */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

/**
 * When the service is published over https (PUBLIC_URL), every answer tells the browser to use
 * https only for this host from then on (`Strict-Transport-Security`), so a later http link or a
 * network attacker cannot downgrade a visit and read the session cookie or the sign-in. TLS ends
 * at a proxy in front of the service, so the answer cannot tell https from http itself: the public
 * URL decides, and browsers ignore the header on an answer that came over http. Subdomains are
 * left out: they may be other services this one knows nothing of.
 */
export function strictTransport(publicUrl: string | undefined): Middleware {
  const enabled = publicUrl?.startsWith('https:') ?? false;
  return async function requireHttpsFromNowOn(ctx, next) {
    if (enabled) ctx.set('strict-transport-security', `max-age=${HSTS_MAX_AGE_SECONDS}`);
    await next();
  };
}
