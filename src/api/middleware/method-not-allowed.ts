import type { Middleware } from 'koa';
import type { RouterContext } from '@koa/router';
import { AppError } from '../../errors/index.js';
import type { AppState } from '../context.js';

/**
 * Registered after the routers: a path that exists under other methods answers 405 with an
 * `Allow` header (and OPTIONS answers 204 with it), instead of the 404 of an unknown path.
 */
export function methodNotAllowed(): Middleware<AppState> {
  return async function refuseOtherMethods(ctx, next) {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    const layers = matchedLayers(ctx);
    const fixed = fixedLayers(layers);
    refuseWith(ctx, fixed.length > 0 ? fixed : layers);
  };
}

/**
 * Runs first on routes with path parameters: a path that is also a fixed route
 * (`/api/connectors/handlers` against `/api/connectors/:id`) names that route, so a method it
 * does not serve is a 405 rather than a parameter that fails validation.
 */
export function preferFixedPaths(): Middleware<AppState> {
  return async function answerForFixedPath(ctx, next) {
    const fixed = fixedLayers(matchedLayers(ctx));
    if (fixed.length > 0) {
      refuseWith(ctx, fixed);
      return;
    }
    await next();
  };
}

type Layer = NonNullable<RouterContext['matched']>[number];

function matchedLayers(ctx: object): Layer[] {
  return (ctx as Partial<Pick<RouterContext, 'matched'>>).matched ?? [];
}

/** The layers of routes without path parameters: they name the path itself. */
function fixedLayers(layers: Layer[]): Layer[] {
  return layers.filter((layer) => layer.paramNames.length === 0);
}

/** Answers OPTIONS, or refuses the method, for a path that `layers` serve; nothing when none. */
function refuseWith(ctx: Parameters<Middleware<AppState>>[0], layers: Layer[]): void {
  const allowed = [...new Set(layers.flatMap((layer) => layer.methods))];
  if (allowed.length === 0) return;
  ctx.set('allow', allowed.join(', '));
  if (ctx.method === 'OPTIONS') {
    ctx.status = 204;
    return;
  }
  throw new AppError('method_not_allowed', `${ctx.method} is not allowed here; allowed: ${allowed.join(', ')}`);
}
