import http from 'node:http';
import { describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';

// PUBLIC_URL names this server as localhost; the tests reach it as 127.0.0.1 on the same port,
// as someone who types 127.0.0.1:3000 while PUBLIC_URL is the default http://localhost:3000.
const context = useTestApp({
  env: (baseUrl) => ({ PUBLIC_URL: baseUrl.replace('127.0.0.1', 'localhost') }),
});

/** A request to the test server with the Host header a browser would send for `host`. */
function get(path: string, host: string): Promise<{ status: number; location?: string }> {
  const { port } = new URL(context.api.baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method: 'GET', headers: { host } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode!, location: response.headers.location });
    });
    request.on('error', reject);
    request.end();
  });
}

describe('a console page opened under another loopback name goes to PUBLIC_URL', () => {
  it('redirects 127.0.0.1 and [::1] on the same port to the same path and query under PUBLIC_URL', async () => {
    const { port } = new URL(context.api.baseUrl);
    const publicUrl = context.api.config.publicUrl!;
    expect(await get('/workflows?status=active', `127.0.0.1:${port}`)).toEqual({
      status: 302,
      location: `${publicUrl}/workflows?status=active`,
    });
    expect(await get('/', `[::1]:${port}`)).toEqual({ status: 302, location: `${publicUrl}/` });
  });

  it('keeps a request target that looks like another host a path of PUBLIC_URL', async () => {
    const { port } = new URL(context.api.baseUrl);
    const answer = await get('//evil.example/x', `127.0.0.1:${port}`);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`${context.api.config.publicUrl}//evil.example/x`);
  });

  it('leaves the API, SCIM, the metrics, PUBLIC_URL itself and other ports alone', async () => {
    const { port } = new URL(context.api.baseUrl);
    expect((await get('/api/health', `127.0.0.1:${port}`)).status).not.toBe(302);
    expect((await get('/scim/v2/ServiceProviderConfig', `127.0.0.1:${port}`)).status).not.toBe(302);
    expect((await get('/metrics', `127.0.0.1:${port}`)).status).not.toBe(302);
    expect((await get('/workflows', `localhost:${port}`)).status).not.toBe(302);
    expect((await get('/workflows', `127.0.0.1:${Number(port) + 1}`)).status).not.toBe(302);
  });
});
