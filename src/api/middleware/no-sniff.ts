import type { Middleware } from 'koa';

/**
 * Every answer says its content type is the truth (`X-Content-Type-Options: nosniff`): some carry
 * text users wrote (a workflow's generated Markdown docs, error messages quoting input), which a
 * browser guessing at the type must never run as a script or style.
 */
export function noSniff(): Middleware {
  return async function forbidContentSniffing(ctx, next) {
    ctx.set('x-content-type-options', 'nosniff');
    await next();
  };
}
