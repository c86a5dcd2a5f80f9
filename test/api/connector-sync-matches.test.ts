import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Prisma } from '../../src/db/generated/client.js';
import { useRunStack } from '../support/run-stack.js';
import { connectorOnDirectory, upstreamUsers, type SyncDirectory } from '../support/sync-directory.js';
import { createUserWithToken } from '../support/users.js';

// Post-sync matching, user creation, deactivation and attribute mappings run by real sync
// passes (Temporal workflow, simulated directory), and the sync-matches routes (spec 2.10, 3.5,
// 4.8, sync items 6 and 7).

const stack = useRunStack();
let admin: string;
let reader: string;
let outsider: string;

beforeAll(async () => {
  const { db } = stack.database;
  admin = (await createUserWithToken(db, ['admin'])).token;
  reader = (await createUserWithToken(db, ['admin'], ['connector:read'])).token;
  outsider = (await createUserWithToken(db, ['requestor'])).token;
});

const db = () => stack.database.db;
const call = (method: string, path: string, body?: unknown, token = admin) =>
  stack.api.request(method, path, { token, body });
const configPath = (connectorId: string) => `/api/connectors/${connectorId}/sync-config/user`;
const matchesPath = (connectorId: string) => `/api/connectors/${connectorId}/sync-matches`;

/** A connector on its own directory of `count` users at `domain`, with a user sync config of them all. */
async function syncedDirectory(count: number, domain: string, config: Record<string, unknown> = {}) {
  const { directory, connectorId } = await connectorOnDirectory(stack.api, admin, 0);
  directory.records.user = upstreamUsers(count, domain);
  expect((await call('PUT', configPath(connectorId), { syncAllUsers: true, ...config })).status).toBe(201);
  return { directory, connectorId };
}

async function trigger(connectorId: string) {
  const response = await call('POST', `${configPath(connectorId)}/trigger`);
  expect(response.status).toBe(200);
  expect(response.body.status).toBe('success');
  return response.body;
}

/** A new record upstream, so that the next pass adds one and runs the post-sync steps. */
function addRecord(directory: SyncDirectory, externalId: string, domain: string) {
  directory.records.user.push({
    externalId,
    displayName: `Added ${externalId}`,
    email: `${externalId}@${domain}`,
    attributes: {},
    modifiedAt: '2024-01-01T00:00:00.000Z',
  });
}

/** A user written directly, as OIDC logins, SCIM or the admin would have left it. */
function user(data: Omit<Prisma.UserCreateInput, 'roles'> & { roles?: string[] }) {
  return db().user.create({
    data: { roles: ['requestor'], activeEmail: data.email?.trim().toLowerCase() ?? null, ...data },
  });
}

/** The connector's matches by external id. */
async function matchesOf(connectorId: string) {
  const rows = await db().syncMatch.findMany({ where: { connectorId } });
  return Object.fromEntries(rows.map((row) => [row.externalId, row]));
}

describe('matching tries the strategies in order; the first with hits decides (sync item 7, spec 3.5)', () => {
  const domain = 'chain.test';
  let directory: SyncDirectory;
  let connectorId: string;
  const users: Record<string, string> = {};

  beforeAll(async () => {
    ({ directory, connectorId } = await syncedDirectory(6, domain, {
      userMatchStrategy: 'upstream_identity',
      userMatchFallbackStrategies: ['external_id', 'email_and_issuer', 'email'],
    }));
    directory.records.user[3]!.attributes = { identityIssuer: 'https://IdP.Chain.test' };
    directory.records.user[4]!.attributes = { identityIssuer: 'https://idp.chain.test' };
    users.a = (await user({ email: 'a@other.test', upstreamId: 'u1' })).id;
    users.b1 = (await user({ email: 'b1@other.test', upstreamId: 'u2', upstreamIssuer: 'https://one' })).id;
    users.b2 = (await user({ email: 'b2@other.test', upstreamId: 'u2', upstreamIssuer: 'https://two' })).id;
    users.c = (await user({ email: `user2@${domain}` })).id;
    users.d = (await user({ email: 'd@other.test', iss: 'https://chain-issuer', sub: 'u3' })).id;
    users.e = (await user({ email: `user4@${domain}`, upstreamIssuer: 'https://idp.chain.test' })).id;
    users.f = (await user({ email: `USER5@Chain.Test`, upstreamIssuer: 'https://elsewhere' })).id;
  });

  it('links one hit of the primary strategy as exact, of a fallback as probable, and lists several hits as ambiguous', async () => {
    const result = await trigger(connectorId);
    expect(result.postSync).toEqual({
      evaluated: 6,
      matched: 4,
      ambiguous: 1,
      unmatched: 1,
      usersCreated: 0,
      createErrors: 0,
      usersDeactivated: 0,
      deactivationsHeld: 0,
      privilegedUsersKept: 0,
      profilesUpdated: 0,
      error: null,
      warning: null,
      automation: null,
    });
    const matches = await matchesOf(connectorId);
    const outcome = (id: string) => {
      const { matchStatus, matchConfidence, matchStrategy, userId } = matches[id]!;
      return { matchStatus, matchConfidence, matchStrategy, userId };
    };
    expect(outcome('u1')).toEqual({
      matchStatus: 'matched',
      matchConfidence: 'exact',
      matchStrategy: 'upstream_identity',
      userId: users.a,
    });
    // Two users share the upstream id: the chain stops there, although the email fallback has a hit.
    expect(outcome('u2')).toEqual({
      matchStatus: 'ambiguous',
      matchConfidence: 'ambiguous',
      matchStrategy: 'upstream_identity',
      userId: null,
    });
    expect(matches.u2!.candidateUserIds).toEqual([
      {
        userId: users.b1,
        email: 'b1@other.test',
        confidence: 'exact',
        reason: 'user upstream id equals the record externalId',
      },
      {
        userId: users.b2,
        email: 'b2@other.test',
        confidence: 'exact',
        reason: 'user upstream id equals the record externalId',
      },
    ]);
    expect(outcome('u3')).toEqual({
      matchStatus: 'matched',
      matchConfidence: 'probable',
      matchStrategy: 'external_id',
      userId: users.d,
    });
    // email|issuer compared in lower case.
    expect(outcome('u4')).toEqual({
      matchStatus: 'matched',
      matchConfidence: 'probable',
      matchStrategy: 'email_and_issuer',
      userId: users.e,
    });
    // The issuer differs, so email_and_issuer misses; the email alone matches, in any case.
    expect(outcome('u5')).toEqual({
      matchStatus: 'matched',
      matchConfidence: 'probable',
      matchStrategy: 'email',
      userId: users.f,
    });
    expect(outcome('u6')).toEqual({
      matchStatus: 'unmatched',
      matchConfidence: 'none',
      matchStrategy: null,
      userId: null,
    });
    expect(matches.u6).toMatchObject({ externalEmail: `user6@${domain}`, externalDisplayName: 'User 6' });
  });

  it('does not run the post-sync steps after a pass that added and updated nothing', async () => {
    const result = await trigger(connectorId);
    expect(result.stats).toMatchObject({ added: 0, updated: 0, unchanged: 6 });
    expect(result.postSync).toBeNull();
  });

  it('leaves manual_override and skipped rows untouched by later passes, and matches an unlinked row again', async () => {
    const chosen = (await user({ email: 'chosen@other.test' })).id;
    const before = await matchesOf(connectorId);
    const linked = await call('POST', `${matchesPath(connectorId)}/${before.u6!.id}/resolve`, {
      action: 'link',
      userId: chosen,
      notes: 'Same person, other mailbox',
    });
    expect(linked.status).toBe(200);
    expect(
      (await call('POST', `${matchesPath(connectorId)}/${before.u1!.id}/resolve`, { action: 'skip' })).status,
    ).toBe(200);
    // A user with u6's email would now match it, if the row were still automatic.
    await user({ email: `user6@${domain}` });
    const resolved = await matchesOf(connectorId);

    addRecord(directory, 'u7', domain);
    expect((await trigger(connectorId)).postSync).toMatchObject({ evaluated: 2, error: null });
    const after = await matchesOf(connectorId);
    expect(after.u6).toEqual(resolved.u6);
    expect(after.u6).toMatchObject({ matchStatus: 'manual_override', userId: chosen });
    expect(after.u1).toEqual(resolved.u1);
    expect(after.u1).toMatchObject({ matchStatus: 'skipped', userId: null });

    expect((await call('POST', `${matchesPath(connectorId)}/${before.u1!.id}/unlink`)).status).toBe(200);
    addRecord(directory, 'u8', domain);
    await trigger(connectorId);
    expect((await matchesOf(connectorId)).u1).toMatchObject({
      matchStatus: 'matched',
      matchConfidence: 'exact',
      userId: users.a,
    });
  });

  it('matches email_and_issuer as the primary strategy, reading the issuer at issuerSourcePath', async () => {
    const other = await syncedDirectory(2, 'issuer.test', {
      userMatchStrategy: 'email_and_issuer',
      issuerSourcePath: 'attributes.idp.issuer',
    });
    other.directory.records.user[0]!.attributes = { idp: { issuer: 'https://IDP.issuer.test' } };
    other.directory.records.user[1]!.attributes = { identityIssuer: 'https://idp.issuer.test' };
    const first = await user({ email: 'user1@issuer.test', upstreamIssuer: 'https://idp.issuer.test' });
    await user({ email: 'user2@issuer.test', upstreamIssuer: 'https://idp.issuer.test' });
    await trigger(other.connectorId);
    const matches = await matchesOf(other.connectorId);
    expect(matches.u1).toMatchObject({ matchStatus: 'matched', matchConfidence: 'exact', userId: first.id });
    // identityIssuer is only the default: with issuerSourcePath set it is not read.
    expect(matches.u2).toMatchObject({ matchStatus: 'unmatched', matchConfidence: 'none' });
  });
});

describe('createUsers creates unconfirmed users for unmatched records with an email (sync item 6b)', () => {
  const domain = 'create.test';
  let directory: SyncDirectory;
  let connectorId: string;

  beforeAll(async () => {
    ({ directory, connectorId } = await syncedDirectory(3, domain, {
      // The records carry no issuer: nothing matches, so user2's taken email reaches creation.
      userMatchStrategy: 'email_and_issuer',
      createUsers: true,
      createUserDefaults: { department: 'Sales', badge: 42, title: null },
    }));
    directory.records.user[2]!.email = null;
    await user({ email: `USER2@${domain}` });
  });

  it('creates and links a user per row, records a taken email on that row only, and leaves rows without email', async () => {
    const result = await trigger(connectorId);
    expect(result.postSync).toMatchObject({
      evaluated: 3,
      unmatched: 3,
      usersCreated: 1,
      createErrors: 1,
      error: null,
    });
    const matches = await matchesOf(connectorId);
    expect(matches.u1).toMatchObject({
      matchStatus: 'matched',
      matchConfidence: 'exact',
      resolutionNotes: null,
      userId: expect.any(String),
    });
    const created = await db().user.findUniqueOrThrow({ where: { id: matches.u1!.userId! } });
    expect(created).toMatchObject({
      email: `user1@${domain}`,
      displayName: 'User 1',
      confirmed: false,
      roles: ['requestor'],
      department: 'Sales',
      title: null,
      customAttributes: { badge: 42 },
      attributeSources: { department: 'connector', 'custom.badge': 'connector' },
    });
    expect(matches.u2).toMatchObject({
      matchStatus: 'unmatched',
      userId: null,
      resolutionNotes: `Automatic user creation failed: Another active user already has the email user2@${domain}`,
    });
    expect(matches.u3).toMatchObject({ matchStatus: 'unmatched', userId: null, resolutionNotes: null });

    const audit = await db().auditLog.findFirstOrThrow({ where: { action: 'user.created', targetId: created.id } });
    expect(audit).toMatchObject({
      actorType: 'system',
      metadata: expect.objectContaining({
        source: 'connector_sync',
        connectorId,
        resourceType: 'user',
        externalId: 'u1',
      }),
    });
  });

  it('keeps the link of a created user on later passes instead of creating another', async () => {
    const linked = (await matchesOf(connectorId)).u1!.userId;
    addRecord(directory, 'u4', domain);
    expect((await trigger(connectorId)).postSync).toMatchObject({ usersCreated: 1, createErrors: 1 });
    const matches = await matchesOf(connectorId);
    expect(matches.u1!.userId).toBe(linked);
    expect(matches.u4).toMatchObject({ matchStatus: 'matched', matchConfidence: 'exact' });
    expect(await db().user.count({ where: { email: `user1@${domain}` } })).toBe(1);
  });
});

describe('createUsers fails only the rows whose email is whitespace or no address', () => {
  it('stores an email of whitespace as none, refuses one that is no address on its row, and creates the others', async () => {
    const domain = 'odd-email.test';
    const { directory, connectorId } = await syncedDirectory(4, domain, {
      userMatchStrategy: 'email_and_issuer',
      createUsers: true,
    });
    directory.records.user[0]!.email = '\t';
    directory.records.user[1]!.email = '\u00a0\n';
    directory.records.user[2]!.email = ' not-an-address ';

    const result = await trigger(connectorId);
    expect(result.postSync).toMatchObject({ usersCreated: 1, createErrors: 1, error: null });
    const records = await db().connectorResource.findMany({ where: { connectorId }, orderBy: { externalId: 'asc' } });
    expect(records.map((record) => record.email)).toEqual([null, null, 'not-an-address', `user4@${domain}`]);
    const matches = await matchesOf(connectorId);
    expect(matches.u1).toMatchObject({ matchStatus: 'unmatched', resolutionNotes: null });
    expect(matches.u2).toMatchObject({ matchStatus: 'unmatched', resolutionNotes: null });
    expect(matches.u3).toMatchObject({
      matchStatus: 'unmatched',
      resolutionNotes: expect.stringContaining('"not-an-address" is not an email address'),
    });
    expect(matches.u4).toMatchObject({ matchStatus: 'matched', userId: expect.any(String) });
  });
});

describe('deactivateUsers soft-deletes users linked only to a stale record of this connector and type (sync item 6c)', () => {
  const domain = 'deactivate.test';

  it('deletes the user of a stale record, and keeps a user matched on another connector', async () => {
    const first = await syncedDirectory(2, domain, { deactivateUsers: true });
    const second = await syncedDirectory(0, domain);
    second.directory.records.user = upstreamUsers(2, domain).slice(1);
    const leaving = await user({ email: `user1@${domain}` });
    const elsewhere = await user({ email: `user2@${domain}` });
    await trigger(first.connectorId);
    await trigger(second.connectorId);
    expect((await matchesOf(second.connectorId)).u2).toMatchObject({ matchStatus: 'matched', userId: elsewhere.id });

    first.directory.records.user = [];
    addRecord(first.directory, 'u3', domain);
    const result = await trigger(first.connectorId);
    expect(result.stats).toMatchObject({ added: 1, staled: 2 });
    expect(result.postSync).toMatchObject({ usersDeactivated: 1, error: null });

    expect(await db().user.findUniqueOrThrow({ where: { id: leaving.id } })).toMatchObject({
      deletedAt: expect.any(Date),
      activeEmail: null,
    });
    expect(await db().user.findUniqueOrThrow({ where: { id: elsewhere.id } })).toMatchObject({ deletedAt: null });
    const audit = await db().auditLog.findFirstOrThrow({ where: { action: 'user.deleted', targetId: leaving.id } });
    expect(audit).toMatchObject({
      actorType: 'system',
      metadata: expect.objectContaining({ source: 'connector_sync', connectorId: first.connectorId, externalId: 'u1' }),
    });
  });
});

describe('a record the connector reports disabled is a leaver (deactivateDisabledUsers, on by default)', () => {
  const domain = 'disabled.test';
  const disable = (directory: SyncDirectory, externalId: string) => {
    directory.records.user.find((record) => record.externalId === externalId)!.attributes.enabled = false;
  };

  it('deactivates the user of a disabled record and creates no user for one', async () => {
    const { directory, connectorId } = await syncedDirectory(3, domain, { deactivateUsers: true, createUsers: true });
    const leaving = await user({ email: `user1@${domain}` });
    const staying = await user({ email: `user2@${domain}` });
    disable(directory, 'u3');
    const first = await trigger(connectorId);
    expect(first.postSync).toMatchObject({ matched: 2, usersCreated: 0, usersDeactivated: 0, error: null });
    expect((await matchesOf(connectorId)).u3).toMatchObject({ matchStatus: 'unmatched', userId: null });

    disable(directory, 'u1');
    const second = await trigger(connectorId);
    expect(second.stats).toMatchObject({ updated: 1, staled: 0 });
    expect(second.postSync).toMatchObject({ usersDeactivated: 1, privilegedUsersKept: 0, warning: null });
    expect((await db().user.findUniqueOrThrow({ where: { id: leaving.id } })).deletedAt).toEqual(expect.any(Date));
    expect((await db().user.findUniqueOrThrow({ where: { id: staying.id } })).deletedAt).toBeNull();
    const audit = await db().auditLog.findFirstOrThrow({ where: { action: 'user.deleted', targetId: leaving.id } });
    expect(audit.metadata).toMatchObject({
      source: 'connector_sync',
      reason: 'linked record is disabled upstream',
      externalId: 'u1',
    });
  });

  it('keeps the user of a disabled record when deactivateDisabledUsers is off', async () => {
    const { directory, connectorId } = await syncedDirectory(2, `off.${domain}`, {
      deactivateUsers: true,
      deactivateDisabledUsers: false,
    });
    const kept = await user({ email: `user1@off.${domain}` });
    await trigger(connectorId);
    disable(directory, 'u1');
    expect((await trigger(connectorId)).postSync).toMatchObject({ usersDeactivated: 0 });
    expect((await db().user.findUniqueOrThrow({ where: { id: kept.id } })).deletedAt).toBeNull();
    expect((await call('GET', configPath(connectorId))).body.deactivateDisabledUsers).toBe(false);
  });
});

describe('a privileged user whose linked record left is kept, and reported everywhere', () => {
  const domain = 'privileged-leaver.test';

  it('reports each one in postSync, the status and the audit log', async () => {
    const { directory, connectorId } = await syncedDirectory(3, domain, { deactivateUsers: true });
    const approver = await user({ email: `user1@${domain}`, roles: ['approver'] });
    const manager = await user({ email: `user2@${domain}`, roles: ['requestor', 'resource_manager'] });
    const requestor = await user({ email: `user3@${domain}` });
    await trigger(connectorId);

    directory.records.user = directory.records.user.filter((record) => record.externalId !== 'u1');
    directory.records.user.find((record) => record.externalId === 'u2')!.attributes.enabled = false;
    directory.records.user.find((record) => record.externalId === 'u3')!.attributes.enabled = false;
    const result = await trigger(connectorId);
    expect(result.postSync).toMatchObject({ usersDeactivated: 1, privilegedUsersKept: 2, error: null });
    expect(result.postSync.warning).toContain('2 users holding a role beyond requestor');
    for (const kept of [approver, manager])
      expect((await db().user.findUniqueOrThrow({ where: { id: kept.id } })).deletedAt).toBeNull();
    expect((await db().user.findUniqueOrThrow({ where: { id: requestor.id } })).deletedAt).toEqual(expect.any(Date));

    const status = (await call('GET', `${configPath(connectorId)}/status`)).body;
    expect(status.lastPostSync).toMatchObject({ privilegedUsersKept: 2 });
    expect(status.privilegedLeavers).toEqual({
      reportedAt: expect.any(String),
      users: expect.arrayContaining([
        { userId: approver.id, email: approver.email, externalId: 'u1', reason: 'stale', roles: ['approver'] },
        {
          userId: manager.id,
          email: manager.email,
          externalId: 'u2',
          reason: 'disabled',
          roles: ['requestor', 'resource_manager'],
        },
      ]),
    });
    expect(status.privilegedLeavers.users).toHaveLength(2);
    const audits = await db().auditLog.findMany({
      where: { action: 'sync.privileged_leaver_kept', targetId: { in: [approver.id, manager.id] } },
    });
    expect(
      audits.map((entry) => [entry.targetId, entry.actorType, (entry.metadata as { reason: string }).reason]),
    ).toEqual(
      expect.arrayContaining([
        [approver.id, 'system', 'linked record is stale'],
        [manager.id, 'system', 'linked record is disabled upstream'],
      ]),
    );
  });
});

describe('the deletion safeguard holds the deactivations of a pass over the threshold (count and percentage)', () => {
  const domain = 'safeguard.test';
  const heldPath = (connectorId: string, action: string) => `${configPath(connectorId)}/held-deactivations/${action}`;
  const isDeleted = async (id: string) => (await db().user.findUniqueOrThrow({ where: { id } })).deletedAt !== null;

  /** `linked` (five) linked users, then a pass where `leaving` of their records are gone (and one is added). */
  async function passDropping(
    leaving: number,
    threshold: { maxCount: number; maxPercent: number },
    prefix: string,
    linked = 5,
  ) {
    const at = `${prefix}.${domain}`;
    const { directory, connectorId } = await syncedDirectory(linked, at, {
      deactivateUsers: true,
      deactivationThreshold: threshold,
    });
    const users = [];
    for (let index = 1; index <= linked; index += 1) users.push(await user({ email: `user${index}@${at}` }));
    await trigger(connectorId);
    directory.records.user = directory.records.user.slice(leaving);
    addRecord(directory, 'u9', at);
    const result = await trigger(connectorId);
    return { connectorId, users, result, gone: users.slice(0, leaving) };
  }

  it('holds them all when both are exceeded: users stay active, the pass succeeds with a warning', async () => {
    const { connectorId, users, result, gone } = await passDropping(3, { maxCount: 2, maxPercent: 50 }, 'held');
    expect(result.status).toBe('success');
    expect(result.postSync).toMatchObject({ usersDeactivated: 0, deactivationsHeld: 3, error: null });
    expect(result.postSync.warning).toContain('3 of 5 linked users');
    for (const held of users) expect(await isDeleted(held.id)).toBe(false);
    const status = await call('GET', `${configPath(connectorId)}/status`);
    expect(status.body.lastSyncStatus).toBe('success');
    expect(status.body.heldDeactivations).toEqual({
      heldAt: expect.any(String),
      linkedUsers: 5,
      users: expect.arrayContaining(
        gone.map((one) => ({ userId: one.id, email: one.email, externalId: expect.any(String), reason: 'stale' })),
      ),
    });
    expect(status.body.heldDeactivations.users).toHaveLength(3);
    expect(
      await db().auditLog.count({ where: { action: 'sync.deactivations_held', actorType: 'system' } }),
    ).toBeGreaterThan(0);
  });

  it('release deactivates the held users (connector:manage, audited) and clears the hold', async () => {
    const { connectorId, users, gone } = await passDropping(3, { maxCount: 2, maxPercent: 50 }, 'release');
    expect((await call('POST', heldPath(connectorId, 'release'), undefined, reader)).status).toBe(403);
    const released = await call('POST', heldPath(connectorId, 'release'));
    expect(released.status).toBe(200);
    expect(released.body).toEqual({ released: 3, kept: 0 });
    for (const one of gone) expect(await isDeleted(one.id)).toBe(true);
    for (const one of users.slice(3)) expect(await isDeleted(one.id)).toBe(false);
    expect((await call('GET', `${configPath(connectorId)}/status`)).body.heldDeactivations).toBeNull();
    const audit = await db().auditLog.findFirstOrThrow({
      where: { action: 'sync.held_deactivations_released', targetType: 'sync_config' },
      orderBy: { createdAt: 'desc' },
    });
    expect(audit).toMatchObject({ actorType: 'user', metadata: expect.objectContaining({ connectorId, count: 3 }) });
    expect(
      await db().auditLog.findFirstOrThrow({ where: { action: 'user.deleted', targetId: gone[0]!.id } }),
    ).toMatchObject({ actorType: 'user', metadata: expect.objectContaining({ source: 'held_deactivation_release' }) });
    expect((await call('POST', heldPath(connectorId, 'release'))).status).toBe(409);
  });

  it('releases a hold larger than one transaction takes, all of it', async () => {
    const { connectorId, result } = await passDropping(230, { maxCount: 10, maxPercent: 10 }, 'large', 240);
    const status = await call('GET', `${configPath(connectorId)}/status`);
    const heldIds: string[] = status.body.heldDeactivations.users.map((one: { userId: string }) => one.userId);
    expect(heldIds).toHaveLength(result.postSync.deactivationsHeld);
    expect(heldIds.length).toBeGreaterThan(200);

    const released = await call('POST', heldPath(connectorId, 'release'));
    expect([released.status, released.body]).toEqual([200, { released: heldIds.length, kept: 0 }]);
    expect(await db().user.count({ where: { id: { in: heldIds }, deletedAt: null } })).toBe(0);
    expect((await call('GET', `${configPath(connectorId)}/status`)).body.heldDeactivations).toBeNull();
    const audit = await db().auditLog.findFirstOrThrow({
      where: { action: 'sync.held_deactivations_released' },
      orderBy: { createdAt: 'desc' },
    });
    expect(audit.metadata).toMatchObject({ connectorId, count: heldIds.length });
  });

  it('discard drops the hold and keeps the users active', async () => {
    const { connectorId, users } = await passDropping(3, { maxCount: 2, maxPercent: 50 }, 'discard');
    const discarded = await call('POST', heldPath(connectorId, 'discard'));
    expect(discarded.status).toBe(200);
    expect(discarded.body).toEqual({ discarded: 3 });
    for (const one of users) expect(await isDeleted(one.id)).toBe(false);
    expect((await call('GET', `${configPath(connectorId)}/status`)).body.heldDeactivations).toBeNull();
    expect(await db().auditLog.count({ where: { action: 'sync.held_deactivations_discarded' } })).toBeGreaterThan(0);
    expect((await call('POST', heldPath(connectorId, 'discard'))).status).toBe(409);
  });

  it('deactivates as before when the count or the percentage is not exceeded', async () => {
    const atCount = await passDropping(3, { maxCount: 3, maxPercent: 0 }, 'count');
    expect(atCount.result.postSync).toMatchObject({ usersDeactivated: 3, deactivationsHeld: 0, warning: null });
    for (const one of atCount.gone) expect(await isDeleted(one.id)).toBe(true);
    const atPercent = await passDropping(3, { maxCount: 0, maxPercent: 60 }, 'percent');
    expect(atPercent.result.postSync).toMatchObject({ usersDeactivated: 3, deactivationsHeld: 0 });
    expect((await call('GET', `${configPath(atPercent.connectorId)}/status`)).body.heldDeactivations).toBeNull();
  });

  it('refuses a threshold out of range', async () => {
    const { connectorId } = await syncedDirectory(0, `range.${domain}`);
    const refused = await call('PUT', configPath(connectorId), {
      deactivationThreshold: { maxCount: 5, maxPercent: 101 },
    });
    expect(refused.status).toBe(400);
    const kept = await call('PUT', configPath(connectorId), { deactivationThreshold: { maxCount: 5, maxPercent: 20 } });
    expect(kept.body.deactivationThreshold).toEqual({ maxCount: 5, maxPercent: 20 });
  });
});

describe('attribute mappings write linked users profiles with source connector (sync item 6d, spec 2.9)', () => {
  const domain = 'mapping.test';

  it('writes no value the profile would refuse: text over 500 characters, a start date that is not a date', async () => {
    const limits = 'limits.test';
    const { directory, connectorId } = await syncedDirectory(2, limits, {
      attributeMappings: [
        { sourcePath: 'attributes.title', targetField: 'title', writeMode: 'overwrite_always' },
        { sourcePath: 'attributes.hired', targetField: 'startDate', writeMode: 'overwrite_always' },
      ],
    });
    const [tooLong, fitting] = directory.records.user;
    tooLong!.attributes = { title: 'x'.repeat(501), hired: 'next spring' };
    fitting!.attributes = { title: 'y'.repeat(500), hired: '2026-01-05' };
    const kept = await user({ email: `user1@${limits}`, title: 'Kept' });
    const written = await user({ email: `user2@${limits}` });

    expect((await trigger(connectorId)).postSync).toMatchObject({ matched: 2, profilesUpdated: 1, error: null });
    expect(await db().user.findUniqueOrThrow({ where: { id: kept.id } })).toMatchObject({
      title: 'Kept',
      startDate: null,
    });
    expect(await db().user.findUniqueOrThrow({ where: { id: written.id } })).toMatchObject({
      title: 'y'.repeat(500),
      startDate: '2026-01-05',
    });
  });

  it("sets each user's manager to the user linked to the record the manager rule names", async () => {
    const managers = 'managers.test';
    const { directory, connectorId } = await syncedDirectory(3, managers, {
      attributeMappings: [
        { sourcePath: 'attributes.manager', targetField: 'managerId', writeMode: 'overwrite_always' },
      ],
    });
    const [first, second, third] = directory.records.user;
    // The second names a record nobody is linked to; the third names itself.
    first!.attributes = { manager: second!.externalId };
    second!.attributes = { manager: 'not-in-this-directory' };
    third!.attributes = { manager: third!.externalId };
    const [one, two, three] = await Promise.all([1, 2, 3].map((index) => user({ email: `user${index}@${managers}` })));

    expect((await trigger(connectorId)).postSync).toMatchObject({ matched: 3, profilesUpdated: 1, error: null });
    const managed = await db().user.findUniqueOrThrow({ where: { id: one!.id } });
    expect(managed.managerId).toBe(two!.id);
    expect(managed.attributeSources).toMatchObject({ managerId: 'connector' });
    for (const unmanaged of [two!, three!])
      expect((await db().user.findUniqueOrThrow({ where: { id: unmanaged.id } })).managerId).toBeNull();

    // overwrite_if_empty leaves a manager set before.
    const config = await db().syncConfig.findFirstOrThrow({ where: { connectorId } });
    await db().syncConfig.update({
      where: { id: config.id },
      data: {
        attributeMappings: [
          { sourcePath: 'attributes.manager', targetField: 'managerId', writeMode: 'overwrite_if_empty' },
        ],
      },
    });
    first!.attributes = { manager: third!.externalId };
    expect((await trigger(connectorId)).postSync).toMatchObject({ profilesUpdated: 0, error: null });
    expect((await db().user.findUniqueOrThrow({ where: { id: one!.id } })).managerId).toBe(two!.id);
  });

  it('applies each write mode, skips transform, disabled and unsafe rules, and reads own properties only', async () => {
    const { directory, connectorId } = await syncedDirectory(3, domain, {
      attributeMappings: [
        { sourcePath: 'attributes.title', targetField: 'title', writeMode: 'overwrite_always' },
        { sourcePath: 'attributes.department', targetField: 'department', writeMode: 'overwrite_if_empty' },
        { sourcePath: 'attributes.location', targetField: 'location', writeMode: 'never_overwrite' },
        { sourcePath: 'attributes.costCenter', targetField: 'costCenter', transform: 'upper' },
        { sourcePath: 'attributes.department', targetField: 'employeeId', enabled: false },
        { sourcePath: 'attributes.badge', targetField: 'badge', writeMode: 'overwrite_always' },
        { sourcePath: 'attributes.toString', targetField: 'inherited', writeMode: 'overwrite_always' },
        { sourcePath: 'externalId', targetField: 'directoryId', writeMode: 'overwrite_always' },
      ],
    });
    // A rule that would read through __proto__, written around the API's validation.
    const config = await db().syncConfig.findFirstOrThrow({ where: { connectorId } });
    await db().syncConfig.update({
      where: { id: config.id },
      data: {
        attributeMappings: [
          ...(config.attributeMappings as Prisma.JsonArray),
          { sourcePath: 'attributes.__proto__.polluted', targetField: 'phoneNumber', writeMode: 'overwrite_always' },
        ],
      },
    });
    for (const record of directory.records.user)
      record.attributes = JSON.parse(
        '{"title":"Engineer","department":"Research","location":"Berlin","costCenter":"CC-1","badge":{"level":3},"__proto__":{"polluted":"yes"}}',
      );
    const first = await user({ email: `user1@${domain}`, title: 'Old title' });
    const blank = await user({ email: `user2@${domain}`, department: '   ' });
    const filled = await user({
      email: `user3@${domain}`,
      department: 'Finance',
      attributeSources: { department: 'manual' },
    });

    expect((await trigger(connectorId)).postSync).toMatchObject({ matched: 3, profilesUpdated: 3, error: null });

    const mapped = await db().user.findUniqueOrThrow({ where: { id: first.id } });
    expect(mapped.customAttributes).toEqual({ badge: { level: 3 }, directoryId: 'u1' });
    expect(mapped).toMatchObject({
      title: 'Engineer',
      department: 'Research',
      location: null,
      costCenter: null,
      employeeId: null,
      phoneNumber: null,
      customAttributes: { badge: { level: 3 }, directoryId: 'u1' },
      attributeSources: {
        title: 'connector',
        department: 'connector',
        'custom.badge': 'connector',
        'custom.directoryId': 'connector',
      },
    });
    expect(await db().user.findUniqueOrThrow({ where: { id: blank.id } })).toMatchObject({ department: 'Research' });
    expect(await db().user.findUniqueOrThrow({ where: { id: filled.id } })).toMatchObject({
      department: 'Finance',
      attributeSources: expect.objectContaining({ department: 'manual' }),
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    // Nothing changed since: the next pass writes no profile.
    addRecord(directory, 'u4', domain);
    expect((await trigger(connectorId)).postSync).toMatchObject({ profilesUpdated: 0 });
  });
});

describe('a post-sync failure is recorded and leaves the pass successful (spec 7)', () => {
  it('reports the failure in postSync and lastPostSync, with status success', async () => {
    const { connectorId } = await syncedDirectory(2, 'failure.test');
    await db().syncConfig.updateMany({ where: { connectorId }, data: { userMatchStrategy: 'retired_strategy' } });
    const result = await trigger(connectorId);
    expect(result.postSync).toMatchObject({
      evaluated: 0,
      error: 'The sync config names an unknown user match strategy',
    });
    const status = (await call('GET', `${configPath(connectorId)}/status`)).body;
    expect(status).toMatchObject({ lastSyncStatus: 'success', lastSyncError: null, lastPostSync: result.postSync });
  });
});

describe('sync-matches routes (spec 4.8)', () => {
  const domain = 'routes.test';
  let connectorId: string;
  let matches: Awaited<ReturnType<typeof matchesOf>>;
  let foreignMatchId: string;
  let linkTarget: string;

  beforeAll(async () => {
    const synced = await syncedDirectory(5, domain);
    connectorId = synced.connectorId;
    synced.directory.records.user[3]!.email = null;
    await user({ email: `user1@${domain}` });
    await trigger(connectorId);
    // Taken after the pass, so u3 stays unmatched and its create is refused.
    await user({ email: `user3@${domain}` });
    linkTarget = (await user({ email: 'target@other.test' })).id;
    matches = await matchesOf(connectorId);
    const foreign = await syncedDirectory(1, 'foreign.test');
    await trigger(foreign.connectorId);
    foreignMatchId = Object.values(await matchesOf(foreign.connectorId))[0]!.id;
  });

  const resolve = (externalId: string, body: unknown, token = admin) =>
    call('POST', `${matchesPath(connectorId)}/${matches[externalId]!.id}/resolve`, body, token);

  describe('GET sync-matches', () => {
    it('lists the matches of a type, filtered by status and by search over external id, email and display name', async () => {
      const all = await call('GET', `${matchesPath(connectorId)}?type=user`);
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ total: 5, page: 1, pageSize: 20 });
      expect(all.body.data[0]).toEqual({
        id: matches.u1!.id,
        connectorId,
        resourceType: 'user',
        connectorResourceId: matches.u1!.connectorResourceId,
        externalId: 'u1',
        externalDisplayName: 'User 1',
        externalEmail: `user1@${domain}`,
        userId: matches.u1!.userId,
        matchStatus: 'matched',
        matchConfidence: 'exact',
        matchStrategy: 'email',
        candidateUserIds: [],
        resolutionNotes: null,
        resolvedBy: null,
        resolvedAt: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const ids = async (query: string) =>
        (await call('GET', `${matchesPath(connectorId)}?type=user&${query}`)).body.data.map(
          (row: { externalId: string }) => row.externalId,
        );
      expect(await ids('status=unmatched')).toEqual(['u2', 'u3', 'u4', 'u5']);
      expect(await ids('search=USER2%40ROUTES')).toEqual(['u2']);
      expect(await ids('search=user%203')).toEqual(['u3']);
      expect(await ids('search=u5')).toEqual(['u5']);
      expect((await call('GET', `${matchesPath(connectorId)}?type=user&pageSize=2000`)).status).toBe(200);
    });

    it('answers 400 without type, for pageSize above 2000 and for an unknown status; 404 for an unknown type or connector', async () => {
      expect((await call('GET', matchesPath(connectorId))).status).toBe(400);
      const tooMany = await call('GET', `${matchesPath(connectorId)}?type=user&pageSize=2001`);
      expect(tooMany.status).toBe(400);
      expect(JSON.stringify(tooMany.body)).toContain('pageSize must be at most 2000');
      expect((await call('GET', `${matchesPath(connectorId)}?type=user&status=maybe`)).status).toBe(400);
      expect((await call('GET', `${matchesPath(connectorId)}?type=widget`)).status).toBe(404);
      expect((await call('GET', `${matchesPath(randomUUID())}?type=user`)).status).toBe(404);
    });

    it('needs connector:read', async () => {
      expect((await call('GET', `${matchesPath(connectorId)}?type=user`, undefined, outsider)).status).toBe(403);
      expect((await call('GET', `${matchesPath(connectorId)}/stats?type=user`, undefined, outsider)).status).toBe(403);
      expect((await call('GET', `${matchesPath(connectorId)}?type=user`, undefined, reader)).status).toBe(200);
    });
  });

  it('GET sync-matches/stats counts every status and confidence', async () => {
    const stats = await call('GET', `${matchesPath(connectorId)}/stats?type=user`, undefined, reader);
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      connectorId,
      resourceType: 'user',
      total: 5,
      byStatus: { matched: 1, unmatched: 4, ambiguous: 0, manual_override: 0, skipped: 0, create_pending: 0 },
      byConfidence: { exact: 1, probable: 0, ambiguous: 0, none: 4 },
    });
  });

  it('GET sync-matches/stats without type counts every type, and each type apart', async () => {
    const stats = await call('GET', `${matchesPath(connectorId)}/stats`, undefined, reader);
    expect(stats.status).toBe(200);
    const none = { total: 0, byStatus: expect.any(Object), byConfidence: expect.any(Object) };
    expect(stats.body).toEqual({
      connectorId,
      resourceType: null,
      total: 5,
      byStatus: { matched: 1, unmatched: 4, ambiguous: 0, manual_override: 0, skipped: 0, create_pending: 0 },
      byConfidence: { exact: 1, probable: 0, ambiguous: 0, none: 4 },
      byType: {
        user: {
          total: 5,
          byStatus: { matched: 1, unmatched: 4, ambiguous: 0, manual_override: 0, skipped: 0, create_pending: 0 },
          byConfidence: { exact: 1, probable: 0, ambiguous: 0, none: 4 },
        },
        group: none,
        role: none,
      },
    });
    expect((await call('GET', `${matchesPath(randomUUID())}/stats`, undefined, reader)).status).toBe(404);
  });

  describe('POST resolve', () => {
    it('link sets manual_override with the user, the notes and who resolved it, and audits', async () => {
      const response = await resolve('u2', { action: 'link', userId: linkTarget, notes: 'Checked with HR' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        externalId: 'u2',
        matchStatus: 'manual_override',
        matchConfidence: 'exact',
        matchStrategy: null,
        userId: linkTarget,
        resolutionNotes: 'Checked with HR',
        resolvedBy: expect.any(String),
        resolvedAt: expect.any(String),
      });
      const audit = await db().auditLog.findFirstOrThrow({
        where: { action: 'sync_match.resolved', targetId: matches.u2!.id },
      });
      expect(audit.metadata).toMatchObject({ action: 'link', userId: linkTarget, previousStatus: 'unmatched' });
    });

    it('link needs the userId of an active user (400)', async () => {
      const missing = await resolve('u2', { action: 'link' });
      expect(missing.status).toBe(400);
      expect(missing.body.details).toEqual([expect.objectContaining({ path: 'userId' })]);
      expect((await resolve('u2', { action: 'link', userId: randomUUID() })).status).toBe(400);
      expect((await resolve('u2', { action: 'merge' })).status).toBe(400);
      expect((await resolve('u2', { action: 'skip', notes: 'x'.repeat(2001) })).status).toBe(400);
    });

    it('skip makes the match skipped without a user', async () => {
      const response = await resolve('u3', { action: 'skip', notes: 'Service account' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ matchStatus: 'skipped', matchConfidence: 'none', userId: null });
    });

    it('create answers 400 without an email and 409 when the email is taken', async () => {
      const noEmail = await resolve('u4', { action: 'create' });
      expect(noEmail.status).toBe(400);
      expect(noEmail.body.message).toContain('no email');
      const taken = await resolve('u3', { action: 'create' });
      expect(taken.status).toBe(409);
      expect(taken.body.message).toContain(`user3@${domain}`);
      expect((await matchesOf(connectorId)).u3).toMatchObject({ matchStatus: 'skipped' });
    });

    it('create makes an unconfirmed user from the record and links it', async () => {
      const response = await resolve('u5', { action: 'create' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ matchStatus: 'manual_override', matchConfidence: 'exact' });
      const created = await db().user.findUniqueOrThrow({ where: { id: response.body.userId } });
      expect(created).toMatchObject({ email: `user5@${domain}`, confirmed: false, roles: ['requestor'] });
      const audit = await db().auditLog.findFirstOrThrow({ where: { action: 'user.created', targetId: created.id } });
      expect(audit).toMatchObject({
        actorType: 'user',
        metadata: expect.objectContaining({ source: 'sync_match_resolve' }),
      });
    });

    it('answers 404 for a match of another connector and 403 without connector:manage', async () => {
      const foreign = await call('POST', `${matchesPath(connectorId)}/${foreignMatchId}/resolve`, { action: 'skip' });
      expect(foreign.status).toBe(404);
      expect((await db().syncMatch.findUniqueOrThrow({ where: { id: foreignMatchId } })).matchStatus).toBe('unmatched');
      expect((await resolve('u1', { action: 'skip' }, reader)).status).toBe(403);
      expect(
        (await call('POST', `${matchesPath(connectorId)}/${randomUUID()}/resolve`, { action: 'skip' })).status,
      ).toBe(404);
    });
  });

  describe('POST unlink', () => {
    it('returns the match to unmatched with link and resolution cleared, and audits', async () => {
      const response = await call('POST', `${matchesPath(connectorId)}/${matches.u2!.id}/unlink`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        matchStatus: 'unmatched',
        matchConfidence: 'none',
        matchStrategy: null,
        userId: null,
        candidateUserIds: [],
        resolutionNotes: null,
        resolvedBy: null,
        resolvedAt: null,
      });
      expect(await db().auditLog.count({ where: { action: 'sync_match.unlinked', targetId: matches.u2!.id } })).toBe(1);
    });

    it('answers 404 for a match of another connector and 403 without connector:manage', async () => {
      expect((await call('POST', `${matchesPath(connectorId)}/${foreignMatchId}/unlink`)).status).toBe(404);
      expect(
        (await call('POST', `${matchesPath(connectorId)}/${matches.u1!.id}/unlink`, undefined, reader)).status,
      ).toBe(403);
    });
  });

  describe('POST bulk-resolve', () => {
    const bulk = (body: unknown, token = admin) =>
      call('POST', `${matchesPath(connectorId)}/bulk-resolve`, body, token);

    it("changes only this connector's matches and lists the other ids as notFound", async () => {
      const unknown = randomUUID();
      const skipped = await bulk({
        matchIds: [matches.u1!.id, matches.u2!.id, matches.u2!.id, foreignMatchId, unknown],
        action: 'skip',
        notes: 'Leavers',
      });
      expect(skipped.status).toBe(200);
      expect(skipped.body).toEqual({ updated: 2, notFound: [foreignMatchId, unknown] });
      const after = await matchesOf(connectorId);
      expect(after.u1).toMatchObject({ matchStatus: 'skipped', userId: null, resolutionNotes: 'Leavers' });
      expect(after.u2).toMatchObject({ matchStatus: 'skipped', resolvedBy: expect.any(String) });
      expect((await db().syncMatch.findUniqueOrThrow({ where: { id: foreignMatchId } })).matchStatus).toBe('unmatched');

      const linked = await bulk({ matchIds: [matches.u1!.id], action: 'link', userId: linkTarget });
      expect(linked.body).toEqual({ updated: 1, notFound: [] });
      expect((await matchesOf(connectorId)).u1).toMatchObject({ matchStatus: 'manual_override', userId: linkTarget });
      const audit = await db().auditLog.findFirstOrThrow({
        where: { action: 'sync_match.bulk_resolved', targetId: connectorId },
        orderBy: { createdAt: 'desc' },
      });
      expect(audit.metadata).toMatchObject({ action: 'link', count: 1, matchIds: [matches.u1!.id] });
    });

    it('answers 400 for an empty or too long list, link without userId or create; 403 without connector:manage', async () => {
      expect((await bulk({ matchIds: [], action: 'skip' })).status).toBe(400);
      const tooMany = Array.from({ length: 2001 }, () => randomUUID());
      expect((await bulk({ matchIds: tooMany, action: 'skip' })).status).toBe(400);
      expect((await bulk({ matchIds: [matches.u1!.id], action: 'link' })).status).toBe(400);
      expect((await bulk({ matchIds: [matches.u1!.id], action: 'create' })).status).toBe(400);
      expect((await bulk({ matchIds: [matches.u1!.id], action: 'skip' }, reader)).status).toBe(403);
      expect(
        (
          await call('POST', `${matchesPath(randomUUID())}/bulk-resolve`, {
            matchIds: [foreignMatchId],
            action: 'skip',
          })
        ).status,
      ).toBe(404);
    });
  });
});
