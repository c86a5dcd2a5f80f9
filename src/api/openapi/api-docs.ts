import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV3 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

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
  operationId?: string;
  summary: string;
  description?: string;
  tags: string[];
  secured: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  responses: Record<number, { description: string; schema?: z.ZodType; contentType?: string }>;
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
    this.routes.push(route);
    const errorResponse = (description: string) => ({
      description,
      content: { 'application/json': { schema: errorBodySchema } },
    });
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(route.responses)) {
      responses[status] = response.schema
        ? {
            description: response.description,
            content: { [response.contentType ?? 'application/json']: { schema: response.schema } },
          }
        : { description: response.description };
    }
    if (route.params || route.query || route.body) responses['400'] ??= errorResponse('Invalid request');
    if (route.secured) {
      responses['401'] ??= errorResponse('Missing or invalid credentials');
      responses['403'] ??= errorResponse('The caller lacks the permission');
    }
    this.registry.registerPath({
      method: route.method,
      path: toOpenApiPath(route.path),
      operationId: route.operationId,
      summary: route.summary,
      description: route.description,
      tags: route.tags,
      security: route.secured ? [{ bearer: [] }, { session: [] }] : undefined,
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
    return new OpenApiGeneratorV3(this.registry.definitions).generateDocument({
      openapi: '3.0.3',
      info: {
        title: 'Flowgate API',
        version: '1',
        description:
          'Workflow automation and access provisioning. See docs/ in the repository for behaviour the spec leaves open.',
      },
      servers: [{ url: serverUrl }],
    });
  }
}
