import type { Context } from 'koa';

/**
 * The policy of every HTML page the service serves (the console and the API explorer):
 * everything from this origin only, no plugins, no framing, no `<base>` tricks. Styles allow
 * 'unsafe-inline' because Mermaid writes inline styles into the console's workflow diagram and
 * Swagger UI styles its elements inline; scripts never do (docs/security.md).
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** What every page and its assets are served with (besides `noSniff`): no URLs leaked to other sites. */
export function setPageHeaders(ctx: Context): void {
  ctx.set('referrer-policy', 'same-origin');
}
