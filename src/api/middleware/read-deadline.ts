import type { Middleware } from 'koa';
import { AppError } from '../../errors/index.js';
import type { AppState } from '../context.js';

const READS = new Set(['GET', 'HEAD']);

/**
 * Answers a read (GET, HEAD) that is not done within `ms` with 503. Each database wait of a
 * request is bounded (a pool connection, a query's answer), but their sum is not: on a slow or
 * dead network a read making several queries could hold its caller far longer. A read changes
 * nothing, so the caller may retry; the work left behind ends on its own and nobody sees it.
 * Writes get no deadline: their 503 must mean "not done", which a deadline cannot promise; nor do
 * the GETs under `exceptUnder` that write all the same.
 */
export function readDeadline(ms: number, exceptUnder: string[] = []): Middleware<AppState> {
  return async function answerSlowReadsWith503(ctx, next) {
    if (!READS.has(ctx.method) || exceptUnder.some((prefix) => ctx.path.startsWith(prefix))) return next();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new AppError('service_unavailable', `The request took longer than ${ms} ms; retry later`)),
        ms,
      );
    });
    const work = next();
    try {
      await Promise.race([work, deadline]);
    } finally {
      clearTimeout(timer);
      // Once the deadline has answered, a later failure of the abandoned work has no caller left.
      work.catch(() => undefined);
    }
  };
}
