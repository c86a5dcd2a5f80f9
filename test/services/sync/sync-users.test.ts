import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SYNC_CONFIG_DEFAULTS } from '../../../src/domain/sync.js';
import { deactivateCandidate, deactivateUsersOfLeaverRecords } from '../../../src/services/sync/sync-users.js';
import { createTestDatabase, type TestDatabase } from '../../support/database.js';

// deactivateUsers (sync item 6c) never removes a user holding a role beyond requestor, whatever
// links it has: an upstream record anyone can create with an admin's email must not remove them.

let database: TestDatabase;
let connectorId: string;
const key = () => ({ connectorId, resourceType: 'user' });
const rules = { disabled: true };

/** A stale record of the connector linked (`matched`) to `userId`. */
async function staleLink(externalId: string, userId: string) {
  const { db } = database;
  const resource = await db.connectorResource.create({
    data: {
      connectorId,
      resourceType: 'user',
      externalId,
      displayName: externalId,
      syncHash: '0'.repeat(64),
      syncedAt: new Date(),
      staleSince: new Date(),
    },
  });
  await db.syncMatch.create({
    data: {
      connectorId,
      resourceType: 'user',
      connectorResourceId: resource.id,
      externalId,
      externalDisplayName: externalId,
      userId,
      matchStatus: 'matched',
      matchConfidence: 'exact',
    },
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  connectorId = (
    await database.db.connector.create({
      data: { name: 'leaving-directory', type: 'test-ldap', configSchema: { commands: {} } },
    })
  ).id;
});

afterAll(() => database.drop());

describe('deactivateUsers keeps the last active admin', () => {
  it('soft-deletes a requestor whose only link is stale, but not the only admin', async () => {
    const { db } = database;
    await db.user.updateMany({ where: { roles: { has: 'admin' } }, data: { deletedAt: new Date() } });
    const admin = await db.user.create({ data: { email: 'admin@leaving.test', roles: ['admin'] } });
    const requestor = await db.user.create({ data: { email: 'requestor@leaving.test', roles: ['requestor'] } });
    await staleLink('admin', admin.id);
    await staleLink('requestor', requestor.id);

    await db.syncConfig.create({ data: { connectorId, resourceType: 'user' } });
    expect(await deactivateUsersOfLeaverRecords(db, key(), SYNC_CONFIG_DEFAULTS.deactivationThreshold, rules)).toEqual({
      deactivated: 1,
      held: 0,
      linkedUsers: 2,
      privilegedKept: 1,
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: admin.id } })).deletedAt).toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { id: requestor.id } })).deletedAt).toEqual(expect.any(Date));
  });
});

describe('deactivateUsers keeps every user holding a role beyond requestor', () => {
  it('lists, holds and deletes only requestors; a role given while held keeps the user', async () => {
    const { db } = database;
    const users = await Promise.all(
      (['admin', 'approver', 'resource_manager', 'requestor', 'requestor'] as const).map((role, index) =>
        db.user.create({ data: { email: `${role}${index}@privileged.test`, roles: [role] } }),
      ),
    );
    for (const user of users) await staleLink(user.email!, user.id);
    const kept = users.slice(0, 3).map((user) => user.id);
    const [promotedLater, requestor] = users.slice(3);

    const held = await deactivateUsersOfLeaverRecords(db, key(), { maxCount: 0, maxPercent: 0 }, rules);
    expect(held).toEqual(expect.objectContaining({ deactivated: 0, held: 2 }));
    const config = await db.syncConfig.findUniqueOrThrow({
      where: { connectorId_resourceType: { connectorId, resourceType: 'user' } },
    });
    const heldIds = (config.heldDeactivations as { users: { userId: string }[] }).users.map((user) => user.userId);
    expect(heldIds.sort()).toEqual([promotedLater!.id, requestor!.id].sort());

    // Released after one of them became an approver: that one stays.
    await db.user.update({ where: { id: promotedLater!.id }, data: { roles: ['approver'] } });
    const release = (userId: string) =>
      db.$transaction((tx) =>
        deactivateCandidate(
          tx,
          key(),
          rules,
          { userId, email: null, externalId: userId },
          { actor: { type: 'system' }, source: 'test' },
        ),
      );
    expect(await release(promotedLater!.id)).toBe(false);
    expect(await release(requestor!.id)).toBe(true);
    const deleted = await db.user.findMany({ where: { id: { in: users.map((user) => user.id) } } });
    expect(deleted.filter((user) => user.deletedAt !== null).map((user) => user.id)).toEqual([requestor!.id]);
    expect(kept.every((id) => deleted.some((user) => user.id === id && user.deletedAt === null))).toBe(true);
  });
});
