import { beforeAll, describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';

const context = useTestApp();
const db = () => context.database.db;

let admin: { token: string; userId: string };
let manager: { token: string; userId: string };
let approver: { token: string; userId: string };
let requestor: { token: string; userId: string };
let reviewerId: string;
let fallbackId: string;
let connectorId: string;

async function person(roles: Parameters<typeof createUserWithToken>[1]) {
  const { user, token } = await createUserWithToken(db(), roles);
  return { token, userId: user.id };
}

beforeAll(async () => {
  admin = await person(['admin']);
  manager = await person(['resource_manager']);
  approver = await person(['approver']);
  requestor = await person(['requestor']);
  reviewerId = (await person(['requestor'])).userId;
  fallbackId = (await person(['requestor'])).userId;
  connectorId = (await db().connector.findFirstOrThrow({ where: { name: 'test-activedirectory' } })).id;
  await db().businessRole.create({ data: { name: 'Finance' } });
  await db().userGroup.create({ data: { name: 'Auditors' } });
  await db().organization.create({ data: { name: 'Acme', activeName: 'Acme' } });
  await db().entitlement.create({
    data: { name: 'ledger', connectorId, provisionConfig: {}, deprovisionConfig: {} },
  });
});

const call = (token: string, method: string, path: string, body?: unknown) =>
  context.api.request(method, path, { token, body });

/** A valid campaign body, changed by `overrides`. */
function campaign(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Quarterly review of finance roles',
    description: 'Who still needs the finance roles',
    scope: { businessRoles: ['Finance'] },
    reviewers: { type: 'users', userIds: [reviewerId], fallbackUserIds: [fallbackId] },
    ...overrides,
  };
}

describe('creating a campaign', () => {
  it('saves a draft with its defaults, its progress empty, and audits access_review.created', async () => {
    const created = await call(manager.token, 'POST', '/api/access-reviews', campaign());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Quarterly review of finance roles',
      status: 'draft',
      scope: {
        businessRoles: ['Finance'],
        entitlements: [],
        groups: [],
        organizations: [],
        connectorAccounts: [],
        people: { organizationId: null, department: null, groupId: null },
      },
      reviewers: { type: 'users', userIds: [reviewerId], role: null, fallbackUserIds: [fallbackId] },
      stages: null,
      dueInDays: 14,
      whenUnanswered: 'keep',
      requireCommentToKeep: false,
      autoRemediate: true,
      recurrence: null,
      createdBy: manager.userId,
      startedAt: null,
      dueAt: null,
      progress: { total: 0, decided: 0, kept: 0, revoked: 0, pending: 0, overdue: 0, remediated: 0, failed: 0 },
    });
    const audit = await db().auditLog.findMany({
      where: { action: 'access_review.created', targetId: created.body.id },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(manager.userId);
  });

  it('accepts every kind of scope, named or all, with a people filter', async () => {
    const group = await db().userGroup.findFirstOrThrow({ where: { name: 'Auditors' } });
    const created = await call(
      admin.token,
      'POST',
      '/api/access-reviews',
      campaign({
        scope: {
          businessRoles: 'all',
          entitlements: ['ledger'],
          groups: ['Auditors'],
          organizations: ['Acme'],
          connectorAccounts: [{ connectorId }],
          people: { department: 'Finance', groupId: group.id },
        },
        reviewers: { type: 'role_holders', role: 'Finance', fallbackUserIds: [fallbackId] },
        stages: [{ reviewers: { type: 'users', userIds: [reviewerId] } }],
        escalateAfterDays: 10,
        escalateToUserIds: [fallbackId],
        whenUnanswered: 'escalate',
        recurrence: { everyMonths: 3 },
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.scope.connectorAccounts).toEqual([{ connectorId, resourceType: 'user' }]);
    expect(created.body.scope.businessRoles).toBe('all');
  });

  it.each([
    ['scope.businessRoles', { scope: { businessRoles: ['Nope'] } }, 'no business role named "Nope"'],
    ['scope.entitlements', { scope: { entitlements: ['ghost'] } }, 'no entitlement named "ghost"'],
    ['scope.groups', { scope: { groups: ['Nobody'] } }, 'no group named "Nobody"'],
    ['scope.organizations', { scope: { organizations: ['Initech'] } }, 'no organization named "Initech"'],
    [
      'scope.connectorAccounts',
      { scope: { connectorAccounts: [{ connectorId: '00000000-0000-4000-8000-000000000000' }] } },
      'no connector with id',
    ],
    [
      'scope.people.groupId',
      { scope: { groups: 'all', people: { groupId: '00000000-0000-4000-8000-000000000000' } } },
      'no group with id',
    ],
    [
      'reviewers.userIds',
      { reviewers: { type: 'users', userIds: ['00000000-0000-4000-8000-000000000000'] } },
      'no active user with id',
    ],
    ['reviewers.role', { reviewers: { type: 'role_holders', role: 'Ghosts' } }, 'no business role named "Ghosts"'],
    [
      'stages[0].reviewers.fallbackUserIds',
      () => ({
        stages: [
          {
            reviewers: {
              type: 'users',
              userIds: [reviewerId],
              fallbackUserIds: ['00000000-0000-4000-8000-000000000001'],
            },
          },
        ],
      }),
      'no active user with id',
    ],
  ])('refuses an unknown reference in %s with a 400 naming the field', async (field, overrides, message) => {
    const before = await db().accessReview.count();
    const body = campaign(typeof overrides === 'function' ? overrides() : overrides);
    const refused = await call(manager.token, 'POST', '/api/access-reviews', body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(`${field}: ${message}`);
    expect(refused.body.details.field).toBe(field);
    expect(await db().accessReview.count()).toBe(before);
  });

  it.each([
    ['an unknown field', { colour: 'red' }],
    ['an unknown scope field', { scope: { businessRoles: ['Finance'], everything: true } }],
    ['an empty scope', { scope: {} }],
    ['a name list with a name twice', { scope: { groups: ['Auditors', 'Auditors'] } }],
    ['reviewers of type users without userIds', { reviewers: { type: 'users' } }],
    ['reviewers of type role_holders without a role', { reviewers: { type: 'role_holders' } }],
    ['a reviewer type that does not exist', { reviewers: { type: 'anyone', userIds: [] } }],
    ['a due date beyond a year', { dueInDays: 366 }],
    ['a fractional day count', { dueInDays: 1.5 }],
    ['escalation after the due date', { dueInDays: 5, escalateAfterDays: 6 }],
    ['escalation at the end with nobody to escalate to', { whenUnanswered: 'escalate' }],
    ['a policy that does not exist', { whenUnanswered: 'shrug' }],
    ['a name of 201 characters', { name: 'x'.repeat(201) }],
    ['a blank name', { name: '   ' }],
    ['a user id that is not a UUID', { reviewers: { type: 'users', userIds: ["1' OR '1'='1"] } }],
    ['an array as the body', []],
  ])('refuses %s with a 400', async (_, overrides) => {
    const body = Array.isArray(overrides) ? overrides : campaign(overrides);
    const refused = await call(manager.token, 'POST', '/api/access-reviews', body);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation_failed');
  });
});

describe('who may see and change campaigns', () => {
  it('lets review:read holders list and read, and refuses a requestor with 403', async () => {
    const created = await call(admin.token, 'POST', '/api/access-reviews', campaign({ name: 'Readable' }));
    for (const reader of [admin, manager, approver]) {
      expect((await call(reader.token, 'GET', '/api/access-reviews')).status).toBe(200);
      expect((await call(reader.token, 'GET', `/api/access-reviews/${created.body.id}`)).status).toBe(200);
    }
    expect((await call(requestor.token, 'GET', '/api/access-reviews')).status).toBe(403);
    const refused = await call(requestor.token, 'GET', `/api/access-reviews/${created.body.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('review:read');
  });

  it('refuses creating or editing without review:manage (403), an approver included', async () => {
    const created = await call(admin.token, 'POST', '/api/access-reviews', campaign({ name: 'Guarded' }));
    for (const outsider of [approver, requestor]) {
      expect((await call(outsider.token, 'POST', '/api/access-reviews', campaign())).status).toBe(403);
      expect((await call(outsider.token, 'PUT', `/api/access-reviews/${created.body.id}`, campaign())).status).toBe(
        403,
      );
    }
    expect((await db().accessReview.findUniqueOrThrow({ where: { id: created.body.id } })).name).toBe('Guarded');
  });

  it('answers 404 for an unknown campaign and 400 for an id that is not a UUID', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(admin.token, 'GET', `/api/access-reviews/${unknown}`)).status).toBe(404);
    expect((await call(admin.token, 'PUT', `/api/access-reviews/${unknown}`, campaign())).status).toBe(404);
    expect((await call(admin.token, 'GET', '/api/access-reviews/not-a-uuid')).status).toBe(400);
  });
});

describe('listing campaigns', () => {
  it('pages, filters by status and name, and refuses an unknown status', async () => {
    await call(admin.token, 'POST', '/api/access-reviews', campaign({ name: 'Listed one' }));
    await call(admin.token, 'POST', '/api/access-reviews', campaign({ name: 'Listed two' }));
    const page = await call(admin.token, 'GET', '/api/access-reviews?search=listed&sortBy=name&sortOrder=asc');
    expect(page.status).toBe(200);
    expect(page.body.data.map((review: { name: string }) => review.name)).toEqual(['Listed one', 'Listed two']);
    expect(page.body.total).toBe(2);
    expect(page.body.data[0].progress.total).toBe(0);
    const small = await call(admin.token, 'GET', '/api/access-reviews?search=listed&pageSize=1&page=2&sortBy=name');
    expect(small.body.data.map((review: { name: string }) => review.name)).toEqual(['Listed one']);
    expect(small.body.totalPages).toBe(2);
    const drafts = await call(admin.token, 'GET', '/api/access-reviews?status=draft&pageSize=100');
    expect(drafts.body.data.every((review: { status: string }) => review.status === 'draft')).toBe(true);
    expect((await call(admin.token, 'GET', '/api/access-reviews?status=closed')).body.total).toBe(0);
    expect((await call(admin.token, 'GET', '/api/access-reviews?status=finished')).status).toBe(400);
  });
});

describe('editing a draft', () => {
  it('replaces the definition of a draft, audited, and refuses one that is no longer a draft with 409', async () => {
    const created = await call(admin.token, 'POST', '/api/access-reviews', campaign({ name: 'Editable' }));
    const edited = await call(
      manager.token,
      'PUT',
      `/api/access-reviews/${created.body.id}`,
      campaign({ name: 'Edited', dueInDays: 30, scope: { groups: ['Auditors'] } }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Edited', dueInDays: 30, status: 'draft' });
    expect(edited.body.scope.groups).toEqual(['Auditors']);
    expect(edited.body.scope.businessRoles).toEqual([]);
    expect(await db().auditLog.count({ where: { action: 'access_review.updated', targetId: created.body.id } })).toBe(
      1,
    );

    const bad = await call(manager.token, 'PUT', `/api/access-reviews/${created.body.id}`, campaign({ dueInDays: 0 }));
    expect(bad.status).toBe(400);

    await db().accessReview.update({ where: { id: created.body.id }, data: { status: 'active' } });
    const refused = await call(manager.token, 'PUT', `/api/access-reviews/${created.body.id}`, campaign());
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('draft');
    expect((await db().accessReview.findUniqueOrThrow({ where: { id: created.body.id } })).name).toBe('Edited');
  });
});
