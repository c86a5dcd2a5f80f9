import { beforeAll, describe, expect, it } from '@jest/globals';
import { pollUntil } from '../support/poll.js';
import { useRunStack } from '../support/run-stack.js';
import {
  connectorOnDirectory,
  createSyncDirectory,
  upstreamUsers,
  type SyncDirectory,
} from '../support/sync-directory.js';
import { createUserWithToken } from '../support/users.js';

// POST /api/connectors/:id/sync-config/:type/preview (docs/sync.md, "Preview"): what the next pass
// would do, checked against what a real pass (Temporal workflow, worker) then does, and that the
// preview itself changes nothing.

const stack = useRunStack();
let admin: string;

beforeAll(async () => {
  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
});

const db = () => stack.database.db;
const call = (method: string, path: string, body?: unknown, token = admin) =>
  stack.api.request(method, path, { token, body });
const configPath = (connectorId: string, type = 'user') => `/api/connectors/${connectorId}/sync-config/${type}`;
const preview = (
  connectorId: string,
  body?: unknown,
  options: { type?: string; query?: string; token?: string } = {},
) => call('POST', `${configPath(connectorId, options.type)}/preview${options.query ?? ''}`, body, options.token);

async function trigger(connectorId: string) {
  const response = await call('POST', `${configPath(connectorId)}/trigger`);
  expect(response.status).toBe(200);
  expect(response.body.status).toBe('success');
  return response.body;
}

/** Everything a preview must leave as it was: records, matches, users, memberships, audit entries of changes, configs. */
async function stateOf(connectorId: string) {
  return {
    records: await db().connectorResource.findMany({ where: { connectorId }, orderBy: { externalId: 'asc' } }),
    matches: await db().syncMatch.findMany({ where: { connectorId }, orderBy: { externalId: 'asc' } }),
    users: await db().user.findMany({ orderBy: { id: 'asc' } }),
    memberships: await db().organizationMembership.count(),
    // A request made with a token is audited as a request (spec 2.11); nothing else may be.
    audit: await db().auditLog.findMany({ where: { action: { not: 'api_token.request' } }, orderBy: { id: 'asc' } }),
    configs: await db().syncConfig.findMany({ where: { connectorId } }),
  };
}

const externalIds = (list: { items: Array<{ externalId: string }> }) =>
  list.items.map((item) => item.externalId).sort();

const upstreamRecord = (externalId: string, domain: string, attributes: Record<string, unknown> = {}) => ({
  externalId,
  displayName: `Added ${externalId}`,
  email: `${externalId}@${domain}`,
  attributes,
  modifiedAt: '2024-01-01T00:00:00.000Z',
});

describe('a preview answers what the next pass does, and changes nothing', () => {
  const domain = 'preview.test';
  let directory: SyncDirectory;
  let connectorId: string;
  let existingUser: string;

  beforeAll(async () => {
    ({ directory, connectorId } = await connectorOnDirectory(stack.api, admin, 0));
    directory.records.user = upstreamUsers(6, domain);
    const put = await call('PUT', configPath(connectorId), {
      syncAllUsers: true,
      createUsers: true,
      deactivateUsers: true,
      attributeMappings: [
        { sourcePath: 'attributes.department', targetField: 'department', writeMode: 'overwrite_always' },
      ],
    });
    expect(put.status).toBe(201);
    // The first pass creates and links a user for each of the six records.
    expect((await trigger(connectorId)).postSync).toMatchObject({ usersCreated: 6, profilesUpdated: 6 });

    // Then the directory changes: two leave, one moves department, two join (one of them already
    // has a Flowgate user, whom matching links), and one record was never a user (no email).
    directory.records.user = directory.records.user.filter((record) => !['u5', 'u6'].includes(record.externalId));
    directory.records.user[0]!.attributes = { department: 'Sales', memberOf: [] };
    directory.records.user.push(upstreamRecord('u7', domain, { department: 'Legal' }));
    directory.records.user.push(upstreamRecord('u8', domain, { department: 'Legal' }));
    existingUser = (
      await db().user.create({ data: { email: `u8@${domain}`, activeEmail: `u8@${domain}`, roles: ['requestor'] } })
    ).id;
  });

  it('counts and lists the records, matches, users and profile fields of the pass, and the pass then does exactly that', async () => {
    const before = await stateOf(connectorId);
    const response = await preview(connectorId);
    expect(response.status).toBe(200);
    const answer = response.body;
    expect(answer).toMatchObject({
      connectorId,
      resourceType: 'user',
      status: 'success',
      strategy: 'full',
      pagesRead: 3,
      totalUpstreamRecords: 6,
    });
    expect(externalIds(answer.records.added)).toEqual(['u7', 'u8']);
    expect(externalIds(answer.records.updated)).toEqual(['u1']);
    expect(externalIds(answer.records.unchanged)).toEqual(['u2', 'u3', 'u4']);
    expect(externalIds(answer.records.staled)).toEqual(['u5', 'u6']);
    expect(answer.records.purged).toEqual({ count: 0, items: [] });
    expect(answer.records.added.items[0]).toEqual({ externalId: 'u7', displayName: 'Added u7', email: `u7@${domain}` });

    const leavers = await db().syncMatch.findMany({ where: { connectorId, externalId: { in: ['u5', 'u6'] } } });
    const postSync = answer.postSync;
    expect(postSync.matching).toEqual({ evaluated: 2, matched: 1, ambiguous: 0, unmatched: 1 });
    expect(postSync.matches).toEqual({
      count: 1,
      items: [
        {
          externalId: 'u8',
          displayName: 'Added u8',
          email: `u8@${domain}`,
          userId: existingUser,
          userEmail: `u8@${domain}`,
          strategy: 'email',
          confidence: 'exact',
        },
      ],
    });
    expect(postSync.usersCreated).toEqual({
      count: 1,
      items: [{ externalId: 'u7', email: `u7@${domain}`, displayName: 'Added u7' }],
    });
    expect(postSync.createErrors).toEqual({ count: 0, items: [] });
    // The six first users, u8's user and the user created for u7.
    expect(postSync.deactivation).toMatchObject({ held: false, linkedUsers: 8, usersHeld: { count: 0 } });
    expect(postSync.deactivation.usersDeactivated.items.map((user: { userId: string }) => user.userId).sort()).toEqual(
      leavers.map((match) => match.userId).sort(),
    );
    expect(postSync.deactivation.usersDeactivated.items[0]).toMatchObject({ reason: 'stale' });
    const u1 = await db().syncMatch.findFirstOrThrow({ where: { connectorId, externalId: 'u1' } });
    expect(postSync.profileChanges.users).toBe(3);
    expect(postSync.profileChanges.items).toEqual(
      expect.arrayContaining([
        {
          userId: u1.userId,
          email: 'user1@preview.test',
          field: 'department',
          oldValue: 'Engineering',
          newValue: 'Sales',
        },
        { userId: existingUser, email: `u8@${domain}`, field: 'department', oldValue: null, newValue: 'Legal' },
        // The user the pass would create has no id yet.
        { userId: null, email: `u7@${domain}`, field: 'department', oldValue: null, newValue: 'Legal' },
      ]),
    );
    expect(postSync.error).toBeNull();

    // Nothing was written: records, matches, users, memberships, audit entries, the config's status.
    expect(await stateOf(connectorId)).toEqual(before);

    // The real pass then does what the preview said.
    const pass = await trigger(connectorId);
    expect(pass.stats).toMatchObject({
      added: answer.records.added.count,
      updated: answer.records.updated.count,
      unchanged: answer.records.unchanged.count,
      staled: answer.records.staled.count,
      removed: answer.records.purged.count,
      pagesProcessed: answer.pagesRead,
      totalUpstreamRecords: answer.totalUpstreamRecords,
    });
    expect(pass.postSync).toMatchObject({
      ...postSync.matching,
      usersCreated: postSync.usersCreated.count,
      createErrors: postSync.createErrors.count,
      usersDeactivated: postSync.deactivation.usersDeactivated.count,
      deactivationsHeld: postSync.deactivation.usersHeld.count,
      profilesUpdated: postSync.profileChanges.users,
    });
    const stale = await db().connectorResource.findMany({ where: { connectorId, staleSince: { not: null } } });
    expect(stale.map((record) => record.externalId).sort()).toEqual(externalIds(answer.records.staled));
    const deleted = await db().user.findMany({ where: { id: { in: leavers.map((match) => match.userId!) } } });
    expect(deleted.every((user) => user.deletedAt !== null)).toBe(true);
    const created = await db().user.findFirstOrThrow({ where: { activeEmail: `u7@${domain}` } });
    expect(created).toMatchObject({ confirmed: false, department: 'Legal' });
    expect(await db().syncMatch.findFirstOrThrow({ where: { connectorId, externalId: 'u8' } })).toMatchObject({
      userId: existingUser,
      matchStatus: 'matched',
    });
    expect((await db().user.findUniqueOrThrow({ where: { id: u1.userId! } })).department).toBe('Sales');
  });

  it('runs no post-sync step when the pass would add or update nothing, as the pass does', async () => {
    const response = await preview(connectorId);
    expect(response.status).toBe(200);
    expect(response.body.records.unchanged.count).toBe(6);
    expect(response.body.postSync).toBeNull();
    expect((await trigger(connectorId)).postSync).toBeNull();
  });

  it('lists the stale records a shorter staleRetention would purge, which the pass then deletes', async () => {
    const before = await stateOf(connectorId);
    const response = await preview(connectorId, { staleRetention: '1ms' });
    expect(response.status).toBe(200);
    expect(response.body.records.purged).toEqual({
      count: 2,
      items: [
        { externalId: 'u5', displayName: 'User 5', email: `user5@${domain}` },
        { externalId: 'u6', displayName: 'User 6', email: `user6@${domain}` },
      ],
    });
    expect(response.body.records.staled.count).toBe(0);
    expect(await stateOf(connectorId)).toEqual(before);

    expect((await call('PUT', configPath(connectorId), { staleRetention: '1ms' })).status).toBe(200);
    expect((await trigger(connectorId)).stats).toMatchObject({ removed: 2, staled: 0 });
    expect(await db().connectorResource.count({ where: { connectorId, externalId: { in: ['u5', 'u6'] } } })).toBe(0);
  });
});

describe('a changed config is previewed before it is saved', () => {
  const domain = 'filter.test';
  let directory: SyncDirectory;
  let connectorId: string;

  beforeAll(async () => {
    ({ directory, connectorId } = await connectorOnDirectory(stack.api, admin, 0));
    directory.pageSize = 5;
    directory.records.user = upstreamUsers(10, domain);
    const put = await call('PUT', configPath(connectorId), {
      filterRules: { emailDomains: [domain] },
      createUsers: true,
      deactivateUsers: true,
      deactivationThreshold: { maxCount: 3, maxPercent: 10 },
    });
    expect(put.status).toBe(201);
    expect((await trigger(connectorId)).postSync).toMatchObject({ usersCreated: 10 });
    // One new record, so that the next pass runs its post-sync steps.
    directory.records.user.push(upstreamRecord('n1', 'other.test'));
  });

  it('says which users a filter that keeps too little would make leavers, and that the safeguard holds them', async () => {
    const changed = { filterRules: { groupIds: ['u1', 'u2', 'n1'] } };
    const before = await stateOf(connectorId);
    const response = await preview(connectorId, changed);
    expect(response.status).toBe(200);
    const answer = response.body;
    expect(answer.records.added.count).toBe(1);
    expect(answer.records.unchanged.count).toBe(2);
    expect(answer.records.staled.count).toBe(8);
    // Ten users, and the one created for n1.
    expect(answer.postSync.deactivation).toMatchObject({ held: true, linkedUsers: 11, usersDeactivated: { count: 0 } });
    expect(answer.postSync.deactivation.usersHeld.count).toBe(8);
    expect(await stateOf(connectorId)).toEqual(before);
    // The stored config is unchanged: the stored filter still keeps the whole domain.
    expect((await call('GET', configPath(connectorId))).body.filterRules).toEqual({ emailDomains: [domain] });

    // Saved and run, the config holds the same users.
    expect((await call('PUT', configPath(connectorId), changed)).status).toBe(200);
    const pass = await trigger(connectorId);
    expect(pass.stats).toMatchObject({ added: 1, unchanged: 2, staled: 8 });
    expect(pass.postSync).toMatchObject({ deactivationsHeld: 8, usersDeactivated: 0 });
    const status = await call('GET', `${configPath(connectorId)}/status`);
    expect(status.body.heldDeactivations.users.map((user: { userId: string }) => user.userId).sort()).toEqual(
      answer.postSync.deactivation.usersHeld.items.map((user: { userId: string }) => user.userId).sort(),
    );
  });

  it('previews with the defaults when no config is stored, and stores none', async () => {
    const { directory: fresh, connectorId: freshId } = await connectorOnDirectory(stack.api, admin, 3);
    fresh.pageSize = 10;
    const refused = await preview(freshId);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('syncAllUsers');
    const response = await preview(freshId, { syncAllUsers: true });
    expect(response.status).toBe(200);
    expect(response.body.records.added.count).toBe(3);
    // The default config neither creates nor deactivates users; matching still runs.
    expect(response.body.postSync).toMatchObject({
      matching: { evaluated: 3 },
      usersCreated: { count: 0 },
      deactivation: { usersDeactivated: { count: 0 } },
    });
    expect(await db().syncConfig.count({ where: { connectorId: freshId } })).toBe(0);
    expect(await db().connectorResource.count({ where: { connectorId: freshId } })).toBe(0);
  });
});

describe('a leaver holding a role beyond requestor is previewed as kept, as the pass keeps them', () => {
  it('lists the privileged leaver with their roles, and the pass reports the same user', async () => {
    const domain = 'privileged.test';
    const { directory, connectorId } = await connectorOnDirectory(stack.api, admin, 0);
    directory.pageSize = 10;
    directory.records.user = upstreamUsers(3, domain);
    const put = await call('PUT', configPath(connectorId), {
      syncAllUsers: true,
      createUsers: true,
      deactivateUsers: true,
    });
    expect(put.status).toBe(201);
    await trigger(connectorId);
    const u3 = await db().syncMatch.findFirstOrThrow({ where: { connectorId, externalId: 'u3' } });
    await db().user.update({ where: { id: u3.userId! }, data: { roles: ['requestor', 'approver'] } });
    directory.records.user = [...directory.records.user.slice(0, 2), upstreamRecord('n1', domain)];

    const before = await stateOf(connectorId);
    const answer = (await preview(connectorId)).body;
    expect(answer.postSync.deactivation).toMatchObject({
      held: false,
      usersDeactivated: { count: 0, items: [] },
      privilegedUsersKept: {
        count: 1,
        items: [
          {
            userId: u3.userId,
            email: `user3@${domain}`,
            externalId: 'u3',
            reason: 'stale',
            roles: ['requestor', 'approver'],
          },
        ],
      },
    });
    expect(await stateOf(connectorId)).toEqual(before);

    const pass = await trigger(connectorId);
    expect(pass.postSync).toMatchObject({ privilegedUsersKept: 1, usersDeactivated: 0 });
    const status = await call('GET', `${configPath(connectorId)}/status`);
    expect(status.body.privilegedLeavers.users.map((user: { userId: string }) => user.userId)).toEqual([u3.userId]);
  });
});

describe('connector failures and the time limit are answers, not errors', () => {
  let directory: SyncDirectory;
  let connectorId: string;

  beforeAll(async () => {
    ({ directory, connectorId } = await connectorOnDirectory(stack.api, admin, 6));
    expect((await call('PUT', configPath(connectorId), { syncAllUsers: true })).status).toBe(201);
  });

  it('answers a connector failure as status error with its message, and changes nothing', async () => {
    const before = await stateOf(connectorId);
    directory.failOnRequest = directory.requests.length + 2;
    const response = await preview(connectorId);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'error',
      message: 'Preview failed: Upstream directory unavailable',
      pagesRead: 1,
      records: null,
      postSync: null,
    });
    expect(await stateOf(connectorId)).toEqual(before);
  });

  it('stops at its time limit with status timed_out', async () => {
    directory.delayMs = 700;
    try {
      const response = await preview(connectorId, undefined, { query: '?timeLimitSeconds=1' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: 'timed_out', records: null, postSync: null });
      expect(response.body.message).toContain('time limit of 1 s');
      expect(await db().connectorResource.count({ where: { connectorId } })).toBe(0);
    } finally {
      directory.delayMs = 0;
    }
  });

  it('answers a disabled connector as status error', async () => {
    expect((await call('PUT', `/api/connectors/${connectorId}`, { enabled: false })).status).toBe(200);
    try {
      const response = await preview(connectorId);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: 'error', pagesRead: 0, records: null });
      expect(response.body.message).toMatch(/^Preview failed: Connector .* is disabled$/);
    } finally {
      expect((await call('PUT', `/api/connectors/${connectorId}`, { enabled: true })).status).toBe(200);
    }
  });

  it('runs one preview of a config at a time: a second one meanwhile is refused with 409', async () => {
    directory.delayMs = 300;
    try {
      const answers = await Promise.all([preview(connectorId), preview(connectorId)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.status === 409)!;
      expect(refused.body.message).toBe('A preview of this user sync config is already running');
    } finally {
      directory.delayMs = 0;
    }
  });

  it('refuses while a pass of the config runs (409)', async () => {
    directory.delayMs = 500;
    const pass = call('POST', `${configPath(connectorId)}/trigger`);
    try {
      await pollUntil(
        async () => (await db().syncConfig.findFirst({ where: { connectorId } }))?.lastSyncStatus,
        (status) => status === 'running',
      );
      const response = await preview(connectorId);
      expect(response.status).toBe(409);
      expect(response.body.message).toContain('is running');
    } finally {
      directory.delayMs = 0;
      expect((await pass).status).toBe(200);
    }
  });
});

describe('hostile input is a 4xx with a clear message', () => {
  let connectorId: string;

  beforeAll(async () => {
    ({ connectorId } = await connectorOnDirectory(stack.api, admin, 2));
  });

  it('refuses unknown fields, wrong types, a bad time limit and a body that is not JSON with 400 or 415', async () => {
    const unknown = await preview(connectorId, { syncAllUsers: true, lastSyncStatus: 'idle' });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body.details)).toContain('lastSyncStatus');
    const wrongType = await preview(connectorId, { syncAllUsers: 'yes', filterRules: { maxRecords: -1 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.details.map((detail: { path: string }) => detail.path)).toEqual(
      expect.arrayContaining(['syncAllUsers', 'filterRules.maxRecords']),
    );
    for (const query of ['?timeLimitSeconds=0', '?timeLimitSeconds=121', '?timeLimitSeconds=ten'])
      expect((await preview(connectorId, { syncAllUsers: true }, { query })).status).toBe(400);
    const text = await stack.api.request('POST', `${configPath(connectorId)}/preview`, {
      token: admin,
      rawBody: 'syncAllUsers=true',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });

  it('answers 404 for an unknown connector or type and 400 for a connector without the list command', async () => {
    const unknown = await preview('00000000-0000-4000-8000-000000000000', { syncAllUsers: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Connector not found');
    expect((await preview(connectorId, {}, { type: 'printer' })).status).toBe(404);
    expect((await preview('not-a-uuid', {})).status).toBe(400);

    const name = `preview-groups-only-${Date.now()}`;
    const groupsOnly = createSyncDirectory(name, ['listGroups']);
    stack.api.connectors.registry.register(groupsOnly.handler, 'custom');
    const created = await call('POST', '/api/connectors', { name, type: name, executionModel: 'custom' });
    expect(created.status).toBe(201);
    const refused = await preview(created.body.id, { syncAllUsers: true });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('has no listUsers command, so it cannot sync user records');
    expect(groupsOnly.requests).toEqual([]);
  });
});

describe('permissions: connector:manage and connector:read, as changing and reading the sync config need', () => {
  let connectorId: string;
  let directory: SyncDirectory;

  beforeAll(async () => {
    ({ directory, connectorId } = await connectorOnDirectory(stack.api, admin, 2));
  });

  it('refuses callers without either permission before the connector is asked anything', async () => {
    const { db: database } = stack.database;
    const requestor = (await createUserWithToken(database, ['requestor'])).token;
    const reader = (await createUserWithToken(database, ['admin'], ['connector:read'])).token;
    const manager = (await createUserWithToken(database, ['admin'], ['connector:manage'])).token;
    const both = (await createUserWithToken(database, ['admin'], ['connector:read', 'connector:manage'])).token;
    const body = { syncAllUsers: true };
    expect((await preview(connectorId, body, { token: requestor })).status).toBe(403);
    const readOnly = await preview(connectorId, body, { token: reader });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.message).toContain('connector:manage');
    const manageOnly = await preview(connectorId, body, { token: manager });
    expect(manageOnly.status).toBe(403);
    expect(manageOnly.body.message).toContain('connector:read');
    expect(directory.requests).toEqual([]);
    expect((await preview(connectorId, body, { token: both })).status).toBe(200);
    expect(directory.requests.length).toBeGreaterThan(0);
    expect((await stack.api.request('POST', `${configPath(connectorId)}/preview`, { body })).status).toBe(401);
  });
});

describe('the simulated directory connectors', () => {
  it('previews the users of test-activedirectory and the groups of test-ldap as their passes then sync them', async () => {
    const ad = (await db().connector.findUniqueOrThrow({ where: { name: 'test-activedirectory' } })).id;
    const ldap = (await db().connector.findUniqueOrThrow({ where: { name: 'test-ldap' } })).id;
    const users = await preview(ad, { syncAllUsers: true });
    expect(users.status).toBe(200);
    expect(users.body.records.added.count).toBe(250);
    expect(users.body.records.added.items).toHaveLength(100);
    expect(users.body.postSync.matching.evaluated).toBe(250);
    const groups = await preview(ldap, {}, { type: 'group' });
    expect(groups.status).toBe(200);
    expect(groups.body.postSync).toBeNull();

    expect((await call('PUT', configPath(ad), { syncAllUsers: true })).status).toBe(201);
    const pass = await trigger(ad);
    expect(pass.stats.added).toBe(users.body.records.added.count);
    expect(pass.postSync).toMatchObject(users.body.postSync.matching);
    expect((await call('PUT', configPath(ldap, 'group'), {})).status).toBe(201);
    const groupPass = await call('POST', `${configPath(ldap, 'group')}/trigger`);
    expect(groupPass.body.stats.added).toBe(groups.body.records.added.count);
  });
});
