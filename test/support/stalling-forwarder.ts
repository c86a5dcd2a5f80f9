import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface StallingForwarder {
  /** Where to connect instead of the upstream. */
  readonly port: number;
  /** From now on, data is dropped both ways while every connection stays open: a network black hole. */
  stall(): void;
  /** Data flows again; what was dropped stays lost, so connections opened before are out of step. */
  resume(): void;
  /** From now on, data is passed on `ms` later each way, in order: a slow but working path. */
  delay(ms: number): void;
  close(): Promise<void>;
}

/**
 * A TCP forwarder to 127.0.0.1:`upstreamPort` that can stall, the way a dead network path (a
 * lost route, a firewall dropping packets) looks to a client: no error, no answer.
 */
export async function startStallingForwarder(upstreamPort: number): Promise<StallingForwarder> {
  let stalled = false;
  let delayMs = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect({ host: '127.0.0.1', port: upstreamPort });
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('data', (chunk) => {
        if (stalled) return;
        // Timers of one delay fire in the order they were set, so chunks keep their order.
        if (delayMs > 0) setTimeout(() => to.write(chunk), delayMs);
        else to.write(chunk);
      });
      from.on('error', () => to.destroy());
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
    },
    delay(ms) {
      delayMs = ms;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
