import { createHash } from 'node:crypto';

/**
 * Cancellation over stateless Streamable HTTP. A client withdraws a call with a
 * `notifications/cancelled` in a POST of its own, which reaches another server instance than the
 * call's; so the calls under way are kept here by the caller's token and their JSON-RPC id, and a
 * cancellation aborts the call of that id sent with the same token (a caller with another token
 * cannot withdraw it). The token is kept hashed.
 */
export class InFlightCalls {
  readonly #calls = new Map<string, AbortController>();

  /**
   * Registers the requests of one POST (a message or a batch); the controller is aborted when one
   * of them is cancelled. `done` unregisters them.
   */
  track(token: string, body: unknown, controller: AbortController): () => void {
    const keys = messagesOf(body).flatMap((message) =>
      typeof message.method === 'string' && isId(message.id) ? [keyOf(token, message.id)] : [],
    );
    for (const key of keys) this.#calls.set(key, controller);
    return () => {
      for (const key of keys) if (this.#calls.get(key) === controller) this.#calls.delete(key);
    };
  }

  /** Aborts the calls the cancellations in `body` name, when they were sent with `token`. */
  cancel(token: string, body: unknown): void {
    for (const message of messagesOf(body)) {
      if (message.method !== 'notifications/cancelled') continue;
      const requestId = (message.params as { requestId?: unknown } | undefined)?.requestId;
      if (isId(requestId)) this.#calls.get(keyOf(token, requestId))?.abort();
    }
  }
}

type Message = { method?: unknown; id?: unknown; params?: unknown };

const messagesOf = (body: unknown): Message[] =>
  (Array.isArray(body) ? body : [body]).filter(
    (message): message is Message => message !== null && typeof message === 'object',
  );

const isId = (id: unknown): id is string | number => typeof id === 'string' || typeof id === 'number';

const keyOf = (token: string, id: string | number) =>
  `${createHash('sha256').update(token).digest('hex')}:${JSON.stringify(id)}`;
