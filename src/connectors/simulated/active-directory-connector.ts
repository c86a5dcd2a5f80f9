import { type ConnectorResult, type JsonSchema } from '../handler.js';
import {
  AdDirectory,
  AD_BASE_DN,
  AD_DOMAIN,
  SAM_ACCOUNT_NAME_PATTERN,
  type AdAccount,
  type AdGroup,
} from './ad-store.js';
import { ConnectorError } from '../connector-error.js';
import {
  defineSimulatedConnector,
  type SimulatedCommand,
  type SimulatedConnector,
} from './define-simulated-connector.js';
import { resolveDirectory, type DirectorySource } from './directory-data.js';
import { listCommand, listRolesCommand } from './list-page.js';
import { optionalBoolean, optionalInteger, optionalString, optionalStringList, requiredString } from './parameters.js';

export const TEST_ACTIVE_DIRECTORY_NAME = 'test-activedirectory';
export const DEFAULT_MEMBER_LIMIT = 1000;

export interface TestActiveDirectoryOptions extends DirectorySource {
  /** Clock for timestamps of writes; the real one by default. */
  now?: () => Date;
}

const USERNAME = {
  type: 'string',
  minLength: 1,
  description: 'sAMAccountName (jdoe) or userPrincipalName (jdoe@example.test)',
};
const GROUP_NAME = { type: 'string', minLength: 1, description: 'Group name (engineering) or its DN' };

function objectSchema(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', additionalProperties: false, ...(required.length > 0 ? { required } : {}), properties };
}

/**
 * The simulated Active Directory domain `example.test` (spec 2.6), seeded from the shared
 * directory. Seeded accounts authenticate with `Passw0rd!` unless disabled. Membership commands
 * are idempotent and report what they found: `addToGroup` of a member answers `alreadyMember`,
 * `removeFromGroup` of a non-member answers `wasMember: false`; neither fails.
 */
export function createTestActiveDirectoryConnector(options: TestActiveDirectoryOptions = {}): SimulatedConnector {
  const now = options.now ?? (() => new Date());
  let domain: AdDirectory | undefined;
  // Built on first use: registering the handler costs nothing, even with a large directory.
  const directory = (): AdDirectory => (domain ??= AdDirectory.fromDirectory(resolveDirectory(options), now));

  const accountCommand = (
    description: string,
    change: (ad: AdDirectory, account: AdAccount) => Record<string, unknown>,
  ): SimulatedCommand => ({
    description,
    idempotent: true,
    changes: ['user'],
    writes: true,
    parameters: objectSchema({ username: USERNAME }, ['username']),
    run: (parameters) => {
      const ad = directory();
      const account = ad.requireAccount(requiredString(parameters, 'username'));
      return { success: true, data: { username: account.sAMAccountName, ...change(ad, account) } };
    },
  });

  const membershipCommand = (
    description: string,
    change: (ad: AdDirectory, account: AdAccount, groupName: string) => Record<string, unknown>,
    { writes = false } = {},
  ): SimulatedCommand => ({
    description,
    idempotent: true,
    ...(writes ? { writes } : {}),
    // A member list is part of a group's record, and a user's groups part of the user's.
    changes: ['user', 'group'],
    parameters: objectSchema({ username: USERNAME, groupName: GROUP_NAME }, ['username', 'groupName']),
    run: (parameters) => {
      const ad = directory();
      const account = ad.requireAccount(requiredString(parameters, 'username'));
      const groupName = requiredString(parameters, 'groupName');
      return { success: true, data: { username: account.sAMAccountName, ...change(ad, account, groupName) } };
    },
  });

  const handler = defineSimulatedConnector({
    name: TEST_ACTIVE_DIRECTORY_NAME,
    version: '1.0.0',
    description: 'Simulated Active Directory domain with account management (in memory, seeded, resettable)',
    defaultCommand: 'findUser',
    commands: {
      test: {
        description: 'Checks the connection to the domain',
        idempotent: true,
        parameters: objectSchema({}),
        run: () => {
          const ad = directory();
          return {
            success: true,
            data: {
              connected: true,
              domain: AD_DOMAIN,
              defaultNamingContext: AD_BASE_DN,
              accountCount: ad.accounts.length,
              groupCount: ad.groups.length,
            },
          };
        },
      },
      findUser: {
        description: 'Finds one account by username, email or employee ID',
        idempotent: true,
        lookup: { resourceType: 'user', idField: 'objectGUID' },
        parameters: {
          ...objectSchema({
            username: USERNAME,
            email: { type: 'string', minLength: 1 },
            employeeId: { type: 'string', minLength: 1 },
          }),
          anyOf: [{ required: ['username'] }, { required: ['email'] }, { required: ['employeeId'] }],
        },
        run: (parameters) => findUser(directory(), parameters),
      },
      findGroup: {
        description: 'Finds one group by name',
        idempotent: true,
        lookup: { resourceType: 'group', idField: 'objectGUID' },
        parameters: objectSchema({ groupName: GROUP_NAME }, ['groupName']),
        run: (parameters) => {
          const ad = directory();
          return { success: true, data: ad.groupView(ad.requireGroup(requiredString(parameters, 'groupName'))) };
        },
      },
      authenticate: {
        description: "Checks an account's password; fails for disabled accounts",
        idempotent: true,
        parameters: objectSchema({ username: USERNAME, password: { type: 'string' } }, ['username', 'password']),
        run: (parameters) => authenticate(directory(), parameters),
      },
      getGroupMembers: {
        description: 'The direct members of a group',
        idempotent: true,
        parameters: objectSchema(
          {
            groupName: GROUP_NAME,
            sizeLimit: { type: 'integer', minimum: 1, maximum: 10_000, default: DEFAULT_MEMBER_LIMIT },
          },
          ['groupName'],
        ),
        run: (parameters) => groupMembers(directory(), parameters),
      },
      enableAccount: accountCommand('Enables an account (no change when it is enabled)', (ad, account) => ({
        enabled: true,
        changed: ad.setEnabled(account, true),
      })),
      disableAccount: accountCommand('Disables an account (no change when it is disabled)', (ad, account) => ({
        enabled: false,
        changed: ad.setEnabled(account, false),
      })),
      addToGroup: membershipCommand(
        'Adds an account to a group; reports when it already is a member',
        (ad, account, groupName) => {
          const group = ad.requireGroup(groupName);
          const added = ad.addMember(group, account);
          return { groupName: group.name, added, alreadyMember: !added };
        },
        { writes: true },
      ),
      removeFromGroup: membershipCommand(
        'Removes an account from a group; reports when it was not a member',
        (ad, account, groupName) => {
          const group = ad.requireGroup(groupName);
          const removed = ad.removeMember(group, account);
          return { groupName: group.name, removed, wasMember: removed };
        },
        { writes: true },
      ),
      resetPassword: {
        description: 'Sets a new password that meets the domain password policy',
        idempotent: true,
        writes: true,
        changes: ['user'],
        parameters: objectSchema(
          {
            username: USERNAME,
            newPassword: { type: 'string', minLength: 1 },
            mustChangeAtNextLogon: { type: 'boolean', default: false },
          },
          ['username', 'newPassword'],
        ),
        run: (parameters) => {
          const ad = directory();
          const account = ad.requireAccount(requiredString(parameters, 'username'));
          const mustChangeAtNextLogon = optionalBoolean(parameters, 'mustChangeAtNextLogon') ?? false;
          ad.resetPassword(account, requiredString(parameters, 'newPassword'), mustChangeAtNextLogon);
          return {
            success: true,
            data: { username: account.sAMAccountName, passwordReset: true, mustChangeAtNextLogon },
          };
        },
      },
      listUsers: listCommand<AdAccount>('Pages through user accounts for synchronisation', (parameters) => {
        const ad = directory();
        return {
          records: ad.accounts,
          parameters,
          toResource: (account) => ({
            externalId: account.objectGUID,
            displayName: account.displayName,
            email: account.mail,
            attributes: ad.accountView(account),
          }),
        };
      }),
      listGroups: listCommand<AdGroup>('Pages through security groups for synchronisation', (parameters) => {
        const ad = directory();
        return {
          records: ad.groups,
          parameters,
          toResource: (group) => ({
            externalId: group.objectGUID,
            displayName: group.name,
            email: null,
            attributes: ad.groupView(group),
          }),
        };
      }),
      listRoles: listRolesCommand(),
      checkGroupMembership: membershipCommand(
        'Whether an account is a direct member of a group',
        (ad, account, groupName) => {
          const group = ad.requireGroup(groupName);
          return { groupName: group.name, isMember: group.memberKeys.has(account.key) };
        },
      ),
      checkAccountExists: {
        description: 'Whether an account exists, and whether it is enabled',
        idempotent: true,
        parameters: objectSchema({ username: USERNAME }, ['username']),
        run: (parameters) => {
          const ad = directory();
          const username = requiredString(parameters, 'username');
          const account = ad.findAccount(username);
          return {
            success: true,
            data: account
              ? {
                  username: account.sAMAccountName,
                  exists: true,
                  enabled: account.enabled,
                  distinguishedName: ad.accountDn(account),
                }
              : { username, exists: false },
          };
        },
      },
      createAccount: {
        description: 'Creates a user account; without a password it is created disabled, as in AD',
        idempotent: false,
        writes: true,
        // Its groups gain a member.
        changes: ['group'],
        parameters: objectSchema(
          {
            username: { type: 'string', pattern: SAM_ACCOUNT_NAME_PATTERN, description: 'sAMAccountName' },
            firstName: { type: 'string', minLength: 1 },
            lastName: { type: 'string', minLength: 1 },
            displayName: { type: 'string', minLength: 1 },
            email: { type: 'string', minLength: 3 },
            department: { type: 'string' },
            title: { type: 'string' },
            employeeId: { type: 'string' },
            manager: { ...USERNAME, description: "The manager's sAMAccountName" },
            groups: { type: 'array', items: GROUP_NAME },
            password: { type: 'string', minLength: 1 },
            enabled: { type: 'boolean', description: 'Defaults to true when a password is given' },
          },
          ['username', 'firstName', 'lastName'],
        ),
        run: (parameters) => createAccount(directory(), parameters),
      },
    },
  });

  return {
    handler,
    reset: () => {
      domain = undefined;
    },
  };
}

function findUser(ad: AdDirectory, parameters: Record<string, unknown>): ConnectorResult {
  const username = optionalString(parameters, 'username');
  const email = optionalString(parameters, 'email');
  const employeeId = optionalString(parameters, 'employeeId');
  let account: AdAccount | undefined;
  if (username) account = ad.findAccount(username);
  else if (email) account = ad.findAccountByMail(email);
  else if (employeeId) account = ad.findAccountByEmployeeId(employeeId);
  else throw new ConnectorError('invalid_parameters', 'findUser needs a username, an email or an employeeId');
  if (!account)
    throw new ConnectorError(
      'not_found',
      `No account with ${username ? `username '${username}'` : email ? `email '${email}'` : `employee ID '${employeeId}'`}`,
    );
  return { success: true, data: ad.accountView(account) };
}

function authenticate(ad: AdDirectory, parameters: Record<string, unknown>): ConnectorResult {
  const account = ad.findAccount(requiredString(parameters, 'username'));
  const password = optionalString(parameters, 'password') ?? '';
  // Unknown account and wrong password look the same, so the answer does not reveal which accounts exist.
  if (!account || account.password === null || password === '' || account.password !== password)
    throw new ConnectorError('invalid_credentials', 'Invalid credentials');
  if (!account.enabled) throw new ConnectorError('account_disabled', `Account ${account.sAMAccountName} is disabled`);
  if (account.mustChangePassword)
    throw new ConnectorError('password_change_required', `Account ${account.sAMAccountName} must change its password`);
  return {
    success: true,
    data: {
      authenticated: true,
      username: account.sAMAccountName,
      userPrincipalName: account.userPrincipalName,
      displayName: account.displayName,
      distinguishedName: ad.accountDn(account),
    },
  };
}

function groupMembers(ad: AdDirectory, parameters: Record<string, unknown>): ConnectorResult {
  const group = ad.requireGroup(requiredString(parameters, 'groupName'));
  const sizeLimit = optionalInteger(parameters, 'sizeLimit', 1, 10_000) ?? DEFAULT_MEMBER_LIMIT;
  const members: Record<string, unknown>[] = [];
  for (const key of group.memberKeys) {
    if (members.length === sizeLimit) break;
    const account = ad.findAccountByKey(key);
    if (!account) continue;
    members.push({
      sAMAccountName: account.sAMAccountName,
      displayName: account.displayName,
      mail: account.mail,
      distinguishedName: ad.accountDn(account),
      enabled: account.enabled,
    });
  }
  return {
    success: true,
    data: {
      groupName: group.name,
      members,
      count: group.memberKeys.size,
      truncated: group.memberKeys.size > members.length,
    },
  };
}

function createAccount(ad: AdDirectory, parameters: Record<string, unknown>): ConnectorResult {
  const account = ad.createAccount({
    sAMAccountName: requiredString(parameters, 'username'),
    givenName: requiredString(parameters, 'firstName'),
    sn: requiredString(parameters, 'lastName'),
    displayName: optionalString(parameters, 'displayName'),
    mail: optionalString(parameters, 'email'),
    department: optionalString(parameters, 'department'),
    title: optionalString(parameters, 'title'),
    employeeID: optionalString(parameters, 'employeeId'),
    managerUsername: optionalString(parameters, 'manager'),
    groupNames: optionalStringList(parameters, 'groups') ?? [],
    password: optionalString(parameters, 'password'),
    enabled: optionalBoolean(parameters, 'enabled'),
  });
  return { success: true, data: { created: true, ...ad.accountView(account) } };
}
