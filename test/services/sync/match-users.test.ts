import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Prisma } from '../../../src/db/client.js';
import { matchRecordsToUsers } from '../../../src/services/sync/match-users.js';
import { createTestDatabase, type TestDatabase } from '../../support/database.js';

// Matching must stay correct above 65,535 keys, the most bind parameters one PostgreSQL
// statement takes (spec 8): a lookup that sent one parameter per record would fail here.

const RECORDS = 70_000;
const USERS_WITH_EMAIL = 66_000;
const SHARED_UPSTREAM_IDS = 10;

let database: TestDatabase;
let connectorId: string;
const key = () => ({ connectorId, resourceType: 'user' });

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  connectorId = (
    await db.connector.create({ data: { name: 'bulk-directory', type: 'test-ldap', configSchema: { commands: {} } } })
  ).id;
  await db.$executeRaw(Prisma.sql`
    INSERT INTO connector_resources (id, connector_id, resource_type, external_id, display_name, email, attributes, sync_hash, synced_at)
    SELECT gen_random_uuid(), ${connectorId}::uuid, 'user', 'ext' || n, 'Bulk ' || n, 'Bulk' || n || '@Example.test',
           '{}'::jsonb, repeat('0', 64), now()
    FROM generate_series(1, ${RECORDS}::int) AS n`);
  // Users 1..66,000 share a record's email (in other case); the next ten records have no user
  // by email but two users each by upstream id.
  await db.$executeRaw(Prisma.sql`
    INSERT INTO users (id, email, active_email, roles, updated_at)
    SELECT gen_random_uuid(), 'bulk' || n || '@example.test', 'bulk' || n || '@example.test', ARRAY['requestor'], now()
    FROM generate_series(1, ${USERS_WITH_EMAIL}::int) AS n`);
  await db.$executeRaw(Prisma.sql`
    INSERT INTO users (id, email, active_email, roles, upstream_issuer, upstream_id, updated_at)
    SELECT gen_random_uuid(), 'twin' || n || '-' || t || '@other.test', 'twin' || n || '-' || t || '@other.test',
           ARRAY['requestor'], 'https://issuer-' || t, 'ext' || n, now()
    FROM generate_series(${USERS_WITH_EMAIL + 1}::int, ${USERS_WITH_EMAIL + SHARED_UPSTREAM_IDS}::int) AS n, generate_series(1, 2) AS t`);
}, 120_000);

afterAll(() => database.drop());

describe('matching above 65,535 keys (spec 8)', () => {
  it('creates a match row per record and matches 70,000 records in set-based statements', async () => {
    const { db } = database;
    const counts = await matchRecordsToUsers(db, key(), {
      strategies: ['email', 'upstream_identity'],
      issuerPath: 'attributes.identityIssuer',
    });
    expect(await db.syncMatch.count({ where: { connectorId } })).toBe(RECORDS);
    expect(counts).toEqual({
      evaluated: RECORDS,
      matched: USERS_WITH_EMAIL,
      ambiguous: SHARED_UPSTREAM_IDS,
      unmatched: RECORDS - USERS_WITH_EMAIL - SHARED_UPSTREAM_IDS,
    });
    const byStatus = await db.syncMatch.groupBy({
      by: ['matchStatus', 'matchConfidence'],
      where: { connectorId },
      _count: { _all: true },
      orderBy: { matchStatus: 'asc' },
    });
    expect(byStatus.map((group) => [group.matchStatus, group.matchConfidence, group._count._all])).toEqual([
      ['ambiguous', 'ambiguous', SHARED_UPSTREAM_IDS],
      ['matched', 'exact', USERS_WITH_EMAIL],
      ['unmatched', 'none', RECORDS - USERS_WITH_EMAIL - SHARED_UPSTREAM_IDS],
    ]);
    const linked = await db.syncMatch.findFirstOrThrow({
      where: { connectorId, externalId: 'ext65999' },
      include: { user: true },
    });
    expect(linked.user?.email).toBe('bulk65999@example.test');
  }, 120_000);

  it('looks only at the rows not linked yet on the next run', async () => {
    const counts = await matchRecordsToUsers(database.db, key(), {
      strategies: ['email', 'upstream_identity'],
      issuerPath: 'attributes.identityIssuer',
    });
    expect(counts).toEqual({
      evaluated: RECORDS - USERS_WITH_EMAIL,
      matched: 0,
      ambiguous: SHARED_UPSTREAM_IDS,
      unmatched: RECORDS - USERS_WITH_EMAIL - SHARED_UPSTREAM_IDS,
    });
  }, 120_000);

  it('refreshes the name and email a match row caches when its record changed, and only then', async () => {
    const { db } = database;
    await db.connectorResource.updateMany({
      where: { connectorId, externalId: 'ext69999' },
      data: { displayName: 'Renamed', email: 'renamed@example.test' },
    });
    const before = await db.syncMatch.findFirstOrThrow({ where: { connectorId, externalId: 'ext1' } });
    await matchRecordsToUsers(db, key(), { strategies: ['email'], issuerPath: 'attributes.identityIssuer' });
    const renamed = await db.syncMatch.findFirstOrThrow({ where: { connectorId, externalId: 'ext69999' } });
    expect(renamed).toMatchObject({ externalDisplayName: 'Renamed', externalEmail: 'renamed@example.test' });
    const untouched = await db.syncMatch.findFirstOrThrow({ where: { connectorId, externalId: 'ext1' } });
    expect(untouched.updatedAt).toEqual(before.updatedAt);
  }, 120_000);
});
