import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PAGE_CSP } from '../../src/api/page-policy.js';
import { useTestApp } from '../support/app.js';

// A stand-in for dist/web, so these tests do not depend on what the console's build contains.
const webRoot = await mkdtemp(path.join(os.tmpdir(), 'flowgate-web-'));
const INDEX_HTML = '<!doctype html><title>Flowgate</title><div id="root"></div>';
const ASSET = 'index-Ab12Cd34.js';
const ASSET_TEXT = 'console.log("console")';

beforeAll(async () => {
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(path.join(webRoot, 'index.html'), INDEX_HTML);
  await writeFile(path.join(webRoot, 'assets', ASSET), ASSET_TEXT);
  // The copies the build writes beside each text asset (web/precompress.ts).
  await writeFile(path.join(webRoot, 'assets', `${ASSET}.br`), brotliCompressSync(ASSET_TEXT));
  await writeFile(path.join(webRoot, 'assets', `${ASSET}.gz`), gzipSync(ASSET_TEXT));
  await writeFile(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});

afterAll(async () => {
  await rm(webRoot, { recursive: true, force: true });
});

const built = useTestApp({ webRoot });
const notBuilt = useTestApp({ webRoot: path.join(webRoot, 'missing') });

function expectPageHeaders(headers: Headers) {
  expect(headers.get('content-security-policy')).toBe(PAGE_CSP);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('same-origin');
}

describe('the console is served at / with its client-side routes', () => {
  it.each(['/', '/runs', '/runs/7d1c6f1e-0000-4000-8000-000000000000', '/workflows?status=draft', '/assetsfoo'])(
    'answers index.html for GET %s, uncached, under the strict CSP',
    async (pathname) => {
      const response = await built.api.request('GET', pathname);
      expect(response.status).toBe(200);
      expect(response.text).toBe(INDEX_HTML);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expectPageHeaders(response.headers);
    },
  );

  it('states the CSP the page needs: self only, inline styles for the Mermaid diagram, no framing', () => {
    expect(PAGE_CSP).toBe(
      "default-src 'self'; script-src 'self'; connect-src 'self'; img-src 'self' data:; font-src 'self'; " +
        "style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
    );
  });

  it('serves hashed assets with a long cache, and other files uncached', async () => {
    const asset = await built.api.request('GET', `/assets/${ASSET}`);
    expect(asset.status).toBe(200);
    expect(asset.text).toBe('console.log("console")');
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');

    const icon = await built.api.request('GET', '/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves the compressed copy in the best encoding the browser accepts, and the file itself otherwise', async () => {
    const cases: Array<[string | undefined, string | undefined, (body: Buffer) => Buffer]> = [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip;q=0.8', 'gzip', gunzipSync],
      ['identity', undefined, (body) => body],
      [undefined, undefined, (body) => body],
    ];
    for (const [acceptEncoding, contentEncoding, decode] of cases) {
      const answer = await rawGet(`${built.api.baseUrl}/assets/${ASSET}`, acceptEncoding);
      expect([acceptEncoding, answer.status, answer.headers['content-encoding']]).toEqual([
        acceptEncoding,
        200,
        contentEncoding,
      ]);
      expect(decode(answer.body).toString()).toBe(ASSET_TEXT);
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(String(answer.headers.vary).toLowerCase()).toContain('accept-encoding');
    }
    // A file the build has no compressed copy of is sent as it is.
    const icon = await rawGet(`${built.api.baseUrl}/favicon.svg`, 'br, gzip');
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body.toString()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('answers 404 for a missing asset (a stale page), not the page', async () => {
    const response = await built.api.request('GET', '/assets/index-gone.js');
    expect(response.status).toBe(404);
    expect(response.body).toEqual(
      expect.objectContaining({ code: 'not_found', message: 'Asset /assets/index-gone.js not found' }),
    );
  });

  it('never serves files outside the build', async () => {
    for (const pathname of ['/../package.json', '/%2e%2e/package.json', '/assets/../../package.json']) {
      const response = await built.api.request('GET', pathname);
      expect(response.text).not.toContain('"name"');
    }
  });

  it('answers HEAD like GET, and leaves other methods to the API (404 JSON)', async () => {
    expect((await built.api.request('HEAD', '/runs')).status).toBe(200);
    const post = await built.api.request('POST', '/runs', { body: {} });
    expect(post.status).toBe(404);
    expect(post.body).toEqual(expect.objectContaining({ code: 'not_found', message: 'No route for POST /runs' }));
  });
});

describe('API and SCIM paths keep their own answers', () => {
  it.each(['/api', '/api/', '/api/nothing-here', '/api/runs/x/y/z'])(
    '%s is the API 404 JSON body',
    async (pathname) => {
      const response = await built.api.request('GET', pathname);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        statusCode: 404,
        error: 'Not Found',
        code: 'not_found',
        message: `No route for GET ${pathname}`,
      });
      expect(response.headers.get('content-security-policy')).toBeNull();
    },
  );

  it('the API explorer is still the explorer', async () => {
    const response = await built.api.request('GET', '/api/docs');
    expect(response.status).toBe(200);
    expect(response.text).toContain('Flowgate API explorer');
  });

  it('SCIM paths are not the console', async () => {
    const response = await built.api.request('GET', '/scim/v2/Users');
    expect(response.status).toBe(401);
    expect(response.text).not.toContain('<div id="root">');
  });
});

describe('without a build', () => {
  it('answers a page saying to run npm run build:web (503, not a 500)', async () => {
    const response = await notBuilt.api.request('GET', '/runs');
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.text).toContain('npm run build:web');
    expectPageHeaders(response.headers);
  });

  it('the API works as before', async () => {
    expect((await notBuilt.api.request('GET', '/api/auth/config')).status).toBe(200);
  });
});

/** A GET through node:http, which (unlike fetch) neither asks for nor undoes any encoding. */
function rawGet(
  url: string,
  acceptEncoding: string | undefined,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}
