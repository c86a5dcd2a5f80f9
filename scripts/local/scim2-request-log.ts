/**
 * Counts the requests a scim2-server served, from its log: the Python standard library's WSGI
 * server writes one line per request (`"POST /v2/Users HTTP/1.1" 201 371`). Each is counted under
 * its method and path with resource ids replaced by `{id}` and the query reduced to its parameter
 * names (`GET /Groups?count&excludedAttributes&filter&startIndex`), so a benchmark can say which
 * requests were made and how many of each.
 */
export interface ScimRequestLog {
  /** Feed for `startScim2Server({ log })`: chunks of the server's output. */
  log(chunk: string): void;
  /** Requests by kind since the last `reset`. */
  counts(): Record<string, number>;
  total(): number;
  reset(): void;
}

const REQUEST_LINE = /"([A-Z]+) (\S+) HTTP\/[\d.]+" (\d{3})/;

/** `GET /v2/Groups/abc?filter=x&count=2` → `GET /Groups/{id}?count&filter`; the status is not part of the kind. */
export function requestKind(method: string, target: string): string {
  const url = new URL(target, 'http://scim.invalid');
  const segments = url.pathname.replace(/^\/v2/, '').split('/').filter(Boolean);
  const path = segments.map((segment, index) => (index === 1 ? '{id}' : segment)).join('/');
  const names = [...new Set(url.searchParams.keys())].sort();
  return `${method} /${path}${names.length ? `?${names.join('&')}` : ''}`;
}

export function scimRequestLog(): ScimRequestLog {
  let counts: Record<string, number> = {};
  let tail = '';
  return {
    log(chunk) {
      const lines = (tail + chunk).split('\n');
      tail = lines.pop() ?? '';
      for (const line of lines) {
        const match = REQUEST_LINE.exec(line);
        if (!match) continue;
        const kind = requestKind(match[1]!, match[2]!);
        counts[kind] = (counts[kind] ?? 0) + 1;
      }
    },
    counts: () => ({ ...counts }),
    total: () => Object.values(counts).reduce((sum, count) => sum + count, 0),
    reset() {
      counts = {};
    },
  };
}
