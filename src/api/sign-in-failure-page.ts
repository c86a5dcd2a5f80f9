import type { AppError } from '../errors/index.js';
import type { AppContext } from './context.js';
import { PAGE_CSP, setPageHeaders } from './page-policy.js';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/**
 * A failed sign-in callback, as a page for people rather than JSON for programs: what went wrong
 * (the error's own message, escaped) and a link that starts a new sign-in. Same status as the
 * JSON answer, same page policy as the console, never cached.
 */
export function renderSignInFailure(ctx: AppContext, error: AppError): void {
  ctx.status = error.status;
  ctx.type = 'html';
  ctx.set('cache-control', 'no-store');
  ctx.set('content-security-policy', PAGE_CSP);
  setPageHeaders(ctx);
  ctx.body = [
    '<!doctype html>',
    '<html lang="en">',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Sign-in did not complete - Flowgate</title>',
    '<main>',
    '<h1>Sign-in did not complete</h1>',
    `<p>${escapeHtml(error.message)}</p>`,
    '<p><a href="/api/auth/login">Sign in again</a></p>',
    '</main>',
    '</html>',
  ].join('\n');
}
