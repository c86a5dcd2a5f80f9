import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV3 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { markRequestStringsNulFree } from './nul-free-request-strings.js';

// The generator needs zod's `.openapi()` extension for parameters and registered components.
extendZodWithOpenApi(z);

export const errorBodySchema = z
  .object({
    statusCode: z.number().int(),
    error: z.string().describe('HTTP reason phrase'),
    code: z.string().describe('Stable machine-readable error code'),
    message: z.string(),
    details: z.unknown().optional().describe('Validation issues and other specifics, for client errors only'),
  })
  .meta({ id: 'Error' });

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface DocumentedRoute {
  method: HttpMethod;
  /** Full path in Koa syntax, e.g. `/api/auth/tokens/:id`. */
  path: string;
  /** Stable and unique: client generators name their methods after it. */
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  secured: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  responses: Record<number, DocumentedResponse>;
}

export interface DocumentedResponse {
  description: string;
  schema?: z.ZodType;
  /** `application/json` unless given; several when the request chooses the format. */
  contentType?: string | readonly string[];
}

/** Koa's `/:id` becomes OpenAPI's `/{id}`. */
export function toOpenApiPath(koaPath: string): string {
  return koaPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** Collects every route as it is registered, so the description cannot miss one. */
export class ApiDocs {
  private readonly registry = new OpenAPIRegistry();
  private readonly routes: DocumentedRoute[] = [];

  constructor() {
    this.registry.register('Error', errorBodySchema);
    this.registry.registerComponent('securitySchemes', 'bearer', {
      type: 'http',
      scheme: 'bearer',
      description: 'An API token (fgt_...) or an access token from the configured identity provider',
    });
    this.registry.registerComponent('securitySchemes', 'session', {
      type: 'apiKey',
      in: 'cookie',
      name: 'svc_sid',
      description: 'The session cookie of the web sign-in; state-changing requests must come from the same origin',
    });
  }

  add(route: DocumentedRoute): void {
    const duplicate = this.routes.find((known) => known.operationId === route.operationId);
    if (duplicate) {
      throw new Error(`operationId ${route.operationId} is used by ${duplicate.method} ${duplicate.path} already`);
    }
    this.routes.push(route);
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(route.responses)) {
      const { schema } = response;
      const contentTypes = [response.contentType ?? 'application/json'].flat();
      responses[status] = schema
        ? {
            description: response.description,
            content: Object.fromEntries(contentTypes.map((contentType) => [contentType, { schema }])),
          }
        : { description: response.description };
    }
    for (const [status, description] of commonErrors(route)) {
      responses[status] ??= { description, content: { 'application/json': { schema: errorBodySchema } } };
    }
    this.registry.registerPath({
      method: route.method,
      path: toOpenApiPath(route.path),
      operationId: route.operationId,
      summary: route.summary,
      description: route.description,
      tags: route.tags,
      // Public routes say so explicitly, so no reader mistakes a missing entry for an oversight.
      security: route.secured ? [{ bearer: [] }, { session: [] }] : [],
      request: {
        params: route.params,
        query: route.query,
        body: route.body ? { content: { 'application/json': { schema: route.body } }, required: true } : undefined,
      },
      responses: responses as never,
    });
  }

  /** Adds a named schema to the components, for types that routes refer to only loosely. */
  registerSchema(id: string, schema: z.ZodType): void {
    this.registry.register(id, schema);
  }

  /** Every route registered so far, in Koa path syntax. */
  registeredRoutes(): ReadonlyArray<Pick<DocumentedRoute, 'method' | 'path'>> {
    return this.routes;
  }

  document(serverUrl = '/'): object {
    const document = new OpenApiGeneratorV3(this.registry.definitions).generateDocument({
      openapi: '3.0.3',
      info: {
        title: 'Flowgate API',
        version: '1',
        description:
          'Workflow automation and access provisioning. See docs/ in the repository for behaviour the spec leaves open.',
      },
      servers: [{ url: serverUrl }],
    });
    const described = withTypedNullables(document) as typeof document;
    markRequestStringsNulFree(described);
    return described;
  }
}

/**
 * The error statuses the edge itself can answer on a route, whatever its handler does: the input
 * rules and schemas (400), credentials and permissions (401, 403; 503 when the database that holds
 * the credentials cannot be used or is too slow), a missing resource named in
 * the path (404), a write that met another at a foreign key (409, middleware/error-handler.ts),
 * the body's size and media type (413, 415), a request line and headers over
 * Node's 16 KiB limit (431, refused by the HTTP parser before any middleware; src/api/http-server.ts
 * still answers it with the error body) and
 * unexpected failures (500).
 */
function commonErrors(route: DocumentedRoute): Array<[string, string]> {
  const errors: Array<[string, string]> = [['400', 'Invalid request: see the issues in details']];
  if (route.secured) {
    errors.push(
      ['401', 'Missing or invalid credentials'],
      ['403', 'The caller lacks the permission'],
      [
        '503',
        'The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later',
      ],
    );
  }
  if (route.params) errors.push(['404', 'No such resource']);
  // A write can meet another one at the database's constraints whatever its handler checked first.
  if (route.method !== 'get')
    errors.push(['409', 'Another request changed the same records at the same time; reload them and try again']);
  if (route.body) {
    errors.push(['413', 'The body is over the size limit'], ['415', 'The body is not UTF-8 JSON']);
  }
  errors.push(['431', 'The request line and headers exceed 16 KiB']);
  errors.push(['500', 'Unexpected failure; the body gives only the request id to report']);
  return errors;
}

/**
 * OpenAPI 3.0 ignores `nullable` without a `type` beside it, and generators reject it. The zod
 * generator writes it for values of any type (`z.unknown()`), which allow null anyway, and as
 * `allOf: [$ref, { nullable: true }]` for nullable references; those become a reference or null.
 */
function withTypedNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withTypedNullables);
  if (typeof node !== 'object' || node === null) return node;
  const schema: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'nullable' && value === true && !('type' in node)) continue;
    schema[key] = key === 'allOf' && Array.isArray(value) ? value : withTypedNullables(value);
  }
  const { allOf } = schema;
  if (!Array.isArray(allOf)) return schema;
  const parts = allOf.filter((part) => !isOnlyNullable(part)).map(withTypedNullables);
  if (parts.length === allOf.length) return { ...schema, allOf: parts };
  const { allOf: _replaced, ...rest } = schema;
  return { ...rest, anyOf: [parts.length === 1 ? parts[0] : { allOf: parts }, NULL_ONLY] };
}

const NULL_ONLY = { type: 'object', nullable: true, enum: [null] };

function isOnlyNullable(part: unknown): boolean {
  return typeof part === 'object' && part !== null && Object.keys(part).length === 1 && 'nullable' in part;
}
