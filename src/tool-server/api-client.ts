/**
 * The tool server's only way into the service: HTTP calls to the API, each with a time limit.
 * Failures are values, not exceptions, so a tool can always answer with a clear error result.
 * Failures never name the API's address: an HTTP caller with any bearer string would learn it.
 */

export type QueryValue = string | number | boolean | undefined;

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under the API base address, e.g. `/api/workflows`. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiFailure {
  /** The HTTP status, or null when no answer came. */
  status: number | null;
  /**
   * The API's error code, or `api_unreachable`, `api_timeout`, `api_redirected`, `api_bad_response`,
   * `invalid_arguments`, `cancelled`.
   */
  code: string;
  message: string;
  details?: unknown;
}

export type ApiResult = { ok: true; status: number; data: unknown } | { ok: false; failure: ApiFailure };

export interface ApiClient {
  /** `cancelled` is aborted when the caller withdraws this one call (an MCP cancellation). */
  call(request: ApiRequest, cancelled?: AbortSignal): Promise<ApiResult>;
}

export interface ApiClientOptions {
  baseUrl: string;
  /** Sent as `Authorization: Bearer <token>`; without one the API answers 401. */
  token?: string;
  timeoutMs: number;
  /** Aborted when whoever the calls are made for has gone away: calls still under way stop. */
  signal?: AbortSignal;
  fetch?: typeof globalThis.fetch;
  /**
   * The assistant client's name from `initialize`, sent with every call (X-Flowgate-Client) beside
   * X-Flowgate-Via: tool_server, so that the API's audit says which assistant acted. Labels only:
   * the API never authorizes by them.
   */
  clientName?: () => string | undefined;
}

/** The request headers that attribute a call to the tool server and the assistant client. */
export const VIA_HEADER = 'x-flowgate-via';
export const CLIENT_HEADER = 'x-flowgate-client';

function urlOf(baseUrl: string, request: ApiRequest): string {
  const url = new URL(`${baseUrl}${request.path}`);
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

function failureOfBody(status: number, body: unknown, text: string): ApiFailure {
  if (body !== null && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    const error = body as { code?: unknown; message: string; details?: unknown };
    return {
      status,
      code: typeof error.code === 'string' ? error.code : `http_${status}`,
      message: error.message,
      details: error.details,
    };
  }
  return { status, code: 'api_bad_response', message: `The API answered ${status}: ${text.slice(0, 200)}` };
}

/**
 * The request body as JSON, or the failure to report for arguments that cannot be sent: nested so
 * deep that JSON.stringify runs out of stack (the API refuses more than 32 levels anyway).
 */
function serialised(body: unknown): string | undefined | ApiFailure {
  if (body === undefined) return undefined;
  try {
    return JSON.stringify(body);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return {
      status: null,
      code: 'invalid_arguments',
      message: 'The arguments nest objects and arrays too deeply to send: the API accepts at most 32 levels',
    };
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  return {
    async call(request, cancelled) {
      const headers: Record<string, string> = {
        accept: 'application/json, text/markdown, text/plain',
        ...request.headers,
      };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      headers[VIA_HEADER] = 'tool_server';
      const clientName = options.clientName?.();
      // Header values must be visible ASCII; the API bounds and cleans the label again.
      if (clientName) headers[CLIENT_HEADER] = clientName.replace(/[^\x20-\x7e]/g, '?').slice(0, 100);
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      const body = serialised(request.body);
      if (typeof body === 'object') return { ok: false, failure: body };
      let response: Response;
      let text: string;
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const withdrawn = [options.signal, cancelled].filter((signal) => signal !== undefined);
      try {
        response = await fetchImpl(urlOf(options.baseUrl, request), {
          method: request.method,
          headers,
          body,
          // A redirect would carry the caller's token to wherever it points.
          redirect: 'manual',
          signal: withdrawn.length > 0 ? AbortSignal.any([timeout, ...withdrawn]) : timeout,
        });
        text = await response.text();
      } catch (error) {
        if (withdrawn.some((signal) => signal.aborted)) return { ok: false, failure: CANCELLED };
        return { ok: false, failure: failureOfFetch(error, options) };
      }
      if (response.status >= 300 && response.status < 400) {
        return {
          ok: false,
          failure: {
            status: response.status,
            code: 'api_redirected',
            message: `The API answered ${response.status}, a redirect, which the tool server does not follow: SVC_API_URL must be the API's own address`,
          },
        };
      }
      const isJson = (response.headers.get('content-type') ?? '').includes('json');
      let data: unknown = text;
      if (isJson) {
        try {
          data = JSON.parse(text);
        } catch {
          return {
            ok: false,
            failure: { status: response.status, code: 'api_bad_response', message: 'The API sent invalid JSON' },
          };
        }
      }
      if (!response.ok) return { ok: false, failure: failureOfBody(response.status, data, text) };
      return { ok: true, status: response.status, data };
    },
  };
}

const CANCELLED: ApiFailure = {
  status: null,
  code: 'cancelled',
  message: 'The call was cancelled: whoever asked for it went away or withdrew it',
};

/** Why a call the caller did not withdraw got no answer: the time limit passed, or the API could not be reached. */
function failureOfFetch(error: unknown, options: ApiClientOptions): ApiFailure {
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  if (timedOut) {
    return {
      status: null,
      code: 'api_timeout',
      message: `The Flowgate API did not answer within ${options.timeoutMs} ms`,
    };
  }
  return {
    status: null,
    code: 'api_unreachable',
    message: `Could not reach the Flowgate API (${causeOf(error)}): check the tool server's SVC_API_URL`,
  };
}

/** The innermost reason of a failed fetch (`ECONNREFUSED`, ...), which is what a person can act on. */
function causeOf(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error && current.cause !== undefined) current = current.cause;
  // The code only (`ECONNREFUSED`): the message names the address.
  const code = current instanceof Error ? (current as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : 'no connection';
}
