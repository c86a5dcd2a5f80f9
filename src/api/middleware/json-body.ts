import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { AppError } from '../../errors/index.js';
import type { AppState } from '../context.js';

/**
 * Parses JSON bodies up to `limitBytes`. Oversized bodies are a 413 and malformed JSON a 400;
 * bodies of other media types are refused with 415 by `validate()` on routes that take a body.
 */
export function jsonBody(limitBytes: number): Middleware<AppState> {
  return koaBody({
    json: true,
    urlencoded: false,
    text: false,
    multipart: false,
    jsonLimit: limitBytes,
    jsonStrict: true,
    onError(error) {
      const { status, type } = error as Error & { status?: number; type?: string };
      if (status === 413 || type === 'entity.too.large') {
        throw new AppError('payload_too_large', `Request body exceeds the limit of ${limitBytes} bytes`);
      }
      if (status === 415) throw new AppError('unsupported_media_type', error.message);
      throw new AppError('invalid_json', 'Request body is not valid JSON', { cause: error });
    },
  }) as unknown as Middleware<AppState>;
}

/** True when the request carries a body at all, whatever its type. */
export function hasRequestBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = Number(headers['content-length'] ?? 0);
  return length > 0 || headers['transfer-encoding'] !== undefined;
}
