import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from '@jest/globals';
import { toOpenApiPath } from '../../src/api/openapi/api-docs.js';
import { useTestApp, type TestApp } from '../support/app.js';

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
