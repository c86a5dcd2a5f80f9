import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { createScimClient, scimRequest, unique } from '../support/scim.js';
import { createUserWithToken } from '../support/users.js';

// A write whose credentials take too long to check answers 503 before it writes anything
// (API_WRITE_START_TIMEOUT_MS), in the JSON API and in SCIM. The token read is slowed for real:
// another session holds the token table locked, which makes every read of it wait until the lock
// goes.

// Long enough that a quick check fits on a busy machine; the lock outlasts it with room to spare.
const WRITE_START_TIMEOUT_MS = 2_000;
const LOCK_HELD_MS = 4 * WRITE_START_TIMEOUT_MS;
const context = useTestApp({ env: { API_WRITE_START_TIMEOUT_MS: String(WRITE_START_TIMEOUT_MS) } });
let admin: string;

beforeAll(async () => {
  admin = (await createUserWithToken(context.database.db, ['admin'])).token;
});

/**
 * Runs `request` while another session holds `table` (api_tokens by default) locked, until the
 * answer comes or for `heldMs` at most (a request that waits for the lock answers only after it).
 */
async function whileTokensLocked<T>(
  request: () => Promise<T>,
  table = 'api_tokens',
  heldMs = LOCK_HELD_MS,
): Promise<T> {
  const locker = new pg.Client({ connectionString: context.database.url });
  await locker.connect();
  try {
    await locker.query('BEGIN');
    await locker.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
    const answer = request();
    await Promise.race([answer, new Promise((resolve) => setTimeout(resolve, heldMs))]);
    await locker.query('COMMIT');
    return await answer;
  } finally {
    await locker.end();
  }
}

const createProject = (name: string) =>
  context.api.request('POST', '/api/projects', { token: admin, body: { name, description: '' } });

describe('API_WRITE_START_TIMEOUT_MS', () => {
  it('answers 503 to a write whose authentication took longer, and the write did not happen', async () => {
    const name = `late ${randomUUID()}`;
    const answer = await whileTokensLocked(() => createProject(name));
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ statusCode: 503, code: 'service_unavailable' });
    expect(answer.body.message).toContain('nothing was changed');
    expect(await context.database.db.project.count({ where: { name } })).toBe(0);
  });

  it('lets a read wait for its authentication, and a write whose authentication was quick', async () => {
    // Held past the write deadline: the read still waits, and gets its answer.
    const read = await whileTokensLocked(
      () => context.api.request('GET', '/api/projects', { token: admin }),
      'api_tokens',
      WRITE_START_TIMEOUT_MS + 1_000,
    );
    expect(read.status).toBe(200);
    const name = `quick ${randomUUID()}`;
    expect((await createProject(name)).status).toBe(201);
    expect(await context.database.db.project.count({ where: { name } })).toBe(1);
  });
});

describe('API_WRITE_START_TIMEOUT_MS in SCIM', () => {
  it('answers a SCIM error 503 to a user creation whose token took longer to check; no user is created', async () => {
    const { token } = await createScimClient(context.api, admin);
    const userName = `${unique('late')}@example.com`;
    const body = { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName, active: true };
    const answer = await whileTokensLocked(
      () => scimRequest(context.api, 'POST', '/Users', token, body),
      'scim_clients',
    );
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '503' });
    expect(answer.body.detail).toContain('nothing was changed');
    const listed = await scimRequest(
      context.api,
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`,
      token,
    );
    expect(listed.body.totalResults).toBe(0);
    expect((await scimRequest(context.api, 'POST', '/Users', token, body)).status).toBe(201);
  });
});
