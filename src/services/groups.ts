import type { Database, DatabaseClient } from '../db/client.js';
import type { Prisma } from '../db/generated/client.js';
import type { GroupInput } from '../domain/group.js';
import { conflict, notFound } from '../errors/index.js';
import { can, type Principal } from '../permissions/index.js';
import { auditChange, type Caller } from './caller.js';
import { withUniqueName } from './unique-names.js';
import { fetchPage, nameContains, sortedById, type SortedPageQuery } from '../domain/pagination.js';

export const groupInclude = { _count: { select: { members: true } } } as const satisfies Prisma.UserGroupInclude;
type GroupRow = Prisma.UserGroupGetPayload<{ include: typeof groupInclude }>;

export function toGroupView(row: GroupRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    memberCount: row._count.members,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function loadGroup(db: DatabaseClient, id: string): Promise<GroupRow> {
  const row = await db.userGroup.findUnique({ where: { id }, include: groupInclude });
  if (!row) throw notFound('Group');
  return row;
}

const audit = (tx: DatabaseClient, caller: Caller, action: string, id: string, metadata: Record<string, unknown>) =>
  auditChange(tx, caller, action, { type: 'group', id }, metadata);

export function createGroup(db: Database, caller: Caller, input: GroupInput) {
  return withUniqueName('A group', input.name, () => db.$transaction((tx) => insertGroup(tx, caller, input)));
}

/** Inserts a group inside the caller's transaction (used by the API and by configuration import). */
export async function insertGroup(tx: DatabaseClient, caller: Caller, input: GroupInput) {
  const row = await tx.userGroup.create({ data: input });
  await audit(tx, caller, 'group.created', row.id, { name: row.name });
  return toGroupView(await loadGroup(tx, row.id));
}

export function updateGroup(db: Database, caller: Caller, id: string, input: GroupInput) {
  return withUniqueName('A group', input.name, () => db.$transaction((tx) => replaceGroup(tx, caller, id, input)));
}

/** Replaces a group's name and description inside the caller's transaction. */
export async function replaceGroup(tx: DatabaseClient, caller: Caller, id: string, input: GroupInput) {
  const before = await loadGroup(tx, id);
  await tx.userGroup.update({ where: { id }, data: input });
  await audit(tx, caller, 'group.updated', id, { from: before.name, to: input.name });
  return toGroupView(await loadGroup(tx, id));
}

export async function deleteGroup(db: Database, caller: Caller, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const group = await loadGroup(tx, id);
    await tx.userGroup.delete({ where: { id } });
    await audit(tx, caller, 'group.deleted', id, { name: group.name, members: group._count.members });
  });
}

export async function addGroupMember(db: Database, caller: Caller, groupId: string, userId: string) {
  return db.$transaction(async (tx) => {
    await insertGroupMember(tx, caller, groupId, userId);
    return toGroupView(await loadGroup(tx, groupId));
  });
}

/** Adds a member inside the caller's transaction; 404 for an unknown user, 409 for a member already. */
export async function insertGroupMember(tx: DatabaseClient, caller: Caller, groupId: string, userId: string) {
  await loadGroup(tx, groupId);
  const user = await tx.user.findFirst({ where: { id: userId, deletedAt: null } });
  if (!user) throw notFound('User');
  const existing = await tx.userGroupMember.findUnique({ where: { groupId_userId: { groupId, userId } } });
  if (existing) throw conflict('The user is already a member of the group');
  await tx.userGroupMember.create({ data: { groupId, userId, addedBy: caller.principal.userId } });
  await audit(tx, caller, 'group.member_added', groupId, { userId });
}

export async function removeGroupMember(db: Database, caller: Caller, groupId: string, userId: string) {
  return db.$transaction(async (tx) => {
    const { count } = await tx.userGroupMember.deleteMany({ where: { groupId, userId } });
    if (count === 0) throw notFound('Group member');
    await audit(tx, caller, 'group.member_removed', groupId, { userId });
    return toGroupView(await loadGroup(tx, groupId));
  });
}

/** A page of groups, matched on the name with `search`. */
export function listGroups(db: Database, query: SortedPageQuery & { search?: string }) {
  const where = nameContains(query.search);
  return fetchPage(
    query,
    async (window) =>
      (
        await db.userGroup.findMany({
          where,
          include: groupInclude,
          orderBy: sortedById(query),
          ...window,
        })
      ).map(toGroupView),
    () => db.userGroup.count({ where }),
  );
}

/** A page of a group's members, in the order they were added; 404 when the group does not exist. */
/**
 * A page of a group's members. Group names are read by approvers and resource managers
 * (`group:read`), but members' email addresses are the directory's, which only `user:read` shows
 * (`GET /api/users`): without it `email` is null and members are known by id and display name.
 */
export async function listGroupMembers(db: Database, groupId: string, query: SortedPageQuery, principal: Principal) {
  const showEmails = can(principal, 'user:read');
  await loadGroup(db, groupId);
  const where = { groupId };
  return fetchPage(
    query,
    async (window) =>
      (
        await db.userGroupMember.findMany({
          where,
          include: { user: true },
          orderBy: [{ createdAt: query.sortOrder }, { userId: query.sortOrder }],
          ...window,
        })
      ).map((member) => ({
        userId: member.userId,
        email: showEmails ? member.user.email : null,
        displayName: member.user.displayName,
        addedAt: member.createdAt,
      })),
    () => db.userGroupMember.count({ where }),
  );
}
