import { destinationOf } from '../../connectors/connection-urls.js';
import type { Connector } from '../../db/generated/client.js';
import { jsonObject } from '../../domain/common.js';
import { validationFailed } from '../../errors/index.js';

/**
 * Where the settings in `value` may send a connector's credentials: the destination
 * (`scheme://host[:port]`, the origin for http and https) of every string anywhere in it that the
 * URL parser reads as a URL with a host. The handlers' parser decides, not a pattern: ` https://x`,
 * `https:x` and `https://x` with a tab in it all name `https://x`, as they do for the handlers.
 */
export function destinationsOf(value: unknown): Set<string> {
  const destinations = new Set<string>();
  const visit = (item: unknown): void => {
    if (typeof item === 'string') {
      const destination = destinationOf(item);
      if (destination) destinations.add(destination);
    } else if (Array.isArray(item)) item.forEach(visit);
    else if (typeof item === 'object' && item !== null) Object.values(item).forEach(visit);
  };
  visit(value);
  return destinations;
}

export interface ConnectionChange {
  /** The new public config, already normalised; undefined when it does not change. */
  config?: Record<string, unknown>;
  /** The secret changes of the request (a null value removes that secret). */
  secrets?: Record<string, unknown>;
  /** The stored secrets, decrypted: read when secrets change, since a secret may hold a URL too. */
  currentSecrets?: Record<string, unknown>;
}

/**
 * Secrets go only where they were stored for: a change that names a destination the connector
 * does not have yet (in its config, or as a URL in a secret) would send the stored credentials
 * there (a `connector:manage` holder could repoint a connector at their own server and read its
 * token). Such a change must carry every stored secret again (a value, or null to remove it), in
 * the same request; 400 otherwise. Returns the origins the config adds, for the audit entry.
 */
export function requireSecretsForNewDestinations(current: Connector, change: ConnectionChange): string[] {
  const currentConfig = jsonObject.catch({}).parse(current.config);
  const known = new Set([...destinationsOf(currentConfig), ...destinationsOf(change.currentSecrets ?? {})]);
  const origins = [...destinationsOf(change.config ?? currentConfig)].filter((origin) => !known.has(origin)).sort();
  // A secret's URL is named by the secret, never by its value.
  const secretSettings = Object.entries(change.secrets ?? {})
    .filter(([, value]) => [...destinationsOf(value)].some((destination) => !known.has(destination)))
    .map(([key]) => key)
    .sort();
  const missing = current.secretKeys.filter((key) => !Object.hasOwn(change.secrets ?? {}, key));
  if ((origins.length === 0 && secretSettings.length === 0) || missing.length === 0) return origins;
  const where = [...origins, ...secretSettings.map((key) => `the URL in secret ${key}`)].join(', ');
  throw validationFailed(
    `The change sends this connector's credentials to ${where}, where they were not stored for: ` +
      `send every secret again in the same request (a value, or null to remove it): ${missing.join(', ')}`,
    { origins, ...(secretSettings.length > 0 ? { secretSettings } : {}), secrets: missing },
  );
}
