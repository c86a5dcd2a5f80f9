export { createIdpAdminHandler, type IdpAdminHandlerOptions } from './idp-admin-handler.js';
