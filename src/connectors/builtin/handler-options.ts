import { parseAllowedNetworks, type RefusalReporter } from './network-guard.js';

/** Checks a numeric factory option when the handler is built, so a bad setting fails at startup. */
export function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value <= 0) throw new TypeError(`${name} must be a positive integer`);
  return value;
}

/** The factory options of a built-in handler that calls an HTTP API (idp-admin, scim). */
export interface HttpHandlerOptions {
  /** CIDR ranges, addresses or exact hostnames that may be called although not public. */
  allowedNetworks?: readonly string[];
  /** Gets the detail of each refused destination, for the debug log. */
  reportRefusal?: RefusalReporter;
  /** Per command (token request and any retries included), on top of the caller's signal; default 30 s. */
  timeoutMs?: number;
  /** Larger responses fail with `response_too_large`; default 16 MiB (a page of 5000 users fits). */
  maxResponseBytes?: number;
  /** The clock for token expiry (and, for scim, retry waits and the capability cache); injectable for tests. */
  now?: () => number;
}

/** The checked options an HTTP API client of a built-in handler is made with. */
export function httpClientOptions(options: HttpHandlerOptions) {
  const timeoutMs = positiveInteger(options.timeoutMs, 30_000, 'timeoutMs');
  return {
    allowedNetworks: parseAllowedNetworks(options.allowedNetworks, options.reportRefusal),
    timeoutMs,
    maxResponseBytes: positiveInteger(options.maxResponseBytes, 16 * 1024 * 1024, 'maxResponseBytes'),
    now: options.now ?? Date.now,
  };
}
