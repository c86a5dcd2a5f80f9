import http from 'node:http';
import { isIP } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createApiClient } from './api-client.js';
import type { ToolServerConfig } from './config.js';
import { createToolServer } from './server.js';

export const MCP_PATH = '/mcp';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));

/** Whether the HTTP transport listens on a loopback address, where only this machine reaches it. */
export const listensOnLoopback = (config: Pick<ToolServerConfig, 'host'>) => isLoopback(config.host);

// JSON-RPC's code for an error of the server itself, and the SDK's for errors of the transport.
const INTERNAL_ERROR = -32603;
const TRANSPORT_ERROR = -32000;

function sendJsonRpcError(
  response: http.ServerResponse,
  status: number,
  message: string,
  headers = {},
  code = TRANSPORT_ERROR,
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

// Headers a proxy adds to what it relays. A relayed request may come from anywhere, so it never
// acts with SVC_API_TOKEN, even when the proxy reaches this server over loopback.
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via'];

const relayedByProxy = (request: http.IncomingMessage) =>
  PROXY_HEADERS.some((name) => request.headers[name] !== undefined);

// A request with an Origin header was sent by a web page. Pages of the allowed origins must bring
// their own token too: otherwise any script on those origins would act with SVC_API_TOKEN.
const sentByWebPage = (request: http.IncomingMessage) => request.headers.origin !== undefined;

/**
 * The API token a request acts with: the caller's own from `Authorization: Bearer <token>`, or
 * SVC_API_TOKEN when it sent no Authorization header at all, and neither a proxy relayed it nor a
 * web page sent it. A header in any other form gets no token, so a caller that meant to send its
 * own never acts as the server's.
 */
function requestToken(request: http.IncomingMessage, fallback: string | undefined): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return relayedByProxy(request) || sentByWebPage(request) ? undefined : fallback;
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
}

// What a page of an allowed origin may send (CORS): browsers ask first with a preflight OPTIONS,
// since the calls carry Authorization and a JSON body, and keep the answer this many seconds.
const CORS_REQUEST_HEADERS = 'authorization, content-type, accept, mcp-protocol-version';
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** Answers a browser's preflight for an allowed origin, with the headers MCP clients send. */
function answerPreflight(response: http.ServerResponse): void {
  response.writeHead(204, {
    // GET and DELETE too, so that a browser client reads their 405 instead of a CORS failure.
    'access-control-allow-methods': 'POST, GET, DELETE',
    'access-control-allow-headers': CORS_REQUEST_HEADERS,
    'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
  });
  response.end();
}

/**
 * The path of the request target, or undefined when it is not a URL. Node's parser lets through
 * absolute targets whose host is no host at all (`POST http://[/mcp`), on which `new URL` throws.
 */
function requestPath(request: http.IncomingMessage): string | undefined {
  try {
    return new URL(request.url ?? '/', 'http://localhost').pathname;
  } catch {
    return undefined;
  }
}

/**
 * The tool server over Streamable HTTP (stateless: every POST gets its own server and
 * transport). Each caller acts with its own API token, passed through to the API. The configured
 * SVC_API_TOKEN is the fallback for callers that send no Authorization header, and only on a
 * loopback address and for requests no proxy relayed and no web page sent: otherwise whoever
 * reaches the port, the proxy in front of it or a script on an allowed origin would act with it.
 * Pages of TOOLS_ALLOWED_ORIGINS get CORS answers, their preflight included. On a loopback
 * address only loopback Host headers are accepted, and on any address a request sent by a web
 * page of an origin not in TOOLS_ALLOWED_ORIGINS is refused, so a page cannot reach the server by
 * DNS rebinding (the MCP transport spec asks servers to validate Origin).
 */
export function createToolHttpServer(config: Readonly<ToolServerConfig>): http.Server {
  const checkHost = listensOnLoopback(config);
  const fallbackToken = checkHost ? config.apiToken : undefined;
  const allowedOrigins = new Set(config.allowedOrigins ?? []);
  // The configured address itself is a name callers may use, such as 127.0.0.2.
  const allowedHosts = new Set([...LOOPBACK_NAMES, isIP(config.host) === 6 ? `[${config.host}]` : config.host]);
  return http.createServer(async function handleMcpRequest(request, response) {
    const path = requestPath(request);
    if (path === undefined) return sendJsonRpcError(response, 400, 'Bad request target: not a URL');
    if (path !== MCP_PATH) return sendJsonRpcError(response, 404, `Not found; the MCP endpoint is ${MCP_PATH}`);
    if (checkHost) {
      let hostname: string | undefined;
      try {
        hostname = new URL(`http://${request.headers.host ?? ''}`).hostname;
      } catch {
        hostname = undefined;
      }
      if (!hostname || !allowedHosts.has(hostname)) {
        return sendJsonRpcError(response, 403, 'Host not allowed: this tool server only answers on localhost');
      }
    }
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!allowedOrigins.has(origin)) {
        return sendJsonRpcError(response, 403, `Origin not allowed: ${origin} is not in TOOLS_ALLOWED_ORIGINS`);
      }
      // Every answer from here on, errors included, may be read by the page that asked.
      response.setHeader('access-control-allow-origin', origin);
      // A browser MCP client reads WWW-Authenticate of a 401 to start its sign-in.
      response.setHeader('access-control-expose-headers', 'www-authenticate');
      response.setHeader('vary', 'Origin');
      if (request.method === 'OPTIONS') return answerPreflight(response);
    }
    if (request.method !== 'POST') {
      return sendJsonRpcError(response, 405, 'Method not allowed: this stateless server only takes POST', {
        allow: 'POST',
      });
    }
    const token = requestToken(request, fallbackToken);
    if (!token) {
      return sendJsonRpcError(response, 401, 'Send your Flowgate API token as Authorization: Bearer <token>', {
        'www-authenticate': 'Bearer',
      });
    }
    // A caller that hangs up stops the API calls made for it, instead of leaving them to their time limit.
    const callerGone = new AbortController();
    const api = createApiClient({
      baseUrl: config.apiUrl,
      token,
      timeoutMs: config.apiTimeoutMs,
      signal: callerGone.signal,
    });
    const server = createToolServer(api);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => {
      callerGone.abort();
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request, response);
    } catch (error) {
      console.error('Tool server request failed:', error);
      if (!response.headersSent)
        sendJsonRpcError(response, 500, 'Internal error of the tool server', {}, INTERNAL_ERROR);
    }
  });
}
