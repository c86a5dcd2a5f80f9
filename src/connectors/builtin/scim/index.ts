export { createScimHandler, type ScimHandlerOptions } from './scim-handler.js';
