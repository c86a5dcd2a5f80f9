import { trace } from '@opentelemetry/api';
import type { Middleware } from 'koa';
import type { ScimState } from '../scim/scim-auth.js';

/**
 * The route's id parameters as span attributes: `:id` is the resource's id, `:connectorId`
 * `flowgate.connector_id` and so on. No other parameter (`:type`, `:role`) is an id.
 */
function idAttributes(params: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params ?? {})
      .filter(([name]) => name === 'id' || name.endsWith('Id'))
      .map(([name, value]) => [
        name === 'id'
          ? 'flowgate.resource_id'
          : `flowgate.${name.replace(/Id$/, '')}_id`.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
        value,
      ]),
  );
}

/**
 * Names the request's server span after the route template it matched (`POST
 * /api/workflows/:id/start`, never the raw path, which can hold an email address) and puts the
 * request id, the ids of the route's parameters and, on SCIM requests, the SCIM client's id on
 * it; span-policy.ts drops any value that is no identifier. Mounted only when the process traces;
 * Koa 3 has no OpenTelemetry instrumentation of its own to do this.
 */
export function traceRequest(): Middleware<ScimState> {
  return async function nameRequestSpan(ctx, next) {
    // The HTTP instrumentation made the server span the active one for the whole request.
    const span = trace.getActiveSpan();
    try {
      await next();
    } finally {
      if (span) {
        const route = (ctx as { _matchedRoute?: unknown })._matchedRoute;
        if (typeof route === 'string') {
          span.setAttribute('http.route', route);
          span.updateName(`${ctx.method} ${route}`);
        }
        span.setAttributes(idAttributes((ctx as { params?: Record<string, string> }).params));
        span.setAttribute('flowgate.request_id', ctx.state.requestId);
        if (ctx.state.scimClient) span.setAttribute('flowgate.scim_client_id', ctx.state.scimClient.id);
      }
    }
  };
}
