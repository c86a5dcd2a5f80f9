import { recordAudit } from '../../audit/index.js';
import { isUniqueViolation, jsonColumn, Prisma, type Database, type DatabaseClient } from '../../db/client.js';
import { associateUserByEmailDomain } from '../organizations/domain-association.js';
import type { User } from '../../db/generated/client.js';
import { holdsPrivilegedRole } from '../../permissions/index.js';
import { isLastActiveAdmin } from '../users/manage-users.js';
import { activeEmailOf } from '../users/user-record.js';
import type { UserFilter } from '../../scim/filter.js';
import type { ListWindow } from '../../scim/list-query.js';
import { pageOfRows, pageQuery } from './list-page.js';
import { applyPatch, normalisePatchRequest } from '../../scim/patch.js';
import { USER_ATTRIBUTES, USER_SCHEMA } from '../../scim/schemas.js';
import { whatAccountHolds } from './adoptable-account.js';
import { refuseLookAlikeEmail } from './look-alike-names.js';
import { markScimWrite, scimAuditOf, type ScimRequestContext } from './scim-context.js';
import { mutability, ScimError, scimNotFound, uniqueness } from '../../scim/scim-errors.js';
import {
  parseUserDocument,
  stableJson,
  toScimUser,
  userDocumentFromBody,
  userDocumentOf,
  versionOf,
  type ParsedScimUser,
  type ScimUserRow,
} from '../../scim/user-resource.js';
import { equalsIgnoringCase } from '../../domain/text-match.js';
import { isUuid } from '../../domain/uuid.js';

function whereOfFilter(filter: UserFilter | undefined): Prisma.ScimIdentityWhereInput {
  if (!filter) return {};
  switch (filter.attribute) {
    case 'userName':
      return { userName: equalsIgnoringCase(filter.value) };
    case 'externalId':
      return { externalId: filter.value };
    case 'emails.value': {
      const typed = filter.emailType === undefined ? {} : { type: filter.emailType };
      return {
        OR: [
          { attributes: { path: ['emails'], array_contains: [{ ...typed, value: filter.value }] } },
          {
            user: { activeEmail: filter.value.trim().toLowerCase() },
            ...(filter.emailType === undefined ? {} : { attributes: { path: ['emails'], array_contains: [typed] } }),
          },
        ],
      };
    }
  }
}

/** The client's users matching `filter`, one window of them. */
export async function listScimUsers(
  db: Database,
  context: ScimRequestContext,
  filter: UserFilter | undefined,
  window: ListWindow,
) {
  const where: Prisma.ScimIdentityWhereInput = {
    clientId: context.client.id,
    user: { deletedAt: null },
    AND: [whereOfFilter(filter)],
  };
  const page = pageQuery(window);
  const [total, read] = await Promise.all([
    db.scimIdentity.count({ where }),
    window.count === 0
      ? Promise.resolve([])
      : db.scimIdentity.findMany({
          where: { AND: [where, page.where] },
          include: { user: true },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
          skip: page.skip,
          take: page.take,
        }),
  ]);
  const { rows: identities, next } = pageOfRows(read, window);
  const resources = identities.map(({ user, ...identity }) => toScimUser({ user, identity }, context.baseUrl));
  return { total, resources, next };
}

async function loadRow(db: DatabaseClient, context: ScimRequestContext, id: string): Promise<ScimUserRow> {
  const identity = isUuid(id)
    ? await db.scimIdentity.findFirst({
        where: { userId: id, clientId: context.client.id, user: { deletedAt: null } },
        include: { user: true },
      })
    : null;
  if (!identity) throw scimNotFound(`User ${id}`);
  const { user, ...rest } = identity;
  return { user, identity: rest };
}

export async function getScimUser(db: Database, context: ScimRequestContext, id: string) {
  return toScimUser(await loadRow(db, context, id), context.baseUrl);
}

function uniquenessOnConflict<T>(write: Promise<T>, detail: string): Promise<T> {
  return write.catch((error: unknown) => {
    if (isUniqueViolation(error)) throw uniqueness(detail);
    throw error;
  });
}

/**
 * POST /Users. A user whose email is taken by an existing requestor-only user without a SCIM
 * identity, to whom nobody has given anything (whatAccountHolds), is linked
 * (`scim.user.linked_existing`); one this or another client already provisioned, one holding
 * other roles or given something, or an address that reads like an existing one, is a 409
 * uniqueness.
 */
export async function createScimUser(db: Database, context: ScimRequestContext, body: unknown) {
  const parsed = parseUserDocument(userDocumentFromBody(body));
  const audit = scimAuditOf(context);
  const write = db.$transaction(async (tx) => {
    await markScimWrite(tx);
    // The identities of users deleted in Flowgate no longer stand for anyone: the client cannot see
    // them (404, empty filters), so they must not make its userName or externalId taken for ever.
    // They go, and the user is provisioned anew; the deleted user, if restored, is no longer managed.
    const replaced = await tx.scimIdentity.findMany({
      where: {
        clientId: context.client.id,
        user: { deletedAt: { not: null } },
        OR: [
          { userName: equalsIgnoringCase(parsed.userName) },
          ...(parsed.externalId === null ? [] : [{ externalId: parsed.externalId }]),
        ],
      },
      select: { id: true, userId: true },
    });
    if (replaced.length > 0)
      await tx.scimIdentity.deleteMany({ where: { id: { in: replaced.map((identity) => identity.id) } } });
    // The audit entry of whichever user this request links or creates; it names the replaced ones.
    const recordUserWrite = (action: 'scim.user.linked_existing' | 'scim.user.created', user: User) =>
      recordAudit(tx, {
        ...audit,
        action,
        target: { type: 'user', id: user.id },
        metadata: {
          ...audit.metadata,
          userName: parsed.userName,
          externalId: parsed.externalId,
          active: user.active,
          ...(replaced.length > 0 ? { replacesDeletedUserIds: replaced.map((identity) => identity.userId) } : {}),
        },
      });
    const sameUserName = await tx.scimIdentity.findFirst({
      where: { clientId: context.client.id, userName: equalsIgnoringCase(parsed.userName) },
    });
    if (sameUserName) throw uniqueness(`A user with userName ${parsed.userName} already exists`);
    const candidateEmails = parsed.candidateEmails.map((email) => email.toLowerCase());
    // Locked before what they hold is read: a role, membership or business role given by a
    // transaction in flight (whose insert holds a key-share lock on the user) is seen once it
    // commits, so an account given something meanwhile is not linked. In id order, so two creates
    // naming the same accounts cannot deadlock.
    await tx.$queryRaw`
      SELECT id FROM users WHERE active_email = ANY(${candidateEmails}::text[]) ORDER BY id FOR UPDATE`;
    const candidates = await tx.user.findMany({
      where: { activeEmail: { in: candidateEmails } },
      include: { scimIdentities: true },
    });
    const existing = candidateEmails
      .map((email) => candidates.find((user) => user.activeEmail === email))
      .find((user) => user !== undefined);
    if (existing) {
      const owner = existing.scimIdentities[0];
      if (owner) {
        throw uniqueness(
          owner.clientId === context.client.id
            ? `A user with userName ${parsed.userName} already exists`
            : 'This user is already provisioned by another SCIM client',
        );
      }
      if (holdsPrivilegedRole(existing.roles)) {
        throw uniqueness(
          'An account with this email already exists and cannot be linked: SCIM clients link only existing accounts whose only role is requestor',
        );
      }
      const held = await whatAccountHolds(tx, existing);
      if (held.length > 0) {
        throw uniqueness(
          `An account with this email already exists and cannot be linked: it has ${held.join(', ')}. ` +
            'SCIM clients link only existing accounts nobody has given anything to; ask an administrator to link it by hand or use another address',
        );
      }
      const identity = await tx.scimIdentity.create({
        data: {
          clientId: context.client.id,
          userId: existing.id,
          linkedExisting: true,
          externalId: parsed.externalId,
          userName: parsed.userName,
          attributes: jsonColumn(parsed.attributes),
        },
      });
      // Linking takes over the account but does not revive one someone else deactivated.
      const user = await tx.user.update({
        where: { id: existing.id },
        data: {
          displayName: existing.displayName ?? parsed.displayName,
          ...(parsed.active === false ? { active: false } : {}),
        },
      });
      await recordUserWrite('scim.user.linked_existing', user);
      return { user, identity };
    }
    await refuseLookAlikeEmail(tx, parsed.email);
    const user = await tx.user.create({
      data: {
        email: parsed.email,
        activeEmail: activeEmailOf(parsed.email),
        displayName: parsed.displayName,
        roles: ['requestor'],
        active: parsed.active ?? true,
        confirmed: false,
      },
    });
    const identity = await tx.scimIdentity.create({
      data: {
        clientId: context.client.id,
        userId: user.id,
        externalId: parsed.externalId,
        userName: parsed.userName,
        attributes: jsonColumn(parsed.attributes),
      },
    });
    await recordUserWrite('scim.user.created', user);
    await associateUserByEmailDomain(tx, user, audit.actor, context.requestId);
    return { user, identity };
  });
  const row = await uniquenessOnConflict(write, 'A user with this userName, email or externalId already exists');
  return toScimUser(row, context.baseUrl);
}

/** 412 when the client sent If-Match with another version (RFC 7644 3.14). */
function checkVersion(row: ScimUserRow, ifMatch: string | undefined): void {
  if (!ifMatch || ifMatch.trim() === '*') return;
  const current = versionOf(row.identity.version);
  const accepted = ifMatch.split(',').map((tag) => tag.trim());
  if (!accepted.some((tag) => tag === current || `W/${tag}` === current)) {
    throw new ScimError(412, `The resource version is ${current}`);
  }
}

/**
 * What a SCIM client may not do to the account behind a user (docs/scim.md, "Lifecycle rules"):
 * re-address an account it adopted rather than created, or a confirmed or privileged one (its next
 * first sign-in would go to whoever holds the new address), give it an address that reads like
 * another account's, or deactivate the last active admin.
 */
async function checkSafeChange(
  tx: Prisma.TransactionClient,
  { user, identity }: ScimUserRow,
  email: string,
  active: boolean | undefined,
): Promise<void> {
  // `user` was read under its row lock (lockAndLoad): a sign-in or a promotion committed before
  // is seen, and one after waits for this write.
  if (activeEmailOf(email) !== activeEmailOf(user.email)) {
    if (user.confirmed || user.iss !== null) {
      throw mutability('The email of an account that has signed in cannot be changed through SCIM');
    }
    if (holdsPrivilegedRole(user.roles)) {
      throw mutability('The email of an account holding roles beyond requestor cannot be changed through SCIM');
    }
    if (identity.linkedExisting) {
      throw mutability(
        'This account existed before the SCIM client linked it: its email cannot be changed through SCIM',
      );
    }
    await refuseLookAlikeEmail(tx, email, user.id);
  }
  if (active === false && user.active && (await isLastActiveAdmin(tx, user.id))) {
    throw mutability('This user is the last active admin and cannot be deactivated; make someone else admin first');
  }
}

/**
 * The user's email after a write of its resource. It follows the resource's preferred address
 * (userName, else the work, primary or first email) when that was the user's email; a user linked
 * by another of the resource's addresses (Entra's work email, with a UPN as userName) keeps that
 * address for as long as the resource names it, so writes that leave it alone (a deactivation)
 * are not taken as a change of email.
 */
function emailAfterWrite(current: string | null, before: ParsedScimUser, next: ParsedScimUser): string {
  const key = current?.toLowerCase();
  const wasPreferred = before.email.toLowerCase() === key;
  const stillNamed = next.candidateEmails.some((email) => email.toLowerCase() === key);
  return current !== null && stillNamed && !wasPreferred ? current : next.email;
}

/** Writes the new state of a user (PUT or PATCH): a no-op when nothing changes. */
async function writeUser(
  tx: Prisma.TransactionClient,
  context: ScimRequestContext,
  row: ScimUserRow,
  next: ParsedScimUser,
): Promise<ScimUserRow> {
  const { user, identity } = row;
  const before = parseUserDocument(userDocumentOf(row));
  const email = emailAfterWrite(user.email, before, next);
  const changed: string[] = [];
  if (next.userName !== identity.userName) changed.push('userName');
  if (email !== user.email) changed.push('email');
  if (next.externalId !== identity.externalId) changed.push('externalId');
  if (next.displayName !== user.displayName) changed.push('displayName');
  if (next.active !== undefined && next.active !== user.active) changed.push('active');
  if (stableJson(next.attributes) !== stableJson(before.attributes)) changed.push('attributes');
  if (changed.length === 0) return row;
  if (next.active === true && !user.active && identity.clientId !== context.client.id) {
    throw new ScimError(403, 'Only the SCIM client that owns this user can re-enable it');
  }
  await checkSafeChange(tx, row, email, next.active);
  const updatedUser = await tx.user.update({
    where: { id: user.id },
    data: {
      email,
      activeEmail: activeEmailOf(email, user.deletedAt),
      displayName: next.displayName,
      ...(next.active !== undefined ? { active: next.active } : {}),
    },
  });
  const updatedIdentity = await tx.scimIdentity.update({
    where: { id: identity.id },
    data: {
      userName: next.userName,
      externalId: next.externalId,
      attributes: jsonColumn(next.attributes),
      version: { increment: 1 },
    },
  });
  const audit = scimAuditOf(context);
  await recordAudit(tx, {
    ...audit,
    action: 'scim.user.updated',
    target: { type: 'user', id: user.id },
    metadata: {
      ...audit.metadata,
      changed,
      ...(changed.includes('active') ? { active: { from: user.active, to: updatedUser.active } } : {}),
      ...(changed.includes('userName') ? { userName: { from: identity.userName, to: next.userName } } : {}),
    },
  });
  return { user: updatedUser, identity: updatedIdentity };
}

/**
 * The row, locked: the user against writes of the API (a delete committed meanwhile is seen, and
 * is a 404, rather than written over), and the identity against concurrent SCIM writes. The user
 * first, in the order of a write through the API, whose trigger then bumps the identity's version.
 */
async function lockAndLoad(tx: Prisma.TransactionClient, context: ScimRequestContext, id: string) {
  await markScimWrite(tx);
  const row = await loadRow(tx, context, id);
  await tx.$queryRaw`SELECT id FROM users WHERE id = ${row.user.id}::uuid FOR NO KEY UPDATE`;
  await tx.$queryRaw`SELECT id FROM scim_identities WHERE id = ${row.identity.id}::uuid FOR UPDATE`;
  return loadRow(tx, context, id);
}

export async function replaceScimUser(
  db: Database,
  context: ScimRequestContext,
  id: string,
  body: unknown,
  ifMatch?: string,
) {
  const next = parseUserDocument(userDocumentFromBody(body));
  const write = db.$transaction(async (tx) => {
    const row = await lockAndLoad(tx, context, id);
    checkVersion(row, ifMatch);
    // PUT replaces the resource; an omitted `active` means what it meant before.
    return writeUser(tx, context, row, next);
  });
  return toScimUser(await uniquenessOnConflict(write, 'Another user has this email or externalId'), context.baseUrl);
}

export async function patchScimUser(
  db: Database,
  context: ScimRequestContext,
  id: string,
  body: unknown,
  ifMatch?: string,
) {
  const operations = normalisePatchRequest(body, USER_ATTRIBUTES, USER_SCHEMA);
  // `active` is the account's state, never unassigned: removing it would silently mean nothing.
  if (
    operations.some(({ op, path, value }) => path?.attribute.name === 'active' && (op === 'remove' || value === null))
  ) {
    throw mutability('active cannot be removed; replace it with true or false');
  }
  const write = db.$transaction(async (tx) => {
    const row = await lockAndLoad(tx, context, id);
    checkVersion(row, ifMatch);
    const next = parseUserDocument(applyPatch(userDocumentOf(row), operations));
    return writeUser(tx, context, row, next);
  });
  return toScimUser(await uniquenessOnConflict(write, 'Another user has this email or externalId'), context.baseUrl);
}
