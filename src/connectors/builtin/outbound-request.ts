import http from 'node:http';
import https from 'node:https';
import { ConnectorError, isConnectorError } from '../connector-error.js';
import { assertPublicDestination, pinnedLookup, type AllowedNetworks } from './network-guard.js';

/**
 * The one way built-in handlers talk HTTP: guarded destination, connection pinned to the checked
 * addresses, no redirects followed (node:http never follows them), a response size cap and
 * cancellation through an AbortSignal. Failures are `ConnectorError`s with a stable code.
 */

export interface OutboundRequest {
  method: string;
  url: URL;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Aborting it ends the call with code `timeout`. */
  signal: AbortSignal;
  maxResponseBytes: number;
  allowedNetworks: AllowedNetworks;
  /** PEM of CAs to trust instead of the system's (an audit sink's collector with a private CA). */
  ca?: string;
}

export interface OutboundResponse {
  status: number;
  /** Lower-cased names, as node:http delivers them. */
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** `METHOD host/path` for messages: never the query string or user info, which may carry secrets. */
export function describeRequest(method: string, url: URL): string {
  return `${method} ${url.host}${url.pathname}`;
}

/** The caller's signal, also aborted after `timeoutMs`. */
export function withTimeout(signal: AbortSignal, timeoutMs: number): AbortSignal {
  return AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
}

export async function sendRequest(request: OutboundRequest): Promise<OutboundResponse> {
  const { method, url, signal } = request;
  const target = describeRequest(method, url);
  const timedOut = () => new ConnectorError('timeout', `${target} did not complete in time`);
  if (signal.aborted) throw timedOut();

  let addresses;
  try {
    ({ addresses } = await untilAborted(assertPublicDestination(url, request.allowedNetworks), signal));
  } catch (error) {
    if (isConnectorError(error)) throw error;
    if (signal.aborted) throw timedOut();
    throw error;
  }

  return new Promise<OutboundResponse>((resolve, reject) => {
    let settled = false;
    let outgoing: http.ClientRequest | undefined;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      outcome();
    };
    const fail = (error: ConnectorError) => {
      settle(() => reject(error));
      outgoing?.destroy();
    };
    const onAbort = () => fail(timedOut());
    const tooLarge = () =>
      new ConnectorError(
        'response_too_large',
        `Response from ${target} is larger than the limit of ${request.maxResponseBytes} bytes`,
      );

    try {
      const transport = url.protocol === 'https:' ? https : http;
      const headers = { ...request.headers };
      // node:http frames a DELETE body only when told its length.
      if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
      outgoing = transport.request(
        url,
        { method, headers, agent: false, lookup: pinnedLookup(addresses), ...(request.ca ? { ca: [request.ca] } : {}) },
        (response) => {
          const declared = Number(response.headers['content-length']);
          if (method !== 'HEAD' && Number.isFinite(declared) && declared > request.maxResponseBytes)
            return fail(tooLarge());
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > request.maxResponseBytes) fail(tooLarge());
            else chunks.push(chunk);
          });
          response.on('end', () =>
            settle(() =>
              resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
            ),
          );
          response.on('error', (error) =>
            fail(new ConnectorError('network_error', `Reading the response from ${target} failed: ${error.message}`)),
          );
          response.on('close', () => {
            if (!response.complete)
              fail(
                new ConnectorError('network_error', `${target} closed the connection before the response was complete`),
              );
          });
        },
      );
    } catch (error) {
      // node:http refuses malformed methods and header names or values synchronously.
      const message = error instanceof Error ? error.message : String(error);
      return fail(
        new ConnectorError('invalid_parameters', `Invalid request to ${target}: ${message}`, { cause: error }),
      );
    }
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        new ConnectorError('network_error', `${target} failed: ${error.code ?? error.message}`, {
          cause: error,
        }),
      ),
    );
    signal.addEventListener('abort', onAbort, { once: true });
    outgoing.end(request.body);
  });
}

/** `promise`, or a rejection with the signal's reason as soon as `signal` aborts. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
