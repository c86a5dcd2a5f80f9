import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A SCIM server that throttles, made of scim2-server and this proxy in front of it: a share of
 * the requests is answered here with 429 and `Retry-After`, another with 503, and the rest are
 * forwarded. It stands in for a throttling SaaS target because none runs here, and toxiproxy works
 * on TCP and cannot answer with an HTTP status. Every request is logged with when it
 * arrived and what names its subject (a User's `externalId`, which the connector's mapping sets to
 * the Flowgate user id; the member ids of a group PATCH; the value of an `externalId` filter), so
 * a scenario can tell whose run sent it.
 */

/** How much longer the `Retry-After` of a subject throttled for long is. */
export const LONG_THROTTLE_FACTOR = 4;

export interface ForwardedRequest {
  /** Date.now() when the proxy received the request. */
  at: number;
  method: string;
  /** The path below the SCIM root, with its query. */
  path: string;
  /** The `externalId` a POST or PUT of a User carries, or an `externalId eq` filter names. */
  externalId?: string;
  /** The member ids a PATCH of a group adds or removes. */
  members?: string[];
  /** 429 or 503 when the proxy answered it itself; absent when scim2-server got it. */
  injected?: 429 | 503;
}

export interface ThrottlingProxy {
  /** The SCIM root through the proxy. */
  baseUrl: string;
  /** Every request the proxy received, in order of arrival, forwarded or not. */
  readonly requests: readonly ForwardedRequest[];
  readonly injected: { 429: number; 503: number };
  close(): Promise<void>;
}

export interface ThrottlingOptions {
  /** The server's port on 127.0.0.1. */
  upstreamPort: number;
  /** Share of requests answered 429, and the `Retry-After` seconds sent with it. */
  throttledShare: number;
  retryAfterSeconds: number;
  /** Share of requests answered 503 (without `Retry-After`). */
  unavailableShare: number;
  /** Requests always answered 429 with `Retry-After` of `retryAfterSeconds` × 4: a subject throttled for long. */
  throttledForLong?: (request: ForwardedRequest) => boolean;
}

function subjectOf(method: string, path: string, body: Buffer): Pick<ForwardedRequest, 'externalId' | 'members'> {
  const filtered = /externalId eq "([^"]+)"/.exec(decodeURIComponent(path.replaceAll('+', ' ')));
  if (filtered) return { externalId: filtered[1] };
  if (body.length === 0) return {};
  try {
    const document = JSON.parse(body.toString()) as {
      externalId?: unknown;
      Operations?: Array<{ path?: string; value?: Array<{ value?: unknown }> }>;
    };
    if (method === 'PATCH' && Array.isArray(document.Operations))
      return {
        members: document.Operations.flatMap((operation) => [
          ...(Array.isArray(operation.value) ? operation.value.map((member) => String(member.value)) : []),
          ...[...(operation.path ?? '').matchAll(/value eq "([^"]+)"/g)].map((match) => match[1]!),
        ]),
      };
    return typeof document.externalId === 'string' ? { externalId: document.externalId } : {};
  } catch {
    return {};
  }
}

export async function startThrottlingProxy(options: ThrottlingOptions): Promise<ThrottlingProxy> {
  const requests: ForwardedRequest[] = [];
  const injected = { 429: 0, 503: 0 };
  const server = http.createServer((request, response) => {
    const at = Date.now();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = request.method ?? '';
      const path = (request.url ?? '').replace(/^\/v2/, '');
      const seen: ForwardedRequest = { at, method, path, ...subjectOf(method, path, body) };
      requests.push(seen);
      const draw = Math.random();
      const long = options.throttledForLong?.(seen) === true;
      if (long || draw < options.throttledShare + options.unavailableShare) {
        const throttled = long || draw < options.throttledShare;
        seen.injected = throttled ? 429 : 503;
        injected[seen.injected] += 1;
        response.writeHead(throttled ? 429 : 503, {
          'content-type': 'application/scim+json',
          ...(throttled
            ? { 'retry-after': String(options.retryAfterSeconds * (long ? LONG_THROTTLE_FACTOR : 1)) }
            : {}),
        });
        response.end(
          JSON.stringify({
            schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
            status: throttled ? '429' : '503',
            detail: throttled ? 'Too many requests' : 'Service unavailable',
          }),
        );
        return;
      }
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: options.upstreamPort,
          path: request.url,
          method: request.method,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => {
        response.writeHead(502);
        response.end();
      });
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`,
    requests,
    injected,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
