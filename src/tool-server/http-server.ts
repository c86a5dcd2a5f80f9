import http from 'node:http';
import { isIP } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createApiClient } from './api-client.js';
import { InFlightCalls } from './http-cancellation.js';
import type { ToolServerConfig } from './config.js';
import { createToolServer } from './server.js';
import { CallerSessions, type CallerSession } from './http-sessions.js';
import { checkToken } from './token-check.js';
import { TOOLSETS, type ToolAccess } from './tool-access.js';

export const MCP_PATH = '/mcp';
/** Where the OAuth protected resource metadata of the endpoint is (RFC 9728), which a 401 points to. */
export const RESOURCE_METADATA_PATH = `/.well-known/oauth-protected-resource${MCP_PATH}`;
// The SDK's own bound on a request body, kept since the body is read here.
const MAX_BODY_BYTES = 4 * 1024 * 1024;

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));

/** Whether the HTTP transport listens on a loopback address, where only this machine reaches it. */
export const listensOnLoopback = (config: Pick<ToolServerConfig, 'host'>) => isLoopback(config.host);

// JSON-RPC's code for an error of the server itself, and the SDK's for errors of the transport.
const INTERNAL_ERROR = -32603;
const TRANSPORT_ERROR = -32000;
const PARSE_ERROR = -32700;

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

/** The address callers reach the server at: the Host they used, with https when a proxy says so. */
function publicBase(request: http.IncomingMessage, config: Pick<ToolServerConfig, 'host' | 'port'>): string {
  const scheme = request.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  return `${scheme}://${request.headers.host ?? `${config.host}:${config.port}`}`;
}

/**
 * The challenge of a 401, as the MCP authorization spec asks: the Bearer scheme and where the
 * protected resource metadata is, with RFC 6750's invalid_token when a token was sent and refused.
 */
function bearerChallenge(metadataUrl: string, refusal?: string): string {
  const parts = [`resource_metadata="${metadataUrl}"`];
  if (refusal !== undefined)
    parts.unshift('error="invalid_token"', `error_description="${refusal.replace(/["\\]/g, '')}"`);
  return `Bearer ${parts.join(', ')}`;
}

/** The request body as JSON, or the status and message to answer instead. */
async function jsonBody(
  request: http.IncomingMessage,
): Promise<{ ok: true; value: unknown } | { ok: false; status: number; message: string; code: number }> {
  const tooLarge = {
    ok: false as const,
    status: 413,
    message: `Request body over ${MAX_BODY_BYTES} bytes`,
    code: TRANSPORT_ERROR,
  };
  if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return tooLarge;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of request as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return tooLarge;
      chunks.push(chunk);
    }
  } catch {
    // The caller went away while sending; nobody reads this answer.
    return { ok: false, status: 400, message: 'The request body could not be read', code: TRANSPORT_ERROR };
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return { ok: false, status: 400, message: 'Parse error: Invalid JSON', code: PARSE_ERROR };
  }
}

type Message = { method?: unknown; params?: unknown };
const messagesOf = (body: unknown): Message[] =>
  (Array.isArray(body) ? body : [body]).filter(
    (message): message is Message => message !== null && typeof message === 'object',
  );

/** The initialize message of a POST, which opens a session: where the token is checked. */
const initializeOf = (body: unknown): Message | undefined =>
  messagesOf(body).find((message) => message.method === 'initialize');

/** Whether a POST lists or calls tools, which needs the caller's permissions. */
const usesTools = (body: unknown): boolean =>
  messagesOf(body).some((message) => typeof message.method === 'string' && message.method.startsWith('tools/'));

/** The client's name from initialize's clientInfo, when it gave one. */
const clientNameOf = (initialize: Message): string | undefined => {
  const name = (initialize.params as { clientInfo?: { name?: unknown } } | undefined)?.clientInfo?.name;
  return typeof name === 'string' ? name : undefined;
};

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
  const inFlight = new InFlightCalls();
  const sessions = new CallerSessions();
  // The configured address itself is a name callers may use, such as 127.0.0.2.
  const allowedHosts = new Set([...LOOPBACK_NAMES, isIP(config.host) === 6 ? `[${config.host}]` : config.host]);
  return http.createServer(async function handleMcpRequest(request, response) {
    const path = requestPath(request);
    if (path === undefined) return sendJsonRpcError(response, 400, 'Bad request target: not a URL');
    if (path !== MCP_PATH && path !== RESOURCE_METADATA_PATH)
      return sendJsonRpcError(response, 404, `Not found; the MCP endpoint is ${MCP_PATH}`);
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
    const metadataUrl = `${publicBase(request, config)}${RESOURCE_METADATA_PATH}`;
    if (path === RESOURCE_METADATA_PATH) {
      if (request.method !== 'GET') return sendJsonRpcError(response, 405, 'Method not allowed', { allow: 'GET' });
      // No authorization server: callers bring an API token made in Flowgate (docs/tool-server.md).
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          resource: `${publicBase(request, config)}${MCP_PATH}`,
          bearer_methods_supported: ['header'],
          resource_name: 'Flowgate tool server',
        }),
      );
      return;
    }
    if (request.method !== 'POST') {
      return sendJsonRpcError(response, 405, 'Method not allowed: this stateless server only takes POST', {
        allow: 'POST',
      });
    }
    const token = requestToken(request, fallbackToken);
    if (!token) {
      return sendJsonRpcError(response, 401, 'Send your Flowgate API token as Authorization: Bearer <token>', {
        'www-authenticate': bearerChallenge(metadataUrl),
      });
    }
    const body = await jsonBody(request);
    if (!body.ok) return sendJsonRpcError(response, body.status, body.message, {}, body.code);
    // Aborted when the caller hangs up, or cancels a call of this POST in another one: the API
    // calls made for it stop, instead of running to their time limit.
    const callerGone = new AbortController();
    inFlight.cancel(token, body.value);
    const untrack = inFlight.track(token, body.value, callerGone);
    response.on('close', () => {
      untrack();
      callerGone.abort();
    });
    const initialize = initializeOf(body.value);
    const clientName = initialize ? clientNameOf(initialize) : sessions.clientName(token);
    const api = createApiClient({
      baseUrl: config.apiUrl,
      token,
      timeoutMs: config.apiTimeoutMs,
      signal: callerGone.signal,
      clientName: () => clientName,
    });
    // Checked once per session, at initialize: a wrong or revoked token is refused there, not at
    // each call. Its permissions are remembered for the tools/list and tools/call that follow.
    let session: CallerSession | undefined = initialize ? undefined : sessions.fresh(token);
    if (initialize || (session === undefined && usesTools(body.value))) {
      const check = await checkToken(api);
      if (initialize && check.refusal) {
        return sendJsonRpcError(response, 401, `The Flowgate API refused this token: ${check.refusal}`, {
          'www-authenticate': bearerChallenge(metadataUrl, check.refusal),
        });
      }
      session = { permissions: check.permissions, clientName, checkedAt: Date.now() };
      if (check.permissions) sessions.remember(token, session);
    }
    const access: ToolAccess = {
      toolsets: new Set(config.toolsets ?? TOOLSETS),
      readOnly: config.readOnly ?? false,
      permissions: session?.permissions,
    };
    const server = createToolServer(api, access);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request, response, body.value);
    } catch (error) {
      console.error('Tool server request failed:', error);
      if (!response.headersSent)
        sendJsonRpcError(response, 500, 'Internal error of the tool server', {}, INTERNAL_ERROR);
    }
  });
}
