import type { RunningScim2Server } from '../../scripts/local/scim2-server.js';

/** One request straight to a running scim2-server with its token: what the remote system holds. */
export async function scim2Request(
  server: RunningScim2Server,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<Record<string, any>> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/scim+json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await response.json()) as Record<string, any>;
}
