import http from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError, type ErrorCode } from '../errors/index.js';
import type { ErrorBody } from './middleware/error-handler.js';

/**
 * The API's HTTP server. Requests the HTTP parser refuses never reach Koa: Node would answer them
 * with a bare status and no body. They get the one error body instead, so every answer of the
 * API, these included, is the documented JSON shape: 431 for a request line and headers over
 * Node's 16 KiB limit, 400 for anything else the parser cannot read.
 */
export function createHttpServer(listener: http.RequestListener): http.Server {
  const server = http.createServer(listener);
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) return socket.destroy();
    const refusal =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? new AppError('headers_too_large', 'The request line and headers exceed 16 KiB')
        : new AppError('validation_failed', 'The request could not be parsed as HTTP/1.1');
    const statusCode = refusal.status;
    const body: ErrorBody = {
      statusCode,
      error: STATUS_CODES[statusCode] ?? 'Error',
      code: refusal.code satisfies ErrorCode,
      message: refusal.message,
    };
    const json = JSON.stringify(body);
    socket.end(
      `HTTP/1.1 ${statusCode} ${body.error}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  });
  return server;
}
