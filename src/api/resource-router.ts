import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { z } from 'zod';
import { AppError } from '../errors/index.js';
import type { Permission } from '../permissions/index.js';
import type { AppContext, AppState } from './context.js';
import { invalidInput } from './middleware/input-limits.js';
import { hasRequestBody, jsonBody } from './middleware/json-body.js';
import { preferFixedPaths } from './middleware/method-not-allowed.js';
import { requirePermission } from './middleware/require-permission.js';
import type { ApiDocs, DocumentedResponse, HttpMethod } from './openapi/api-docs.js';

type AnyObjectSchema = z.ZodObject;
type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteDefinition<
  P extends AnyObjectSchema | undefined,
  Q extends AnyObjectSchema | undefined,
  B extends z.ZodType | undefined,
> {
  method: HttpMethod;
  /** Relative to the router's prefix, in Koa syntax. */
  path: string;
  /** Unique across the API and named after the use case (`listWorkflows`, `decideApproval`). */
  operationId: string;
  summary: string;
  description?: string;
  /** A permission name; `authenticated` for any signed-in caller; `public` for no credentials. */
  access: Permission | 'authenticated' | 'public';
  params?: P;
  query?: Q;
  body?: B;
  /** The body's documented schema, when the handler validates a loosely typed body itself. */
  documentedBody?: z.ZodType;
  /** The largest body accepted, when it is not BODY_LIMIT_BYTES (configuration imports). */
  bodyLimitBytes?: number;
  /** Keeps the body's bytes as received on `ctx.state.rawBody`, for a signature over them. */
  keepRawBody?: boolean;
  responses: Record<number, DocumentedResponse>;
  handler: (ctx: AppContext, input: { params: Parsed<P>; query: Parsed<Q>; body: Parsed<B> }) => Promise<void> | void;
}

export interface ResourceRouterDependencies {
  docs: ApiDocs;
  /** Runs before the permission check on every non-public route. */
  authenticated: readonly Middleware<AppState>[];
  /** BODY_LIMIT_BYTES: the largest JSON body a route accepts unless it says otherwise. */
  bodyLimitBytes: number;
  /**
   * Checks each answer against the schema documented for its status and fails the request when it
   * does not match: the tests' guard that OpenAPI describes what the API really sends.
   */
  checkResponses?: boolean;
}

/**
 * One router per resource. Each route declares its access rule and zod schemas next to its
 * handler; the same declaration wires authentication, the permission check, input validation
 * and the OpenAPI entry.
 */
export class ResourceRouter {
  readonly router: Router<AppState>;

  constructor(
    readonly prefix: string,
    readonly tag: string,
    private readonly dependencies: ResourceRouterDependencies,
  ) {
    this.router = new Router<AppState>({ prefix });
  }

  add<
    P extends AnyObjectSchema | undefined = undefined,
    Q extends AnyObjectSchema | undefined = undefined,
    B extends z.ZodType | undefined = undefined,
  >(route: RouteDefinition<P, Q, B>): this {
    const chain: Middleware<AppState>[] = route.params ? [preferFixedPaths()] : [];
    if (route.access !== 'public') chain.push(...this.dependencies.authenticated);
    if (route.access !== 'public' && route.access !== 'authenticated') chain.push(requirePermission(route.access));
    // Only now is the body read: a caller the route refuses costs no parsing.
    chain.push(
      jsonBody({
        limitBytes: route.bodyLimitBytes ?? this.dependencies.bodyLimitBytes,
        keepRawBody: route.keepRawBody,
      }),
    );
    const { checkResponses } = this.dependencies;
    chain.push(async function validateAndHandle(ctx) {
      const input = validateInput(ctx as AppContext, route);
      await route.handler(ctx as AppContext, input as never);
      if (checkResponses) checkResponse(ctx as AppContext, route.responses);
    });
    // Koa's router compiles no matcher for '', and treats '/' under a prefix as the prefix itself.
    this.router[route.method](route.path || '/', ...(chain as [never]));
    this.dependencies.docs.add({
      method: route.method,
      path: `${this.prefix}${route.path}`.replace(/\/$/, '') || '/',
      operationId: route.operationId,
      summary: route.summary,
      description: route.description,
      tags: [this.tag],
      secured: route.access !== 'public',
      params: route.params,
      query: route.query,
      body: route.documentedBody ?? route.body,
      responses: route.responses,
    });
    return this;
  }
}

function checkResponse(ctx: AppContext, responses: Record<number, DocumentedResponse>): void {
  const schema = responses[ctx.status]?.schema;
  if (!schema || ctx.body === undefined || ctx.body === null || typeof ctx.body !== 'object') return;
  if (Buffer.isBuffer(ctx.body) || 'pipe' in ctx.body) return;
  const result = schema.safeParse(ctx.body);
  if (result.success) return;
  const issues = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`${ctx.method} ${ctx.path} answered ${ctx.status} off its documented schema: ${issues.join('; ')}`);
}

function validateInput(
  ctx: AppContext,
  route: Pick<
    RouteDefinition<AnyObjectSchema | undefined, AnyObjectSchema | undefined, z.ZodType | undefined>,
    'params' | 'query' | 'body'
  >,
): { params: unknown; query: unknown; body: unknown } {
  if (route.body && hasRequestBody(ctx.headers) && !ctx.is('application/json', '+json')) {
    throw new AppError('unsupported_media_type', 'Request body must be JSON (Content-Type: application/json)');
  }
  return {
    params: route.params ? parseOrThrow(route.params, ctx.params ?? {}, 'path parameters') : undefined,
    query: route.query ? parseOrThrow(route.query, ctx.query, 'query') : undefined,
    body: route.body ? parseOrThrow(route.body, ctx.request.body, 'body') : undefined,
  };
}

function parseOrThrow(schema: z.ZodType, value: unknown, location: string): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw invalidInput(
    location,
    result.error.issues.map((issue) => ({
      location,
      path: issue.path.join('.'),
      code: issue.code,
      message: issue.message,
    })),
  );
}
