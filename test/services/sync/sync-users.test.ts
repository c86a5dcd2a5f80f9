import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SYNC_CONFIG_DEFAULTS } from '../../../src/domain/sync.js';
import { deactivateUsersOfStaleRecords } from '../../../src/services/sync/sync-users.js';
import { createTestDatabase, type TestDatabase } from '../../support/database.js';

// deactivateUsers never removes the last active admin (sync item 6c), whatever links it has.

let database: TestDatabase;
let connectorId: string;
const key = () => ({ connectorId, resourceType: 'user' });

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

    expect(await deactivateUsersOfStaleRecords(db, key(), SYNC_CONFIG_DEFAULTS.deactivationThreshold)).toEqual({
      deactivated: 1,
      held: 0,
      linkedUsers: 2,
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: admin.id } })).deletedAt).toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { id: requestor.id } })).deletedAt).toEqual(expect.any(Date));
  });
});
