import { ConnectorError } from '../connector-error.js';
import { DIRECTORY_DOMAIN, SEEDED_PASSWORD, type Directory } from './directory-data.js';
import type { ListableRecord } from './list-page.js';
import { createSeededRandom } from './seeded-random.js';

/**
 * The accounts and security groups of the simulated Active Directory domain, and the rules the
 * real one applies: unique sAMAccountName and userPrincipalName, a password complexity policy,
 * no enabled account without a password. Group nesting is not simulated.
 */

export const AD_DOMAIN = DIRECTORY_DOMAIN;
export const AD_BASE_DN = 'DC=example,DC=test';
export const USERS_OU = `OU=Users,${AD_BASE_DN}`;
export const GROUPS_OU = `OU=Groups,${AD_BASE_DN}`;
export const MIN_PASSWORD_LENGTH = 8;
/** sAMAccountName: at most 20 characters, none of the ones AD forbids. */
export const SAM_ACCOUNT_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,19}$';

const NORMAL_ACCOUNT = 0x200;
const ACCOUNT_DISABLED = 0x2;

export interface AdAccount extends ListableRecord {
  seq: number;
  /** Lower-case sAMAccountName. */
  key: string;
  objectGUID: string;
  sAMAccountName: string;
  userPrincipalName: string;
  givenName: string;
  sn: string;
  displayName: string;
  mail: string | null;
  department: string | null;
  title: string | null;
  employeeID: string | null;
  managerKey: string | null;
  enabled: boolean;
  password: string | null;
  mustChangePassword: boolean;
  pwdLastSet: string | null;
  /** Keys of the groups the account is a direct member of. */
  groupKeys: readonly string[];
  createdAt: string;
  modifiedAt: string;
}

export interface AdGroup extends ListableRecord {
  seq: number;
  /** Lower-case name. */
  key: string;
  objectGUID: string;
  name: string;
  description: string;
  memberKeys: Set<string>;
  createdAt: string;
  modifiedAt: string;
}

export interface NewAccount {
  sAMAccountName: string;
  givenName: string;
  sn: string;
  displayName?: string;
  mail?: string;
  department?: string;
  title?: string;
  employeeID?: string;
  managerUsername?: string;
  groupNames: readonly string[];
  password?: string;
  enabled?: boolean;
}

export class AdDirectory {
  /** Accounts in creation order: what listUsers pages through. */
  readonly accounts: AdAccount[] = [];
  /** Groups in creation order: what listGroups pages through. */
  readonly groups: AdGroup[] = [];
  private readonly accountsByKey = new Map<string, AdAccount>();
  private readonly accountKeysByUpn = new Map<string, string>();
  private readonly accountKeysByMail = new Map<string, string>();
  private readonly groupsByKey = new Map<string, AdGroup>();
  private nextSeq = 1;
  private readonly newGuid: () => string;

  constructor(
    private readonly now: () => Date,
    guidSeed: number,
  ) {
    // A stream of its own, so created accounts get reproducible GUIDs that differ from the seeded ones.
    const random = createSeededRandom(guidSeed ^ 0xad);
    this.newGuid = () => random.uuid();
  }

  /** The directory's people as accounts and its groups as global security groups. */
  static fromDirectory(directory: Directory, now: () => Date): AdDirectory {
    const domain = new AdDirectory(now, directory.seed);
    const groupKeys = directory.groups.map((group) => group.name.toLowerCase());
    const accountKeys = directory.people.map((person) => person.username.toLowerCase());
    for (const person of directory.people) {
      domain.insertAccount({
        seq: domain.nextSeq++,
        key: accountKeys[person.index]!,
        objectGUID: person.guid,
        sAMAccountName: person.username,
        userPrincipalName: `${person.username}@${AD_DOMAIN}`,
        givenName: person.firstName,
        sn: person.lastName,
        displayName: person.displayName,
        mail: person.email,
        department: person.department,
        title: person.title,
        employeeID: person.employeeId,
        managerKey: person.managerIndex === null ? null : accountKeys[person.managerIndex]!,
        enabled: person.enabled,
        password: SEEDED_PASSWORD,
        mustChangePassword: false,
        pwdLastSet: person.createdAt,
        groupKeys: person.groupIndexes.map((index) => groupKeys[index]!),
        createdAt: person.createdAt,
        modifiedAt: person.modifiedAt,
      });
    }
    for (const group of directory.groups) {
      const adGroup: AdGroup = {
        seq: domain.nextSeq++,
        key: groupKeys[group.index]!,
        objectGUID: group.guid,
        name: group.name,
        description: group.description,
        memberKeys: new Set(group.memberIndexes.map((index) => accountKeys[index]!)),
        createdAt: group.createdAt,
        modifiedAt: group.modifiedAt,
      };
      domain.groups.push(adGroup);
      domain.groupsByKey.set(adGroup.key, adGroup);
    }
    return domain;
  }

  /** The account with this sAMAccountName or userPrincipalName (any case). */
  findAccount(username: string): AdAccount | undefined {
    const lower = username.trim().toLowerCase();
    const key = lower.includes('@') ? this.accountKeysByUpn.get(lower) : lower;
    return key === undefined ? undefined : this.accountsByKey.get(key);
  }

  findAccountByMail(mail: string): AdAccount | undefined {
    const key = this.accountKeysByMail.get(mail.trim().toLowerCase());
    return key === undefined ? undefined : this.accountsByKey.get(key);
  }

  findAccountByEmployeeId(employeeID: string): AdAccount | undefined {
    return this.accounts.find((account) => account.employeeID === employeeID);
  }

  requireAccount(username: string): AdAccount {
    const account = this.findAccount(username);
    if (!account) throw new ConnectorError('not_found', `No account '${username}' in ${AD_DOMAIN}`);
    return account;
  }

  findGroup(name: string): AdGroup | undefined {
    return this.groupsByKey.get(groupNameOf(name).toLowerCase());
  }

  requireGroup(name: string): AdGroup {
    const group = this.findGroup(name);
    if (!group) throw new ConnectorError('not_found', `No group '${name}' in ${AD_DOMAIN}`);
    return group;
  }

  findAccountByKey(key: string): AdAccount | undefined {
    return this.accountsByKey.get(key);
  }

  /** Whether the flag changed; enabling needs a password, as it does in AD. */
  setEnabled(account: AdAccount, enabled: boolean): boolean {
    if (account.enabled === enabled) return false;
    if (enabled && account.password === null)
      throw new ConnectorError(
        'constraint_violation',
        `${account.sAMAccountName} has no password; set one with resetPassword before enabling the account`,
      );
    account.enabled = enabled;
    account.modifiedAt = this.timestamp();
    return true;
  }

  /** Whether the account was added (false: it already was a member). */
  addMember(group: AdGroup, account: AdAccount): boolean {
    if (group.memberKeys.has(account.key)) return false;
    group.memberKeys.add(account.key);
    account.groupKeys = [...account.groupKeys, group.key];
    this.touch(group, account);
    return true;
  }

  /** Whether the account was removed (false: it was not a member). */
  removeMember(group: AdGroup, account: AdAccount): boolean {
    if (!group.memberKeys.delete(account.key)) return false;
    account.groupKeys = account.groupKeys.filter((key) => key !== group.key);
    this.touch(group, account);
    return true;
  }

  resetPassword(account: AdAccount, password: string, mustChangePassword: boolean): void {
    requirePolicyCompliant(password, account.sAMAccountName);
    const timestamp = this.timestamp();
    account.password = password;
    account.mustChangePassword = mustChangePassword;
    account.pwdLastSet = mustChangePassword ? null : timestamp;
    account.modifiedAt = timestamp;
  }

  /** Creates the account and its memberships, or fails without changing anything. */
  createAccount(input: NewAccount): AdAccount {
    const key = input.sAMAccountName.toLowerCase();
    if (!new RegExp(SAM_ACCOUNT_NAME_PATTERN).test(input.sAMAccountName))
      throw new ConnectorError('invalid_parameters', `'${input.sAMAccountName}' is not a valid sAMAccountName`);
    if (this.accountsByKey.has(key))
      throw new ConnectorError('already_exists', `An account '${input.sAMAccountName}' already exists in ${AD_DOMAIN}`);
    const userPrincipalName = `${input.sAMAccountName}@${AD_DOMAIN}`;
    if (this.accountKeysByUpn.has(userPrincipalName.toLowerCase()))
      throw new ConnectorError('already_exists', `userPrincipalName ${userPrincipalName} is already in use`);
    // AD itself allows a shared mail; the simulation keeps it unique so findUser by email is unambiguous.
    const holder = input.mail === undefined ? undefined : this.findAccountByMail(input.mail);
    if (holder)
      throw new ConnectorError('already_exists', `mail ${input.mail} is already used by ${holder.sAMAccountName}`);
    const manager = input.managerUsername === undefined ? undefined : this.requireAccount(input.managerUsername);
    const groups = input.groupNames.map((name) => this.requireGroup(name));
    if (input.password !== undefined) requirePolicyCompliant(input.password, input.sAMAccountName);
    const enabled = input.enabled ?? input.password !== undefined;
    if (enabled && input.password === undefined)
      throw new ConnectorError('constraint_violation', 'An enabled account needs a password');

    const timestamp = this.timestamp();
    const account: AdAccount = {
      seq: this.nextSeq++,
      key,
      objectGUID: this.newGuid(),
      sAMAccountName: input.sAMAccountName,
      userPrincipalName,
      givenName: input.givenName,
      sn: input.sn,
      displayName: input.displayName ?? `${input.givenName} ${input.sn}`,
      mail: input.mail ?? null,
      department: input.department ?? null,
      title: input.title ?? null,
      employeeID: input.employeeID ?? null,
      managerKey: manager?.key ?? null,
      enabled,
      password: input.password ?? null,
      mustChangePassword: false,
      pwdLastSet: input.password === undefined ? null : timestamp,
      groupKeys: [],
      createdAt: timestamp,
      modifiedAt: timestamp,
    };
    this.insertAccount(account);
    for (const group of groups) this.addMember(group, account);
    return account;
  }

  accountDn(account: AdAccount): string {
    return `CN=${account.sAMAccountName},${USERS_OU}`;
  }

  groupDn(group: AdGroup): string {
    return `CN=${group.name},${GROUPS_OU}`;
  }

  /** The account as AD tools show it. */
  accountView(account: AdAccount): Record<string, unknown> {
    const manager = account.managerKey === null ? undefined : this.accountsByKey.get(account.managerKey);
    return {
      sAMAccountName: account.sAMAccountName,
      userPrincipalName: account.userPrincipalName,
      distinguishedName: this.accountDn(account),
      objectGUID: account.objectGUID,
      givenName: account.givenName,
      sn: account.sn,
      displayName: account.displayName,
      mail: account.mail,
      department: account.department,
      title: account.title,
      employeeID: account.employeeID,
      manager: manager ? this.accountDn(manager) : null,
      enabled: account.enabled,
      userAccountControl: NORMAL_ACCOUNT | (account.enabled ? 0 : ACCOUNT_DISABLED),
      memberOf: account.groupKeys.map((key) => `CN=${this.groupsByKey.get(key)?.name ?? key},${GROUPS_OU}`),
      pwdLastSet: account.pwdLastSet,
      whenCreated: account.createdAt,
      whenChanged: account.modifiedAt,
    };
  }

  groupView(group: AdGroup): Record<string, unknown> {
    return {
      name: group.name,
      sAMAccountName: group.name,
      distinguishedName: this.groupDn(group),
      objectGUID: group.objectGUID,
      description: group.description,
      groupScope: 'Global',
      groupCategory: 'Security',
      memberCount: group.memberKeys.size,
      whenCreated: group.createdAt,
      whenChanged: group.modifiedAt,
    };
  }

  private insertAccount(account: AdAccount): void {
    this.accounts.push(account);
    this.accountsByKey.set(account.key, account);
    this.accountKeysByUpn.set(account.userPrincipalName.toLowerCase(), account.key);
    if (account.mail !== null) this.accountKeysByMail.set(account.mail.toLowerCase(), account.key);
  }

  /** A membership change shows on both sides (`member`, `memberOf`), so incremental sync sees both. */
  private touch(group: AdGroup, account: AdAccount): void {
    const timestamp = this.timestamp();
    group.modifiedAt = timestamp;
    account.modifiedAt = timestamp;
  }

  private timestamp(): string {
    return this.now().toISOString();
  }
}

/** Why AD's default complexity policy refuses `password`, or undefined when it accepts it. */
export function passwordPolicyProblem(password: string, sAMAccountName: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `it must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  const categories = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((category) => category.test(password));
  if (categories.length < 3)
    return 'it must contain characters of three of these kinds: upper case, lower case, digits, symbols';
  if (sAMAccountName.length >= 3 && password.toLowerCase().includes(sAMAccountName.toLowerCase()))
    return 'it must not contain the account name';
  return undefined;
}

function requirePolicyCompliant(password: string, sAMAccountName: string): void {
  const problem = passwordPolicyProblem(password, sAMAccountName);
  if (problem)
    throw new ConnectorError('password_policy', `The password does not meet the password policy: ${problem}`);
}

/** A group named plainly (`engineering`) or by DN (`CN=engineering,OU=Groups,...`). */
function groupNameOf(nameOrDn: string): string {
  const match = /^\s*CN=((?:[^,\\]|\\.)+)\s*,/i.exec(nameOrDn);
  return (match ? match[1]!.replace(/\\(.)/g, '$1') : nameOrDn).trim();
}
