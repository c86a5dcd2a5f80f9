import net from 'node:net';

/**
 * The Temporal SDK's own worker metrics (task slots, pollers, poll and schedule-to-start latency,
 * sticky cache) come from its Rust core, which serves them in the Prometheus format on an address
 * of its own. It listens on a loopback port nobody else reaches, and the worker's /metrics appends
 * what it serves, behind METRICS_TOKEN like the rest.
 */

/** A TCP port free on 127.0.0.1 now, for the core's exporter to bind. */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const CORE_SCRAPE_TIMEOUT_MS = 2_000;

/** What the core's exporter on `port` serves now; nothing when it does not answer in time. */
export async function coreMetricsText(port: number): Promise<string> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
      signal: AbortSignal.timeout(CORE_SCRAPE_TIMEOUT_MS),
    });
    return response.ok ? await response.text() : '';
  } catch {
    return '';
  }
}
