import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/**
 * A directory of `users` people (inetOrgPerson) and `groups` groups (groupOfNames), written as
 * LDIF for `slapadd` a batch of entries at a time, so a directory of any size never sits in memory
 * as text. Every user is in `groupsPerUser` distinct groups picked by a generator seeded with the
 * user's number (the same directory every time), and has the matching `memberOf` values written
 * out, because `slapadd` loads entries without running the memberof overlay.
 */

export interface DirectoryShape {
  users: number;
  groups: number;
  groupsPerUser: number;
  /** The suffix; the entries go under `ou=people` and `ou=groups` of it. */
  baseDn: string;
}

export interface WrittenDirectory {
  users: number;
  groups: number;
  memberships: number;
  usersWithManager: number;
  bytes: number;
}

const ENTRIES_PER_WRITE = 500;
const GIVEN_NAMES = ['Ada', 'Bram', 'Chloé', 'Dmitri', 'Esther', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kemal'];
const FAMILY_NAMES = ['Okafor', 'Lindqvist', 'García', 'Nguyen', 'Müller', 'Rossi', 'Tanaka', 'Dubois', 'Kowalski'];
const TITLES = ['Engineer', 'Analyst', 'Accountant', 'Designer', 'Nurse', 'Buyer', 'Lawyer'];

export const userUid = (user: number) => `u${String(user).padStart(7, '0')}`;
export const groupCn = (group: number) => `g${String(group).padStart(5, '0')}`;
export const userDn = (user: number, baseDn: string) => `uid=${userUid(user)},ou=people,${baseDn}`;
export const groupDn = (group: number, baseDn: string) => `cn=${groupCn(group)},ou=groups,${baseDn}`;

/** A small deterministic generator (mulberry32), so the directory is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The groups (0-based) user `user` (1-based) belongs to. */
export function groupsOf(user: number, shape: Pick<DirectoryShape, 'groups' | 'groupsPerUser'>): number[] {
  const random = seeded(user * 2654435761);
  const picked = new Set<number>();
  const wanted = Math.min(shape.groupsPerUser, shape.groups);
  while (picked.size < wanted) picked.add(Math.floor(random() * shape.groups));
  return [...picked];
}

/** Nine in ten people have a manager: one of the first tenth of the directory, a tree ten wide. */
export const managerOf = (user: number): number | undefined => (user > 10 ? Math.ceil(user / 10) : undefined);

function userEntry(user: number, shape: DirectoryShape): string {
  const given = GIVEN_NAMES[user % GIVEN_NAMES.length]!;
  const family = `${FAMILY_NAMES[Math.floor(user / GIVEN_NAMES.length) % FAMILY_NAMES.length]!}${user}`;
  const manager = managerOf(user);
  const lines = [
    `dn: ${userDn(user, shape.baseDn)}`,
    'objectClass: inetOrgPerson',
    `uid: ${userUid(user)}`,
    `cn: ${given} ${family}`,
    `sn: ${family}`,
    `givenName: ${given}`,
    `displayName: ${given} ${family}`,
    `mail: ${userUid(user)}@example.org`,
    `employeeNumber: ${user}`,
    `title: ${TITLES[user % TITLES.length]!}`,
    ...(manager ? [`manager: ${userDn(manager, shape.baseDn)}`] : []),
    ...groupsOf(user, shape).map((group) => `memberOf: ${groupDn(group, shape.baseDn)}`),
  ];
  // LDIF values that are not plain ASCII are written base64 (RFC 2849).
  return `${lines.map(ldifLine).join('\n')}\n\n`;
}

function ldifLine(line: string): string {
  if (/^[\x20-\x7e]*$/.test(line)) return line;
  const colon = line.indexOf(': ');
  return `${line.slice(0, colon)}:: ${Buffer.from(line.slice(colon + 2), 'utf8').toString('base64')}`;
}

/** Writes the directory's users, then its groups with their members, to `file`. */
export async function writeDirectoryLdif(file: string, shape: DirectoryShape): Promise<WrittenDirectory> {
  const out = createWriteStream(file);
  const failed = once(out, 'error').then(([error]) => Promise.reject(error as Error));
  failed.catch(() => undefined);
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await Promise.race([once(out, 'drain'), failed]);
  };
  const members: number[][] = Array.from({ length: shape.groups }, () => []);
  let usersWithManager = 0;
  let batch = '';
  for (let user = 1; user <= shape.users; user += 1) {
    batch += userEntry(user, shape);
    for (const group of groupsOf(user, shape)) members[group]!.push(user);
    if (managerOf(user)) usersWithManager += 1;
    if (user % ENTRIES_PER_WRITE === 0) {
      await write(batch);
      batch = '';
    }
  }
  let memberships = 0;
  for (let group = 0; group < shape.groups; group += 1) {
    // groupOfNames needs a member: an empty group names the directory's first user.
    const names = members[group]!.length > 0 ? members[group]! : [1];
    memberships += members[group]!.length;
    batch +=
      [
        `dn: ${groupDn(group, shape.baseDn)}`,
        'objectClass: groupOfNames',
        `cn: ${groupCn(group)}`,
        `description: Group ${group}`,
        ...names.map((user) => `member: ${userDn(user, shape.baseDn)}`),
      ].join('\n') + '\n\n';
    if (batch.length > 1_000_000) {
      await write(batch);
      batch = '';
    }
  }
  await write(batch);
  out.end();
  await Promise.race([once(out, 'finish'), failed]);
  return { users: shape.users, groups: shape.groups, memberships, usersWithManager, bytes };
}
