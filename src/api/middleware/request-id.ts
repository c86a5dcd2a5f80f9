import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { AppState } from '../context.js';

const ACCEPTED_INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Gives every request an id (the caller's `x-request-id` when it is sane) and echoes it back. */
export function requestId(): Middleware<AppState> {
  return async function assignRequestId(ctx, next) {
    const incoming = ctx.get('x-request-id');
    ctx.state.requestId = ACCEPTED_INCOMING_ID.test(incoming) ? incoming : randomUUID();
    ctx.set('x-request-id', ctx.state.requestId);
    await next();
  };
}
