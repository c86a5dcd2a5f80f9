import { z } from 'zod';
import { parseHttpUrl } from '../connection-urls.js';
import type { CommandSpec, ConnectorHandler, ConnectorResult } from '../handler.js';
import { jsonSchemaOf, parseParameters } from './command-parameters.js';
import { settingsSpec } from './settings-spec.js';
import { describeIssues, failure, failureFromError } from './handler-results.js';
import { positiveInteger } from './handler-options.js';
import { parseAllowedNetworks, type RefusalReporter } from './network-guard.js';
import { describeRequest, sendRequest, withTimeout, type OutboundResponse } from './outbound-request.js';

/**
 * The `http` built-in handler: requests to an external API described by the connector's
 * connection settings (base URL, credentials, static headers).
 *
 * Credentials (`bearerToken`, `basicAuth`, `apiKey`, `headers`) are sent only to the origin of
 * `connection.baseUrl` and the origins in `connection.allowedOrigins`, so a workflow author who
 * writes an absolute URL elsewhere gets the request sent without them. A connection with
 * credentials but no such origin is refused as misconfigured rather than sending them anywhere.
 *
 * Parameters arrive already interpolated (the workflow step or the entitlement call fills in
 * `{{variable}}` references once); the handler never expands them again, so text a user typed
 * that happens to contain `{{...}}` is sent as written.
 */

export interface HttpHandlerOptions {
  /** CIDR ranges, addresses or exact hostnames that may be called although not public. */
  allowedNetworks?: readonly string[];
  /** Gets the detail of each refused destination, for the debug log. */
  reportRefusal?: RefusalReporter;
  /** Responses larger than this fail with `response_too_large`; default 1 MiB. */
  maxResponseBytes?: number;
  /** Per call, on top of the caller's signal; default 30 s. */
  timeoutMs?: number;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
type Method = (typeof METHODS)[number];
const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_API_KEY_HEADER = 'X-API-Key';
// The de facto header (IETF draft "The Idempotency-Key HTTP Header Field"); a step's own
// `headers` may override it.
const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

const scalar = z.union([z.string(), z.number(), z.boolean()]);
const requestParameters = z
  .object({
    method: z.enum(METHODS).default('GET'),
    url: z.string().min(1).describe('Absolute http(s) URL, or a path joined to connection.baseUrl'),
    headers: z.record(z.string(), z.string()).optional(),
    query: z.record(z.string(), z.union([scalar, z.array(scalar)])).optional(),
    body: z.unknown().optional().describe('JSON body (not allowed with GET or HEAD); a string is sent as is'),
    expectStatus: z
      .array(z.number().int().min(100).max(599))
      .min(1)
      .optional()
      .describe('Statuses that count as success; default any 2xx'),
  })
  .strict();
type RequestParameters = z.output<typeof requestParameters>;
const testParameters = z.object({}).strict();

const COMMANDS = {
  request: {
    description:
      'Sends one HTTP request and returns its status, headers and body. Redirects are returned, not followed. ' +
      'Not declared idempotent because POST and PATCH are not; GET, HEAD, PUT and DELETE requests are.',
    idempotent: false,
    // Any method may be sent, so any request may write.
    writes: true,
    parameters: jsonSchemaOf(requestParameters),
  },
  test: {
    description: 'GET of connection.healthUrl (or connection.baseUrl); succeeds on a 2xx answer.',
    idempotent: true,
    parameters: jsonSchemaOf(testParameters),
  },
} as const satisfies Record<string, CommandSpec>;

const connectionSchema = z.object({
  baseUrl: z.string().min(1).optional(),
  allowedOrigins: z.array(z.string().min(1)).optional(),
  healthUrl: z.string().min(1).optional(),
  bearerToken: z.string().min(1).optional(),
  basicAuth: z.object({ username: z.string(), password: z.string() }).optional(),
  apiKey: z.string().min(1).optional(),
  apiKeyHeader: z.string().min(1).default(DEFAULT_API_KEY_HEADER),
  headers: z.record(z.string(), z.string()).optional(),
});
type Connection = z.output<typeof connectionSchema>;

/** One call's connection, with the origins its credentials may be sent to. */
interface CallSettings {
  connection: Connection;
  credentialOrigins: ReadonlySet<string>;
  signal: AbortSignal;
  secrets: string[];
  idempotencyKey?: string;
}

/**
 * Headers a step may not set. `Host` would name another virtual host behind the base URL's
 * address (and, over TLS, the name the certificate is checked against) while the connector's
 * credentials go along; the others describe the connection and the body, which the client sets.
 */
const RESERVED_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);

export function createHttpHandler(options: HttpHandlerOptions = {}): ConnectorHandler {
  const allowedNetworks = parseAllowedNetworks(options.allowedNetworks, options.reportRefusal);
  const maxResponseBytes = positiveInteger(options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, 'maxResponseBytes');
  const timeoutMs = positiveInteger(options.timeoutMs, DEFAULT_TIMEOUT_MS, 'timeoutMs');

  async function send(url: URL, parameters: RequestParameters, call: CallSettings): Promise<ConnectorResult> {
    const { connection, secrets } = call;
    for (const [name, value] of Object.entries(parameters.query ?? {}))
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));

    const method = parameters.method;
    if (parameters.body !== undefined && (method === 'GET' || method === 'HEAD'))
      return failure('invalid_parameters', `body is not allowed with ${method}`, secrets);
    const reserved = Object.keys(parameters.headers ?? {}).find((name) => RESERVED_HEADERS.has(name.toLowerCase()));
    if (reserved)
      return failure('invalid_parameters', `the ${reserved} header is set by the connector, not by a step`, secrets);

    const headers = new HeaderSet();
    headers.set('accept', 'application/json, */*;q=0.5');
    headers.set('user-agent', 'flowgate-http-connector/1.0');
    const withCredentials = call.credentialOrigins.has(url.origin);
    if (withCredentials) headers.setAll(connection.headers ?? {});
    if (call.idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, call.idempotencyKey);
    headers.setAll(parameters.headers ?? {});
    if (withCredentials) {
      if (connection.basicAuth) {
        const { username, password } = connection.basicAuth;
        headers.set('authorization', `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`);
      }
      if (connection.bearerToken) headers.set('authorization', `Bearer ${connection.bearerToken}`);
      if (connection.apiKey) headers.set(connection.apiKeyHeader, connection.apiKey);
    }

    let body: string | undefined;
    if (parameters.body !== undefined) {
      const declaredType = headers.get('content-type');
      if (typeof parameters.body === 'string' && declaredType !== undefined && !isJsonType(declaredType)) {
        body = parameters.body;
      } else {
        body = JSON.stringify(parameters.body);
        if (declaredType === undefined) headers.set('content-type', 'application/json');
      }
    }

    const response = await sendRequest({
      method,
      url,
      headers: headers.toObject(),
      body,
      signal: withTimeout(call.signal, timeoutMs),
      maxResponseBytes,
      allowedNetworks,
    });
    const data = responseData(response, method);
    const accepted =
      parameters.expectStatus?.includes(response.status) ?? (response.status >= 200 && response.status < 300);
    if (accepted) return { success: true, data };
    return failure('http_status', `HTTP ${response.status} from ${describeRequest(method, url)}`, secrets, data);
  }

  return {
    name: 'http',
    version: '1.0.0',
    description: 'HTTP requests to external APIs, with credentials from the connector settings.',
    defaultCommand: 'test',
    commands: COMMANDS,
    urlSettings: { baseUrl: 'url', allowedOrigins: 'origins', healthUrl: 'urlOrPath' },
    settings: settingsSpec(connectionSchema, ['bearerToken', 'basicAuth', 'apiKey', 'headers']),
    async execute(request, context) {
      let secrets: string[] = [];
      try {
        const parsedConnection = connectionSchema.safeParse(request.config.connection);
        if (!parsedConnection.success)
          return failure(
            'invalid_configuration',
            `Connection settings: ${describeIssues(parsedConnection.error.issues)}`,
          );
        const connection = parsedConnection.data;
        secrets = secretsOf(connection);
        const credentialOrigins = credentialOriginsOf(connection);
        if (!credentialOrigins)
          return failure(
            'invalid_configuration',
            'baseUrl must be an http(s) URL and each allowedOrigins entry an http(s) origin (scheme://host[:port])',
            secrets,
          );
        if (credentialOrigins.size === 0 && hasCredentials(connection))
          return failure(
            'invalid_configuration',
            'The connection has credentials but neither baseUrl nor allowedOrigins names where they may be sent',
            secrets,
          );
        const call = {
          connection,
          credentialOrigins,
          signal: context.signal,
          secrets,
          idempotencyKey: request.idempotencyKey,
        };

        const { command } = request.config;
        if (command === 'test') {
          const parameters = parseParameters(testParameters, request.config.parameters, secrets);
          if (!parameters.ok) return parameters.result;
          const target = connection.healthUrl ?? connection.baseUrl;
          if (!target)
            return failure('invalid_configuration', 'The connection has neither healthUrl nor baseUrl', secrets);
          const url = resolveUrl(target, connection.baseUrl);
          if (!url) return failure('invalid_configuration', 'healthUrl must be an http(s) URL or a path', secrets);
          return await send(url, { method: 'GET', url: target }, call);
        }
        if (command !== 'request')
          return failure('unknown_command', `The http connector has no command ${command}`, secrets);

        const parameters = parseParameters(requestParameters, request.config.parameters, secrets);
        if (!parameters.ok) return parameters.result;
        const url = resolveUrl(parameters.value.url, connection.baseUrl);
        if (!url)
          return failure(
            'invalid_parameters',
            'url must be an absolute URL, or a path with connection.baseUrl set',
            secrets,
          );
        return await send(url, parameters.value, call);
      } catch (error) {
        return failureFromError(error, secrets);
      }
    },
  };
}

/** `url` as an absolute http(s) URL, or undefined when it cannot be one. */
function resolveUrl(url: string, baseUrl: string | undefined): URL | undefined {
  try {
    if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return new URL(url);
    if (baseUrl === undefined) return undefined;
    // Joined as text so a path keeps the base's own path (`/v1` + `users` is `/v1/users`).
    return new URL(`${baseUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`);
  } catch {
    return undefined;
  }
}

/**
 * The origins the connection's credentials may be sent to: that of `baseUrl` and each of
 * `allowedOrigins`; undefined when one of them is not an http(s) URL (or, for an allowed
 * origin, has more than scheme, host and port).
 */
function credentialOriginsOf(connection: Connection): Set<string> | undefined {
  const origins = new Set<string>();
  if (connection.baseUrl !== undefined) {
    const base = parseHttpUrl(connection.baseUrl);
    if (!base) return undefined;
    origins.add(base.origin);
  }
  for (const entry of connection.allowedOrigins ?? []) {
    const url = parseHttpUrl(entry);
    if (!url || url.pathname !== '/' || url.search || url.hash || url.username || url.password) return undefined;
    origins.add(url.origin);
  }
  return origins;
}

function hasCredentials(connection: Connection): boolean {
  return (
    connection.bearerToken !== undefined ||
    connection.basicAuth !== undefined ||
    connection.apiKey !== undefined ||
    Object.keys(connection.headers ?? {}).length > 0
  );
}

function responseData(response: OutboundResponse, method: Method): Record<string, unknown> {
  const contentType = headerText(response.headers['content-type']) ?? '';
  let body: unknown = null;
  if (method !== 'HEAD' && response.body.length > 0) {
    const text = response.body.toString('utf8');
    body = text;
    if (isJsonType(contentType)) {
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        // Declared JSON but is not: the text is more useful than an error.
      }
    }
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    const text = headerText(value);
    if (name !== 'set-cookie' && text !== undefined) headers[name.toLowerCase()] = text;
  }
  return { status: response.status, headers, body };
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function isJsonType(contentType: string): boolean {
  return /^application\/([\w.+-]+\+)?json\b/i.test(contentType.trim());
}

function secretsOf(connection: Connection): string[] {
  return [
    connection.bearerToken,
    connection.basicAuth?.password,
    connection.apiKey,
    ...Object.values(connection.headers ?? {}),
  ].filter((value): value is string => value !== undefined);
}

/** Request headers with case-insensitive names; the last setter of a name wins. */
class HeaderSet {
  private readonly entries = new Map<string, [string, string]>();
  set(name: string, value: string): void {
    this.entries.set(name.toLowerCase(), [name, value]);
  }
  setAll(headers: Record<string, string>): void {
    for (const [name, value] of Object.entries(headers)) this.set(name, value);
  }
  get(name: string): string | undefined {
    return this.entries.get(name.toLowerCase())?.[1];
  }
  toObject(): Record<string, string> {
    return Object.fromEntries(this.entries.values());
  }
}
