import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import { notFound } from '../../errors/index.js';
import type { ApiDocs } from '../openapi/api-docs.js';
import { PAGE_CSP, setPageHeaders } from '../page-policy.js';
import { ResourceRouter, type ResourceRouterDependencies } from '../resource-router.js';

const require = createRequire(import.meta.url);
const swaggerUiDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));

// The explorer's assets come from the installed swagger-ui-dist package, so it works offline.
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const EXPLORER_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Flowgate API explorer</title>
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
  <link rel="icon" type="image/png" href="/api/docs/assets/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/api/docs/assets/swagger-ui-standalone-preset.js"></script>
  <script src="/api/docs/explorer.js"></script>
</body>
</html>
`;

const EXPLORER_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/api/docs/json',
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
  persistAuthorization: true,
  // A box that narrows the long list of operations to the tags matching what is typed.
  filter: true,
  // Swagger UI's default sends the document's address to validator.swagger.io.
  validatorUrl: 'none',
});
`;

export function apiDocsRoutes(deps: ResourceRouterDependencies, docs: ApiDocs): ResourceRouter {
  let document: object | undefined;
  return new ResourceRouter('/api/docs', 'API description', deps)
    .add({
      method: 'get',
      path: '',
      operationId: 'getApiExplorer',
      summary: 'Interactive API explorer',
      access: 'public',
      responses: { 200: { description: 'HTML page', schema: z.string(), contentType: 'text/html' } },
      handler(ctx) {
        setPageHeaders(ctx);
        ctx.set('content-security-policy', PAGE_CSP);
        ctx.type = 'text/html; charset=utf-8';
        ctx.body = EXPLORER_HTML;
      },
    })
    .add({
      method: 'get',
      path: '/explorer.js',
      operationId: 'getApiExplorerScript',
      summary: 'Start-up script of the explorer',
      access: 'public',
      responses: { 200: { description: 'JavaScript', schema: z.string(), contentType: 'text/javascript' } },
      handler(ctx) {
        setPageHeaders(ctx);
        ctx.type = 'text/javascript; charset=utf-8';
        ctx.body = EXPLORER_SCRIPT;
      },
    })
    .add({
      method: 'get',
      path: '/json',
      operationId: 'getOpenApiDescription',
      summary: 'OpenAPI 3.0 description of this API',
      access: 'public',
      responses: { 200: { description: 'OpenAPI document', schema: z.record(z.string(), z.unknown()) } },
      handler(ctx) {
        // Built on first request: by then every router has registered its routes.
        document ??= docs.document();
        ctx.body = document;
      },
    })
    .add({
      method: 'get',
      path: '/assets/:file',
      operationId: 'getApiExplorerAsset',
      summary: 'Static asset of the explorer',
      access: 'public',
      params: z.object({ file: z.string() }),
      responses: { 200: { description: 'The asset' }, 404: { description: 'No such asset' } },
      async handler(ctx, { params }) {
        const type = Object.hasOwn(ASSETS, params.file) ? ASSETS[params.file] : undefined;
        if (!type) throw notFound(`Asset ${params.file}`);
        setPageHeaders(ctx);
        ctx.type = type;
        ctx.set('cache-control', 'public, max-age=86400');
        ctx.body = await readFile(path.join(swaggerUiDir, params.file));
      },
    });
}
