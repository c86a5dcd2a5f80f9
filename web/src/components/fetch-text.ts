/**
 * GET of a route that answers text rather than JSON (the workflow docs), which `api` would parse
 * as JSON. Failures are still the API's JSON error body, and a 401 still means the session is gone.
 */
import { ApiError, errorBodyOf, SESSION_LOST_EVENT } from '../api/client';

export async function fetchText(path: string): Promise<string> {
  const response = await fetch(path, { credentials: 'same-origin', headers: { accept: 'text/markdown, text/plain' } });
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
