import type { Middleware } from 'koa';
import { AppError } from '../../errors/index.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write whose authentication alone took longer than `ms` answers 503 before its route runs, so
 * before it writes anything: a 503 then still means "not done", and the caller may retry. Writes
 * get no deadline once they begin (docs/operations.md, "Timeouts"); without this, a write on a
 * slow database could wait up to a query timeout for its credentials and then up to another for
 * its own transaction. `start` goes before the authenticating middleware, `check` after it. Used
 * by the JSON API and by SCIM, whose searches sent as POST count as writes here: nothing done.
 */
export function writeStartDeadline<State>(ms: number): { start: Middleware<State>; check: Middleware<State> } {
  const startedAt = new WeakMap<object, number>();
  return {
    start: async function startWriteClock(ctx, next) {
      if (!READS.has(ctx.method)) startedAt.set(ctx, performance.now());
      return next();
    },
    check: async function refuseLateWrites(ctx, next) {
      const since = startedAt.get(ctx);
      if (since !== undefined && performance.now() - since > ms) {
        throw new AppError(
          'service_unavailable',
          `Checking the credentials took longer than ${ms} ms, so nothing was changed; retry later`,
        );
      }
      return next();
    },
  };
}
