import type { ConnectorHandler } from '../handler.js';
import { generateDirectory, type Directory, type DirectoryOptions } from './directory-data.js';
import type { RelationalDataOptions } from './relational-data.js';
import { createTestActiveDirectoryConnector } from './active-directory-connector.js';
import { createTestDbConnector } from './database-connector.js';
import { createTestLdapConnector } from './ldap-connector.js';

export interface SimulatedConnectorsOptions extends DirectoryOptions {
  /** The people and groups of test-ldap and test-activedirectory; generated from the options when absent. */
  directory?: Directory;
  /** Rows of test-db. */
  database?: RelationalDataOptions;
  /** Clock for timestamps of writes; the real one by default. */
  now?: () => Date;
}

/** The three simulated connectors of spec 2.6, and one reset for all of their data. */
export function createSimulatedConnectorHandlers(options: SimulatedConnectorsOptions = {}): {
  handlers: ConnectorHandler[];
  reset(): void;
} {
  let directory = options.directory;
  // Generated once, on first use, and shared: LDAP and AD show the same people in their own shapes.
  const sharedDirectory = (): Directory =>
    (directory ??= generateDirectory({ users: options.users, groups: options.groups, seed: options.seed }));
  const connectors = [
    createTestLdapConnector({ directory: sharedDirectory, now: options.now }),
    createTestActiveDirectoryConnector({ directory: sharedDirectory, now: options.now }),
    createTestDbConnector({ seed: options.seed, ...options.database }),
  ];
  return {
    handlers: connectors.map((connector) => connector.handler),
    reset: () => connectors.forEach((connector) => connector.reset()),
  };
}
