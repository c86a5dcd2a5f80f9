import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from '@jest/globals';
import { ApiDocs, toOpenApiPath } from '../../src/api/openapi/api-docs.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../../src/config/project-root.js';
import { offlineApiDocument } from '../../scripts/lib/api-document.js';
import { API_TYPES_FILE, renderApiTypes } from '../../scripts/lib/api-types.js';
import { useTestApp, type TestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';

const context = useTestApp();

describe('GET /api/docs/json serves an OpenAPI 3.0 description generated from the route schemas', () => {
  it('is a valid OpenAPI 3.0 document by an independent validator', async () => {
    const response = await context.api.request('GET', '/api/docs/json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\.0\./);
    await expect(SwaggerParser.validate(structuredClone(response.body))).resolves.toBeDefined();
  });

  it('lists every route the app serves, with its method', async () => {
    const document = (await context.api.request('GET', '/api/docs/json')).body;
    const served = collectServedRoutes(context.api);
    expect(served.length).toBeGreaterThan(5);
    for (const { method, path } of served) {
      expect({ method, path, documented: Boolean(document.paths[toOpenApiPath(path)]?.[method]) }).toEqual({
        method,
        path,
        documented: true,
      });
    }
  });

  it('documents request bodies from the same zod schemas that validate them', async () => {
    const document = (await context.api.request('GET', '/api/docs/json')).body;
    const body = document.paths['/api/auth/tokens'].post.requestBody.content['application/json'].schema;
    const schema = body.$ref ? document.components.schemas[body.$ref.split('/').pop()] : body;
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'permissions']));
    expect(schema.properties.permissions.items.enum).toContain('workflow:publish');
  });

  it('names the sign-in and session operations and documents their error answers', async () => {
    const { paths } = (await context.api.request('GET', '/api/docs/json')).body;
    const operations = {
      login: paths['/api/auth/login'].get,
      authCallback: paths['/api/auth/callback'].get,
      logout: paths['/api/auth/logout'].post,
      getSession: paths['/api/auth/session'].get,
      extendSession: paths['/api/auth/session/extend'].post,
    };
    for (const [operationId, operation] of Object.entries(operations)) expect(operation.operationId).toBe(operationId);
    expect(Object.keys(operations.authCallback.responses)).toEqual(expect.arrayContaining(['302', '401', '503']));
    expect(Object.keys(operations.extendSession.responses)).toEqual(
      expect.arrayContaining(['200', '401', '403', '404', '503']),
    );
    expect(paths['/api/auth/me'].get.security).toEqual([{ bearer: [] }, { session: [] }]);
  });
});

type Operation = { operationId?: string; security?: unknown[]; responses: Record<string, unknown> };

/** Every operation of the served description, with its method and path. */
async function operations(): Promise<Array<{ method: string; path: string; operation: Operation }>> {
  const document = (await context.api.request('GET', '/api/docs/json')).body;
  return Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method, path, operation })),
  );
}

/** Every schema object of `node` that says `nullable`, with where it is. */
function nullableSchemas(node: unknown, at = '#'): Array<{ at: string; schema: Record<string, unknown> }> {
  if (typeof node !== 'object' || node === null) return [];
  const here =
    'nullable' in node && typeof node.nullable === 'boolean' ? [{ at, schema: node as Record<string, unknown> }] : [];
  return [...here, ...Object.entries(node).flatMap(([key, child]) => nullableSchemas(child, `${at}/${key}`))];
}

describe('the console is typed from the same description', () => {
  it('has web/src/api/openapi.ts generated from the served description (npm run web:api-types)', async () => {
    const served = (await context.api.request('GET', '/api/docs/json')).body;
    const committed = await readFile(path.join(projectRoot(), API_TYPES_FILE), 'utf8');
    expect(committed).toBe(await renderApiTypes(served));
  });

  it('is generated offline from the same routes the app serves', async () => {
    const served = (await context.api.request('GET', '/api/docs/json')).body;
    expect(await offlineApiDocument()).toEqual(served);
  });
});

describe('the description is usable by client generators', () => {
  it('gives every operation an operationId, unique across the API', async () => {
    const all = await operations();
    const ids = all.map(({ method, path, operation }) => ({ method, path, operationId: operation.operationId }));
    expect(ids.filter(({ operationId }) => !operationId)).toEqual([]);
    const counts = new Map<string, number>();
    for (const { operationId } of ids) counts.set(operationId!, (counts.get(operationId!) ?? 0) + 1);
    expect([...counts].filter(([, count]) => count > 1)).toEqual([]);
    expect(ids).toEqual(
      expect.arrayContaining([
        { method: 'get', path: '/api/workflows', operationId: 'listWorkflows' },
        { method: 'post', path: '/api/approvals/{id}/decide', operationId: 'decideApproval' },
        { method: 'get', path: '/api/roles', operationId: 'listBusinessRoles' },
      ]),
    );
  });

  it('refuses to register a second route with an operationId already in use', () => {
    const route = {
      method: 'get' as const,
      path: '/api/x',
      operationId: 'getX',
      summary: 'x',
      tags: [],
      secured: false,
    };
    const docs = new ApiDocs();
    docs.add({ ...route, responses: {} });
    expect(() => docs.add({ ...route, path: '/api/y', responses: {} })).toThrow('operationId getX');
  });

  it('declares security on every operation: bearer or the session cookie when secured, an explicit empty list when public', async () => {
    const all = await operations();
    expect(all.filter(({ operation }) => !Array.isArray(operation.security))).toEqual([]);
    const security = (path: string, method: string) =>
      all.find((entry) => entry.path === path && entry.method === method)?.operation.security;
    expect(security('/api/health', 'get')).toEqual([]);
    expect(security('/api/hooks/workflows/{id}', 'post')).toEqual([]);
    expect(security('/api/workflows', 'get')).toEqual([{ bearer: [] }, { session: [] }]);
  });

  it('never writes nullable without a type beside it', async () => {
    const document = (await context.api.request('GET', '/api/docs/json')).body;
    const untyped = nullableSchemas(document).filter(({ schema }) => !('type' in schema));
    expect(untyped.map(({ at }) => at)).toEqual([]);
    // A nullable reference still admits null.
    const result = document.components.schemas.ValidationResult.properties.subjectVariableError;
    expect(result.anyOf).toEqual([
      { $ref: '#/components/schemas/ValidationItem' },
      { type: 'object', nullable: true, enum: [null] },
    ]);
  });

  it('says on each free-form request string that it may not hold NUL, as the API refuses it', async () => {
    const document = (await context.api.request('GET', '/api/docs/json')).body;
    const component = (schema: { $ref?: string }) =>
      schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()!] : schema;
    const tokenBody = component(document.paths['/api/auth/tokens'].post.requestBody.content['application/json'].schema);
    const search = document.paths['/api/users'].get.parameters.find(
      (parameter: { name: string }) => parameter.name === 'search',
    ).schema;
    const pattern = new RegExp(tokenBody.properties.name.pattern, 'u');
    expect({ name: tokenBody.properties.name.pattern, search: search.pattern }).toEqual({
      name: pattern.source,
      search: pattern.source,
    });
    expect([pattern.test('Deploy bot ✓'), pattern.test('Deploy\u0000bot')]).toEqual([true, false]);
    // Enumerations and formats say enough; answers are not requests.
    expect(tokenBody.properties.permissions.items.pattern).toBeUndefined();
    expect(document.components.schemas.Error.properties.message.pattern).toBeUndefined();
    const { token } = await createUserWithToken(context.database.db, ['resource_manager']);
    const refused = await context.api.request('POST', '/api/auth/tokens', {
      token,
      body: { name: 'Deploy\u0000bot', permissions: ['workflow:read'] },
    });
    expect([refused.status, refused.body.details?.[0]?.code]).toEqual([400, 'nul_character']);
  });

  it('documents the error statuses the edge can answer on each kind of route', async () => {
    const all = await operations();
    const statuses = (path: string, method: string) =>
      Object.keys(all.find((entry) => entry.path === path && entry.method === method)!.operation.responses).sort();
    // Secured, with a path parameter and a body, plus its own 409.
    expect(statuses('/api/groups/{id}', 'put')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '415',
      '431',
      '500',
      '503',
    ]);
    // Public, no parameters: still 400 (malformed query string), 431 (oversized request line) and 500.
    expect(statuses('/api/health', 'get')).toEqual(['200', '400', '431', '500', '503']);
    for (const { operation } of all) {
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['400', '431', '500']));
      // Checking credentials reads the database, which may be unavailable or too slow.
      if (operation.security?.length) expect(Object.keys(operation.responses)).toContain('503');
    }
    // Any write may meet a concurrent one at a database constraint.
    for (const { method, operation } of all.filter((entry) => entry.method !== 'get'))
      expect([method, Object.keys(operation.responses)]).toEqual([method, expect.arrayContaining(['409'])]);
  });
});

describe('GET /api/docs serves an explorer that needs no internet', () => {
  it('serves the page and every asset it references from this server', async () => {
    const page = await context.api.request('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const references = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(references.length).toBeGreaterThanOrEqual(4);
    for (const reference of references) {
      expect(reference.startsWith('/api/docs')).toBe(true);
      const asset = await context.api.request('GET', reference);
      expect({ reference, status: asset.status }).toEqual({ reference, status: 200 });
    }
  });

  it('refuses assets outside its list', async () => {
    expect((await context.api.request('GET', '/api/docs/assets/..%2Fpackage.json')).status).toBe(404);
    expect((await context.api.request('GET', '/api/docs/assets/index.html')).status).toBe(404);
  });
});

/** The method and path of every route in the app's routers, read from Koa's router layers. */
function collectServedRoutes(testApp: TestApp): Array<{ method: string; path: string }> {
  const routes: Array<{ method: string; path: string }> = [];
  for (const middleware of testApp.app.koa.middleware) {
    const router = (middleware as { router?: { stack: Array<{ path: string; methods: string[] }> } }).router;
    for (const layer of router?.stack ?? []) {
      for (const method of layer.methods.filter((name) => name !== 'HEAD')) {
        routes.push({ method: method.toLowerCase(), path: layer.path.replace(/\/$/, '') });
      }
    }
  }
  return routes;
}
