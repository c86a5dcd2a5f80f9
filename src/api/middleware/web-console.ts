import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import { notFound } from '../../errors/index.js';
import type { AppState } from '../context.js';
import { PAGE_CSP, setPageHeaders } from '../page-policy.js';
import { isServicePath } from '../../domain/service-paths.js';

/** Vite names every file under assets/ after its content hash, so it never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Flowgate console not built</title></head>
<body>
  <h1>The Flowgate console is not built</h1>
  <p>Run <code>npm run build:web</code> (or <code>npm start</code>, which builds it) and reload this page.
  The API itself works: see <a href="/api/docs">/api/docs</a>.</p>
</body>
</html>
`;

/** Paths the console never answers: the API (its explorer included) and SCIM keep their own 404s. */
/**
 * Serves the built console (`dist/web`) at `/`: its files, and index.html for every other GET
 * path outside /api, /scim and /metrics, so deep links and reloads of client-side routes work.
 */
export function webConsole(webRoot: string): Middleware<AppState> {
  const root = path.resolve(webRoot);
  return async function serveConsole(ctx, next) {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isServicePath(ctx.path)) return next();
    setPageHeaders(ctx);
    const file = path.resolve(root, `.${ctx.path}`);
    // `path.resolve` removes `..`; anything that still lands outside the root is not ours to serve.
    const inside = file.startsWith(`${root}${path.sep}`);
    if (inside && path.basename(file) !== 'index.html' && (await isFile(file))) {
      ctx.type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
      ctx.set('cache-control', ctx.path.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
      ctx.body = await readFile(await encodedCopy(ctx, file));
      return;
    }
    // A missing hashed file is a stale page asking for an old build: a 404, not the page.
    if (ctx.path.startsWith('/assets/')) throw notFound(`Asset ${ctx.path}`);
    ctx.set('content-security-policy', PAGE_CSP);
    ctx.set('cache-control', 'no-cache');
    ctx.type = 'text/html; charset=utf-8';
    const index = await readFile(path.join(root, 'index.html')).catch(() => undefined);
    if (index) {
      ctx.body = index;
    } else {
      ctx.status = 503;
      ctx.body = NOT_BUILT_PAGE;
    }
  };
}

/** The encodings the build writes beside each text file (web/precompress.ts), best first. */
const ENCODED_COPIES = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
];

/**
 * The file to send for this request: its compressed copy in the best encoding the client
 * accepts, with Content-Encoding set, or the file itself. Vary tells caches the answer depends
 * on Accept-Encoding either way.
 */
async function encodedCopy(ctx: Context, file: string): Promise<string> {
  ctx.vary('accept-encoding');
  for (const { encoding, suffix } of ENCODED_COPIES) {
    if (ctx.acceptsEncodings(encoding, 'identity') === encoding && (await isFile(file + suffix))) {
      ctx.set('content-encoding', encoding);
      return file + suffix;
    }
  }
  return file;
}

async function isFile(file: string): Promise<boolean> {
  const stats = await stat(file).catch(() => undefined);
  return stats?.isFile() ?? false;
}
