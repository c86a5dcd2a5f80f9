import { recordAudit } from '../../audit/index.js';
import { isUniqueViolation, type Database, type DatabaseClient, type Prisma } from '../../db/client.js';
import type { GroupFilter } from '../../scim/filter.js';
import {
  parseGroupBody,
  parseGroupDocument,
  toScimGroup,
  type GroupMember,
  type ScimGroupRow,
} from '../../scim/group-resource.js';
import type { ListWindow } from '../../scim/list-query.js';
import { pageOfRows, pageQuery } from './list-page.js';
import { applyPatch, normalisePatchRequest, splitMemberOperations, type MemberChanges } from '../../scim/patch.js';
import { GROUP_ATTRIBUTES, GROUP_SCHEMA } from '../../scim/schemas.js';
import { refuseLookAlikeGroupName } from './look-alike-names.js';
import { markScimWrite, scimAuditOf, type ScimRequestContext } from './scim-context.js';
import { invalidValue, ScimError, scimNotFound, uniqueness } from '../../scim/scim-errors.js';
import { versionOf } from '../../scim/user-resource.js';
import { equalsIgnoringCase } from '../../domain/text-match.js';
import { isUuid } from '../../domain/uuid.js';

// SCIM groups are user groups with memberships, nothing more (spec 2.14, 4.10): this module never
// touches roles, permission overrides, business roles or entitlements, whatever a group is called.

/**
 * The memberships a client sees and changes: those of users it provisioned (or linked) that are
 * not deleted. Members an admin added through the API are none of its business: a `replace` of
 * the members keeps them, and their ids and names never reach the client.
 */
function clientMembers(context: ScimRequestContext): Prisma.UserGroupMemberWhereInput {
  return { user: { deletedAt: null, scimIdentities: { some: { clientId: context.client.id } } } };
}

async function membersOf(
  db: DatabaseClient,
  context: ScimRequestContext,
  groupIds: string[],
): Promise<Map<string, GroupMember[]>> {
  const rows = await db.userGroupMember.findMany({
    where: { groupId: { in: groupIds }, ...clientMembers(context) },
    include: { user: { select: { email: true, displayName: true } } },
    orderBy: [{ createdAt: 'asc' }, { userId: 'asc' }],
  });
  const byGroup = new Map<string, GroupMember[]>(groupIds.map((id) => [id, []]));
  for (const row of rows) {
    byGroup.get(row.groupId)?.push({ userId: row.userId, email: row.user.email, displayName: row.user.displayName });
  }
  return byGroup;
}

export async function listScimGroups(
  db: Database,
  context: ScimRequestContext,
  filter: GroupFilter | undefined,
  window: ListWindow,
  withMembers: boolean,
) {
  const where: Prisma.ScimGroupWhereInput = {
    clientId: context.client.id,
    ...(filter ? { group: { name: equalsIgnoringCase(filter.value) } } : {}),
  };
  const page = pageQuery(window);
  const [total, read] = await Promise.all([
    db.scimGroup.count({ where }),
    window.count === 0
      ? Promise.resolve([])
      : db.scimGroup.findMany({
          where: { AND: [where, page.where] },
          include: { group: true },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
          skip: page.skip,
          take: page.take,
        }),
  ]);
  const { rows: rows, next } = pageOfRows(read, window);
  const members = withMembers
    ? await membersOf(
        db,
        context,
        rows.map((row) => row.groupId),
      )
    : undefined;
  const resources = rows.map(({ group, ...scimGroup }) =>
    toScimGroup({ group, scimGroup }, members?.get(group.id), context.baseUrl),
  );
  return { total, resources, next };
}

async function loadRow(db: DatabaseClient, context: ScimRequestContext, id: string): Promise<ScimGroupRow> {
  const row = isUuid(id)
    ? await db.scimGroup.findFirst({ where: { groupId: id, clientId: context.client.id }, include: { group: true } })
    : null;
  if (!row) throw scimNotFound(`Group ${id}`);
  const { group, ...scimGroup } = row;
  return { group, scimGroup };
}

export async function getScimGroup(db: Database, context: ScimRequestContext, id: string, withMembers: boolean) {
  const row = await loadRow(db, context, id);
  const members = withMembers ? (await membersOf(db, context, [id])).get(id) : undefined;
  return toScimGroup(row, members, context.baseUrl);
}

function uniquenessOnConflict<T>(write: Promise<T>): Promise<T> {
  return write.catch((error: unknown) => {
    if (isUniqueViolation(error)) throw uniqueness('A group with this displayName or externalId already exists');
    throw error;
  });
}

/** Member ids must be users this client provisioned; anything else is an invalidValue. */
async function checkMembers(tx: DatabaseClient, context: ScimRequestContext, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const malformed = ids.filter((id) => !isUuid(id));
  if (malformed.length > 0) throw invalidValue(`Unknown members: ${malformed.slice(0, 10).join(', ')}`);
  const known = await tx.scimIdentity.findMany({
    where: { clientId: context.client.id, userId: { in: [...ids] }, user: { deletedAt: null } },
    select: { userId: true },
  });
  if (known.length === ids.length) return;
  const found = new Set(known.map((row) => row.userId));
  const unknown = ids.filter((id) => !found.has(id));
  throw invalidValue(`Unknown members: ${unknown.slice(0, 10).join(', ')}`);
}

/**
 * Applies member changes to a locked group and audits them. Adding a member twice or removing a
 * non-member is a no-op, so retried requests change nothing.
 */
async function applyMemberChanges(
  tx: Prisma.TransactionClient,
  context: ScimRequestContext,
  groupId: string,
  changes: MemberChanges,
): Promise<boolean> {
  if (changes.kind === 'none') return false;
  const audit = scimAuditOf(context);
  const target = { type: 'group', id: groupId };
  if (changes.kind === 'replace') {
    const wanted = [...changes.members];
    await checkMembers(tx, context, wanted);
    const current = new Set(
      (
        await tx.userGroupMember.findMany({ where: { groupId, ...clientMembers(context) }, select: { userId: true } })
      ).map((row) => row.userId),
    );
    const added = wanted.filter((id) => !current.has(id));
    const removed = [...current].filter((id) => !changes.members.has(id));
    if (added.length === 0 && removed.length === 0) return false;
    await tx.userGroupMember.deleteMany({ where: { groupId, userId: { in: removed } } });
    await tx.userGroupMember.createMany({ data: added.map((userId) => ({ groupId, userId })), skipDuplicates: true });
    await recordAudit(tx, {
      ...audit,
      action: 'scim.group.members_replaced',
      target,
      metadata: { ...audit.metadata, added, removed },
    });
    return true;
  }
  const toAdd = [...changes.add];
  await checkMembers(tx, context, toAdd);
  const removable = [...changes.remove].filter((id) => isUuid(id));
  const existing = new Set(
    (
      await tx.userGroupMember.findMany({
        where: { groupId, userId: { in: [...toAdd, ...removable] }, ...clientMembers(context) },
        select: { userId: true },
      })
    ).map((row) => row.userId),
  );
  const added = toAdd.filter((id) => !existing.has(id));
  const removed = removable.filter((id) => existing.has(id));
  if (added.length > 0) {
    await tx.userGroupMember.createMany({ data: added.map((userId) => ({ groupId, userId })), skipDuplicates: true });
    await recordAudit(tx, {
      ...audit,
      action: 'scim.group.member_added',
      target,
      metadata: { ...audit.metadata, userIds: added },
    });
  }
  if (removed.length > 0) {
    await tx.userGroupMember.deleteMany({ where: { groupId, userId: { in: removed } } });
    await recordAudit(tx, {
      ...audit,
      action: 'scim.group.updated',
      target,
      metadata: { ...audit.metadata, changed: ['members'], membersRemoved: removed },
    });
  }
  return added.length > 0 || removed.length > 0;
}

async function applyGroupFields(
  tx: Prisma.TransactionClient,
  context: ScimRequestContext,
  row: ScimGroupRow,
  next: { displayName: string; externalId: string | null },
): Promise<boolean> {
  const changed: string[] = [];
  if (next.displayName !== row.group.name) changed.push('displayName');
  if (next.externalId !== row.scimGroup.externalId) changed.push('externalId');
  if (changed.length === 0) return false;
  if (changed.includes('displayName')) {
    await refuseLookAlikeGroupName(tx, next.displayName, row.group.id);
    await tx.userGroup.update({ where: { id: row.group.id }, data: { name: next.displayName } });
  }
  if (changed.includes('externalId')) {
    await tx.scimGroup.update({ where: { id: row.scimGroup.id }, data: { externalId: next.externalId } });
  }
  const audit = scimAuditOf(context);
  await recordAudit(tx, {
    ...audit,
    action: 'scim.group.updated',
    target: { type: 'group', id: row.group.id },
    metadata: {
      ...audit.metadata,
      changed,
      ...(changed.includes('displayName') ? { displayName: { from: row.group.name, to: next.displayName } } : {}),
    },
  });
  return true;
}

/** Serialises writes to one group: concurrent member PATCHes queue here instead of losing members. */
async function lockGroup(tx: Prisma.TransactionClient, context: ScimRequestContext, id: string) {
  await markScimWrite(tx);
  const row = await loadRow(tx, context, id);
  await tx.$queryRaw`SELECT id FROM user_groups WHERE id = ${row.group.id}::uuid FOR UPDATE`;
  return loadRow(tx, context, id);
}

function checkVersion(row: ScimGroupRow, ifMatch: string | undefined): void {
  if (!ifMatch || ifMatch.trim() === '*') return;
  const current = versionOf(row.scimGroup.version);
  if (!ifMatch.split(',').some((tag) => tag.trim() === current || `W/${tag.trim()}` === current)) {
    throw new ScimError(412, `The resource version is ${current}`);
  }
}

async function bumpVersion(tx: Prisma.TransactionClient, row: ScimGroupRow): Promise<void> {
  await tx.scimGroup.update({ where: { id: row.scimGroup.id }, data: { version: { increment: 1 } } });
}

export async function createScimGroup(db: Database, context: ScimRequestContext, body: unknown) {
  const parsed = parseGroupBody(body);
  const members = parsed.members ?? [];
  const write = db.$transaction(async (tx) => {
    await markScimWrite(tx);
    await checkMembers(tx, context, members);
    await refuseLookAlikeGroupName(tx, parsed.displayName);
    const group = await tx.userGroup.create({ data: { name: parsed.displayName } });
    const scimGroup = await tx.scimGroup.create({
      data: { clientId: context.client.id, groupId: group.id, externalId: parsed.externalId },
    });
    await tx.userGroupMember.createMany({ data: members.map((userId) => ({ groupId: group.id, userId })) });
    const audit = scimAuditOf(context);
    await recordAudit(tx, {
      ...audit,
      action: 'scim.group.created',
      target: { type: 'group', id: group.id },
      metadata: { ...audit.metadata, displayName: group.name, externalId: parsed.externalId, members },
    });
    return { group, scimGroup };
  });
  const row = await uniquenessOnConflict(write);
  return toScimGroup(row, (await membersOf(db, context, [row.group.id])).get(row.group.id), context.baseUrl);
}

export async function replaceScimGroup(
  db: Database,
  context: ScimRequestContext,
  id: string,
  body: unknown,
  ifMatch?: string,
) {
  const parsed = parseGroupBody(body);
  await uniquenessOnConflict(
    db.$transaction(async (tx) => {
      const row = await lockGroup(tx, context, id);
      checkVersion(row, ifMatch);
      const fields = await applyGroupFields(tx, context, row, parsed);
      const members = await applyMemberChanges(tx, context, id, {
        kind: 'replace',
        members: new Set(parsed.members ?? []),
      });
      if (fields || members) await bumpVersion(tx, row);
    }),
  );
  return getScimGroup(db, context, id, true);
}

/** PATCH /Groups/:id; returns whether anything changed. */
export async function patchScimGroup(
  db: Database,
  context: ScimRequestContext,
  id: string,
  body: unknown,
  ifMatch?: string,
): Promise<boolean> {
  const { members, others } = splitMemberOperations(normalisePatchRequest(body, GROUP_ATTRIBUTES, GROUP_SCHEMA));
  return uniquenessOnConflict(
    db.$transaction(
      async (tx) => {
        const row = await lockGroup(tx, context, id);
        checkVersion(row, ifMatch);
        let fields = false;
        if (others.length > 0) {
          const document = {
            displayName: row.group.name,
            ...(row.scimGroup.externalId !== null ? { externalId: row.scimGroup.externalId } : {}),
          };
          fields = await applyGroupFields(tx, context, row, parseGroupDocument(applyPatch(document, others)));
        }
        const memberChanges = await applyMemberChanges(tx, context, id, members);
        if (fields || memberChanges) await bumpVersion(tx, row);
        return fields || memberChanges;
      },
      { timeout: 30_000, maxWait: 30_000 },
    ),
  );
}
