import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';

const context = useTestApp();

function mintToken(token: string, body: { name: string; permissions: string[]; expiresAt?: string }) {
  return context.api.request('POST', '/api/auth/tokens', { token, body });
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

describe('POST /api/auth/tokens returns the raw token once and stores only its hash', () => {
  it('creates a token that authenticates with exactly the chosen permissions', async () => {
    const { token: managerToken, user } = await createUserWithToken(context.database.db, ['resource_manager']);
    const created = await context.api.request('POST', '/api/auth/tokens', {
      token: managerToken,
      body: { name: 'ci', permissions: ['workflow:read', 'schedule:read'] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual(
      expect.objectContaining({ name: 'ci', userId: user.id, permissions: ['workflow:read', 'schedule:read'] }),
    );
    const raw: string = created.body.token;
    expect(raw).toMatch(/^fgt_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(raw.startsWith(created.body.prefix)).toBe(true);

    const row = await context.database.db.apiToken.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(row.secretHash).toBe(createHash('sha256').update(raw).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(raw.slice(created.body.prefix.length + 1));

    const me = await context.api.request('GET', '/api/auth/me', { token: raw });
    expect(me.status).toBe(200);
    expect(me.body.permissions).toEqual(['schedule:read', 'workflow:read']);
    expect(me.body.apiToken).toEqual({ id: row.id, name: 'ci', prefix: row.prefix });
  });

  it('never shows the raw token or its hash in listings', async () => {
    const { token } = await createUserWithToken(context.database.db, ['admin']);
    const created = await context.api.request('POST', '/api/auth/tokens', {
      token,
      body: { name: 'listed', permissions: ['workflow:read'] },
    });
    const listing = await context.api.request('GET', '/api/auth/tokens', { token });
    expect(listing.status).toBe(200);
    expect(listing.body.data.map((entry: { name: string }) => entry.name)).toContain('listed');
    expect(listing.text).not.toContain(created.body.token);
    const row = await context.database.db.apiToken.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(listing.text).not.toContain(row.secretHash);
    expect(listing.body.data[0]).not.toHaveProperty('token');
    expect(listing.body.data[0]).not.toHaveProperty('secretHash');
  });
});

describe('a token can never carry a permission its creator lacks', () => {
  it('refuses a requestor minting a token with audit:read (403, nothing stored)', async () => {
    const { token, user } = await createUserWithToken(context.database.db, ['requestor']);
    const response = await context.api.request('POST', '/api/auth/tokens', {
      token,
      body: { name: 'escalate', permissions: ['workflow:read', 'audit:read'] },
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toContain('audit:read');
    expect(await context.database.db.apiToken.count({ where: { userId: user.id, name: 'escalate' } })).toBe(0);
  });

  it('refuses a narrow token minting a broader one, even for an admin owner', async () => {
    const { token: adminToken } = await createUserWithToken(
      context.database.db,
      ['admin'],
      ['workflow:read', 'token:manage'],
    );
    const response = await context.api.request('POST', '/api/auth/tokens', {
      token: adminToken,
      body: { name: 'broader', permissions: ['workflow:read', 'user:manage'] },
    });
    expect(response.status).toBe(403);
    expect(response.body.details).toEqual({ permissions: ['user:manage'] });
  });

  it('shrinks a token when its owner loses the role that granted a permission', async () => {
    const { token, user } = await createUserWithToken(context.database.db, ['admin'], ['audit:read']);
    expect((await context.api.request('GET', '/api/audit-logs', { token })).status).toBe(200);
    await context.database.db.user.update({ where: { id: user.id }, data: { roles: ['requestor'] } });
    expect((await context.api.request('GET', '/api/audit-logs', { token })).status).toBe(403);
  });
});

describe('revoked, expired and orphaned tokens are refused', () => {
  it('revokes a token (audited) and refuses it afterwards', async () => {
    const { token, user } = await createUserWithToken(context.database.db, ['admin']);
    const second = await context.api.request('POST', '/api/auth/tokens', {
      token,
      body: { name: 'short-lived', permissions: ['workflow:read'] },
    });
    const revoked = await context.api.request('DELETE', `/api/auth/tokens/${second.body.id}`, { token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    const refused = await context.api.request('GET', '/api/auth/me', { token: second.body.token });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('API token has been revoked');
    const audit = await context.database.db.auditLog.findFirst({
      where: { action: 'api_token.revoked', targetId: second.body.id },
    });
    expect(audit?.actorId).toBe(user.id);
  });

  it("does not let a user revoke someone else's token without user:manage", async () => {
    const owner = await createUserWithToken(context.database.db, ['requestor']);
    const other = await createUserWithToken(context.database.db, ['approver']);
    const ownerToken = await context.database.db.apiToken.findFirstOrThrow({ where: { userId: owner.user.id } });
    const response = await context.api.request('DELETE', `/api/auth/tokens/${ownerToken.id}`, { token: other.token });
    expect(response.status).toBe(404);
    expect(
      (await context.database.db.apiToken.findUniqueOrThrow({ where: { id: ownerToken.id } })).revokedAt,
    ).toBeNull();
  });

  it('refuses an expired token', async () => {
    const { token, user } = await createUserWithToken(context.database.db, ['admin']);
    await context.database.db.apiToken.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const response = await context.api.request('GET', '/api/auth/me', { token });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('API token has expired');
  });

  it('refuses the token of a deactivated user', async () => {
    const { token, user } = await createUserWithToken(context.database.db, ['admin']);
    await context.database.db.user.update({ where: { id: user.id }, data: { active: false } });
    expect((await context.api.request('GET', '/api/auth/me', { token })).status).toBe(401);
  });

  it('revokes the tokens of a user deactivated or deleted, for good: reactivating does not revive them', async () => {
    const { db } = context.database;
    const admin = (await createUserWithToken(db, ['admin'])).token;
    for (const change of ['deactivated', 'deleted'] as const) {
      const { token, user } = await createUserWithToken(db, ['requestor']);
      if (change === 'deactivated') await db.user.update({ where: { id: user.id }, data: { active: false } });
      else expect((await context.api.request('DELETE', `/api/users/${user.id}`, { token: admin })).status).toBe(200);
      const [row] = await db.apiToken.findMany({ where: { userId: user.id } });
      expect(row!.revokedAt).toBeInstanceOf(Date);
      expect(await db.auditLog.findFirst({ where: { action: 'api_token.revoked', targetId: row!.id } })).toMatchObject({
        actorType: 'system',
        metadata: expect.objectContaining({ reason: `owner ${change}` }),
      });

      await db.user.update({ where: { id: user.id }, data: { active: true, deletedAt: null } });
      const refused = await context.api.request('GET', '/api/auth/me', { token });
      expect([change, refused.status, refused.body.message]).toEqual([change, 401, 'API token has been revoked']);
    }
  });

  it('refuses a token whose secret part was altered', async () => {
    const { token } = await createUserWithToken(context.database.db, ['admin']);
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect((await context.api.request('GET', '/api/auth/me', { token: altered })).status).toBe(401);
  });
});

describe('every request made with a token is audited with { via, tokenName, tokenPrefix }', () => {
  it('records reads as api_token.request entries', async () => {
    const { token, tokenPrefix, user } = await createUserWithToken(context.database.db, ['admin']);
    await context.api.request('GET', '/api/auth/me', { token, headers: { 'x-request-id': 'read-1' } });
    const entry = await context.database.db.auditLog.findFirstOrThrow({ where: { requestId: 'read-1' } });
    expect(entry).toEqual(
      expect.objectContaining({ action: 'api_token.request', actorType: 'user', actorId: user.id }),
    );
    expect(entry.metadata).toEqual({
      via: 'api_token',
      tokenName: expect.stringMatching(/^test token/),
      tokenPrefix,
      method: 'GET',
      path: '/api/auth/me',
      status: 200,
    });
  });

  it('writes the entries of concurrent reads in shared INSERTs, each stored before its answer', async () => {
    const { token, user } = await createUserWithToken(context.database.db, ['admin']);
    const ids = Array.from({ length: 40 }, (_, index) => `batched-${user.id}-${index}`);
    const answers = await Promise.all(
      ids.map((id) => context.api.request('GET', '/api/auth/me', { token, headers: { 'x-request-id': id } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(ids.map(() => 200));
    // Queried once every answer is in: nothing written after the answer.
    const [stored] = await context.database.db.$queryRaw<Array<{ entries: number; statements: number }>>`
      SELECT count(*)::int AS entries, count(DISTINCT xmin::text)::int AS statements
      FROM audit_logs WHERE action = 'api_token.request' AND request_id = ANY(${ids})`;
    expect(stored!.entries).toBe(ids.length);
    expect(stored!.statements).toBeLessThan(ids.length);
  });

  it("stamps the token's lastUsedAt on first use and keeps it within the granularity", async () => {
    const { token, tokenPrefix } = await createUserWithToken(context.database.db, ['admin']);
    const lastUsed = () =>
      context.database.db.apiToken.findUniqueOrThrow({ where: { prefix: tokenPrefix } }).then((row) => row.lastUsedAt);
    expect(await lastUsed()).toBeNull();
    expect((await context.api.request('GET', '/api/auth/me', { token })).status).toBe(200);
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    expect((await context.api.request('GET', '/api/auth/me', { token })).status).toBe(200);
    expect(await lastUsed()).toEqual(first);
  });

  it('records refused requests with their status', async () => {
    const { token } = await createUserWithToken(context.database.db, ['requestor']);
    await context.api.request('GET', '/api/audit-logs', { token, headers: { 'x-request-id': 'refused-1' } });
    const entry = await context.database.db.auditLog.findFirstOrThrow({ where: { requestId: 'refused-1' } });
    expect(entry.metadata).toEqual(expect.objectContaining({ status: 403, via: 'api_token' }));
  });

  it('puts the token metadata on the write entry itself, without a second entry', async () => {
    const { token, tokenPrefix } = await createUserWithToken(context.database.db, ['admin']);
    await context.api.request('POST', '/api/auth/tokens', {
      token,
      body: { name: 'audited write', permissions: ['workflow:read'] },
      headers: { 'x-request-id': 'write-1' },
    });
    const entries = await context.database.db.auditLog.findMany({ where: { requestId: 'write-1' } });
    expect(entries).toHaveLength(1);
    expect(entries[0]!.action).toBe('api_token.created');
    expect(entries[0]!.metadata).toEqual(expect.objectContaining({ via: 'api_token', tokenPrefix }));
    expect(JSON.stringify(entries[0]!.metadata)).not.toMatch(/fgt_[0-9a-f]{12}_/);
  });
});

describe('a token request whose write rolls back is still audited', () => {
  it('records a 409 conflict as api_token.request with the token metadata', async () => {
    const { token, tokenPrefix, user } = await createUserWithToken(context.database.db, ['admin']);
    expect((await mintToken(token, { name: 'taken', permissions: ['workflow:read'] })).status).toBe(201);
    const again = await context.api.request('POST', '/api/auth/tokens', {
      token,
      body: { name: 'taken', permissions: ['workflow:read'] },
      headers: { 'x-request-id': 'conflict-1' },
    });
    expect(again.status).toBe(409);
    const entries = await context.database.db.auditLog.findMany({ where: { requestId: 'conflict-1' } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toEqual(
      expect.objectContaining({ action: 'api_token.request', actorType: 'user', actorId: user.id }),
    );
    expect(entries[0]!.metadata).toEqual({
      via: 'api_token',
      tokenName: expect.stringMatching(/^test token/),
      tokenPrefix,
      method: 'POST',
      path: '/api/auth/tokens',
      status: 409,
    });
  });

  it('records a write its service refuses (403, subset rule) the same way', async () => {
    const { token, tokenPrefix } = await createUserWithToken(context.database.db, ['requestor']);
    const refused = await context.api.request('POST', '/api/auth/tokens', {
      token,
      body: { name: 'escalate', permissions: ['audit:read'] },
      headers: { 'x-request-id': 'refused-write-1' },
    });
    expect(refused.status).toBe(403);
    const entry = await context.database.db.auditLog.findFirstOrThrow({ where: { requestId: 'refused-write-1' } });
    expect(entry.metadata).toEqual(expect.objectContaining({ via: 'api_token', tokenPrefix, status: 403 }));
  });
});

describe('expiresAt lies at most ten years ahead', () => {
  it.each(['9999-12-31T23:59:59-05:00', '9999-12-31T23:59:59Z', '+275760-09-13T00:00:00Z', inDays(3660).toISOString()])(
    'refuses %s with 400, storing nothing',
    async (expiresAt) => {
      const { token, user } = await createUserWithToken(context.database.db, ['admin']);
      const response = await mintToken(token, { name: 'far', permissions: ['workflow:read'], expiresAt });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validation_failed');
      expect(JSON.stringify(response.body)).toMatch(/expiresAt must (be at most 10 years ahead|be an ISO 8601)/);
      expect(await context.database.db.apiToken.count({ where: { userId: user.id, name: 'far' } })).toBe(0);
    },
  );

  it('accepts an expiry nine years ahead', async () => {
    const { token } = await createUserWithToken(context.database.db, ['admin']);
    const expiresAt = inDays(9 * 365).toISOString();
    const response = await mintToken(token, { name: 'long', permissions: ['workflow:read'], expiresAt });
    expect(response.status).toBe(201);
    expect(response.body.expiresAt).toBe(expiresAt);
  });
});

describe('a token minted with a token never outlives it', () => {
  async function parentExpiringIn(days: number) {
    const parent = await createUserWithToken(context.database.db, ['admin']);
    const expiresAt = inDays(days);
    await context.database.db.apiToken.updateMany({ where: { userId: parent.user.id }, data: { expiresAt } });
    return { ...parent, expiresAt };
  }

  it("gives a child without expiresAt its parent's expiry, and records the parent", async () => {
    const parent = await parentExpiringIn(7);
    const child = await mintToken(parent.token, { name: 'child', permissions: ['workflow:read'] });
    expect(child.status).toBe(201);
    const parentRow = await context.database.db.apiToken.findUniqueOrThrow({ where: { prefix: parent.tokenPrefix } });
    expect(child.body).toEqual(
      expect.objectContaining({ parentId: parentRow.id, expiresAt: parent.expiresAt.toISOString() }),
    );
    const row = await context.database.db.apiToken.findUniqueOrThrow({ where: { id: child.body.id } });
    expect(row).toEqual(expect.objectContaining({ parentId: parentRow.id, expiresAt: parent.expiresAt }));
  });

  it('refuses a child asking to expire after its parent (400, nothing stored)', async () => {
    const parent = await parentExpiringIn(7);
    const response = await mintToken(parent.token, {
      name: 'outliver',
      permissions: ['workflow:read'],
      expiresAt: inDays(30).toISOString(),
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(response.body.message).toContain(parent.expiresAt.toISOString());
    expect(await context.database.db.apiToken.count({ where: { userId: parent.user.id, name: 'outliver' } })).toBe(0);
  });

  it('accepts a child expiring before its parent', async () => {
    const parent = await parentExpiringIn(7);
    const expiresAt = inDays(1).toISOString();
    const response = await mintToken(parent.token, { name: 'shorter', permissions: ['workflow:read'], expiresAt });
    expect(response.status).toBe(201);
    expect(response.body.expiresAt).toBe(expiresAt);
  });

  it('lets a child of a token without expiry choose its own, or none', async () => {
    const { token } = await createUserWithToken(context.database.db, ['admin']);
    const unlimited = await mintToken(token, { name: 'unlimited', permissions: ['workflow:read'] });
    expect(unlimited.status).toBe(201);
    expect(unlimited.body.expiresAt).toBeNull();
    expect(unlimited.body.parentId).toEqual(expect.any(String));
  });
});

describe('revoking a token revokes every token minted from it', () => {
  it('revokes children and grandchildren in the same request, each audited', async () => {
    const { token: rootToken, tokenPrefix } = await createUserWithToken(context.database.db, ['admin']);
    const child = await mintToken(rootToken, { name: 'child', permissions: ['workflow:read', 'token:manage'] });
    const grandchild = await mintToken(child.body.token, { name: 'grandchild', permissions: ['workflow:read'] });
    expect(grandchild.status).toBe(201);
    expect(grandchild.body.parentId).toBe(child.body.id);
    const root = await context.database.db.apiToken.findUniqueOrThrow({ where: { prefix: tokenPrefix } });

    const revoked = await context.api.request('DELETE', `/api/auth/tokens/${root.id}`, {
      token: rootToken,
      headers: { 'x-request-id': 'cascade-1' },
    });
    expect(revoked.status).toBe(200);

    for (const descendant of [child.body, grandchild.body]) {
      const refused = await context.api.request('GET', '/api/auth/me', { token: descendant.token });
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe('API token has been revoked');
      const row = await context.database.db.apiToken.findUniqueOrThrow({ where: { id: descendant.id } });
      expect(row.revokedAt).toEqual(new Date(revoked.body.revokedAt));
    }
    const entries = await context.database.db.auditLog.findMany({
      where: { requestId: 'cascade-1', action: 'api_token.revoked' },
    });
    expect(Object.fromEntries(entries.map((entry) => [entry.targetId, entry.metadata]))).toEqual({
      [root.id]: expect.objectContaining({ descendantsRevoked: 2, via: 'api_token', tokenPrefix }),
      [child.body.id]: expect.objectContaining({ name: 'child', revokedWith: root.id }),
      [grandchild.body.id]: expect.objectContaining({ name: 'grandchild', revokedWith: root.id }),
    });
  });

  it('leaves no live descendant when children are minted while the root is being revoked', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { token: rootToken, tokenPrefix } = await createUserWithToken(context.database.db, ['admin']);
      const root = await context.database.db.apiToken.findUniqueOrThrow({ where: { prefix: tokenPrefix } });
      const child = await mintToken(rootToken, { name: 'child', permissions: ['workflow:read', 'token:manage'] });
      const responses = await Promise.all([
        context.api.request('DELETE', `/api/auth/tokens/${root.id}`, { token: rootToken }),
        ...[1, 2, 3, 4].map((n) => mintToken(child.body.token, { name: `racer ${n}`, permissions: ['workflow:read'] })),
      ]);
      expect(responses[0]!.status).toBe(200);
      for (const minted of responses.slice(1)) expect([201, 401]).toContain(minted.status);
      const live = await context.database.db.apiToken.count({ where: { userId: root.userId, revokedAt: null } });
      expect(live).toBe(0);
    }
  });

  it('leaves the parent and siblings alone when a child is revoked', async () => {
    const { token: rootToken } = await createUserWithToken(context.database.db, ['admin']);
    const first = await mintToken(rootToken, { name: 'first', permissions: ['workflow:read'] });
    const second = await mintToken(rootToken, { name: 'second', permissions: ['workflow:read'] });
    expect(
      (await context.api.request('DELETE', `/api/auth/tokens/${first.body.id}`, { token: rootToken })).status,
    ).toBe(200);
    expect((await context.api.request('GET', '/api/auth/me', { token: rootToken })).status).toBe(200);
    expect((await context.api.request('GET', '/api/auth/me', { token: second.body.token })).status).toBe(200);
  });
});

describe('managing tokens needs token:manage', () => {
  it("refuses a workflow:read token listing, creating or revoking its owner's tokens (403)", async () => {
    const { token: ownerToken, user } = await createUserWithToken(context.database.db, ['admin']);
    const narrow = await mintToken(ownerToken, { name: 'narrow', permissions: ['workflow:read'] });
    const sibling = await mintToken(ownerToken, { name: 'sibling', permissions: ['workflow:read'] });

    const listed = await context.api.request('GET', '/api/auth/tokens', { token: narrow.body.token });
    const minted = await mintToken(narrow.body.token, { name: 'grandchild', permissions: ['workflow:read'] });
    const revoked = await context.api.request('DELETE', `/api/auth/tokens/${sibling.body.id}`, {
      token: narrow.body.token,
    });
    for (const response of [listed, minted, revoked]) {
      expect(response.status).toBe(403);
      expect(response.body.details).toEqual({ permission: 'token:manage' });
    }
    expect(await context.database.db.apiToken.count({ where: { userId: user.id, name: 'grandchild' } })).toBe(0);
    expect(
      (await context.database.db.apiToken.findUniqueOrThrow({ where: { id: sibling.body.id } })).revokedAt,
    ).toBeNull();
  });

  it('lets a token carrying token:manage list, create and revoke', async () => {
    const { token: ownerToken } = await createUserWithToken(context.database.db, ['requestor']);
    const manager = await mintToken(ownerToken, { name: 'manager', permissions: ['workflow:read', 'token:manage'] });
    const minted = await mintToken(manager.body.token, { name: 'minted', permissions: ['workflow:read'] });
    expect(minted.status).toBe(201);
    const listed = await context.api.request('GET', '/api/auth/tokens', { token: manager.body.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((entry: { name: string }) => entry.name)).toEqual(
      expect.arrayContaining(['manager', 'minted']),
    );
    const revoked = await context.api.request('DELETE', `/api/auth/tokens/${minted.body.id}`, {
      token: manager.body.token,
    });
    expect(revoked.status).toBe(200);
  });
});
