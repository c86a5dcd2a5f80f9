import { normalizeBaseUrl } from '../../connection-urls.js';
import type { ConnectorHandler } from '../../handler.js';
import { commandSpecs, executeCommand } from '../execute-command.js';
import { settingsSpec } from '../settings-spec.js';
import { failure } from '../handler-results.js';
import { httpClientOptions, type HttpHandlerOptions } from '../handler-options.js';
import { withTimeout } from '../outbound-request.js';
import type { IdpAdminCommand } from './command.js';
import { addToGroup } from './commands/add-to-group.js';
import { deleteUser } from './commands/delete-user.js';
import { listGroups } from './commands/list-groups.js';
import { listRoles } from './commands/list-roles.js';
import { listUsers } from './commands/list-users.js';
import { removeFromGroup } from './commands/remove-from-group.js';
import { removeRoles } from './commands/remove-roles.js';
import { test } from './commands/test.js';
import { unlinkExternalIdentity } from './commands/unlink-external-identity.js';
import { connectionSchema, createKeycloakClient } from './keycloak-client.js';

/**
 * The `idp-admin` built-in handler: group membership, user lifecycle and directory listing in a
 * Keycloak realm through the Keycloak Admin REST API, authenticated as a confidential client with
 * the client-credentials grant. See docs/connectors-idp-admin.md for endpoints, required roles and
 * the exact meaning of `changed`.
 */

export type IdpAdminHandlerOptions = HttpHandlerOptions;

const COMMANDS: Record<string, IdpAdminCommand> = {
  test,
  addToGroup,
  removeFromGroup,
  listUsers,
  listGroups,
  listRoles,
  deleteUser,
  removeRoles,
  unlinkExternalIdentity,
};

export function createIdpAdminHandler(options: IdpAdminHandlerOptions = {}): ConnectorHandler {
  const clientOptions = httpClientOptions(options);
  const { timeoutMs } = clientOptions;
  const client = createKeycloakClient(clientOptions);

  return {
    name: 'idp-admin',
    version: '1.0.0',
    description: 'Group membership, user lifecycle and directory listing in a Keycloak realm (Admin REST API).',
    defaultCommand: 'test',
    urlSettings: { baseUrl: 'url' },
    settings: settingsSpec(connectionSchema, ['clientSecret']),
    commands: commandSpecs(COMMANDS),
    execute(request, context) {
      return executeCommand(
        {
          handler: 'idp-admin',
          connectionSchema,
          commands: COMMANDS,
          prepare(connection, secrets) {
            secrets.push(connection.clientSecret);
            const baseUrl = normalizeBaseUrl(connection.baseUrl);
            if (!baseUrl) return failure('invalid_configuration', 'connection.baseUrl must be an http(s) URL', secrets);
            return () => client.realm(connection, baseUrl, withTimeout(context.signal, timeoutMs), secrets);
          },
        },
        request.config,
      );
    },
  };
}
