import { DEFAULT_USER_COUNT, MAX_USER_COUNT } from '../../domain/simulated-directory.js';
import { createSeededRandom, type SeededRandom } from './seeded-random.js';

/**
 * The seeded organisation behind test-ldap and test-activedirectory: the same people and groups,
 * which each connector copies into its own shape (LDAP entries, AD accounts). A generated
 * directory is never mutated; connectors keep their own working copy and rebuild it on reset.
 */

export const DIRECTORY_DOMAIN = 'example.test';
/** Password of every seeded account. */
export const SEEDED_PASSWORD = 'Passw0rd!';
export const DEFAULT_GROUP_COUNT = 24;
export const DEFAULT_SEED = 20240601;

export interface DirectoryPerson {
  readonly index: number;
  readonly guid: string;
  /** Login name: the LDAP `uid` and the AD `sAMAccountName` (`jdoe`, `jdoe2`, ...). */
  readonly username: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly displayName: string;
  readonly email: string;
  readonly employeeId: string;
  readonly department: string;
  readonly title: string;
  /** Index of the manager in `people`; null for the chief executive only. */
  readonly managerIndex: number | null;
  readonly enabled: boolean;
  /** Indexes into `groups`, department group first. */
  readonly groupIndexes: readonly number[];
  readonly createdAt: string;
  readonly modifiedAt: string;
}

export interface DirectoryGroup {
  readonly index: number;
  readonly guid: string;
  /** The group's common name (`engineering`, `vpn-users`, `project-001`). */
  readonly name: string;
  readonly description: string;
  /** Indexes into `people`. */
  readonly memberIndexes: readonly number[];
  readonly createdAt: string;
  readonly modifiedAt: string;
}

export interface Directory {
  readonly seed: number;
  readonly people: readonly DirectoryPerson[];
  readonly groups: readonly DirectoryGroup[];
}

export interface DirectoryOptions {
  /** Number of people; 250 by default. */
  users?: number;
  /** Number of groups: department groups first, then named and project groups; 24 by default. */
  groups?: number;
  seed?: number;
}

/** Where a connector gets its seeded directory: a ready one, one made on demand, or options to generate one. */
export interface DirectorySource extends DirectoryOptions {
  directory?: Directory | (() => Directory);
}

interface Department {
  name: string;
  /** Relative share of the staff; the executive department holds the chief executive only. */
  weight: number;
  headTitle: string;
  managerTitle: string;
  titles: readonly string[];
}

const DEPARTMENTS: readonly Department[] = [
  { name: 'Executive', weight: 0, headTitle: 'Chief Executive Officer', managerTitle: '', titles: [] },
  {
    name: 'Engineering',
    weight: 30,
    headTitle: 'VP of Engineering',
    managerTitle: 'Engineering Manager',
    titles: [
      'Software Engineer',
      'Senior Software Engineer',
      'Staff Engineer',
      'QA Engineer',
      'Site Reliability Engineer',
    ],
  },
  {
    name: 'Product',
    weight: 8,
    headTitle: 'VP of Product',
    managerTitle: 'Group Product Manager',
    titles: ['Product Manager', 'Senior Product Manager', 'Product Designer', 'UX Researcher'],
  },
  {
    name: 'Sales',
    weight: 18,
    headTitle: 'VP of Sales',
    managerTitle: 'Sales Manager',
    titles: ['Account Executive', 'Sales Development Representative', 'Solutions Engineer', 'Account Manager'],
  },
  {
    name: 'Marketing',
    weight: 8,
    headTitle: 'VP of Marketing',
    managerTitle: 'Marketing Manager',
    titles: ['Content Strategist', 'Product Marketing Manager', 'Growth Marketer', 'Event Coordinator'],
  },
  {
    name: 'Customer Support',
    weight: 12,
    headTitle: 'Head of Customer Support',
    managerTitle: 'Support Team Lead',
    titles: ['Support Engineer', 'Customer Success Manager', 'Technical Account Manager'],
  },
  {
    name: 'Finance',
    weight: 6,
    headTitle: 'Chief Financial Officer',
    managerTitle: 'Finance Manager',
    titles: ['Accountant', 'Financial Analyst', 'Payroll Specialist', 'Controller'],
  },
  {
    name: 'Human Resources',
    weight: 5,
    headTitle: 'Chief People Officer',
    managerTitle: 'HR Manager',
    titles: ['HR Business Partner', 'Recruiter', 'People Operations Specialist'],
  },
  {
    name: 'Legal',
    weight: 3,
    headTitle: 'General Counsel',
    managerTitle: 'Legal Manager',
    titles: ['Corporate Counsel', 'Paralegal', 'Compliance Analyst'],
  },
  {
    name: 'IT',
    weight: 6,
    headTitle: 'Head of IT',
    managerTitle: 'IT Manager',
    titles: ['IT Support Specialist', 'Systems Administrator', 'Identity Engineer', 'Network Engineer'],
  },
  {
    name: 'Operations',
    weight: 4,
    headTitle: 'Chief Operating Officer',
    managerTitle: 'Operations Manager',
    titles: ['Operations Analyst', 'Office Manager', 'Procurement Specialist'],
  },
];

/** The departments of the seeded organisation, the chief executive's first. */
export const DEPARTMENT_NAMES: readonly string[] = DEPARTMENTS.map((department) => department.name);

/** A job role of the seeded organisation: every title a person can hold, with its department. */
export interface DirectoryRole {
  /** Catalogue order, from 1. */
  readonly seq: number;
  /** `role-` and the title in lower-case words joined by hyphens (`role-software-engineer`). */
  readonly id: string;
  readonly title: string;
  readonly department: string;
  readonly modifiedAt: string;
}

/** The role catalogue is fixed: it changes only with this file. */
const ROLE_CATALOGUE_DATE = '2024-01-01T00:00:00.000Z';

export const DIRECTORY_ROLES: readonly DirectoryRole[] = DEPARTMENTS.flatMap((department) =>
  [department.headTitle, department.managerTitle, ...department.titles]
    .filter((title) => title !== '')
    .map((title) => ({ title, department: department.name })),
).map((role, index) => ({
  seq: index + 1,
  id: `role-${role.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
  title: role.title,
  department: role.department,
  modifiedAt: ROLE_CATALOGUE_DATE,
}));

const NAMED_GROUPS: readonly { name: string; description: string }[] = [
  { name: 'vpn-users', description: 'Remote network access' },
  { name: 'github-admins', description: 'Administrators of the source code organisation' },
  { name: 'aws-admins', description: 'Administrators of the cloud accounts' },
  { name: 'finance-approvers', description: 'May approve purchase requests' },
  { name: 'oncall', description: 'On-call rotation' },
  { name: 'contractors', description: 'External contractors' },
  { name: 'remote-workers', description: 'Fully remote staff' },
  { name: 'security-champions', description: 'Security contacts in each team' },
  { name: 'helpdesk-agents', description: 'Service desk agents' },
];

const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'Michael', 'Jennifer', 'William', 'Linda', 'David', 'Elizabeth',
  'Richard', 'Barbara', 'Joseph', 'Susan', 'Thomas', 'Jessica', 'Charles', 'Sarah', 'Christopher', 'Karen',
  'Daniel', 'Lisa', 'Matthew', 'Nancy', 'Anthony', 'Betty', 'Mark', 'Sandra', 'Donald', 'Margaret',
  'Steven', 'Ashley', 'Andrew', 'Kimberly', 'Paul', 'Emily', 'Joshua', 'Donna', 'Kenneth', 'Michelle',
  'Kevin', 'Carol', 'Brian', 'Amanda', 'George', 'Melissa', 'Timothy', 'Deborah', 'Ronald', 'Stephanie',
  'Jason', 'Rebecca', 'Edward', 'Sharon', 'Jeffrey', 'Laura', 'Ryan', 'Cynthia', 'Jacob', 'Amy',
  'Gary', 'Kathleen', 'Nicholas', 'Angela', 'Eric', 'Shirley', 'Jonathan', 'Brenda', 'Stephen', 'Emma',
  'Larry', 'Anna', 'Justin', 'Pamela', 'Scott', 'Nicole', 'Brandon', 'Samantha', 'Benjamin', 'Katherine',
  'Samuel', 'Christine', 'Gregory', 'Helen', 'Alexander', 'Debra', 'Patrick', 'Rachel', 'Frank', 'Carolyn',
  'Raymond', 'Janet', 'Jack', 'Maria', 'Dennis', 'Olivia', 'Jerry', 'Heather', 'Tyler', 'Diane',
  'Aaron', 'Julie', 'Jose', 'Joyce', 'Adam', 'Victoria', 'Nathan', 'Ruth', 'Henry', 'Virginia',
  'Priya', 'Wei', 'Aisha', 'Hiroshi', 'Fatima', 'Mateo', 'Ingrid', 'Kwame', 'Sofia', 'Lars',
]; // prettier-ignore

const LAST_NAMES = [
  'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez',
  'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee',
  'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker',
  'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green',
  'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Gomez',
  'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes', 'Stewart',
  'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper', 'Peterson',
  'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson', 'Watson',
  'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes', 'Price',
  'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez', "O'Brien",
  'Chen', 'Wang', 'Singh', 'Okafor', 'Tanaka', 'Muller', 'Larsen', 'Kowalski', 'Haddad', 'Garcia-Lopez',
]; // prettier-ignore

/** Fixed people at known positions, so examples and tests can name them (`uid=jdoe`). */
const PINNED_PEOPLE: readonly { firstName: string; lastName: string; department: string }[] = [
  { firstName: 'John', lastName: 'Doe', department: 'Engineering' },
  { firstName: 'Jane', lastName: 'Smith', department: 'Engineering' },
  { firstName: 'Alice', lastName: 'Walsh', department: 'IT' },
];

const MANAGER_FAN_OUT = 7;
const DISABLED_SHARE = 0.05;
/** How many optional groups a person joins: weights for 0, 1, 2 and 3. */
const EXTRA_GROUP_WEIGHTS = [0.4, 0.35, 0.18, 0.07];
const CREATED_FROM = Date.UTC(2019, 0, 1);
const SEEDED_UNTIL = Date.UTC(2024, 11, 31);
const MAX_USERNAME_BASE = 18;

/** Lower-case letters and digits only: what usernames and email local parts are made of. */
function nameSlug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** A deterministic directory: the same options always give the same people, groups and timestamps. */
export function generateDirectory(options: DirectoryOptions = {}): Directory {
  const userCount = countOption('users', options.users ?? DEFAULT_USER_COUNT, MAX_USER_COUNT);
  const groupCount = countOption('groups', options.groups ?? DEFAULT_GROUP_COUNT, MAX_USER_COUNT);
  const seed = options.seed ?? DEFAULT_SEED;
  const random = createSeededRandom(seed);

  const groups = buildGroups(groupCount, random);
  const departmentGroupCount = Math.min(DEPARTMENTS.length, groupCount);
  const optionalGroupCount = groupCount - departmentGroupCount;
  const groupMembers: number[][] = groups.map(() => []);

  const namer = createUniqueNamer();
  const departmentMembers: number[][] = DEPARTMENTS.map(() => []);
  const reportCounts = new Uint32Array(userCount);
  const people: MutablePerson[] = new Array(userCount);
  const pinnedStart = DEPARTMENTS.length;
  const pickWeightedDepartment = weightedPicker(DEPARTMENTS.map((department) => department.weight));
  const pickExtraGroupCount = weightedPicker(EXTRA_GROUP_WEIGHTS);

  for (let index = 0; index < userCount; index += 1) {
    const pinned = index >= pinnedStart ? PINNED_PEOPLE[index - pinnedStart] : undefined;
    // Position 0 is the chief executive, then one head per department, then the pinned people.
    const departmentIndex =
      index < DEPARTMENTS.length
        ? index
        : pinned
          ? DEPARTMENTS.findIndex((department) => department.name === pinned.department)
          : pickWeightedDepartment(random);
    const department = DEPARTMENTS[departmentIndex]!;
    const members = departmentMembers[departmentIndex]!;
    const position = members.length;
    members.push(index);
    const managerIndex =
      index === 0 ? null : position === 0 ? 0 : members[Math.floor((position - 1) / MANAGER_FAN_OUT)]!;
    if (managerIndex !== null) reportCounts[managerIndex] = (reportCounts[managerIndex] ?? 0) + 1;

    const firstName = pinned?.firstName ?? random.pick(FIRST_NAMES);
    const lastName = pinned?.lastName ?? random.pick(LAST_NAMES);
    const createdMs = CREATED_FROM + random.int(SEEDED_UNTIL - CREATED_FROM);
    const modifiedMs = createdMs + random.int(SEEDED_UNTIL - createdMs);

    const groupIndexes: number[] = [];
    if (departmentIndex < departmentGroupCount) groupIndexes.push(departmentIndex);
    if (optionalGroupCount > 0) {
      const extraCount = pickExtraGroupCount(random);
      for (let extra = 0; extra < extraCount; extra += 1) {
        const groupIndex = departmentGroupCount + random.int(optionalGroupCount);
        if (!groupIndexes.includes(groupIndex)) groupIndexes.push(groupIndex);
      }
    }
    for (const groupIndex of groupIndexes) groupMembers[groupIndex]!.push(index);

    people[index] = {
      index,
      guid: random.uuid(),
      username: namer.username(firstName, lastName, pinned !== undefined),
      firstName,
      lastName,
      displayName: `${firstName} ${lastName}`,
      email: `${namer.emailLocalPart(firstName, lastName, pinned !== undefined)}@${DIRECTORY_DOMAIN}`,
      employeeId: `E${100001 + index}`,
      department: department.name,
      title: position === 0 ? department.headTitle : random.pick(department.titles),
      managerIndex,
      enabled: index < pinnedStart + PINNED_PEOPLE.length || !random.chance(DISABLED_SHARE),
      groupIndexes,
      createdAt: isoSeconds(createdMs),
      modifiedAt: isoSeconds(modifiedMs),
    };
  }

  // Managers are known only once everyone is placed: they get the manager title and stay enabled.
  for (let index = 0; index < userCount; index += 1) {
    const person = people[index]!;
    if ((reportCounts[index] ?? 0) === 0 || person.index === 0) continue;
    const department = DEPARTMENTS.find((candidate) => candidate.name === person.department)!;
    if (person.title !== department.headTitle) person.title = department.managerTitle;
    person.enabled = true;
  }

  return {
    seed,
    people,
    groups: groups.map((group, index) => ({ ...group, memberIndexes: groupMembers[index]! })),
  };
}

/** The directory a connector should copy: the one given, or one generated from the options. */
export function resolveDirectory(source: DirectorySource): Directory {
  const { directory } = source;
  if (typeof directory === 'function') return directory();
  return directory ?? generateDirectory(source);
}

type MutablePerson = { -readonly [Key in keyof DirectoryPerson]: DirectoryPerson[Key] };

function buildGroups(count: number, random: SeededRandom): Omit<DirectoryGroup, 'memberIndexes'>[] {
  const groups: Omit<DirectoryGroup, 'memberIndexes'>[] = [];
  for (let index = 0; index < count; index += 1) {
    const department = DEPARTMENTS[index];
    const named = NAMED_GROUPS[index - DEPARTMENTS.length];
    const projectNumber = String(index - DEPARTMENTS.length - NAMED_GROUPS.length + 1).padStart(3, '0');
    const createdMs = CREATED_FROM + random.int(SEEDED_UNTIL - CREATED_FROM);
    groups.push({
      index,
      guid: random.uuid(),
      name: department ? department.name.toLowerCase().replace(/ /g, '-') : (named?.name ?? `project-${projectNumber}`),
      description: department
        ? `All members of the ${department.name} department`
        : (named?.description ?? `Project team ${projectNumber}`),
      createdAt: isoSeconds(createdMs),
      modifiedAt: isoSeconds(createdMs + random.int(SEEDED_UNTIL - createdMs)),
    });
  }
  return groups;
}

/** Usernames and email local parts made unique with a numeric suffix, as most directories do. */
function createUniqueNamer() {
  const usernameCounts = new Map<string, number>();
  const emailCounts = new Map<string, number>();
  // Pinned people keep the plain names, even when someone generated before them shares them.
  for (const pinned of PINNED_PEOPLE) {
    usernameCounts.set(usernameBase(pinned.firstName, pinned.lastName), 1);
    emailCounts.set(emailBase(pinned.firstName, pinned.lastName), 1);
  }
  const unique = (counts: Map<string, number>, base: string, pinned: boolean): string => {
    if (pinned) return base;
    const seen = counts.get(base) ?? 0;
    counts.set(base, seen + 1);
    return seen === 0 ? base : `${base}${seen + 1}`;
  };
  return {
    username: (firstName: string, lastName: string, pinned: boolean): string =>
      unique(usernameCounts, usernameBase(firstName, lastName), pinned),
    emailLocalPart: (firstName: string, lastName: string, pinned: boolean): string =>
      unique(emailCounts, emailBase(firstName, lastName), pinned),
  };
}

function usernameBase(firstName: string, lastName: string): string {
  return (nameSlug(firstName).slice(0, 1) + nameSlug(lastName)).slice(0, MAX_USERNAME_BASE);
}

function emailBase(firstName: string, lastName: string): string {
  return `${nameSlug(firstName)}.${nameSlug(lastName)}`;
}

function weightedPicker(weights: readonly number[]): (random: SeededRandom) => number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const cumulative: number[] = [];
  let running = 0;
  for (const weight of weights) cumulative.push((running += weight / total));
  return (random) => {
    const draw = random.next();
    const index = cumulative.findIndex((bound) => draw < bound);
    return index === -1 ? cumulative.length - 1 : index;
  };
}

function countOption(name: string, value: number, max: number): number {
  if (!Number.isInteger(value) || value < 0 || value > max)
    throw new RangeError(`${name} must be an integer between 0 and ${max}`);
  return value;
}

function isoSeconds(ms: number): string {
  return new Date(ms - (ms % 1000)).toISOString();
}
