import { actorOf, recordAudit, type AuditActor } from '../../audit/index.js';
import { isUniqueViolation, type Database, type DatabaseClient } from '../../db/client.js';
import type { User } from '../../db/generated/client.js';
import { conflict, validationFailed } from '../../errors/index.js';
import type { Role } from '../../permissions/index.js';
import { auditChange, type Caller } from '../caller.js';
import { associateUserByEmailDomain } from '../organizations/domain-association.js';
import { writeProfile, type ProfileChanges } from './profile.js';
import { activeEmailOf, loadUser, toUserView } from './user-record.js';

async function otherActiveAdmins(tx: DatabaseClient, userId: string): Promise<number> {
  return tx.user.count({ where: { id: { not: userId }, deletedAt: null, active: true, roles: { has: 'admin' } } });
}

/** Locks the admins' rows for the transaction, so two changes cannot each remove "the other" admin. */
async function lockAdmins(tx: DatabaseClient): Promise<void> {
  await tx.$queryRaw`SELECT id FROM users WHERE roles @> ARRAY['admin'] FOR UPDATE`;
}

/** Whether the user is the last active admin, with the admins' rows locked (SCIM deactivation asks this). */
export async function isLastActiveAdmin(tx: DatabaseClient, userId: string): Promise<boolean> {
  await lockAdmins(tx);
  const user = await tx.user.findUnique({ where: { id: userId }, select: { roles: true } });
  return user !== null && user.roles.includes('admin') && (await otherActiveAdmins(tx, userId)) === 0;
}

/** 409: the email belongs to another active user. */
export const emailInUse = (email: string | null | undefined) =>
  conflict(email ? `Another active user already has the email ${email}` : 'Another active user already has this email');

/** Runs `write`, turning the unique violation of a taken email into 409. */
export function emailTaken<T>(email: string | null | undefined, write: () => Promise<T>): Promise<T> {
  return write().catch((error: unknown) => {
    if (isUniqueViolation(error)) throw emailInUse(email);
    throw error;
  });
}

/**
 * Inserts an unconfirmed user (its identity is confirmed at its first interactive login) with
 * its `user.created` audit entry and its organization memberships by email domain. Call it in
 * a transaction, inside `emailTaken`.
 */
export async function insertUnconfirmedUser(
  tx: DatabaseClient,
  input: { email: string; displayName?: string | null; roles: Role[] },
  audit: { actor: AuditActor; requestId?: string; metadata: Record<string, unknown> },
): Promise<User> {
  const user = await tx.user.create({
    data: {
      email: input.email.trim(),
      activeEmail: activeEmailOf(input.email),
      displayName: input.displayName ?? null,
      roles: input.roles.length ? input.roles : ['requestor'],
      confirmed: false,
    },
  });
  await recordAudit(tx, {
    action: 'user.created',
    actor: audit.actor,
    target: { type: 'user', id: user.id },
    metadata: { email: user.email, roles: user.roles, ...audit.metadata },
    requestId: audit.requestId,
  });
  await associateUserByEmailDomain(tx, user, audit.actor, audit.requestId);
  return user;
}

/** Creates an unconfirmed user (its identity is confirmed at its first interactive login). */
export function createUser(
  db: Database,
  caller: Caller,
  input: { email: string; displayName?: string; roles: Role[] },
) {
  return emailTaken(input.email, () =>
    db.$transaction(async (tx) => {
      const user = await insertUnconfirmedUser(tx, input, {
        actor: actorOf(caller.principal),
        requestId: caller.requestId,
        metadata: { source: 'manual' },
      });
      return toUserView(user);
    }),
  );
}

/** Replaces a user's roles; the last active admin cannot lose `admin` (409). */
export function setUserRoles(db: Database, caller: Caller, userId: string, roles: Role[]) {
  return db.$transaction(async (tx) => {
    await lockAdmins(tx);
    const user = await loadUser(tx, userId);
    if (user.roles.includes('admin') && !roles.includes('admin') && (await otherActiveAdmins(tx, userId)) === 0) {
      throw conflict('This is the last active admin; make someone else admin first');
    }
    const updated = await tx.user.update({ where: { id: userId }, data: { roles: [...new Set(roles)] } });
    await auditChange(
      tx,
      caller,
      'user.roles_changed',
      { type: 'user', id: userId },
      { from: user.roles, to: updated.roles },
    );
    return toUserView(updated);
  });
}

/** A user's new manager is an active user other than themselves (400 otherwise); null clears it. */
async function checkManager(tx: DatabaseClient, userId: string, managerId: string | null): Promise<void> {
  if (managerId === userId) throw validationFailed('managerId: nobody is their own manager', { field: 'managerId' });
  if (managerId !== null) {
    const manager = await tx.user.count({ where: { id: managerId, active: true, deletedAt: null } });
    if (manager === 0) throw validationFailed(`managerId: no active user with id ${managerId}`, { field: 'managerId' });
  }
}

/** Manual profile edits; attributeSources records `manual` for each field written. */
export function updateUserProfile(
  db: Database,
  caller: Caller,
  userId: string,
  changes: ProfileChanges & { displayName?: string | null },
) {
  return db.$transaction(async (tx) => {
    await loadUser(tx, userId);
    if (changes.displayName !== undefined)
      await tx.user.update({ where: { id: userId }, data: { displayName: changes.displayName } });
    if (changes.managerId !== undefined) await checkManager(tx, userId, changes.managerId);
    const written = await writeProfile(tx, userId, changes, 'manual');
    await auditChange(
      tx,
      caller,
      'user.profile_updated',
      { type: 'user', id: userId },
      {
        fields: written,
        source: 'manual',
        ...(changes.managerId === undefined ? {} : { managerId: changes.managerId }),
      },
    );
    return toUserView(await loadUser(tx, userId));
  });
}

/** Marks a user deleted and frees its email; the caller checks the rules and audits. */
export function softDeleteUser(tx: DatabaseClient, userId: string): Promise<User> {
  return tx.user.update({ where: { id: userId }, data: { deletedAt: new Date(), activeEmail: null } });
}

/** Soft delete: the user disappears from default lists, its email frees up, and it can be restored. */
export function deleteUser(db: Database, caller: Caller, userId: string) {
  return db.$transaction(async (tx) => {
    await lockAdmins(tx);
    const user = await loadUser(tx, userId);
    if (user.roles.includes('admin') && (await otherActiveAdmins(tx, userId)) === 0) {
      throw conflict('This is the last active admin and cannot be deleted');
    }
    const deleted = await softDeleteUser(tx, userId);
    await auditChange(tx, caller, 'user.deleted', { type: 'user', id: userId }, { email: user.email });
    return toUserView(deleted);
  });
}

/** Restores a soft-deleted user; 409 if another active user took the email meanwhile. */
export function restoreUser(db: Database, caller: Caller, userId: string) {
  return db.$transaction(async (tx) => {
    const user = await loadUser(tx, userId, { includeDeleted: true });
    if (!user.deletedAt) throw conflict('The user is not deleted');
    const restored = await emailTaken(user.email, () =>
      tx.user.update({ where: { id: userId }, data: { deletedAt: null, activeEmail: activeEmailOf(user.email) } }),
    );
    await auditChange(tx, caller, 'user.restored', { type: 'user', id: userId }, { email: user.email });
    return toUserView(restored);
  });
}
