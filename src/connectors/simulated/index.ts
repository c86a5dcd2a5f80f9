export { createSimulatedConnectorHandlers, type SimulatedConnectorsOptions } from './create-simulated-connectors.js';
export type { SimulatedConnector } from './define-simulated-connector.js';
export {
  DEFAULT_GROUP_COUNT,
  DEFAULT_SEED,
  generateDirectory,
  SEEDED_PASSWORD,
  type Directory,
  type DirectoryGroup,
  type DirectoryOptions,
  type DirectoryPerson,
} from './directory-data.js';
export { DEFAULT_USER_COUNT } from '../../domain/simulated-directory.js';
export { matchesLdapFilter, parseLdapFilter, type LdapFilter, type LdapFilterParse } from './ldap-filter.js';
export { generateRelationalData, TABLES, type RelationalDataOptions, type Row } from './relational-data.js';
export {
  createTestActiveDirectoryConnector,
  TEST_ACTIVE_DIRECTORY_NAME,
  type TestActiveDirectoryOptions,
} from './active-directory-connector.js';
export { createTestDbConnector, TEST_DB_NAME, type TestDbOptions } from './database-connector.js';
export { createTestLdapConnector, TEST_LDAP_NAME, type TestLdapOptions } from './ldap-connector.js';
