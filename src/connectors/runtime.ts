import type { Config } from '../config/index.js';
import type { Logger } from '../logging/logger.js';
import { createDelayHandler } from './builtin/delay.js';
import { createHttpHandler } from './builtin/http.js';
import type { RefusalReporter } from './builtin/network-guard.js';
import { createIdpAdminHandler } from './builtin/idp-admin/index.js';
import { createLdapHandler } from './builtin/ldap/index.js';
import { createScimHandler } from './builtin/scim/index.js';
import { loadCustomHandlers } from './custom-handlers.js';
import { HandlerRegistry } from './registry.js';
import { parseSecretKey } from './secret-box.js';
import { createSimulatedConnectorHandlers } from './simulated/index.js';

/** Everything needed to run connector commands in this process: handlers, the secret key, limits. */
export interface ConnectorRuntime {
  registry: HandlerRegistry;
  /** Absent when CONNECTOR_SECRET_KEY is not set: secrets can then be neither stored nor read. */
  secretKey?: Buffer;
  /** CONNECTOR_ALLOWED_NETWORKS: the SSRF guard's allow-list, which audit sinks' destinations share. */
  allowedNetworks: readonly string[];
  timeoutMs: number;
  /** TTL of the record cache (sync item 3). */
  recordCacheTtlMs: number;
  /** Names of the simulated connectors, which the service registers as connectors itself. */
  simulatedConnectorNames: string[];
  /** Closes the connections handlers keep open between calls (the ldap handler's pool), at shutdown. */
  close(): Promise<void>;
}

/**
 * Registers the built-in handlers, the simulated connectors and the configured custom handlers.
 * Refused destinations are logged at debug level with what the refusal's message leaves out.
 */
export async function createConnectorRuntime(config: Readonly<Config>, logger?: Logger): Promise<ConnectorRuntime> {
  const { allowedNetworks, handlerPaths, secretKey, timeoutMs, recordCacheTtlSeconds, simulatedDirectoryUsers } =
    config.connectors;
  const reportRefusal: RefusalReporter | undefined =
    logger && ((detail) => logger.debug({ destination: detail }, 'connector destination refused'));
  const registry = new HandlerRegistry()
    .register(createHttpHandler({ allowedNetworks, reportRefusal }), 'built_in')
    .register(createDelayHandler(), 'built_in')
    .register(createIdpAdminHandler({ allowedNetworks, reportRefusal }), 'built_in')
    .register(createLdapHandler({ allowedNetworks, reportRefusal }), 'built_in')
    .register(createScimHandler({ allowedNetworks, reportRefusal }), 'built_in');
  const simulated = createSimulatedConnectorHandlers({ users: simulatedDirectoryUsers });
  for (const handler of simulated.handlers) registry.register(handler, 'built_in');
  for (const handler of await loadCustomHandlers(handlerPaths)) registry.register(handler, 'custom');
  return {
    registry,
    secretKey: secretKey ? parseSecretKey(secretKey) : undefined,
    allowedNetworks,
    timeoutMs,
    recordCacheTtlMs: recordCacheTtlSeconds * 1000,
    simulatedConnectorNames: simulated.handlers.map((handler) => handler.name),
    async close() {
      await Promise.all(registry.list().map(({ handler }) => handler.close?.()));
    },
  };
}
