import { normalizeUrlSetting } from '../../connectors/connection-urls.js';
import type { ConnectorHandler } from '../../connectors/handler.js';
import { validationFailed } from '../../errors/index.js';

/**
 * A connector's public config with each URL setting its handler declares read once, by the
 * handler's own URL parser, and stored in that parser's form: what is checked and audited is then
 * the text the handler reads. A setting that does not parse is a 400 naming it.
 */
export function normalizedConfig(
  handler: ConnectorHandler | undefined,
  config: Record<string, unknown>,
): Record<string, unknown> {
  const settings = handler?.urlSettings ?? {};
  const normalized = { ...config };
  for (const [name, kind] of Object.entries(settings)) {
    if (!Object.hasOwn(config, name) || config[name] === undefined) continue;
    const result = normalizeUrlSetting(kind, config[name]);
    if (!result.ok) {
      const field = `config.${name}${result.at ?? ''}`;
      throw validationFailed(`${field} ${result.problem}`, { field });
    }
    normalized[name] = result.value;
  }
  return normalized;
}

/**
 * A handler reads its connection from config and secrets merged, the secrets last: a URL setting
 * given as a secret would be used unchecked and unseen, so it must be set in config.
 */
export function refuseUrlSettingsInSecrets(
  handler: ConnectorHandler | undefined,
  secrets: Record<string, unknown> | undefined,
): void {
  const misplaced = Object.keys(handler?.urlSettings ?? {}).find(
    (name) => Object.hasOwn(secrets ?? {}, name) && secrets![name] !== null,
  );
  if (misplaced === undefined) return;
  throw validationFailed(
    `${misplaced} says where the connector connects: set it in config, where it is checked and shown, not in secrets`,
    { field: `secrets.${misplaced}` },
  );
}
