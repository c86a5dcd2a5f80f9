import type { ApiClient } from './api-client.js';

/**
 * Whether the API refuses the token outright (wrong, revoked, expired, its user inactive): the
 * API's reason, or undefined when it accepts it or could not say. A token that only lacks
 * permissions passes: `GET /api/auth/me` needs none, and each tool names what it misses.
 */
export async function tokenRefusal(api: ApiClient, signal?: AbortSignal): Promise<string | undefined> {
  const result = await api.call({ method: 'GET', path: '/api/auth/me' }, signal);
  if (result.ok || result.failure.status !== 401) return undefined;
  return result.failure.message;
}
