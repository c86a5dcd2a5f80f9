import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ConnectorError } from '../../connector-error.js';
import type { ConnectorAccounts } from '../../handler.js';
import { describeIssues } from '../handler-results.js';
import type { AllowedNetworks } from '../network-guard.js';
import { describeRequest, sendRequest, untilAborted, type OutboundResponse } from '../outbound-request.js';
import type { Connection } from './connection.js';

/**
 * The HTTP side of a SCIM target: authentication (a static bearer token, basic, or an OAuth 2.0
 * client-credentials token cached until shortly before it expires), retries of 429 and 5xx as the
 * answer says within the command's time, and SCIM errors turned into stable failure codes.
 */

export const SCIM_CONTENT_TYPE = 'application/scim+json';
// Retries of one request after 429 or 5xx; the command's time limit bounds them as well.
const MAX_RETRIES = 5;
const FIRST_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 8_000;
const TOKEN_RENEWAL_MARGIN_MS = 30_000;
const DEFAULT_TOKEN_LIFETIME_S = 300;

export interface ScimClientOptions {
  allowedNetworks: AllowedNetworks;
  /** Of one command, and of a token request, which no single caller's signal may cut short. */
  timeoutMs: number;
  maxResponseBytes: number;
  now: () => number;
}

export interface ScimResponse {
  status: number;
  body: unknown;
  /** The `ETag` header, when the target sent one. */
  etag: string | undefined;
  method: string;
  url: URL;
}

export interface ScimCallOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Sent as `If-Match`: the write applies only to that version. */
  ifMatch?: string;
}

/** One command's view of a SCIM target. */
export interface ScimTarget {
  readonly baseUrl: string;
  readonly connection: Connection;
  /** Secrets and access tokens used, kept out of every message. */
  readonly secrets: string[];
  /** Account links and profiles; absent where the call has no connector record behind it. */
  readonly accounts: ConnectorAccounts | undefined;
  /** Identifies the target and credentials, for caches shared by commands. */
  readonly cacheKey: string;
  /** One request (`path` relative to the SCIM root), retried after 429 and 5xx. */
  call(method: string, path: string, options?: ScimCallOptions): Promise<ScimResponse>;
  /** `call`, failing on any status but 2xx. */
  callOk(method: string, path: string, options?: ScimCallOptions): Promise<ScimResponse>;
}

interface CachedToken {
  value: string;
  renewAt: number;
}

export function createScimClient(options: ScimClientOptions) {
  const { allowedNetworks, timeoutMs, maxResponseBytes, now } = options;
  const tokens = new Map<string, CachedToken>();
  const tokenRequests = new Map<string, Promise<CachedToken>>();

  async function requestToken(connection: Connection): Promise<CachedToken> {
    const url = new URL(connection.tokenUrl!);
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (connection.scope) form.set('scope', connection.scope);
    const issuedAt = now();
    const response = await sendRequest({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        authorization: basic(connection.clientId!, connection.clientSecret!),
      },
      body: form.toString(),
      signal: AbortSignal.timeout(timeoutMs),
      maxResponseBytes,
      allowedNetworks,
    });
    const parsed = tokenResponse.safeParse(parseJson(response));
    if (response.status !== 200 || !parsed.success)
      throw new ConnectorError(
        response.status === 400 || response.status === 401 ? 'authentication_failed' : 'invalid_response',
        `The token request (${describeRequest('POST', url)}) failed with HTTP ${response.status}`,
      );
    const lifetimeMs = (parsed.data.expires_in ?? DEFAULT_TOKEN_LIFETIME_S) * 1000;
    return {
      value: parsed.data.access_token,
      renewAt: issuedAt + lifetimeMs - Math.min(TOKEN_RENEWAL_MARGIN_MS, lifetimeMs / 10),
    };
  }

  async function authorization(
    connection: Connection,
    key: string,
    secrets: string[],
    signal: AbortSignal,
    rejected?: string,
  ): Promise<string> {
    if (connection.authentication === 'bearer') return `Bearer ${connection.bearerToken!}`;
    if (connection.authentication === 'basic') return basic(connection.username!, connection.password!);
    const cached = tokens.get(key);
    if (cached && `Bearer ${cached.value}` !== rejected && now() < cached.renewAt) {
      secrets.push(cached.value);
      return `Bearer ${cached.value}`;
    }
    if (cached) tokens.delete(key);
    let pending = tokenRequests.get(key);
    if (!pending) {
      // Shared by concurrent callers, and under its own timeout: one caller giving up fails no other.
      pending = requestToken(connection)
        .then((token) => {
          tokens.set(key, token);
          return token;
        })
        .finally(() => tokenRequests.delete(key));
      tokenRequests.set(key, pending);
    }
    const token = await untilAborted(pending, signal).catch((error: unknown) => {
      if (signal.aborted) throw new ConnectorError('timeout', 'The token request did not complete in time');
      throw error;
    });
    secrets.push(token.value);
    return `Bearer ${token.value}`;
  }

  return {
    /** The target of `connection` (its base URL already normalised) for one command's calls. */
    target(
      connection: Connection,
      baseUrl: string,
      signal: AbortSignal,
      secrets: string[],
      accounts: ConnectorAccounts | undefined,
    ): ScimTarget {
      const started = now();
      const credential =
        connection.authentication === 'oauth2'
          ? [connection.tokenUrl, connection.clientId, connection.clientSecret].join('\n')
          : connection.authentication === 'basic'
            ? [connection.username, connection.password].join('\n')
            : (connection.bearerToken ?? '');
      const cacheKey = sha256([baseUrl, connection.authentication, credential].join('\n'));

      async function call(method: string, path: string, callOptions: ScimCallOptions = {}): Promise<ScimResponse> {
        const url = new URL(`${baseUrl}${path}`);
        for (const [name, value] of Object.entries(callOptions.query ?? {}))
          if (value !== undefined) url.searchParams.set(name, String(value));
        const headers: Record<string, string> = { accept: `${SCIM_CONTENT_TYPE}, application/json` };
        const body = callOptions.body === undefined ? undefined : JSON.stringify(callOptions.body);
        if (body !== undefined) headers['content-type'] = SCIM_CONTENT_TYPE;
        if (callOptions.ifMatch) headers['if-match'] = callOptions.ifMatch;

        let auth = await authorization(connection, cacheKey, secrets, signal);
        let renewed = false;
        for (let attempt = 0; ; attempt += 1) {
          const response = await sendRequest({
            method,
            url,
            headers: { ...headers, authorization: auth },
            body,
            signal,
            maxResponseBytes,
            allowedNetworks,
          });
          if (response.status === 401 && connection.authentication === 'oauth2' && !renewed) {
            renewed = true;
            auth = await authorization(connection, cacheKey, secrets, signal, auth);
            continue;
          }
          const wait = retryable(response) && attempt < MAX_RETRIES ? retryDelay(response, attempt, now()) : undefined;
          // A wait the command's time cannot hold is not begun: the answer stands as the outcome.
          if (wait === undefined || now() + wait >= started + timeoutMs) return scimResponse(response, method, url);
          await sleep(
            wait,
            signal,
            () => new ConnectorError('timeout', `${describeRequest(method, url)} did not complete in time`),
          );
        }
      }

      return {
        baseUrl,
        connection,
        secrets,
        accounts,
        cacheKey,
        call,
        async callOk(method, path, callOptions) {
          const response = await call(method, path, callOptions);
          if (response.status < 200 || response.status >= 300) throw statusFailure(response);
          return response;
        },
      };
    },
  };
}

function retryable(response: OutboundResponse): boolean {
  return response.status === 429 || (response.status >= 500 && response.status !== 501);
}

/** What `Retry-After` asks for (seconds or an HTTP date), else an exponential backoff. */
export function retryDelay(response: Pick<OutboundResponse, 'headers'>, attempt: number, now: number): number {
  const header = response.headers['retry-after'];
  const text = Array.isArray(header) ? header[0] : header;
  if (text !== undefined) {
    if (/^\s*\d+\s*$/.test(text)) return Number(text.trim()) * 1000;
    const date = Date.parse(text);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  return Math.min(FIRST_BACKOFF_MS * 2 ** attempt, MAX_BACKOFF_MS);
}

function sleep(ms: number, signal: AbortSignal, aborted: () => Error): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(aborted());
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function scimResponse(response: OutboundResponse, method: string, url: URL): ScimResponse {
  const etag = response.headers.etag;
  return {
    status: response.status,
    body: parseJson(response),
    etag: typeof etag === 'string' ? etag : undefined,
    method,
    url,
  };
}

const scimError = z.looseObject({
  detail: z.string().optional(),
  scimType: z.string().optional(),
});

/** The `scimType` of a SCIM error response (`uniqueness`, `invalidFilter`, ...). */
export function scimTypeOf(response: ScimResponse): string | undefined {
  const parsed = scimError.safeParse(response.body);
  return parsed.success ? parsed.data.scimType : undefined;
}

/** The failure of a response that is not 2xx, coded by its status. */
export function statusFailure(response: ScimResponse): ConnectorError {
  const target = describeRequest(response.method, response.url);
  const parsed = scimError.safeParse(response.body);
  const scimType = parsed.success ? parsed.data.scimType : undefined;
  const detail = parsed.success ? parsed.data.detail?.slice(0, 300) : undefined;
  const suffix = [scimType, detail].filter(Boolean).join(': ');
  const message = `HTTP ${response.status} from ${target}${suffix ? ` (${suffix})` : ''}`;
  const data = { status: response.status, ...(scimType ? { scimType } : {}) };
  const code =
    response.status === 400
      ? 'invalid_request'
      : response.status === 401
        ? 'authentication_failed'
        : response.status === 403
          ? 'forbidden'
          : response.status === 404
            ? 'not_found'
            : response.status === 409
              ? scimType === 'uniqueness'
                ? 'already_exists'
                : 'conflict'
              : response.status === 412
                ? 'precondition_failed'
                : response.status === 429
                  ? 'rate_limited'
                  : response.status === 501
                    ? 'not_supported'
                    : response.status >= 500
                      ? 'unavailable'
                      : 'http_status';
  return new ConnectorError(code, message, { data });
}

/** The body of a response parsed with `schema`, or an `invalid_response` failure. */
export function expectShape<T extends z.ZodType>(schema: T, response: ScimResponse): z.output<T> {
  const parsed = schema.safeParse(response.body);
  if (parsed.success) return parsed.data;
  throw new ConnectorError(
    'invalid_response',
    `Unexpected response from ${describeRequest(response.method, response.url)}: ${describeIssues(parsed.error.issues)}`,
  );
}

const tokenResponse = z.looseObject({ access_token: z.string().min(1), expires_in: z.number().positive().optional() });

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

function parseJson(response: OutboundResponse): unknown {
  if (response.body.length === 0) return undefined;
  try {
    return JSON.parse(response.body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
