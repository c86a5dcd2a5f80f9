import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Prisma } from '../../../src/db/client.js';
import { upsertRecords, withHashes } from '../../../src/services/sync/record-store.js';
import { createTestDatabase, type TestDatabase } from '../../support/database.js';

let database: TestDatabase;
let connectorId: string;
const key = () => ({ connectorId, resourceType: 'user' });
const record = (id: string, department: string) => ({
  externalId: id,
  displayName: `Person ${id}`,
  email: `${id}@example.test`,
  attributes: { department },
});

beforeAll(async () => {
  database = await createTestDatabase();
  connectorId = (
    await database.db.connector.create({ data: { name: 'pages', type: 'test-ldap', configSchema: { commands: {} } } })
  ).id;
});

afterAll(async () => {
  await database.drop();
});

const stored = (externalId: string) =>
  database.db.connectorResource.findUniqueOrThrow({
    where: { connectorId_resourceType_externalId: { connectorId, resourceType: 'user', externalId } },
  });

describe('upsertRecords', () => {
  it('inserts new records, replaces changed ones and gives unchanged ones only a new syncedAt', async () => {
    const first = new Date('2026-01-01T00:00:00Z');
    expect(await upsertRecords(database.db, key(), withHashes([record('a', 'IT'), record('b', 'HR')]), first)).toEqual({
      added: 2,
      updated: 0,
      unchanged: 0,
    });
    await database.db.connectorResource.update({
      where: { id: (await stored('a')).id },
      data: { staleSince: new Date('2026-01-02T00:00:00Z') },
    });

    const second = new Date('2026-01-03T00:00:00Z');
    const counts = await upsertRecords(
      database.db,
      key(),
      withHashes([record('a', 'IT'), record('b', 'Finance'), record('c', 'IT'), record('c', 'Legal')]),
      second,
    );
    expect(counts).toEqual({ added: 1, updated: 1, unchanged: 1 });

    const [a, b, c] = [await stored('a'), await stored('b'), await stored('c')];
    expect(a).toMatchObject({ attributes: { department: 'IT' }, syncedAt: second, changedAt: first, staleSince: null });
    expect(b).toMatchObject({ attributes: { department: 'Finance' }, syncedAt: second, changedAt: second });
    // The same external id twice in one page: the last one wins.
    expect(c).toMatchObject({ attributes: { department: 'Legal' }, createdAt: second });
  });

  it('gives each new user record its match row as it inserts it, and no group record one', async () => {
    const { db } = database;
    const now = new Date('2026-02-01T00:00:00Z');
    await upsertRecords(db, key(), withHashes([record('m1', 'IT'), record('m2', 'HR')]), now);
    await upsertRecords(db, { connectorId, resourceType: 'group' }, withHashes([record('g1', 'IT')]), now);
    const rows = await db.syncMatch.findMany({
      where: { connectorId, externalId: { in: ['m1', 'm2', 'g1'] } },
      orderBy: { externalId: 'asc' },
    });
    expect(rows.map((row) => [row.resourceType, row.externalId, row.externalEmail, row.matchStatus])).toEqual([
      ['user', 'm1', 'm1@example.test', 'unmatched'],
      ['user', 'm2', 'm2@example.test', 'unmatched'],
    ]);
    expect(rows[0]!.connectorResourceId).toBe((await stored('m1')).id);
  });

  it('keeps every other index of the records off connector_id, so the page lookups use the unique index', async () => {
    // A pass looks records up by (connector, type, external id) while the planner's statistics may
    // still describe the table before the pass; a second index starting with connector_id then
    // looks as cheap as the unique one and makes every page scan the connector's records.
    const indexes = await database.db.$queryRaw<Array<{ indexname: string; indexdef: string }>>(Prisma.sql`
      SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'connector_resources'`);
    const withConnector = indexes.filter((index) => index.indexdef.includes('connector_id')).map((i) => i.indexname);
    expect(withConnector).toEqual(['connector_resources_connector_id_resource_type_external_id_key']);
  });
});
