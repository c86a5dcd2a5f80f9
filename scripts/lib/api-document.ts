import { Client, Connection } from '@temporalio/client';
import { createApp } from '../../src/api/app.js';
import { loadConfig } from '../../src/config/index.js';
import { createConnectorRuntime } from '../../src/connectors/runtime.js';
import { createDatabase } from '../../src/db/client.js';
import { createLogger } from '../../src/logging/logger.js';

/**
 * The OpenAPI description the API serves at /api/docs/json, built without a database or Temporal:
 * routes register their documentation as the app is assembled, and nothing connects until a
 * request needs it (the lazy Temporal connection and the Prisma client are never used here).
 */
export async function offlineApiDocument(): Promise<object> {
  const config = loadConfig({});
  const logger = createLogger('silent');
  const db = createDatabase('postgresql://unused@127.0.0.1:1/unused');
  const connectors = await createConnectorRuntime(config, logger);
  try {
    const { docs } = createApp({
      config,
      db,
      logger,
      connectors,
      temporal: new Client({ connection: Connection.lazy({ address: '127.0.0.1:1' }) }),
      health: { database: async () => undefined, temporal: async () => undefined },
    });
    return docs.document();
  } finally {
    await connectors.close();
  }
}
