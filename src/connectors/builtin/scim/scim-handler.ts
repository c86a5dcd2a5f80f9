import { normalizeBaseUrl } from '../../connection-urls.js';
import type { ConnectorHandler } from '../../handler.js';
import { commandSpecs, executeCommand } from '../execute-command.js';
import { settingsSpec } from '../settings-spec.js';
import { failure } from '../handler-results.js';
import { httpClientOptions, type HttpHandlerOptions } from '../handler-options.js';
import { withTimeout } from '../outbound-request.js';
import { createCapabilityCache } from './capabilities.js';
import type { ScimCommand, ScimSession } from './command.js';
import { addToGroup } from './commands/add-to-group.js';
import { createGroup } from './commands/create-group.js';
import { createUser } from './commands/create-user.js';
import { deactivateUser } from './commands/deactivate-user.js';
import { deleteUser } from './commands/delete-user.js';
import { getUser } from './commands/get-user.js';
import { listGroups } from './commands/list-groups.js';
import { listUsers } from './commands/list-users.js';
import { removeFromGroup } from './commands/remove-from-group.js';
import { test } from './commands/test.js';
import { updateUser } from './commands/update-user.js';
import { connectionSchema, savedSettingsProblem, secretsOf } from './connection.js';
import { createScimClient } from './scim-client.js';
import { effectiveMapping, mappingProblem } from './user-mapping.js';

/**
 * The `scim` built-in handler: provisions users and group memberships into an application through
 * its SCIM 2.0 API (RFC 7643/7644), using PATCH, filters and ETags as far as the target's
 * ServiceProviderConfig offers them. See docs/connectors-scim.md.
 */

export type ScimHandlerOptions = HttpHandlerOptions;

const COMMANDS: Record<string, ScimCommand> = {
  test,
  listUsers,
  listGroups,
  getUser,
  createUser,
  updateUser,
  deactivateUser,
  deleteUser,
  createGroup,
  addToGroup,
  removeFromGroup,
};

export function createScimHandler(options: ScimHandlerOptions = {}): ConnectorHandler {
  const clientOptions = httpClientOptions(options);
  const { timeoutMs, now } = clientOptions;
  const client = createScimClient(clientOptions);
  const capabilities = createCapabilityCache(now);

  return {
    name: 'scim',
    version: '1.0.0',
    description: 'Users and group memberships in an application through its SCIM 2.0 API (RFC 7644).',
    defaultCommand: 'test',
    urlSettings: { baseUrl: 'url', tokenUrl: 'url' },
    settings: settingsSpec(connectionSchema, ['bearerToken', 'clientSecret', 'password']),
    accountCommands: { create: 'createUser', update: 'updateUser', deactivate: 'deactivateUser', delete: 'deleteUser' },
    // A sync record's externalId is the account's SCIM id, which deactivateUser takes as `user`.
    accountDeactivation: { command: 'deactivateUser', externalIdParameter: 'user', missingCode: 'not_found' },
    commands: commandSpecs(COMMANDS),
    configProblem(config) {
      const problem = savedSettingsProblem(config);
      if (problem) return problem;
      const mapping = config.mapping;
      if (mapping === undefined) return undefined;
      const parsed = connectionSchema.shape.mapping.safeParse(mapping);
      const message = parsed.success
        ? mappingProblem(effectiveMapping(parsed.data))
        : 'mapping must map SCIM attribute paths to profile sources (null drops a default)';
      return message ? { field: 'config.mapping', message: `config.${message}` } : undefined;
    },
    execute(request, context) {
      return executeCommand(
        {
          handler: 'scim',
          connectionSchema,
          commands: COMMANDS,
          prepare(connection, secrets) {
            secrets.push(...secretsOf(connection));
            const baseUrl = normalizeBaseUrl(connection.baseUrl);
            if (!baseUrl) return failure('invalid_configuration', 'connection.baseUrl must be an http(s) URL', secrets);
            if (connection.tokenUrl !== undefined && !normalizeBaseUrl(connection.tokenUrl))
              return failure('invalid_configuration', 'connection.tokenUrl must be an http(s) URL', secrets);
            const mapping = effectiveMapping(connection.mapping);
            const problem = mappingProblem(mapping);
            if (problem) return failure('invalid_configuration', problem, secrets);
            return (): ScimSession => {
              const signal = withTimeout(context.signal, timeoutMs);
              const target = client.target(connection, baseUrl, signal, secrets, context.accounts);
              return { ...target, mapping, capabilities: (refresh) => capabilities.of(target, refresh) };
            };
          },
        },
        request.config,
      );
    },
  };
}
