import http from 'node:http';
import type { AddressInfo } from 'node:net';

// Headers of the connection to the proxy, not of the request it passes on.
const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface HoldingProxy {
  /** The upstream URL with the proxy's origin: what the connector under test is given. */
  readonly url: string;
  /** The paths of the account writes passed on to the server, in order. */
  readonly forwarded: string[];
  /** Holds the `nth` account write from now (counted from 1) without ever answering it; resolves when it arrives. */
  holdWrite(nth: number): Promise<void>;
  /** Passes every write on again. */
  release(): void;
  close(): Promise<void>;
}

/**
 * A proxy in front of a real SCIM server that passes everything on, except one account write
 * (a PATCH or PUT of a user) it can be told to hold and never answer: the moment to kill a worker
 * in the middle of its writes.
 */
export async function startHoldingProxy(upstreamUrl: string): Promise<HoldingProxy> {
  const upstream = new URL(upstreamUrl);
  const forwarded: string[] = [];
  let writes = 0;
  let held: { nth: number; arrived: () => void } | undefined;
  const server = http.createServer(async (request, response) => {
    const body = await readBody(request);
    const isWrite = (request.method === 'PATCH' || request.method === 'PUT') && /\/Users\//.test(request.url ?? '');
    if (isWrite) {
      writes += 1;
      if (held && writes === held.nth) return held.arrived();
    }
    const answer = await fetch(`${upstream.origin}${request.url}`, {
      method: request.method,
      headers: Object.fromEntries(
        Object.entries(request.headers).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && !HOP_HEADERS.has(entry[0]),
        ),
      ),
      body: body.length > 0 ? body : undefined,
    });
    if (isWrite) forwarded.push(request.url!);
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${upstream.pathname}`,
    forwarded,
    holdWrite: (nth) => new Promise<void>((arrived) => (held = { nth: writes + nth, arrived })),
    release: () => void (held = undefined),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
