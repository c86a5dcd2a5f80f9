import { beforeEach, describe, expect, it } from '@jest/globals';
import { generateDirectory, SEEDED_PASSWORD } from '../../../src/connectors/simulated/directory-data.js';
import { createTestActiveDirectoryConnector } from '../../../src/connectors/simulated/active-directory-connector.js';
import { call, callData } from './call-handler.js';

const directory = generateDirectory();
const connector = createTestActiveDirectoryConnector({ directory });
const ad = connector.handler;
const jdoe = directory.people.find((person) => person.username === 'jdoe')!;
const disabledPerson = directory.people.find((person) => !person.enabled)!;
const vpnUsers = directory.groups.find((group) => group.name === 'vpn-users')!;
const nonMemberOfVpn = directory.people.find((person) => !person.groupIndexes.includes(vpnUsers.index))!;
const newAccount = { username: 'nnew', firstName: 'Nora', lastName: 'New', password: 'Welcome1!' };

beforeEach(() => connector.reset());

describe('test-activedirectory test reports the domain', () => {
  it('answers with the domain and its counts', async () => {
    expect(await callData(ad, 'test')).toEqual({
      connected: true,
      domain: 'example.test',
      defaultNamingContext: 'DC=example,DC=test',
      accountCount: directory.people.length,
      groupCount: directory.groups.length,
    });
  });
});

describe('test-activedirectory findUser finds one account', () => {
  it('finds by sAMAccountName, userPrincipalName, email or employee ID, in any case', async () => {
    const expected = expect.objectContaining({
      sAMAccountName: 'jdoe',
      userPrincipalName: 'jdoe@example.test',
      distinguishedName: 'CN=jdoe,OU=Users,DC=example,DC=test',
      objectGUID: jdoe.guid,
      displayName: 'John Doe',
      mail: 'john.doe@example.test',
      department: 'Engineering',
      title: jdoe.title,
      manager: `CN=${directory.people[jdoe.managerIndex!]!.username},OU=Users,DC=example,DC=test`,
      enabled: true,
      userAccountControl: 512,
      memberOf: expect.arrayContaining(['CN=engineering,OU=Groups,DC=example,DC=test']),
    });
    for (const parameters of [
      { username: 'jdoe' },
      { username: 'JDoe' },
      { username: 'jdoe@example.test' },
      { email: 'John.Doe@example.test' },
      { employeeId: jdoe.employeeId },
    ])
      expect(await callData(ad, 'findUser', parameters)).toEqual(expected);
  });

  it('is the default command', () => {
    expect(ad.defaultCommand).toBe('findUser');
  });

  it('fails when no account matches, or nothing to match is given', async () => {
    expect(await call(ad, 'findUser', { username: 'ghost' })).toEqual({
      success: false,
      error: "No account with username 'ghost'",
      code: 'not_found',
    });
    expect(await call(ad, 'findUser', {})).toMatchObject({ success: false, code: 'invalid_parameters' });
  });
});

describe('test-activedirectory findGroup finds one group', () => {
  it('finds a group by name or DN with its member count', async () => {
    const engineering = directory.groups.find((group) => group.name === 'engineering')!;
    const expected = expect.objectContaining({
      name: 'engineering',
      distinguishedName: 'CN=engineering,OU=Groups,DC=example,DC=test',
      objectGUID: engineering.guid,
      groupScope: 'Global',
      groupCategory: 'Security',
      memberCount: engineering.memberIndexes.length,
    });
    expect(await callData(ad, 'findGroup', { groupName: 'Engineering' })).toEqual(expected);
    expect(await callData(ad, 'findGroup', { groupName: 'CN=engineering,OU=Groups,DC=example,DC=test' })).toEqual(
      expected,
    );
  });

  it('fails for an unknown group', async () => {
    expect(await call(ad, 'findGroup', { groupName: 'astronauts' })).toEqual({
      success: false,
      error: "No group 'astronauts' in example.test",
      code: 'not_found',
    });
  });
});

describe('test-activedirectory authenticate behaves like a domain controller', () => {
  it('authenticates an enabled account with its password', async () => {
    expect(await call(ad, 'authenticate', { username: 'jdoe', password: SEEDED_PASSWORD })).toEqual({
      success: true,
      data: {
        authenticated: true,
        username: 'jdoe',
        userPrincipalName: 'jdoe@example.test',
        displayName: 'John Doe',
        distinguishedName: 'CN=jdoe,OU=Users,DC=example,DC=test',
      },
    });
  });

  it('fails for a wrong password and an unknown account alike', async () => {
    const expected = { success: false, error: 'Invalid credentials', code: 'invalid_credentials' };
    expect(await call(ad, 'authenticate', { username: 'jdoe', password: 'wrong' })).toEqual(expected);
    expect(await call(ad, 'authenticate', { username: 'ghost', password: SEEDED_PASSWORD })).toEqual(expected);
    expect(await call(ad, 'authenticate', { username: 'jdoe', password: '' })).toEqual(expected);
  });

  it('fails for a disabled account even with the right password', async () => {
    expect(await call(ad, 'authenticate', { username: disabledPerson.username, password: SEEDED_PASSWORD })).toEqual({
      success: false,
      error: `Account ${disabledPerson.username} is disabled`,
      code: 'account_disabled',
    });
  });

  it('fails until the password is changed after a reset that demands it', async () => {
    await callData(ad, 'resetPassword', { username: 'jdoe', newPassword: 'Temporary9!', mustChangeAtNextLogon: true });
    expect(await call(ad, 'authenticate', { username: 'jdoe', password: 'Temporary9!' })).toMatchObject({
      success: false,
      code: 'password_change_required',
    });
  });
});

describe('test-activedirectory getGroupMembers lists direct members', () => {
  it('lists every member with its identifying attributes', async () => {
    const data = await callData(ad, 'getGroupMembers', { groupName: 'vpn-users' });
    expect(data).toMatchObject({ groupName: 'vpn-users', count: vpnUsers.memberIndexes.length, truncated: false });
    expect((data.members as { sAMAccountName: string }[]).map((member) => member.sAMAccountName).sort()).toEqual(
      vpnUsers.memberIndexes.map((index) => directory.people[index]!.username).sort(),
    );
    expect((data.members as unknown[])[0]).toEqual({
      sAMAccountName: expect.any(String),
      displayName: expect.any(String),
      mail: expect.stringMatching(/@example\.test$/),
      distinguishedName: expect.stringMatching(/^CN=.+,OU=Users,DC=example,DC=test$/),
      enabled: expect.any(Boolean),
    });
  });

  it('stops at the size limit and says so', async () => {
    const data = await callData(ad, 'getGroupMembers', { groupName: 'engineering', sizeLimit: 3 });
    expect(data).toMatchObject({ truncated: true });
    expect(data.members).toHaveLength(3);
  });

  it('fails for an unknown group', async () => {
    expect(await call(ad, 'getGroupMembers', { groupName: 'astronauts' })).toMatchObject({
      success: false,
      code: 'not_found',
    });
  });
});

describe('test-activedirectory enableAccount and disableAccount switch the account', () => {
  it('disables an account, which checkAccountExists then reports', async () => {
    expect(await callData(ad, 'disableAccount', { username: 'jdoe' })).toEqual({
      username: 'jdoe',
      enabled: false,
      changed: true,
    });
    expect(await callData(ad, 'checkAccountExists', { username: 'jdoe' })).toEqual({
      username: 'jdoe',
      exists: true,
      enabled: false,
      distinguishedName: 'CN=jdoe,OU=Users,DC=example,DC=test',
    });
    expect(await call(ad, 'authenticate', { username: 'jdoe', password: SEEDED_PASSWORD })).toMatchObject({
      code: 'account_disabled',
    });
  });

  it('reports no change when repeated', async () => {
    await callData(ad, 'disableAccount', { username: 'jdoe' });
    expect(await callData(ad, 'disableAccount', { username: 'jdoe' })).toMatchObject({ changed: false });
    expect(await callData(ad, 'enableAccount', { username: 'jdoe' })).toMatchObject({ enabled: true, changed: true });
    expect(await callData(ad, 'enableAccount', { username: 'jdoe' })).toMatchObject({ changed: false });
  });

  it('enables a disabled seeded account, which can then authenticate', async () => {
    await callData(ad, 'enableAccount', { username: disabledPerson.username });
    expect(
      (await call(ad, 'authenticate', { username: disabledPerson.username, password: SEEDED_PASSWORD })).success,
    ).toBe(true);
  });

  it('refuses to enable an account without a password', async () => {
    await callData(ad, 'createAccount', { username: 'nopass', firstName: 'No', lastName: 'Pass' });
    expect(await call(ad, 'enableAccount', { username: 'nopass' })).toMatchObject({
      success: false,
      code: 'constraint_violation',
    });
  });

  it('fails for unknown accounts', async () => {
    for (const command of ['enableAccount', 'disableAccount'])
      expect(await call(ad, command, { username: 'ghost' })).toEqual({
        success: false,
        error: "No account 'ghost' in example.test",
        code: 'not_found',
      });
  });
});

describe('test-activedirectory group membership commands are idempotent and report what they found', () => {
  const username = nonMemberOfVpn.username;

  it('adds a member once and reports an existing membership on repeat', async () => {
    expect(await callData(ad, 'checkGroupMembership', { username, groupName: 'vpn-users' })).toMatchObject({
      isMember: false,
    });
    expect(await callData(ad, 'addToGroup', { username, groupName: 'vpn-users' })).toEqual({
      username,
      groupName: 'vpn-users',
      added: true,
      alreadyMember: false,
    });
    expect(await callData(ad, 'addToGroup', { username, groupName: 'VPN-Users' })).toEqual({
      username,
      groupName: 'vpn-users',
      added: false,
      alreadyMember: true,
    });
    expect(await callData(ad, 'checkGroupMembership', { username, groupName: 'vpn-users' })).toEqual({
      username,
      groupName: 'vpn-users',
      isMember: true,
    });
    expect((await callData(ad, 'findUser', { username })).memberOf).toContain(
      'CN=vpn-users,OU=Groups,DC=example,DC=test',
    );
    expect((await callData(ad, 'findGroup', { groupName: 'vpn-users' })).memberCount).toBe(
      vpnUsers.memberIndexes.length + 1,
    );
  });

  it('removes a member once and reports a non-member on repeat, without failing', async () => {
    await callData(ad, 'addToGroup', { username, groupName: 'vpn-users' });
    expect(await callData(ad, 'removeFromGroup', { username, groupName: 'vpn-users' })).toEqual({
      username,
      groupName: 'vpn-users',
      removed: true,
      wasMember: true,
    });
    expect(await callData(ad, 'removeFromGroup', { username, groupName: 'vpn-users' })).toEqual({
      username,
      groupName: 'vpn-users',
      removed: false,
      wasMember: false,
    });
    expect((await callData(ad, 'findUser', { username })).memberOf).not.toContain(
      'CN=vpn-users,OU=Groups,DC=example,DC=test',
    );
  });

  it('fails for unknown accounts or groups', async () => {
    for (const command of ['addToGroup', 'removeFromGroup', 'checkGroupMembership']) {
      expect(await call(ad, command, { username: 'ghost', groupName: 'vpn-users' })).toMatchObject({
        success: false,
        code: 'not_found',
      });
      expect(await call(ad, command, { username, groupName: 'astronauts' })).toMatchObject({
        success: false,
        code: 'not_found',
      });
    }
  });
});

describe('test-activedirectory resetPassword applies the password policy', () => {
  it('sets a compliant password that then authenticates, and the old one no longer does', async () => {
    expect(await callData(ad, 'resetPassword', { username: 'jdoe', newPassword: 'N3w-Secret' })).toEqual({
      username: 'jdoe',
      passwordReset: true,
      mustChangeAtNextLogon: false,
    });
    expect((await call(ad, 'authenticate', { username: 'jdoe', password: 'N3w-Secret' })).success).toBe(true);
    expect((await call(ad, 'authenticate', { username: 'jdoe', password: SEEDED_PASSWORD })).success).toBe(false);
  });

  it.each([
    ['Sh0rt!', /at least 8 characters/],
    ['alllowercase', /three of these kinds/],
    ['xJDOE-2024!', /must not contain the account name/],
  ])('refuses %p', async (newPassword, reason) => {
    const result = await call(ad, 'resetPassword', { username: 'jdoe', newPassword });
    expect(result).toMatchObject({ success: false, code: 'password_policy' });
    expect(result.error).toMatch(reason);
  });

  it('fails for an unknown account', async () => {
    expect(await call(ad, 'resetPassword', { username: 'ghost', newPassword: 'N3w-Secret' })).toMatchObject({
      success: false,
      code: 'not_found',
    });
  });
});

describe('test-activedirectory checkAccountExists answers for missing accounts too', () => {
  it('reports a missing account without failing', async () => {
    expect(await call(ad, 'checkAccountExists', { username: 'ghost' })).toEqual({
      success: true,
      data: { username: 'ghost', exists: false },
    });
  });

  it('reports an existing enabled account', async () => {
    expect(await callData(ad, 'checkAccountExists', { username: 'JDOE@example.test' })).toMatchObject({
      username: 'jdoe',
      exists: true,
      enabled: true,
    });
  });
});

describe('test-activedirectory createAccount creates accounts as AD does', () => {
  it('creates an enabled account with groups and a manager', async () => {
    const data = await callData(ad, 'createAccount', {
      ...newAccount,
      email: 'nora.new@example.test',
      department: 'Engineering',
      title: 'Software Engineer',
      manager: 'jdoe',
      groups: ['engineering', 'vpn-users'],
    });
    expect(data).toMatchObject({
      created: true,
      sAMAccountName: 'nnew',
      userPrincipalName: 'nnew@example.test',
      displayName: 'Nora New',
      enabled: true,
      manager: 'CN=jdoe,OU=Users,DC=example,DC=test',
      memberOf: ['CN=engineering,OU=Groups,DC=example,DC=test', 'CN=vpn-users,OU=Groups,DC=example,DC=test'],
    });
    expect(await callData(ad, 'findUser', { email: 'nora.new@example.test' })).toMatchObject({
      sAMAccountName: 'nnew',
    });
    expect((await call(ad, 'authenticate', { username: 'nnew', password: 'Welcome1!' })).success).toBe(true);
    expect(await callData(ad, 'checkGroupMembership', { username: 'nnew', groupName: 'vpn-users' })).toMatchObject({
      isMember: true,
    });
  });

  it('fails for an existing sAMAccountName, in any case, or a mail in use', async () => {
    expect(await call(ad, 'createAccount', { ...newAccount, username: 'JDoe' })).toEqual({
      success: false,
      error: "An account 'JDoe' already exists in example.test",
      code: 'already_exists',
    });
    expect(await call(ad, 'createAccount', { ...newAccount, email: 'john.doe@example.test' })).toMatchObject({
      success: false,
      code: 'already_exists',
    });
  });

  it('creates an account without a password disabled, and refuses it enabled', async () => {
    const { password: _password, ...withoutPassword } = newAccount;
    expect(await call(ad, 'createAccount', { ...withoutPassword, enabled: true })).toMatchObject({
      success: false,
      code: 'constraint_violation',
    });
    expect(await callData(ad, 'createAccount', withoutPassword)).toMatchObject({
      enabled: false,
      userAccountControl: 514,
    });
    expect(await callData(ad, 'checkAccountExists', { username: 'nnew' })).toMatchObject({
      exists: true,
      enabled: false,
    });
  });

  it('creates nothing when a manager, group or password is refused', async () => {
    const refused: [Record<string, unknown>, string][] = [
      [{ ...newAccount, manager: 'ghost' }, 'not_found'],
      [{ ...newAccount, groups: ['engineering', 'astronauts'] }, 'not_found'],
      [{ ...newAccount, password: 'weak' }, 'password_policy'],
      [{ ...newAccount, username: 'has space' }, 'invalid_parameters'],
    ];
    for (const [parameters, code] of refused)
      expect(await call(ad, 'createAccount', parameters)).toMatchObject({ success: false, code });
    expect(await callData(ad, 'checkAccountExists', { username: 'nnew' })).toMatchObject({ exists: false });
    expect((await callData(ad, 'findGroup', { groupName: 'engineering' })).memberCount).toBe(
      directory.groups.find((group) => group.name === 'engineering')!.memberIndexes.length,
    );
  });
});

describe('test-activedirectory reset restores the seeded domain', () => {
  it('undoes created accounts, membership and status changes', async () => {
    await callData(ad, 'createAccount', newAccount);
    await callData(ad, 'disableAccount', { username: 'jdoe' });
    await callData(ad, 'addToGroup', { username: nonMemberOfVpn.username, groupName: 'vpn-users' });
    connector.reset();
    expect(await callData(ad, 'checkAccountExists', { username: 'nnew' })).toMatchObject({ exists: false });
    expect(await callData(ad, 'checkAccountExists', { username: 'jdoe' })).toMatchObject({ enabled: true });
    expect(
      await callData(ad, 'checkGroupMembership', { username: nonMemberOfVpn.username, groupName: 'vpn-users' }),
    ).toMatchObject({ isMember: false });
  });
});
