import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpHandler } from '../../../src/connectors/builtin/http.js';
import type { ConnectorHandler } from '../../../src/connectors/handler.js';

interface Received {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let baseUrl: string;
const received: Received[] = [];
const ALLOWED = ['127.0.0.1/32'];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://test');
      const query: Record<string, string | string[]> = {};
      for (const key of new Set(url.searchParams.keys())) {
        const values = url.searchParams.getAll(key);
        query[key] = values.length === 1 ? values[0]! : values;
      }
      received.push({
        method: request.method ?? '',
        path: url.pathname,
        query,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = /^\/status\/(\d{3})$/.exec(url.pathname);
      if (status) {
        response.writeHead(Number(status[1]), { 'content-type': 'application/json' });
        response.end(JSON.stringify({ detail: 'as requested' }));
      } else if (url.pathname === '/redirect') {
        response.writeHead(302, { location: '/landing' });
        response.end();
      } else if (url.pathname === '/big') {
        // Chunked, no content-length: the cap must hold while streaming.
        response.writeHead(200, { 'content-type': 'text/plain' });
        const half = 'x'.repeat(512 * 1024);
        response.on('error', () => undefined);
        response.write(half);
        response.end(half);
      } else if (url.pathname === '/slow') {
        const timer = setTimeout(() => response.end('late'), 5_000);
        response.on('close', () => clearTimeout(timer));
      } else if (url.pathname === '/text') {
        response.writeHead(200, { 'content-type': 'text/plain', 'set-cookie': 'session=abc', 'x-trace': 't-1' });
        response.end('hello');
      } else {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ ok: true, path: url.pathname }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function call(
  handler: ConnectorHandler,
  command: string,
  parameters: Record<string, unknown>,
  connection: Record<string, unknown> = { baseUrl },
  options: { variables?: Record<string, unknown>; signal?: AbortSignal; idempotencyKey?: string } = {},
) {
  return handler.execute(
    {
      config: { command, parameters, connection },
      variables: options.variables ?? {},
      stepId: 's1',
      instanceId: 'test',
      idempotencyKey: options.idempotencyKey,
    },
    { signal: options.signal ?? new AbortController().signal },
  );
}

const lastReceived = () => received[received.length - 1]!;
const handler = createHttpHandler({ allowedNetworks: ALLOWED, maxResponseBytes: 256 * 1024, timeoutMs: 5_000 });

describe('headers a step may not set', () => {
  it.each(['Host', 'content-length', 'Transfer-Encoding', 'Connection'])(
    'refuses %s before sending anything, so credentials cannot go to another virtual host',
    async (name) => {
      const before = received.length;
      const result = await call(
        handler,
        'request',
        { method: 'GET', url: '/users', headers: { [name]: 'attacker.example' } },
        { baseUrl, bearerToken: 'secret-bearer' },
      );
      expect(result).toEqual(
        expect.objectContaining({
          success: false,
          code: 'invalid_parameters',
          error: `the ${name} header is set by the connector, not by a step`,
        }),
      );
      expect(received.length).toBe(before);
    },
  );
});

describe('request sends what the parameters describe', () => {
  it('GET with query parameters and headers, answering parsed JSON', async () => {
    const result = await call(
      handler,
      'request',
      {
        method: 'GET',
        url: '/users/u-42',
        query: { expand: 'groups', page: 2, tag: ['a', 'b'] },
        headers: { 'X-Request-Id': 'req-77' },
      },
      { baseUrl: `${baseUrl}/api/` },
    );
    expect(result).toEqual({
      success: true,
      data: {
        status: 200,
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
        body: { ok: true, path: '/api/users/u-42' },
      },
    });
    expect(lastReceived()).toEqual(
      expect.objectContaining({
        method: 'GET',
        path: '/api/users/u-42',
        query: { expand: 'groups', page: '2', tag: ['a', 'b'] },
      }),
    );
    expect(lastReceived().headers['x-request-id']).toBe('req-77');
  });

  it('POST with a JSON body', async () => {
    const result = await call(handler, 'request', {
      method: 'POST',
      url: `${baseUrl}/tickets`,
      body: { title: 'Access for Ada', groups: ['ops', 'dev'] },
    });
    expect(result.success).toBe(true);
    expect(lastReceived().method).toBe('POST');
    expect(lastReceived().headers['content-type']).toBe('application/json');
    expect(JSON.parse(lastReceived().body)).toEqual({ title: 'Access for Ada', groups: ['ops', 'dev'] });
  });

  it('text responses come back as text, without set-cookie', async () => {
    const result = await call(handler, 'request', { url: '/text' });
    expect(result.data).toEqual({
      status: 200,
      headers: expect.objectContaining({ 'x-trace': 't-1', 'content-type': 'text/plain' }),
      body: 'hello',
    });
    expect(result.data?.headers).not.toHaveProperty('set-cookie');
  });

  it('sends {{...}} in parameters as written, never expanding it again', async () => {
    await call(
      handler,
      'request',
      { url: `${baseUrl}/notes`, method: 'POST', body: { note: 'see {{user.id}}' } },
      {},
      { variables: { user: { id: 'x' } } },
    );
    expect(JSON.parse(lastReceived().body)).toEqual({ note: 'see {{user.id}}' });
  });

  it('parameters outside the schema are refused', async () => {
    const result = await call(handler, 'request', { url: '/x', method: 'TRACE' });
    expect(result).toEqual(expect.objectContaining({ success: false, code: 'invalid_parameters' }));
    expect(await call(handler, 'request', { url: '/x', body: { a: 1 } })).toEqual(
      expect.objectContaining({ success: false, code: 'invalid_parameters', error: 'body is not allowed with GET' }),
    );
  });
});

describe('an idempotency key reaches the server', () => {
  it('is sent as Idempotency-Key when the caller has one, to any origin', async () => {
    await call(
      handler,
      'request',
      { method: 'POST', url: '/accounts', body: {} },
      { baseUrl },
      { idempotencyKey: 'r1:call:2:1' },
    );
    expect(lastReceived().headers['idempotency-key']).toBe('r1:call:2:1');
  });

  it('is absent when the caller has none (a connector test, a sync page)', async () => {
    await call(handler, 'request', { method: 'POST', url: '/accounts', body: {} });
    expect(lastReceived().headers).not.toHaveProperty('idempotency-key');
  });

  it("gives way to the step's own Idempotency-Key header", async () => {
    await call(
      handler,
      'request',
      { method: 'POST', url: '/accounts', body: {}, headers: { 'idempotency-key': 'mine' } },
      { baseUrl },
      { idempotencyKey: 'r1:call:2:1' },
    );
    expect(lastReceived().headers['idempotency-key']).toBe('mine');
  });
});

describe('malformed requests are refused, not sent', () => {
  it('a header value with a line break (header injection)', async () => {
    const before = received.length;
    const result = await call(
      handler,
      'request',
      { url: '/me', headers: { 'X-Name': 'ada\r\nX-Admin: true' } },
      { baseUrl },
    );
    expect(result).toEqual(expect.objectContaining({ success: false, code: 'invalid_parameters' }));
    expect(received.length).toBe(before);
  });

  it('a HEAD request answers without a body', async () => {
    const result = await call(handler, 'request', { method: 'HEAD', url: '/me' });
    expect(result).toEqual({ success: true, data: expect.objectContaining({ status: 200, body: null }) });
  });
});

describe('credentials from the connection reach the server', () => {
  it('bearer token', async () => {
    await call(handler, 'request', { url: '/me' }, { baseUrl, bearerToken: 'tok-bearer-123' });
    expect(lastReceived().headers.authorization).toBe('Bearer tok-bearer-123');
  });

  it('basic auth', async () => {
    await call(handler, 'request', { url: '/me' }, { baseUrl, basicAuth: { username: 'svc', password: 'pa55-word' } });
    expect(lastReceived().headers.authorization).toBe(`Basic ${Buffer.from('svc:pa55-word').toString('base64')}`);
  });

  it('API key, in the default and in a named header, plus static headers', async () => {
    await call(handler, 'request', { url: '/me' }, { baseUrl, apiKey: 'key-default-1' });
    expect(lastReceived().headers['x-api-key']).toBe('key-default-1');

    await call(
      handler,
      'request',
      { url: '/me' },
      { baseUrl, apiKey: 'key-named-2', apiKeyHeader: 'X-Token', headers: { 'X-Tenant': 'acme' } },
    );
    expect(lastReceived().headers['x-token']).toBe('key-named-2');
    expect(lastReceived().headers['x-tenant']).toBe('acme');
  });

  it('secrets appear nowhere in results, successful or not', async () => {
    const connection = {
      baseUrl,
      bearerToken: 'tok-very-secret-1',
      basicAuth: { username: 'svc', password: 'pw-very-secret-2' },
      apiKey: 'key-very-secret-3',
    };
    const results = [
      await call(handler, 'request', { url: '/me' }, connection),
      await call(handler, 'request', { url: '/status/500' }, connection),
      await call(handler, 'request', { url: 'http://127.0.0.1:1/closed' }, connection),
      await call(createHttpHandler(), 'request', { url: '/me' }, connection),
    ];
    const text = JSON.stringify(results);
    for (const secret of [
      'tok-very-secret-1',
      'pw-very-secret-2',
      'key-very-secret-3',
      Buffer.from('svc:pw-very-secret-2').toString('base64'),
    ])
      expect(text).not.toContain(secret);
  });
});

describe('credentials go only to the origins of the connector', () => {
  // A second server on another port: another origin that a workflow author might point a step at.
  let other: http.Server;
  let otherUrl: string;
  const otherReceived: http.IncomingHttpHeaders[] = [];
  const credentials = { bearerToken: 'tok-stay-home', apiKey: 'key-stay-home', headers: { 'X-Static': 'static-1' } };

  beforeAll(async () => {
    other = http.createServer((request, response) => {
      otherReceived.push(request.headers);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    other.closeAllConnections();
    await new Promise<void>((resolve) => other.close(() => resolve()));
  });

  const lastAtOther = () => otherReceived[otherReceived.length - 1]!;
  const withoutCredentials = expect.not.objectContaining({
    authorization: expect.anything(),
    'x-api-key': expect.anything(),
    'x-static': expect.anything(),
  });

  it('a step URL on another origin than baseUrl is sent without them', async () => {
    const result = await call(handler, 'request', { url: `${otherUrl}/me` }, { baseUrl, ...credentials });
    expect(result.success).toBe(true);
    expect(lastAtOther()).toEqual(withoutCredentials);
  });

  it('an origin listed in allowedOrigins gets them, as the baseUrl origin does', async () => {
    const connection = { baseUrl, allowedOrigins: [otherUrl], ...credentials };
    expect((await call(handler, 'request', { url: `${otherUrl}/me` }, connection)).success).toBe(true);
    expect(lastAtOther()).toEqual(
      expect.objectContaining({
        authorization: 'Bearer tok-stay-home',
        'x-api-key': 'key-stay-home',
        'x-static': 'static-1',
      }),
    );
    await call(handler, 'request', { url: '/me' }, connection);
    expect(lastReceived().headers.authorization).toBe('Bearer tok-stay-home');
  });

  it('without baseUrl only allowedOrigins get them', async () => {
    const connection = { allowedOrigins: [`${baseUrl}/`], ...credentials };
    await call(handler, 'request', { url: `${baseUrl}/me` }, connection);
    expect(lastReceived().headers.authorization).toBe('Bearer tok-stay-home');
    expect((await call(handler, 'request', { url: `${otherUrl}/me` }, connection)).success).toBe(true);
    expect(lastAtOther()).toEqual(withoutCredentials);
  });

  it('credentials with neither baseUrl nor allowedOrigins are refused, and nothing is sent', async () => {
    const before = otherReceived.length;
    const result = await call(handler, 'request', { url: `${otherUrl}/me` }, credentials);
    expect(result).toEqual(
      expect.objectContaining({
        success: false,
        code: 'invalid_configuration',
        error: expect.stringContaining('allowedOrigins'),
      }),
    );
    expect(otherReceived.length).toBe(before);
    expect((await call(handler, 'request', { url: `${otherUrl}/me` }, {})).success).toBe(true);
  });

  it.each([
    ['ftp://files.example.com'],
    ['https://api.example.com/v1'],
    ['not a url'],
    ['https://u:p@api.example.com'],
  ])('allowedOrigins entry %s is refused', async (entry) => {
    const result = await call(handler, 'request', { url: '/me' }, { baseUrl, allowedOrigins: [entry] });
    expect(result).toEqual(expect.objectContaining({ success: false, code: 'invalid_configuration' }));
  });
});

describe('status codes decide success', () => {
  it('a non-2xx answer is a failure with code http_status and the response as data', async () => {
    const result = await call(handler, 'request', { method: 'DELETE', url: '/status/404?token=abc' });
    expect(result).toEqual({
      success: false,
      code: 'http_status',
      error: `HTTP 404 from DELETE ${new URL(baseUrl).host}/status/404`,
      data: expect.objectContaining({ status: 404, body: { detail: 'as requested' } }),
    });
  });

  it('expectStatus names the statuses that count as success', async () => {
    expect((await call(handler, 'request', { url: '/status/404', expectStatus: [200, 404] })).success).toBe(true);
    expect((await call(handler, 'request', { url: '/status/200', expectStatus: [201] })).code).toBe('http_status');
  });

  it('a redirect is reported, not followed', async () => {
    const before = received.filter((request) => request.path === '/landing').length;
    const result = await call(handler, 'request', { url: '/redirect' });
    expect(result).toEqual(
      expect.objectContaining({
        success: false,
        code: 'http_status',
        data: expect.objectContaining({ status: 302, headers: expect.objectContaining({ location: '/landing' }) }),
      }),
    );
    expect((await call(handler, 'request', { url: '/redirect', expectStatus: [302] })).success).toBe(true);
    expect(received.filter((request) => request.path === '/landing').length).toBe(before);
  });

  it('test GETs the health URL, or else the base URL', async () => {
    expect(await call(handler, 'test', {}, { baseUrl, healthUrl: '/health' })).toEqual(
      expect.objectContaining({ success: true }),
    );
    expect(lastReceived()).toEqual(expect.objectContaining({ method: 'GET', path: '/health' }));
    expect((await call(handler, 'test', {}, { baseUrl: `${baseUrl}/status/503` })).code).toBe('http_status');
    expect((await call(handler, 'test', {}, {})).code).toBe('invalid_configuration');
  });
});

describe('limits end calls without throwing', () => {
  it('a response over maxResponseBytes fails with response_too_large', async () => {
    const result = await call(handler, 'request', { url: '/big' });
    expect(result).toEqual(expect.objectContaining({ success: false, code: 'response_too_large' }));
    const roomy = createHttpHandler({ allowedNetworks: ALLOWED, maxResponseBytes: 2 * 1024 * 1024 });
    const full = await call(roomy, 'request', { url: '/big' });
    expect(full).toEqual(expect.objectContaining({ success: true }));
    expect(full.data?.body).toHaveLength(1024 * 1024);
  });

  it('a slow server fails with timeout after timeoutMs', async () => {
    const quick = createHttpHandler({ allowedNetworks: ALLOWED, timeoutMs: 200 });
    const started = Date.now();
    const result = await call(quick, 'request', { url: '/slow' });
    expect(result).toEqual(expect.objectContaining({ success: false, code: 'timeout' }));
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('the caller aborting the signal fails with timeout', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await call(handler, 'request', { url: '/slow' }, { baseUrl }, { signal: controller.signal });
    expect(result).toEqual(expect.objectContaining({ success: false, code: 'timeout' }));
  });

  it('a closed port fails with network_error', async () => {
    const result = await call(handler, 'request', { url: 'http://127.0.0.1:1/' });
    expect(result).toEqual(expect.objectContaining({ success: false, code: 'network_error' }));
  });
});

describe('the SSRF guard applies', () => {
  it('without the allow-list the local server is refused and never contacted', async () => {
    const before = received.length;
    const result = await call(createHttpHandler(), 'request', { url: '/me' });
    expect(result).toEqual(expect.objectContaining({ success: false, code: 'destination_refused' }));
    expect((await call(createHttpHandler(), 'request', { url: 'http://169.254.169.254/latest/meta-data' })).code).toBe(
      'destination_refused',
    );
    expect(received.length).toBe(before);
  });

  it('only http and https are spoken', async () => {
    const result = await call(handler, 'request', { url: 'ftp://127.0.0.1/file' });
    expect(result).toEqual(expect.objectContaining({ success: false, code: 'destination_refused' }));
  });
});

describe('the handler describes itself', () => {
  it('names, default command and idempotency', () => {
    expect(handler.name).toBe('http');
    expect(handler.defaultCommand).toBe('test');
    expect(handler.commands.request!.idempotent).toBe(false);
    expect(handler.commands.request!.parameters).toEqual(
      expect.objectContaining({ type: 'object', required: ['url'], additionalProperties: false }),
    );
  });

  it('an unknown command is a failure', async () => {
    expect(await call(handler, 'fetch', {})).toEqual(
      expect.objectContaining({ success: false, code: 'unknown_command' }),
    );
  });
});
