import type { Middleware } from 'koa';
import { isServicePath } from '../../domain/service-paths.js';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Sends a console page opened under another loopback name of this server (`127.0.0.1:3000` while
 * PUBLIC_URL is `http://localhost:3000`) to PUBLIC_URL: the browser counts them as different
 * origins, so the page would read fine but every write would fail the session's origin check.
 * Only page loads move; API, SCIM and metrics calls answer where they are asked.
 */
export function loopbackRedirect(publicUrl: string): Middleware {
  const target = new URL(publicUrl);
  const applies = LOOPBACK_NAMES.has(target.hostname);
  return async function toPublicLoopbackName(ctx, next) {
    if (
      applies &&
      (ctx.method === 'GET' || ctx.method === 'HEAD') &&
      !isServicePath(ctx.path) &&
      LOOPBACK_NAMES.has(ctx.hostname) &&
      ctx.hostname !== target.hostname &&
      portOf(ctx.host, ctx.protocol) === portOf(target.host, target.protocol.replace(/:$/, ''))
    ) {
      // Origin plus the request target (always a path): never a host the request could name.
      ctx.redirect(`${target.origin}${ctx.url}`);
      return;
    }
    await next();
  };
}

/** The port a `host[:port]` names, the scheme's default when it names none. */
function portOf(host: string, protocol: string): string {
  const match = /:(\d+)$/.exec(host);
  return match ? match[1]! : protocol === 'https' ? '443' : '80';
}
