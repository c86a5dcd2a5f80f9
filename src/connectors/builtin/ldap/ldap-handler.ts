import type { ConnectorHandler } from '../../handler.js';
import { commandSpecs, executeCommand } from '../execute-command.js';
import { settingsSpec } from '../settings-spec.js';
import { positiveInteger } from '../handler-options.js';
import { parseAllowedNetworks, type RefusalReporter } from '../network-guard.js';
import { untilAborted } from '../outbound-request.js';
import type { LdapCall, LdapCommand } from './command.js';
import { disableAccount, enableAccount } from './commands/account-state.js';
import { createUser } from './commands/create-user.js';
import { deleteUser } from './commands/delete-user.js';
import { getUser } from './commands/get-user.js';
import { listGroupMembers } from './commands/list-group-members.js';
import { listGroups } from './commands/list-groups.js';
import { listUsers } from './commands/list-users.js';
import { addToGroup, removeFromGroup } from './commands/membership.js';
import { moveUser } from './commands/move-user.js';
import { resetPassword } from './commands/reset-password.js';
import { search } from './commands/search.js';
import { test } from './commands/test.js';
import { updateUser } from './commands/update-user.js';
import { connectionKey, openConnection } from './connection.js';
import { ListingSessions, READ_AHEAD } from './listing.js';
import { ConnectionPool } from './pool.js';
import { ldapFailure } from './result-codes.js';
import { connectionSchema, resolveSettings, TLS_INSECURE_WARNING } from './settings.js';

/**
 * The `ldap` built-in handler: users and groups of an LDAP directory (OpenLDAP, Active Directory
 * or another server) for sync, and the account and membership commands of joiner, mover and
 * leaver workflows, through ldapts. See docs/connectors-ldap.md for settings, permissions and the
 * exact meaning of `changed`.
 */

export interface LdapHandlerOptions {
  /** CIDR ranges, addresses or exact hostnames that may be reached although not public. */
  allowedNetworks?: readonly string[];
  reportRefusal?: RefusalReporter;
  /** Idle connections kept per connector for commands; default 4. */
  maxIdleConnections?: number;
  /** How long an unused pooled connection stays open; default 60 s. */
  idleConnectionMs?: number;
  /** Entries a sync pass's session reads ahead of what it gave; default READ_AHEAD (one sync page). */
  readAheadEntries?: number;
}

export interface LdapHandler extends ConnectorHandler {
  /** Closes pooled connections and open sync sessions. */
  close(): Promise<void>;
}

const COMMANDS: Record<string, LdapCommand> = {
  test,
  listUsers,
  listGroups,
  search,
  getUser,
  createUser,
  updateUser,
  moveUser,
  disableAccount,
  enableAccount,
  resetPassword,
  deleteUser,
  addToGroup,
  removeFromGroup,
  listGroupMembers,
};

export function createLdapHandler(options: LdapHandlerOptions = {}): LdapHandler {
  const allowed = parseAllowedNetworks(options.allowedNetworks, options.reportRefusal);
  const pool = new ConnectionPool({
    maxIdle: positiveInteger(options.maxIdleConnections, 4, 'maxIdleConnections'),
    idleMs: positiveInteger(options.idleConnectionMs, 60_000, 'idleConnectionMs'),
  });
  const listings = new ListingSessions(positiveInteger(options.readAheadEntries, READ_AHEAD, 'readAheadEntries'));

  return {
    name: 'ldap',
    version: '1.0.0',
    description: 'Users and groups of an LDAP directory or Active Directory: sync, accounts and memberships (ldapts).',
    defaultCommand: 'test',
    urlSettings: { url: 'ldapServers' },
    settings: settingsSpec(connectionSchema, ['bindPassword']),
    configWarnings: (config) => (config.tlsInsecure === true ? [TLS_INSECURE_WARNING] : []),
    // A sync record's externalId is the entry's entryUUID or objectGUID, which disableAccount takes.
    accountDeactivation: {
      command: 'disableAccount',
      externalIdParameter: 'externalId',
      missingCode: 'no_such_object',
    },
    commands: commandSpecs(COMMANDS),
    execute(request, context) {
      return executeCommand(
        {
          handler: 'ldap',
          connectionSchema,
          commands: COMMANDS,
          prepare(connection, secrets) {
            if (connection.bindPassword) secrets.push(connection.bindPassword);
            const settings = resolveSettings(connection);
            return (): LdapCall => {
              const key = connectionKey(settings);
              const open = () => openConnection(settings, allowed);
              return {
                settings,
                secrets,
                open,
                openAs: (other) => openConnection(other, allowed),
                listings,
                withClient: (work) => pool.use(key, open, work),
                ...(context.linkedUserRecord ? { linkedUserRecord: context.linkedUserRecord } : {}),
              };
            };
          },
          around: (run) => untilAborted(run, context.signal),
          errorOf: (error) =>
            ldapFailure(context.signal.aborted ? new Error('timed out') : error, `ldap.${request.config.command}`),
        },
        request.config,
      );
    },
    async close() {
      await Promise.all([pool.close(), listings.close()]);
    },
  };
}
