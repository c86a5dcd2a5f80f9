import type { IncomingMessage } from 'node:http';
import type { Middleware, Request } from 'koa';
import { AppError } from '../../errors/index.js';
import type { AppState } from '../context.js';
import { bodyIssues, invalidInput } from './input-limits.js';

// GET, HEAD and DELETE bodies have no defined meaning; they are never read.
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
// `fatal`: invalid UTF-8 is an error, never silently replaced with U+FFFD.
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Parses a JSON body (RFC 8259: UTF-8 only) up to `limitBytes`, then holds it to the input rules
 * of `bodyIssues` (no NUL character, bounded nesting). An oversized body is a 413, a charset
 * other than UTF-8 or a compressed body a 415, bytes that are not UTF-8 or text that is not a
 * JSON object or array a 400. Bodies of other media types are left unread; routes that take a
 * body refuse them with 415.
 *
 * Each route runs it after its caller's credentials and permission are checked (resource-router),
 * so a caller who may not use a route never gets a body read or parsed: an import body may be
 * 20 MB. With `keepRawBody`, the bytes as received are also kept on `ctx.state.rawBody`: a
 * signature over the body (the resource webhook's HMAC) must be checked on those exact bytes,
 * which re-serialising the parsed value would not reproduce.
 */
export function jsonBody(options: { limitBytes: number; keepRawBody?: boolean }): Middleware<AppState> {
  return async function parseJsonBody(ctx, next) {
    if (METHODS_WITH_BODY.has(ctx.method) && ctx.is('application/json', '+json')) {
      const charset = ctx.request.charset;
      if (charset !== '' && !/^utf-?8$/i.test(charset)) {
        throw new AppError('unsupported_media_type', `JSON bodies must be UTF-8; charset=${charset} is not accepted`);
      }
      const encoding = ctx.get('content-encoding');
      if (encoding !== '' && encoding.toLowerCase() !== 'identity') {
        throw new AppError('unsupported_media_type', `Content-Encoding ${encoding} is not accepted`);
      }
      const bytes = await readBody(ctx.req, options.limitBytes);
      if (options.keepRawBody) ctx.state.rawBody = bytes;
      ctx.request.body = parseJson(bytes);
      const issues = bodyIssues(ctx.request.body);
      if (issues.length > 0) throw invalidInput('body', issues);
    }
    await next();
  };
}

/** True when the request carries a body at all, whatever its type. */
export function hasRequestBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = Number(headers['content-length'] ?? 0);
  return length > 0 || headers['transfer-encoding'] !== undefined;
}

function payloadTooLarge(limitBytes: number): AppError {
  return new AppError('payload_too_large', `Request body exceeds the limit of ${limitBytes} bytes`);
}

/** Reads the whole body, refusing it as soon as it passes the limit (by its header or its bytes). */
function readBody(request: IncomingMessage, limitBytes: number): Promise<Buffer> {
  if (Number(request.headers['content-length'] ?? 0) > limitBytes) {
    return Promise.reject(payloadTooLarge(limitBytes));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const stopListening = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
    };
    // After a refusal the stream keeps flowing without a listener, so the rest is discarded
    // and the 413 can still be written on the same connection.
    function onData(chunk: Buffer) {
      received += chunk.length;
      if (received > limitBytes) {
        stopListening();
        reject(payloadTooLarge(limitBytes));
        return;
      }
      chunks.push(chunk);
    }
    function onEnd() {
      stopListening();
      resolve(Buffer.concat(chunks));
    }
    function onError(error: Error) {
      stopListening();
      reject(new AppError('invalid_json', 'Request body could not be read', { cause: error }));
    }
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
  });
}

function parseJson(bytes: Buffer): Request['body'] {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch (error) {
    throw new AppError('invalid_json', 'Request body is not valid UTF-8', { cause: error });
  }
  if (text.trim() === '') return {};
  let value: Request['body'];
  try {
    value = JSON.parse(text) as Request['body'];
  } catch (error) {
    throw new AppError('invalid_json', 'Request body is not valid JSON', { cause: error });
  }
  if (typeof value !== 'object' || value === null) {
    throw new AppError('invalid_json', 'Request body must be a JSON object or array');
  }
  return value;
}
