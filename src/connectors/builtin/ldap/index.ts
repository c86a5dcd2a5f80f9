export { createLdapHandler, type LdapHandler, type LdapHandlerOptions } from './ldap-handler.js';
