import { executeConnectorCommand } from '../../src/connectors/execute-command.js';
import { runnableConnector } from '../../src/services/connectors/connector-record.js';
import type { AppUnderTest } from './app.js';

/**
 * Asks the app's simulated directory (the `test-activedirectory` connector) whether `username`
 * is in `groupName`: what a role grant or revoke really changed there.
 */
export async function isDirectoryMember(app: AppUnderTest, username: string, groupName: string): Promise<boolean> {
  const row = await app.database.db.connector.findUniqueOrThrow({ where: { name: 'test-activedirectory' } });
  const result = await executeConnectorCommand(
    app.api.connectors.registry.get(row.type)?.handler,
    runnableConnector(app.database.db, row, app.api.connectors),
    {
      command: 'checkGroupMembership',
      parameters: { username, groupName },
      variables: {},
      stepId: 'check',
      instanceId: 'test',
      timeoutMs: 5000,
    },
  );
  return result.data?.isMember === true;
}

/**
 * The body of an entitlement that adds the user (by display name) to `groups.add` in the
 * simulated directory, and takes them out of `groups.remove` (the same group unless given).
 */
export function groupEntitlementBody(name: string, groups: { add: string; remove?: string }) {
  return {
    name,
    connector: 'test-activedirectory',
    provisionConfig: { command: 'addToGroup', parameters: { username: '{{user.displayName}}', groupName: groups.add } },
    deprovisionConfig: {
      command: 'removeFromGroup',
      parameters: { username: '{{user.displayName}}', groupName: groups.remove ?? groups.add },
    },
  };
}
