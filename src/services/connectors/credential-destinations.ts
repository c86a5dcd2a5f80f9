import type { Connector } from '../../db/generated/client.js';
import { jsonObject } from '../../domain/common.js';
import { validationFailed } from '../../errors/index.js';

/**
 * The origins (`scheme://host:port`) of the http(s) URLs anywhere in a connector's public config:
 * where its handler may send the connector's credentials (`baseUrl`, `allowedOrigins`,
 * `healthUrl` of the http connector, the provider's `baseUrl` of idp-admin).
 */
export function destinationsOf(config: unknown): Set<string> {
  const origins = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      const origin = httpOriginOf(value);
      if (origin) origins.add(origin);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit);
  };
  visit(config);
  return origins;
}

function httpOriginOf(text: string): string | undefined {
  if (!/^https?:\/\//i.test(text)) return undefined;
  try {
    return new URL(text).origin;
  } catch {
    return undefined;
  }
}

/**
 * Secrets go only where they were stored for: a new `config` that names an origin the current one
 * does not would send the stored credentials there (a `connector:manage` holder could repoint a
 * connector at their own server and read its token). Such a change must carry every stored secret
 * again (a value, or null to remove it), in the same request; 400 otherwise.
 */
export function requireSecretsForNewDestinations(
  current: Connector,
  config: Record<string, unknown> | undefined,
  secrets: Record<string, unknown> | undefined,
): void {
  if (!config || current.secretKeys.length === 0) return;
  const known = destinationsOf(jsonObject.catch({}).parse(current.config));
  const added = [...destinationsOf(config)].filter((origin) => !known.has(origin));
  const missing = current.secretKeys.filter((key) => !Object.hasOwn(secrets ?? {}, key));
  if (added.length === 0 || missing.length === 0) return;
  throw validationFailed(
    `The new config sends this connector's credentials to ${added.join(', ')}, where they were not stored for: ` +
      `send every secret again in the same request (a value, or null to remove it): ${missing.join(', ')}`,
    { origins: added, secrets: missing },
  );
}
