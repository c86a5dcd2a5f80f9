/**
 * A call of a route that answers text rather than JSON (the workflow docs, a draft's flowchart),
 * which `api` would parse as JSON: a GET, or a POST of `body` (JSON text). Failures are still the
 * API's JSON error body, and a 401 still means the session is gone.
 */
import { ApiError, errorBodyOf, SESSION_LOST_EVENT } from '../api/client';

export async function fetchText(path: string, post?: { method: 'POST'; body: string }): Promise<string> {
  const accept = { accept: 'text/markdown, text/plain' };
  const response = await fetch(path, {
    credentials: 'same-origin',
    ...(post
      ? { method: post.method, body: post.body, headers: { ...accept, 'content-type': 'application/json' } }
      : { headers: accept }),
  });
  const text = await response.text();
  if (response.ok) return text;
  if (response.status === 401) window.dispatchEvent(new Event(SESSION_LOST_EVENT));
  throw new ApiError(response.status, errorBodyOf(response.status, parseJson(text)));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
