import { type BuiltinCommand, commandDefiner } from '../define-command.js';
import type { KeycloakRealm } from './keycloak-client.js';

/** One command of the idp-admin handler: its published spec, and its run on parsed parameters. */
export type IdpAdminCommand = BuiltinCommand<KeycloakRealm>;

export const defineCommand = commandDefiner<KeycloakRealm>();
