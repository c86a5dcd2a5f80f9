/**
 * The console's only way to the API: same-origin fetch with the session cookie. Browsers send
 * `Origin` on non-GET fetches themselves, which is what the API's CSRF check reads
 * (docs/authentication.md), so no token is kept anywhere in the page.
 */

/** The API's one error body (docs/api-conventions.md). */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  code: string;
  message: string;
  details?: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
  }
}

/** Fired when a non-auth call answers 401: the session is gone (spec 7). */
export const SESSION_LOST_EVENT = 'flowgate:session-lost';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `headers` adds request headers, such as the `If-Match` of a conditional write. */
export async function api<T>(
  method: Method,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      ...headers,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 401 && !path.startsWith('/api/auth/')) {
    window.dispatchEvent(new Event(SESSION_LOST_EVENT));
  }
  const text = await response.text();
  const parsed: unknown = text === '' ? undefined : JSON.parse(text);
  if (!response.ok) throw new ApiError(response.status, errorBodyOf(response.status, parsed));
  return parsed as T;
}

export function errorBodyOf(status: number, parsed: unknown): ApiErrorBody {
  if (parsed && typeof parsed === 'object' && 'message' in parsed) return parsed as ApiErrorBody;
  return { statusCode: status, error: String(status), code: 'unknown', message: `The server answered ${status}` };
}

/** Builds `path?query` from the defined, non-empty values only. */
export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}
