export { loadConfig, requireRuntimeConnections } from './config.js';
export type { Config, OidcConfig } from './config.js';
