import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A connector's remote system: answers slowly (so a worker killed at a random moment is often in
 * the middle of a call), counts every request per `Idempotency-Key` and applies the side effect
 * once per key, the way a remote honouring idempotency keys does.
 */
export interface CountingRemote {
  readonly url: string;
  /** Requests received per idempotency key (requests without one count under ''). */
  readonly calls: ReadonlyMap<string, number>;
  /** Keys whose side effect was applied: each exactly once, whatever the number of calls. */
  readonly applied: ReadonlySet<string>;
  close(): Promise<void>;
}

export async function startCountingRemote(options: {
  minDelayMs: number;
  maxDelayMs: number;
}): Promise<CountingRemote> {
  const calls = new Map<string, number>();
  const applied = new Set<string>();
  const server = http.createServer((request, response) => {
    request.resume();
    const key = String(request.headers['idempotency-key'] ?? '');
    calls.set(key, (calls.get(key) ?? 0) + 1);
    // Applied on receipt: a caller killed before the answer arrives has had its effect anyway.
    const replay = applied.has(key);
    if (key) applied.add(key);
    const delay = options.minDelayMs + Math.random() * (options.maxDelayMs - options.minDelayMs);
    const timer = setTimeout(() => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ applied: !replay, replay }));
    }, delay);
    response.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    applied,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
