import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { createDatabase, type Database } from '../../src/db/client.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

// The pg adapter sends timestamps without an offset and reads timestamptz values as UTC whatever
// their offset, so the service's connections must be in UTC whatever the server's time zone is.
// Asia/Kolkata: UTC+5:30 the whole year, so a shift cannot hide behind a daylight-saving change.
const SERVER_TIME_ZONE = 'Asia/Kolkata';
const CLOCK_SLACK_MS = 60_000;

let database: TestDatabase;
let db: Database;
/** A connection of the server's own time zone, as psql or a report tool would have. */
let raw: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase();
  const name = new URL(database.url).pathname.slice(1);
  raw = new pg.Client({ connectionString: database.url });
  await raw.connect();
  await raw.query(`ALTER DATABASE ${pg.escapeIdentifier(name)} SET timezone TO '${SERVER_TIME_ZONE}'`);
  await raw.end();
  // Connections opened from now on start in the server's time zone.
  raw = new pg.Client({ connectionString: database.url });
  await raw.connect();
  db = createDatabase(database.url);
});

afterAll(async () => {
  await raw.end();
  await db.$disconnect();
  await database.drop();
});

describe('on a server whose time zone is not UTC', () => {
  it('the service’s connections are in UTC, and read the database clock as it is', async () => {
    expect((await raw.query('SHOW timezone')).rows[0].TimeZone).toBe(SERVER_TIME_ZONE);
    const [row] = await db.$queryRaw<Array<{ zone: string; now: Date }>>`
      SELECT current_setting('TimeZone') AS zone, now() AS now`;
    expect(row!.zone).toBe('UTC');
    expect(Math.abs(row!.now.getTime() - Date.now())).toBeLessThan(CLOCK_SLACK_MS);
  });

  it('timestamps the service writes are the instants it meant, for every reader', async () => {
    const user = await db.user.create({ data: { email: 'zone@example.test', displayName: 'Zone' } });
    const { rows } = await raw.query<{ createdAtMs: string; beforeNow: boolean }>(
      `SELECT extract(epoch FROM created_at) * 1000 AS "createdAtMs", created_at <= now() AS "beforeNow"
       FROM users WHERE id = $1`,
      [user.id],
    );
    expect(Number(rows[0]!.createdAtMs)).toBe(user.createdAt.getTime());
    expect(Math.abs(user.createdAt.getTime() - Date.now())).toBeLessThan(CLOCK_SLACK_MS);
    expect(rows[0]!.beforeNow).toBe(true);
  });

  it('an expiry the service wrote compares rightly with now() in SQL (a web sign-in’s attempt)', async () => {
    const expiresAt = new Date(Date.now() + 10 * 60_000);
    await db.loginAttempt.create({
      data: { stateHash: 'zone-state', nonce: 'n', codeVerifier: 'v', returnTo: '/', expiresAt },
    });
    const [stillValid] = await db.$queryRaw<Array<{ valid: boolean }>>`
      SELECT expires_at > now() AS valid FROM login_attempts WHERE state_hash = 'zone-state'`;
    expect(stillValid!.valid).toBe(true);
  });
});
