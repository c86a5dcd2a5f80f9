import http from 'node:http';
import type { Registry } from 'prom-client';
import { bearerIs } from './bearer.js';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * A process's /metrics on a port of its own (the worker serves no HTTP otherwise), behind the
 * same METRICS_TOKEN as the API's: 200 with the metrics, 401 to any other credential, 404 for any
 * other path, 405 for any other method.
 */
export async function startMetricsServer(
  registry: Registry,
  options: {
    host: string;
    port: number;
    token: string;
    /** More metrics in the text format to append to the registry's (the Temporal core's). */
    more?: () => Promise<string>;
  },
): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    const answer = (status: number, text: string, headers: http.OutgoingHttpHeaders = {}) => {
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
      response.end(text);
    };
    if (new URL(request.url ?? '/', 'http://metrics').pathname !== '/metrics') return answer(404, 'Not found\n');
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return answer(405, 'Method not allowed\n', { allow: 'GET, HEAD' });
    if (!bearerIs(request.headers.authorization, options.token))
      return answer(401, 'Send Authorization: Bearer <METRICS_TOKEN>\n', {
        'www-authenticate': 'Bearer realm="metrics"',
      });
    Promise.all([registry.metrics(), options.more?.() ?? '']).then(
      ([text, more]) => answer(200, text + more, { 'content-type': registry.contentType }),
      () => answer(500, 'Metrics could not be collected\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
