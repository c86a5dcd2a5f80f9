import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ConnectorError } from '../../connector-error.js';
import { describeIssues } from '../handler-results.js';
import type { AllowedNetworks } from '../network-guard.js';
import { describeRequest, sendRequest, untilAborted, type OutboundResponse } from '../outbound-request.js';

/**
 * The Keycloak Admin REST API client: the client-credentials token (cached per realm and client,
 * renewed before expiry, one request shared by concurrent callers) and admin calls that renew a
 * rejected token once.
 */

// Tokens are renewed this long before they expire (at most), so none expires in flight.
const TOKEN_RENEWAL_MARGIN_MS = 30_000;
// Keycloak's own default access-token lifespan, for a token response without expires_in.
const DEFAULT_TOKEN_LIFETIME_S = 300;

export const connectionSchema = z.object({
  baseUrl: z.string().min(1),
  realm: z.string().min(1),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
});
export type Connection = z.output<typeof connectionSchema>;

export interface KeycloakClientOptions {
  allowedNetworks: AllowedNetworks;
  /** Of a token request, which no single caller's signal may cut short. */
  timeoutMs: number;
  maxResponseBytes: number;
  now: () => number;
}

export interface AdminResponse {
  status: number;
  body: unknown;
  method: string;
  url: URL;
}

export interface AdminCallOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
}

/** One command's view of the realm: admin calls under the call's signal. */
export interface KeycloakRealm {
  /** The client secret and the access tokens used, kept out of every message. */
  readonly secrets: string[];
  /** One Admin API call (`path` relative to the realm); a 401 renews the token and retries once. */
  admin(method: string, path: string, options?: AdminCallOptions): Promise<AdminResponse>;
  /** `admin`, failing on any status but 2xx. */
  adminOk(method: string, path: string, options?: AdminCallOptions): Promise<AdminResponse>;
}

interface CachedToken {
  value: string;
  renewAt: number;
}

interface Session {
  connection: Connection;
  baseUrl: string;
  realmPath: string;
  tokenCacheKey: string;
  signal: AbortSignal;
  secrets: string[];
}

export function createKeycloakClient(options: KeycloakClientOptions) {
  const { allowedNetworks, timeoutMs, maxResponseBytes, now } = options;
  const tokens = new Map<string, CachedToken>();
  const tokenRequests = new Map<string, Promise<CachedToken>>();

  async function send(session: Session, method: string, url: URL, headers: Record<string, string>, body?: string) {
    return sendRequest({ method, url, headers, body, signal: session.signal, maxResponseBytes, allowedNetworks });
  }

  async function requestToken(session: Session): Promise<CachedToken> {
    const { connection } = session;
    const url = new URL(
      `${session.baseUrl}/realms/${encodeURIComponent(connection.realm)}/protocol/openid-connect/token`,
    );
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: connection.clientId,
      client_secret: connection.clientSecret,
    });
    const issuedAt = now();
    const response = await send(
      session,
      'POST',
      url,
      { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      form.toString(),
    );
    const body = parseJson(response);
    if (response.status !== 200) {
      const reason = oauthError(body);
      const code =
        response.status === 400 || response.status === 401
          ? 'authentication_failed'
          : response.status === 404
            ? 'not_found'
            : 'http_status';
      throw new ConnectorError(
        code,
        `The token request (${describeRequest('POST', url)}) was refused with HTTP ${response.status}${reason ? ` (${reason})` : ''}`,
      );
    }
    const parsed = tokenResponse.safeParse(body);
    if (!parsed.success)
      throw new ConnectorError('invalid_response', `The token response from ${url.host} has no access_token`);
    const lifetimeMs = (parsed.data.expires_in ?? DEFAULT_TOKEN_LIFETIME_S) * 1000;
    return {
      value: parsed.data.access_token,
      renewAt: issuedAt + lifetimeMs - Math.min(TOKEN_RENEWAL_MARGIN_MS, lifetimeMs / 10),
    };
  }

  /** A valid access token: the cached one unless it is `rejected` or near expiry. Concurrent callers share one request. */
  async function accessToken(session: Session, rejected?: string): Promise<string> {
    const key = session.tokenCacheKey;
    const cached = tokens.get(key);
    if (cached && cached.value !== rejected && now() < cached.renewAt) return cached.value;
    if (cached) tokens.delete(key);
    let pending = tokenRequests.get(key);
    if (!pending) {
      // Its own timeout, not the first caller's signal, so one caller giving up fails no other.
      const tokenSession = { ...session, signal: AbortSignal.timeout(timeoutMs) };
      pending = requestToken(tokenSession)
        .then((token) => {
          tokens.set(key, token);
          return token;
        })
        .finally(() => tokenRequests.delete(key));
      tokenRequests.set(key, pending);
    }
    const token = await untilAborted(pending, session.signal);
    session.secrets.push(token.value);
    return token.value;
  }

  async function admin(
    session: Session,
    method: string,
    path: string,
    options: AdminCallOptions = {},
  ): Promise<AdminResponse> {
    const url = new URL(`${session.baseUrl}${session.realmPath}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { accept: 'application/json' };
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] = 'application/json';

    let token = await accessToken(session);
    let response = await send(session, method, url, { ...headers, authorization: `Bearer ${token}` }, body);
    if (response.status === 401) {
      token = await accessToken(session, token);
      response = await send(session, method, url, { ...headers, authorization: `Bearer ${token}` }, body);
    }
    return { status: response.status, body: parseJson(response), method, url };
  }

  return {
    /** The realm of `connection` (its base URL already normalised) for one command's calls. */
    realm(connection: Connection, baseUrl: string, signal: AbortSignal, secrets: string[]): KeycloakRealm {
      const session: Session = {
        connection,
        baseUrl,
        realmPath: `/admin/realms/${encodeURIComponent(connection.realm)}`,
        tokenCacheKey: [baseUrl, connection.realm, connection.clientId, sha256(connection.clientSecret)].join('\n'),
        signal,
        secrets,
      };
      return {
        secrets,
        admin: (method, path, callOptions) => admin(session, method, path, callOptions),
        async adminOk(method, path, callOptions) {
          const response = await admin(session, method, path, callOptions);
          if (response.status < 200 || response.status >= 300) throw statusFailure(response);
          return response;
        },
      };
    },
  };
}

/** The body of an admin response parsed with `schema`, or an `invalid_response` failure. */
export function expectShape<T extends z.ZodType>(schema: T, response: AdminResponse): z.output<T> {
  const parsed = schema.safeParse(response.body);
  if (parsed.success) return parsed.data;
  throw new ConnectorError(
    'invalid_response',
    `Unexpected response from ${describeRequest(response.method, response.url)}: ${describeIssues(parsed.error.issues)}`,
  );
}

/** The failure of an admin response that is not 2xx, coded by its status. */
export function statusFailure(response: AdminResponse): ConnectorError {
  const target = describeRequest(response.method, response.url);
  const detail = keycloakMessage(response.body);
  const suffix = detail ? ` (${detail})` : '';
  switch (response.status) {
    case 401:
      return new ConnectorError('authentication_failed', `Keycloak refused the access token for ${target}${suffix}`);
    case 403:
      return new ConnectorError(
        'forbidden',
        `Keycloak answered 403 to ${target}${suffix}: the client's service account lacks a realm-management role`,
      );
    case 404:
      return new ConnectorError('not_found', `Keycloak answered 404 to ${target}${suffix}`);
    case 409:
      return new ConnectorError('conflict', `Keycloak answered 409 to ${target}${suffix}`);
    default:
      return new ConnectorError('http_status', `HTTP ${response.status} from ${target}${suffix}`);
  }
}

const tokenResponse = z.looseObject({ access_token: z.string().min(1), expires_in: z.number().positive().optional() });
const keycloakError = z.looseObject({ error: z.string().optional(), errorMessage: z.string().optional() });

function keycloakMessage(body: unknown): string | undefined {
  const parsed = keycloakError.safeParse(body);
  const text = parsed.success ? (parsed.data.errorMessage ?? parsed.data.error) : undefined;
  return text?.slice(0, 200);
}

const oauthErrorBody = z.looseObject({ error: z.string(), error_description: z.string().optional() });

function oauthError(body: unknown): string | undefined {
  const parsed = oauthErrorBody.safeParse(body);
  if (!parsed.success) return undefined;
  const { error, error_description: description } = parsed.data;
  return (description ? `${error}: ${description}` : error).slice(0, 200);
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
