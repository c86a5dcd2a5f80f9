import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { accessReviewWorkflowId, closeAccessReviewSignal } from '../../src/temporal/access-review-messages.js';
import type { TemporalClientHandle } from '../../src/temporal/client.js';
import { connectSuiteTemporal } from '../support/app.js';
import { requestAcrossUncommittedWrite } from '../support/lock-race.js';
import { useRunStack } from '../support/run-stack.js';
import { createUserWithToken } from '../support/users.js';

// A worker runs the campaigns' workflows: starting a campaign starts one.
const context = useRunStack();
const db = () => context.database.db;

let admin: { token: string; userId: string };
let manager: { token: string; userId: string };
let approver: { token: string; userId: string };
let requestor: { token: string; userId: string };
let reviewer: { token: string; userId: string };
let fallback: { token: string; userId: string };
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
  reviewer = await person(['requestor']);
  reviewerId = reviewer.userId;
  fallback = await person(['requestor']);
  fallbackId = fallback.userId;
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

/** A person without a token, of `department`. */
async function subject(displayName: string, department: string | null = null, active = true) {
  return db().user.create({
    data: {
      email: `${displayName}-${randomUUID()}@example.test`,
      displayName,
      department,
      active,
      roles: ['requestor'],
    },
  });
}

async function holdRole(userId: string, roleId: string, extra: { provisionedEntitlementIds?: string[] } = {}) {
  return db().roleAssignment.create({
    data: { userId, roleId, status: 'active', grantedBy: admin.userId, sourceRunId: 'run-1', ...extra },
  });
}

async function started(body: Record<string, unknown>) {
  const created = await call(manager.token, 'POST', '/api/access-reviews', campaign(body));
  expect(created.status).toBe(201);
  return {
    id: created.body.id as string,
    start: await call(manager.token, 'POST', `/api/access-reviews/${created.body.id}/start`),
  };
}

const itemsOf = (reviewId: string) =>
  db().accessReviewItem.findMany({ where: { reviewId }, orderBy: [{ accessKind: 'asc' }, { accessLabel: 'asc' }] });

let temporal: TemporalClientHandle;
beforeAll(async () => {
  temporal = await connectSuiteTemporal();
});
afterAll(async () => {
  await temporal.close();
});

describe('starting a campaign', () => {
  it('writes one item per holder with a reviewer other than the subject, sets the due date, audits and starts the workflow', async () => {
    const role = await db().businessRole.create({ data: { name: 'Payroll' } });
    const alice = await subject('alice', 'Payroll');
    const bob = await subject('bob', 'Payroll', false);
    await holdRole(alice.id, role.id);
    await holdRole(bob.id, role.id);
    await holdRole(reviewerId, role.id); // the reviewer's own access goes to the fallback
    const revokedHolder = await subject('carol');
    await db().roleAssignment.create({ data: { userId: revokedHolder.id, roleId: role.id, status: 'revoked' } });

    const { id, start } = await started({ name: 'Payroll review', scope: { businessRoles: ['Payroll'] } });
    expect(start.status).toBe(200);
    expect(start.body.status).toBe('active');
    expect(new Date(start.body.dueAt).getTime() - new Date(start.body.startedAt).getTime()).toBe(14 * 86_400_000);
    expect(start.body.progress).toMatchObject({ total: 3, pending: 3, decided: 0, overdue: 0 });

    const items = await itemsOf(id);
    expect(
      items.map((item) => [item.subjectUserId, item.accessKind, item.accessRef, item.accessLabel, item.stage]),
    ).toEqual(
      expect.arrayContaining([
        [alice.id, 'business_role', role.id, 'Payroll', 1],
        [bob.id, 'business_role', role.id, 'Payroll', 1],
        [reviewerId, 'business_role', role.id, 'Payroll', 1],
      ]),
    );
    expect(items).toHaveLength(3);
    const reviewerOf = new Map(items.map((item) => [item.subjectUserId, item.reviewerId]));
    expect(reviewerOf.get(alice.id)).toBe(reviewerId);
    expect(reviewerOf.get(reviewerId)).toBe(fallbackId);
    expect(items.every((item) => item.decision === null && item.reviewerId !== item.subjectUserId)).toBe(true);

    const recommendations = new Map(items.map((item) => [item.subjectUserId, item.recommendations as any]));
    expect(recommendations.get(bob.id).subjectDeactivated).toBe(true);
    expect(recommendations.get(alice.id)).toMatchObject({
      subjectDeactivated: false,
      granted: { byUserId: admin.userId, byRunId: 'run-1' },
    });

    const audit = await db().auditLog.findFirstOrThrow({ where: { action: 'access_review.started', targetId: id } });
    expect(audit.metadata).toMatchObject({ items: 3, workflowId: accessReviewWorkflowId(id) });
    const description = await temporal.client.workflow.getHandle(accessReviewWorkflowId(id)).describe();
    expect(description.status.name).toBe('RUNNING');
    expect(description.type).toBe('accessReviewWorkflow');
  });

  it('reviews groups, organization roles, entitlements and connector accounts, with stale accounts flagged', async () => {
    const dana = await subject('dana');
    const group = await db().userGroup.create({ data: { name: 'Treasury' } });
    await db().userGroupMember.create({ data: { groupId: group.id, userId: dana.id, addedBy: admin.userId } });
    const org = await db().organization.create({ data: { name: 'Globex', activeName: 'Globex' } });
    await db().organizationMembership.create({ data: { organizationId: org.id, userId: dana.id, role: 'signatory' } });
    const entitlement = await db().entitlement.create({
      data: { name: 'vault', connectorId, provisionConfig: {}, deprovisionConfig: {} },
    });
    const role = await db().businessRole.create({ data: { name: 'Vault keepers' } });
    await holdRole(dana.id, role.id, { provisionedEntitlementIds: [entitlement.id] });
    const record = await db().connectorResource.create({
      data: {
        connectorId,
        resourceType: 'user',
        externalId: 'dana-ext',
        displayName: 'dana.ad',
        syncHash: '0'.repeat(64),
        syncedAt: new Date(),
        staleSince: new Date(),
      },
    });
    await db().syncMatch.create({
      data: {
        connectorId,
        resourceType: 'user',
        connectorResourceId: record.id,
        externalId: 'dana-ext',
        externalDisplayName: 'dana.ad',
        userId: dana.id,
        matchStatus: 'matched',
      },
    });

    const { id, start } = await started({
      name: 'Everything of dana',
      scope: {
        groups: ['Treasury'],
        organizations: ['Globex'],
        entitlements: ['vault'],
        connectorAccounts: [{ connectorId }],
      },
    });
    expect(start.status).toBe(200);
    const items = await itemsOf(id);
    expect(items.map((item) => [item.accessKind, item.accessRef, item.accessLabel])).toEqual([
      ['connector_account', record.id, 'test-activedirectory: dana.ad'],
      ['entitlement', entitlement.id, 'vault'],
      ['group', group.id, 'Treasury'],
      ['organization_role', `${org.id}/signatory`, 'Globex (signatory)'],
    ]);
    expect(items.every((item) => item.subjectUserId === dana.id && item.reviewerId === reviewerId)).toBe(true);
    const byKind = new Map(items.map((item) => [item.accessKind, item.recommendations as any]));
    expect(byKind.get('connector_account').accountStale).toBe(true);
    expect(byKind.get('entitlement').accountStale).toBe(true);
    expect(byKind.get('group').granted.byUserId).toBe(admin.userId);
  });

  it('narrows the people by department and says how few of the same department hold the access', async () => {
    const role = await db().businessRole.create({ data: { name: 'Treasurer' } });
    const sales = await Promise.all(['s1', 's2', 's3', 's4', 's5', 's6'].map((name) => subject(name, 'Sales')));
    await holdRole(sales[0]!.id, role.id);
    await holdRole(sales[1]!.id, role.id);
    const outsider = await subject('o1', 'Legal');
    await holdRole(outsider.id, role.id);

    const { id, start } = await started({
      name: 'Sales treasurers',
      scope: { businessRoles: ['Treasurer'], people: { department: 'sales' } },
    });
    expect(start.status).toBe(200);
    const items = await itemsOf(id);
    expect(items.map((item) => item.subjectUserId).sort()).toEqual([sales[0]!.id, sales[1]!.id].sort());
    // One other of the five other Sales people holds it: a share of 0.2, not below the threshold.
    expect((items[0]!.recommendations as any).peers).toEqual({
      department: 'Sales',
      holders: 1,
      peers: 5,
      share: 0.2,
      few: false,
    });
  });

  it('counts the peers of a subject without a department among the members of their organization', async () => {
    const role = await db().businessRole.create({ data: { name: 'Org-peered' } });
    const name = `Peers org ${randomUUID()}`;
    const organization = await db().organization.create({ data: { name, activeName: name } });
    const members = [await subject('org-peer-1'), await subject('org-peer-2'), await subject('org-peer-3')];
    for (const member of members) {
      await db().organizationMembership.create({
        data: { organizationId: organization.id, userId: member.id, role: 'member' },
      });
    }
    await holdRole(members[0]!.id, role.id);
    const { id, start } = await started({
      name: 'Organization peers',
      scope: { businessRoles: ['Org-peered'], people: { organizationId: organization.id } },
    });
    expect(start.status).toBe(200);
    const [item] = await itemsOf(id);
    // Neither of the two other members holds it.
    expect((item!.recommendations as any).peers).toEqual({
      organization: name,
      holders: 0,
      peers: 2,
      share: 0,
      few: true,
    });
  });

  it('narrows the people by a profile field or a custom attribute, ignoring case', async () => {
    const role = await db().businessRole.create({ data: { name: 'Attributed' } });
    const parisian = await subject('paris-1');
    const berliner = await subject('berlin-1');
    const blue = await subject('blue-1');
    await db().user.update({ where: { id: parisian.id }, data: { location: 'Paris' } });
    await db().user.update({ where: { id: berliner.id }, data: { location: 'Berlin' } });
    await db().user.update({ where: { id: blue.id }, data: { customAttributes: { team: 'Blue' } } });
    for (const holder of [parisian, berliner, blue]) await holdRole(holder.id, role.id);
    const byLocation = await started({
      name: 'Paris review',
      scope: { businessRoles: ['Attributed'], people: { attribute: { name: 'location', value: 'paris' } } },
    });
    expect(byLocation.start.status).toBe(200);
    expect((await itemsOf(byLocation.id)).map((item) => item.subjectUserId)).toEqual([parisian.id]);
    const byTeam = await started({
      name: 'Blue team review',
      scope: { businessRoles: ['Attributed'], people: { attribute: { name: 'team', value: 'BLUE' } } },
    });
    expect((await itemsOf(byTeam.id)).map((item) => item.subjectUserId)).toEqual([blue.id]);
    const refused = await call(
      manager.token,
      'POST',
      '/api/access-reviews',
      campaign({
        scope: {
          businessRoles: ['Attributed'],
          people: { attribute: { name: "x'; DROP TABLE users; --", value: 'y' } },
        },
      }),
    );
    expect(refused.status).toBe(400);
  });

  it('gives each subject one of the holders of a role as reviewer, never themselves', async () => {
    const reviewersRole = await db().businessRole.create({ data: { name: 'Reviewers' } });
    const first = await subject('r1');
    const second = await subject('r2');
    await holdRole(first.id, reviewersRole.id);
    await holdRole(second.id, reviewersRole.id);
    const { id, start } = await started({
      name: 'Reviewers reviewed',
      scope: { businessRoles: ['Reviewers'] },
      reviewers: { type: 'role_holders', role: 'Reviewers' },
    });
    expect(start.status).toBe(200);
    const reviewerOf = new Map((await itemsOf(id)).map((item) => [item.subjectUserId, item.reviewerId]));
    expect(reviewerOf.get(first.id)).toBe(second.id);
    expect(reviewerOf.get(second.id)).toBe(first.id);
  });

  it('refuses with a 400 saying how many items nobody may review, and leaves the draft as it was', async () => {
    const role = await db().businessRole.create({ data: { name: 'Solo' } });
    await holdRole(reviewerId, role.id);
    const { id, start } = await started({
      name: 'Nobody to review',
      scope: { businessRoles: ['Solo'] },
      reviewers: { type: 'users', userIds: [reviewerId] },
    });
    expect(start.status).toBe(400);
    expect(start.body.message).toContain('1 of 1 items have no possible reviewer');
    expect(start.body.details).toMatchObject({ unassigned: 1 });
    expect((await db().accessReview.findUniqueOrThrow({ where: { id } })).status).toBe('draft');
    expect(await db().accessReviewItem.count({ where: { reviewId: id } })).toBe(0);
  });

  it('refuses a scope nobody holds (400), a second start (409), an unknown campaign (404) and a caller without review:manage (403)', async () => {
    await db().businessRole.create({ data: { name: 'Unheld' } });
    const empty = await started({ name: 'Empty', scope: { businessRoles: ['Unheld'] } });
    expect(empty.start.status).toBe(400);
    expect(empty.start.body.message).toContain('holds no access');

    const role = await db().businessRole.create({ data: { name: 'Twice' } });
    await holdRole((await subject('t1')).id, role.id);
    const { id, start } = await started({ name: 'Started twice', scope: { businessRoles: ['Twice'] } });
    expect(start.status).toBe(200);
    expect((await call(manager.token, 'POST', `/api/access-reviews/${id}/start`)).status).toBe(409);
    expect((await call(manager.token, 'PUT', `/api/access-reviews/${id}`, campaign())).status).toBe(409);
    expect(await db().accessReviewItem.count({ where: { reviewId: id } })).toBe(1);

    expect((await call(manager.token, 'POST', `/api/access-reviews/${randomUUID()}/start`)).status).toBe(404);
    const draft = await call(manager.token, 'POST', '/api/access-reviews', campaign({ name: 'Not yours' }));
    expect((await call(approver.token, 'POST', `/api/access-reviews/${draft.body.id}/start`)).status).toBe(403);
    expect((await db().accessReview.findUniqueOrThrow({ where: { id: draft.body.id } })).status).toBe('draft');
  });

  it('writes a campaign of thousands of items in a few statements', async () => {
    const role = await db().businessRole.create({ data: { name: 'Everyone' } });
    const count = 3000;
    const people = Array.from({ length: count }, (_, index) => ({
      id: randomUUID(),
      email: `bulk-${index}-${randomUUID()}@example.test`,
      department: `D${index % 10}`,
      roles: ['requestor'],
    }));
    await db().user.createMany({ data: people });
    await db().roleAssignment.createMany({
      data: people.map((person) => ({ userId: person.id, roleId: role.id, status: 'active' })),
    });
    const { id, start } = await started({ name: 'Everyone reviewed', scope: { businessRoles: ['Everyone'] } });
    expect(start.status).toBe(200);
    expect(start.body.progress.total).toBe(count);
    expect(await db().accessReviewItem.count({ where: { reviewId: id, reviewerId: reviewerId } })).toBe(count);
  });
});

describe('manager and owner reviewers', () => {
  it("puts each subject's items to their manager, the fallback when they have none", async () => {
    const role = await db().businessRole.create({ data: { name: 'Managed' } });
    const boss = await subject('boss');
    const managed = await subject('managed');
    const orphan = await subject('orphan');
    for (const holder of [boss, managed, orphan]) await holdRole(holder.id, role.id);
    const set = await call(admin.token, 'PATCH', `/api/users/${managed.id}/profile`, { managerId: boss.id });
    expect(set.status).toBe(200);
    expect(set.body.profile.managerId).toBe(boss.id);
    expect((await call(admin.token, 'PATCH', `/api/users/${boss.id}/profile`, { managerId: boss.id })).status).toBe(
      400,
    );
    expect(
      (await call(admin.token, 'PATCH', `/api/users/${boss.id}/profile`, { managerId: randomUUID() })).status,
    ).toBe(400);
    // The boss's manager is themselves deactivated: the fallback reviews the boss.
    const gone = await subject('gone', null, false);
    await db().user.update({ where: { id: boss.id }, data: { managerId: gone.id } });

    const { id, start } = await started({
      name: 'Manager review',
      scope: { businessRoles: ['Managed'] },
      reviewers: { type: 'manager', fallbackUserIds: [fallbackId] },
    });
    expect(start.status).toBe(200);
    const reviewerOf = new Map((await itemsOf(id)).map((item) => [item.subjectUserId, item.reviewerId]));
    expect(reviewerOf.get(managed.id)).toBe(boss.id);
    expect(reviewerOf.get(boss.id)).toBe(fallbackId);
    expect(reviewerOf.get(orphan.id)).toBe(fallbackId);
  });

  it('puts items to the owner of the role or entitlement; setting an owner is audited and needs role:manage', async () => {
    const role = await db().businessRole.create({ data: { name: 'Owned' } });
    const unowned = await db().businessRole.create({ data: { name: 'Unowned' } });
    const owner = await subject('owner');
    const holder = await subject('owned-holder');
    await holdRole(holder.id, role.id);
    await holdRole(holder.id, unowned.id);
    await holdRole(owner.id, role.id); // the owner's own holding goes to the fallback
    const path = `/api/roles/${role.id}/owner`;
    expect((await call(approver.token, 'PUT', path, { ownerId: owner.id })).status).toBe(403);
    expect((await call(admin.token, 'PUT', path, { ownerId: randomUUID() })).status).toBe(400);
    expect((await call(admin.token, 'PUT', `/api/roles/${randomUUID()}/owner`, { ownerId: owner.id })).status).toBe(
      404,
    );
    const owned = await call(admin.token, 'PUT', path, { ownerId: owner.id });
    expect(owned.status).toBe(200);
    expect(owned.body.ownerId).toBe(owner.id);
    const audit = await db().auditLog.findFirstOrThrow({
      where: { action: 'business_role.owner_changed', targetId: role.id },
    });
    expect(audit.metadata).toMatchObject({ from: null, to: owner.id });
    const entitlement = await db().entitlement.create({
      data: {
        name: 'owned-vault',
        connectorId,
        provisionConfig: { command: 'x' },
        deprovisionConfig: { command: 'y' },
      },
    });
    const entitlementOwner = await call(admin.token, 'PUT', `/api/entitlements/${entitlement.id}/owner`, {
      ownerId: owner.id,
    });
    expect(entitlementOwner.body.ownerId).toBe(owner.id);

    const { id, start } = await started({
      name: 'Owner review',
      scope: { businessRoles: ['Owned', 'Unowned'] },
      reviewers: { type: 'owner', fallbackUserIds: [fallbackId] },
    });
    expect(start.status).toBe(200);
    const items = await itemsOf(id);
    const reviewerOf = (userId: string, roleId: string) =>
      items.find((item) => item.subjectUserId === userId && item.accessRef === roleId)!.reviewerId;
    expect(reviewerOf(holder.id, role.id)).toBe(owner.id);
    expect(reviewerOf(owner.id, role.id)).toBe(fallbackId);
    expect(reviewerOf(holder.id, unowned.id)).toBe(fallbackId);
  });
});

describe("the campaign's workflow", () => {
  it('ends when the campaign is closed before its due date', async () => {
    const role = await db().businessRole.create({ data: { name: 'Closable' } });
    await holdRole((await subject('c1')).id, role.id);
    const { id, start } = await started({ name: 'Closed early', scope: { businessRoles: ['Closable'] } });
    expect(start.status).toBe(200);
    const handle = temporal.client.workflow.getHandle(accessReviewWorkflowId(id));
    await handle.signal(closeAccessReviewSignal);
    expect(await handle.result()).toEqual({ endedBy: 'close' });
  });
});

describe('deciding items', () => {
  /** A started campaign over a fresh role held by `holders` new people, all put to `reviewer`. */
  async function decidable(name: string, holders = 3, overrides: Record<string, unknown> = {}) {
    const role = await db().businessRole.create({ data: { name } });
    const subjects = [];
    for (let index = 0; index < holders; index += 1) {
      const holder = await subject(`${name}-${index}`);
      await holdRole(holder.id, role.id);
      subjects.push(holder);
    }
    const { id, start } = await started({ name, scope: { businessRoles: [name] }, ...overrides });
    expect(start.status).toBe(200);
    const items = await itemsOf(id);
    return { id, items, subjects };
  }
  const decide = (token: string, reviewId: string, itemId: string, body: unknown) =>
    call(token, 'POST', `/api/access-reviews/${reviewId}/items/${itemId}/decide`, body);

  it("refuses a token narrowed to other permissions: it neither lists nor decides the owner's items (403)", async () => {
    const { id, items } = await decidable('Narrowed', 1);
    const narrowed = await createUserWithToken(db(), ['requestor'], ['workflow:read']);
    await db().accessReviewItem.update({ where: { id: items[0]!.id }, data: { reviewerId: narrowed.user.id } });
    expect((await call(narrowed.token, 'GET', '/api/access-reviews/my-items')).status).toBe(403);
    expect((await call(narrowed.token, 'GET', `/api/access-reviews/${id}/items`)).status).toBe(403);
    const decided = await decide(narrowed.token, id, items[0]!.id, { decision: 'keep' });
    expect(decided.status).toBe(403);
    expect((await db().accessReviewItem.findUniqueOrThrow({ where: { id: items[0]!.id } })).decision).toBeNull();
  });

  it('shows a reviewer without any permission their own items, and nothing of campaigns they review nothing in', async () => {
    const { id, items } = await decidable('Visible', 2);
    const mine = await call(reviewer.token, 'GET', '/api/access-reviews/my-items?pageSize=100&sortOrder=desc');
    expect(mine.status).toBe(200);
    const mineHere = mine.body.data.filter((item: { review: { id: string } }) => item.review.id === id);
    expect(mineHere.map((item: { id: string }) => item.id).sort()).toEqual(items.map((item) => item.id).sort());
    expect(mineHere[0]).toMatchObject({
      review: { id, name: 'Visible' },
      access: { kind: 'business_role', label: 'Visible' },
      decision: null,
      overdue: false,
      recommendations: { subjectDeactivated: false },
    });
    expect(mineHere[0].subject.displayName).toMatch(/^Visible-/);

    const listed = await call(reviewer.token, 'GET', `/api/access-reviews/${id}/items`);
    expect(listed.status).toBe(200);
    expect(listed.body.total).toBe(2);
    expect((await call(requestor.token, 'GET', `/api/access-reviews/${id}/items`)).status).toBe(404);
    expect((await call(requestor.token, 'GET', '/api/access-reviews/my-items')).body.total).toBe(0);
    expect((await call(reviewer.token, 'GET', `/api/access-reviews/${id}`)).status).toBe(403);
  });

  it('filters the items by reviewer, decision, stage, subject and access for review:read holders', async () => {
    const { id, items, subjects } = await decidable('Filtered', 3);
    expect((await decide(reviewer.token, id, items[0]!.id, { decision: 'keep' })).status).toBe(200);
    const query = (filters: string) => call(approver.token, 'GET', `/api/access-reviews/${id}/items?${filters}`);
    expect((await query(`reviewerId=${reviewerId}`)).body.total).toBe(3);
    expect((await query(`reviewerId=${fallbackId}`)).body.total).toBe(0);
    expect((await query('decision=keep')).body.data.map((item: { id: string }) => item.id)).toEqual([items[0]!.id]);
    expect((await query('decision=pending')).body.total).toBe(2);
    expect((await query('stage=1')).body.total).toBe(3);
    expect((await query('stage=2')).body.total).toBe(0);
    expect((await query(`userId=${subjects[1]!.id}`)).body.data[0].subject.id).toBe(subjects[1]!.id);
    expect((await query(`accessKind=business_role&accessRef=${items[0]!.accessRef}`)).body.total).toBe(3);
    expect((await query('accessKind=group')).body.total).toBe(0);
    expect((await query('decision=maybe')).status).toBe(400);
    expect((await query('stage=0')).status).toBe(400);
    expect((await query('userId=nobody')).status).toBe(400);
  });

  it('records keep and revoke with their audit entries; a revoke needs a comment', async () => {
    const { id, items } = await decidable('Decided', 3);
    const kept = await decide(reviewer.token, id, items[0]!.id, { decision: 'keep' });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ decision: 'keep', comment: null, decidedBy: reviewerId });

    const bare = await decide(reviewer.token, id, items[1]!.id, { decision: 'revoke' });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toContain('comment');
    expect((await decide(reviewer.token, id, items[1]!.id, { decision: 'revoke', comment: '   ' })).status).toBe(400);
    const revoked = await decide(reviewer.token, id, items[1]!.id, { decision: 'revoke', comment: 'Left finance' });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ decision: 'revoke', comment: 'Left finance' });

    // Changed while the campaign is active: audited with the decision before.
    expect(
      (await decide(reviewer.token, id, items[0]!.id, { decision: 'revoke', comment: 'On second thought' })).status,
    ).toBe(200);
    const audit = await db().auditLog.findMany({
      where: { action: 'access_review.item_decided', targetId: items[0]!.id },
      orderBy: { createdAt: 'asc' },
    });
    expect(
      audit.map((entry) => [entry.actorId, (entry.metadata as any).decision, (entry.metadata as any).previousDecision]),
    ).toEqual([
      [reviewerId, 'keep', null],
      [reviewerId, 'revoke', 'keep'],
    ]);

    const mine = await call(reviewer.token, 'GET', '/api/access-reviews/my-items?pageSize=100&sortOrder=desc');
    const pendingHere = mine.body.data.filter((item: { review: { id: string } }) => item.review.id === id);
    expect(pendingHere.map((item: { id: string }) => item.id)).toEqual([items[2]!.id]);
    const progress = (await call(manager.token, 'GET', `/api/access-reviews/${id}`)).body.progress;
    expect(progress).toMatchObject({ total: 3, decided: 2, kept: 0, revoked: 2, pending: 1 });

    for (const body of [
      { decision: 'maybe' },
      { decision: 'keep', extra: 1 },
      { decision: 'keep', comment: 'x'.repeat(2001) },
      {},
    ]) {
      expect((await decide(reviewer.token, id, items[2]!.id, body)).status).toBe(400);
    }
    expect((await db().accessReviewItem.findUniqueOrThrow({ where: { id: items[2]!.id } })).decision).toBeNull();
  });

  it('needs a comment on a keep when the campaign says so', async () => {
    const { id, items } = await decidable('Commented', 1, { requireCommentToKeep: true });
    expect((await decide(reviewer.token, id, items[0]!.id, { decision: 'keep' })).status).toBe(400);
    expect(
      (await decide(reviewer.token, id, items[0]!.id, { decision: 'keep', comment: 'Still on the team' })).status,
    ).toBe(200);
  });

  it("answers 404 for someone else's item unless the caller holds review:manage, and refuses deciding one's own access", async () => {
    const { id, items, subjects } = await decidable('Guarded items', 2);
    expect((await decide(requestor.token, id, items[0]!.id, { decision: 'keep' })).status).toBe(404);
    expect((await decide(approver.token, id, items[0]!.id, { decision: 'keep' })).status).toBe(404);
    expect((await decide(fallback.token, id, items[0]!.id, { decision: 'keep' })).status).toBe(404);
    const byManager = await decide(manager.token, id, items[0]!.id, { decision: 'keep' });
    expect(byManager.status).toBe(200);
    expect(byManager.body.decidedBy).toBe(manager.userId);

    expect((await decide(reviewer.token, id, randomUUID(), { decision: 'keep' })).status).toBe(404);
    expect((await decide(reviewer.token, randomUUID(), items[1]!.id, { decision: 'keep' })).status).toBe(404);
    expect(
      (await call(reviewer.token, 'POST', `/api/access-reviews/${id}/items/nope/decide`, { decision: 'keep' })).status,
    ).toBe(400);

    // A manager among the subjects may not decide on their own access.
    await db().accessReviewItem.update({ where: { id: items[1]!.id }, data: { subjectUserId: manager.userId } });
    const own = await decide(manager.token, id, items[1]!.id, { decision: 'keep' });
    expect(own.status).toBe(403);
    expect(subjects).toHaveLength(2);
  });

  it('refuses decisions once the campaign is no longer active (409)', async () => {
    const { id, items } = await decidable('Finished', 1);
    await db().accessReview.update({ where: { id }, data: { status: 'closed' } });
    const refused = await decide(reviewer.token, id, items[0]!.id, { decision: 'keep' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('closed');
    const mine = await call(reviewer.token, 'GET', '/api/access-reviews/my-items?pageSize=100&sortOrder=desc');
    expect(mine.body.data.map((item: { id: string }) => item.id)).not.toContain(items[0]!.id);
    const draft = await call(manager.token, 'POST', '/api/access-reviews', campaign({ name: 'Never started' }));
    expect((await call(reviewer.token, 'GET', `/api/access-reviews/${draft.body.id}/items`)).status).toBe(404);
  });
});

describe('overdue items', () => {
  it('counts and flags the undecided items of an active campaign past its due date', async () => {
    const role = await db().businessRole.create({ data: { name: 'Late' } });
    for (const name of ['late-1', 'late-2']) await holdRole((await subject(name)).id, role.id);
    const { id } = await started({ name: 'Late', scope: { businessRoles: ['Late'] } });
    const items = await itemsOf(id);
    const decideUrl = `/api/access-reviews/${id}/items/${items[0]!.id}/decide`;
    expect((await call(reviewer.token, 'POST', decideUrl, { decision: 'keep' })).status).toBe(200);
    await db().accessReview.update({ where: { id }, data: { dueAt: new Date(Date.now() - 60_000) } });
    expect((await call(manager.token, 'GET', `/api/access-reviews/${id}`)).body.progress).toMatchObject({
      pending: 1,
      overdue: 1,
    });
    const listed = await call(manager.token, 'GET', `/api/access-reviews/${id}/items`);
    const overdue = new Map(listed.body.data.map((item: { id: string; overdue: boolean }) => [item.id, item.overdue]));
    expect(overdue.get(items[0]!.id)).toBe(false);
    expect(overdue.get(items[1]!.id)).toBe(true);
  });
});

describe('hostile input on items', () => {
  it('answers 400, never 500, to malformed filters and bodies', async () => {
    const role = await db().businessRole.create({ data: { name: 'Hostile' } });
    await holdRole((await subject('h1')).id, role.id);
    const { id } = await started({ name: 'Hostile', scope: { businessRoles: ['Hostile'] } });
    const [item] = await itemsOf(id);
    const items = `/api/access-reviews/${id}/items`;
    for (const filters of [
      `accessRef=${'x'.repeat(256)}`,
      'accessKind=everything',
      'reviewerId=1%27%20OR%201%3D1',
      'stage=1.5',
      'pageSize=101',
      'sortBy=decision',
    ]) {
      expect([filters, (await call(manager.token, 'GET', `${items}?${filters}`)).status]).toEqual([filters, 400]);
    }
    for (const body of [[], 'keep', { decision: null }, { decision: 'keep', comment: 42 }]) {
      expect((await call(reviewer.token, 'POST', `${items}/${item!.id}/decide`, body)).status).toBe(400);
    }
    const tooMany = Array.from({ length: 501 }, () => randomUUID());
    expect(
      (await call(reviewer.token, 'POST', `${items}/bulk-decide`, { itemIds: tooMany, decision: 'keep' })).status,
    ).toBe(400);
    expect((await call(reviewer.token, 'POST', `${items}/${item!.id}/delegate`, { userId: 'me' })).status).toBe(400);
    expect(
      (await call(reviewer.token, 'POST', `${items}/${item!.id}/delegate`, { userId: fallbackId, x: 1 })).status,
    ).toBe(400);
    expect((await db().accessReviewItem.findUniqueOrThrow({ where: { id: item!.id } })).reviewerId).toBe(reviewerId);
  });
});

describe('a decision meeting a cancel', () => {
  it('waits for a cancel under way and is then refused (409), never landing on a stopped campaign', async () => {
    const role = await db().businessRole.create({ data: { name: 'Raced' } });
    await holdRole((await subject('race-1')).id, role.id);
    const { id } = await started({ name: 'Raced', scope: { businessRoles: ['Raced'] } });
    const [item] = await itemsOf(id);
    const answer = await requestAcrossUncommittedWrite(
      db(),
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM access_reviews WHERE id = ${id}::uuid FOR UPDATE`;
        await tx.accessReview.update({ where: { id }, data: { status: 'cancelled' } });
      },
      () => call(reviewer.token, 'POST', `/api/access-reviews/${id}/items/${item!.id}/decide`, { decision: 'keep' }),
      '%FROM access_reviews%FOR KEY SHARE%',
    );
    expect(answer.status).toBe(409);
    expect((await db().accessReviewItem.findUniqueOrThrow({ where: { id: item!.id } })).decision).toBeNull();
  });
});

describe('deciding in bulk', () => {
  it("decides all of the caller's own items at once, or none when one is not theirs", async () => {
    const role = await db().businessRole.create({ data: { name: 'Bulk' } });
    const holders = [await subject('b1'), await subject('b2'), await subject('b3')];
    for (const holder of holders) await holdRole(holder.id, role.id);
    await holdRole(reviewerId, role.id); // put to the fallback
    const { id, start } = await started({ name: 'Bulk', scope: { businessRoles: ['Bulk'] } });
    expect(start.status).toBe(200);
    const items = await itemsOf(id);
    const mine = items.filter((item) => item.reviewerId === reviewerId).map((item) => item.id);
    const theirs = items.find((item) => item.reviewerId === fallbackId)!.id;
    const bulk = (token: string, body: unknown) =>
      call(token, 'POST', `/api/access-reviews/${id}/items/bulk-decide`, body);

    const mixed = await bulk(reviewer.token, { itemIds: [...mine, theirs], decision: 'keep' });
    expect(mixed.status).toBe(404);
    expect(mixed.body.message).toContain('1 of the 4 items are not yours');
    // review:manage does not widen a bulk decision: only one's own items.
    expect((await bulk(manager.token, { itemIds: mine, decision: 'keep' })).status).toBe(404);
    expect(await db().accessReviewItem.count({ where: { reviewId: id, decision: { not: null } } })).toBe(0);

    expect((await bulk(reviewer.token, { itemIds: mine, decision: 'revoke' })).status).toBe(400);
    expect((await bulk(reviewer.token, { itemIds: [], decision: 'keep' })).status).toBe(400);
    expect((await bulk(reviewer.token, { itemIds: [mine[0], mine[0]], decision: 'keep' })).status).toBe(400);

    const done = await bulk(reviewer.token, { itemIds: mine, decision: 'revoke', comment: 'Team disbanded' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ decided: 3, decision: 'revoke' });
    const decided = await db().accessReviewItem.findMany({ where: { id: { in: mine } } });
    expect(decided.every((item) => item.decision === 'revoke' && item.comment === 'Team disbanded')).toBe(true);
    expect(await db().auditLog.count({ where: { action: 'access_review.item_decided', targetId: { in: mine } } })).toBe(
      3,
    );
  });
});

describe('delegating an item', () => {
  it('hands an undecided item to someone else, recorded in its history and audited', async () => {
    const role = await db().businessRole.create({ data: { name: 'Delegated' } });
    const holder = await subject('d1');
    await holdRole(holder.id, role.id);
    const { id } = await started({ name: 'Delegated', scope: { businessRoles: ['Delegated'] } });
    const [item] = await itemsOf(id);
    const delegate = (token: string, body: unknown) =>
      call(token, 'POST', `/api/access-reviews/${id}/items/${item!.id}/delegate`, body);

    expect((await delegate(reviewer.token, { userId: holder.id })).body.message).toContain(
      'never delegated to its subject',
    );
    expect((await delegate(reviewer.token, { userId: reviewerId })).status).toBe(400);
    expect((await delegate(reviewer.token, { userId: randomUUID() })).status).toBe(400);
    expect((await delegate(requestor.token, { userId: fallbackId })).status).toBe(404);

    const both = await delegate(reviewer.token, { userId: fallbackId, email: 'x@example.test' });
    expect([both.status, both.body.message]).toEqual([400, expect.stringContaining('by userId or by email')]);
    const unknown = await delegate(reviewer.token, { email: 'nobody@example.test' });
    expect([unknown.status, unknown.body.message]).toEqual([400, expect.stringContaining('no active user with email')]);

    // A reviewer who may not look people up names the delegate by email, in any case.
    const { email } = await db().user.findUniqueOrThrow({ where: { id: fallbackId } });
    const handed = await delegate(reviewer.token, { email: email!.toUpperCase(), comment: 'Knows the team better' });
    expect(handed.status).toBe(200);
    expect(handed.body.reviewerId).toBe(fallbackId);
    expect(handed.body.history).toEqual([
      expect.objectContaining({
        type: 'delegated',
        fromUserId: reviewerId,
        toUserId: fallbackId,
        byUserId: reviewerId,
        comment: 'Knows the team better',
      }),
    ]);
    const audit = await db().auditLog.findFirstOrThrow({
      where: { action: 'access_review.item_delegated', targetId: item!.id },
    });
    expect(audit.metadata).toMatchObject({ fromUserId: reviewerId, toUserId: fallbackId });

    // It is the delegate's now: the former reviewer no longer sees or decides it.
    expect(
      (await call(reviewer.token, 'POST', `/api/access-reviews/${id}/items/${item!.id}/decide`, { decision: 'keep' }))
        .status,
    ).toBe(404);
    const theirs = await call(fallback.token, 'GET', '/api/access-reviews/my-items?pageSize=100&sortOrder=desc');
    expect(theirs.body.data.map((entry: { id: string }) => entry.id)).toContain(item!.id);
    expect(
      (await call(fallback.token, 'POST', `/api/access-reviews/${id}/items/${item!.id}/decide`, { decision: 'keep' }))
        .status,
    ).toBe(200);
    expect((await delegate(fallback.token, { userId: reviewerId })).status).toBe(409);
  });
});

describe('cancelling a campaign', () => {
  it('stops an active campaign without removing anything: decisions stay, no more are taken, its workflow is cancelled', async () => {
    const role = await db().businessRole.create({ data: { name: 'Cancelled' } });
    const holders = [await subject('x1'), await subject('x2')];
    for (const holder of holders) await holdRole(holder.id, role.id);
    const { id, start } = await started({ name: 'Cancelled', scope: { businessRoles: ['Cancelled'] } });
    expect(start.status).toBe(200);
    const items = await itemsOf(id);
    const revoke = { decision: 'revoke', comment: 'Gone' };
    expect(
      (await call(reviewer.token, 'POST', `/api/access-reviews/${id}/items/${items[0]!.id}/decide`, revoke)).status,
    ).toBe(200);

    expect((await call(approver.token, 'POST', `/api/access-reviews/${id}/cancel`)).status).toBe(403);
    const cancelled = await call(manager.token, 'POST', `/api/access-reviews/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', progress: { total: 2, revoked: 1, pending: 1 } });
    expect(cancelled.body.closedAt).not.toBeNull();
    const audit = await db().auditLog.findFirstOrThrow({ where: { action: 'access_review.cancelled', targetId: id } });
    expect(audit.metadata).toMatchObject({ previousStatus: 'active', undecided: 1 });

    const handle = temporal.client.workflow.getHandle(accessReviewWorkflowId(id));
    await expect(handle.result()).rejects.toThrow();
    expect((await handle.describe()).status.name).toBe('CANCELLED');
    // Nothing was removed: the revoked holder still holds the role.
    expect(await db().roleAssignment.count({ where: { roleId: role.id, status: 'active' } })).toBe(2);

    const late = await call(reviewer.token, 'POST', `/api/access-reviews/${id}/items/${items[1]!.id}/decide`, {
      decision: 'keep',
    });
    expect(late.status).toBe(409);
    expect((await call(manager.token, 'POST', `/api/access-reviews/${id}/cancel`)).status).toBe(409);
    expect((await call(manager.token, 'POST', `/api/access-reviews/${id}/start`)).status).toBe(409);
  });

  it('cancels a draft, and answers 404 for an unknown campaign', async () => {
    const draft = await call(manager.token, 'POST', '/api/access-reviews', campaign({ name: 'Abandoned draft' }));
    const cancelled = await call(admin.token, 'POST', `/api/access-reviews/${draft.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await call(admin.token, 'PUT', `/api/access-reviews/${draft.body.id}`, campaign())).status).toBe(409);
    expect((await call(admin.token, 'POST', `/api/access-reviews/${randomUUID()}/cancel`)).status).toBe(404);
  });
});

describe('the report', () => {
  it('lists the definition and every item with its decision and history, the same bytes each time, with their SHA-256', async () => {
    const role = await db().businessRole.create({ data: { name: 'Reported' } });
    const first = await subject('rep-1');
    const second = await subject('rep-2');
    await holdRole(first.id, role.id);
    await holdRole(second.id, role.id);
    const { id } = await started({ name: 'Reported', scope: { businessRoles: ['Reported'] } });
    const items = await itemsOf(id);
    const itemOf = (userId: string) => items.find((item) => item.subjectUserId === userId)!;
    const comment = '=HYPERLINK("x"), left in May';
    const decideUrl = `/api/access-reviews/${id}/items/${itemOf(first.id).id}/decide`;
    expect((await call(reviewer.token, 'POST', decideUrl, { decision: 'revoke', comment })).status).toBe(200);
    const delegateUrl = `/api/access-reviews/${id}/items/${itemOf(second.id).id}/delegate`;
    expect((await call(reviewer.token, 'POST', delegateUrl, { userId: fallbackId })).status).toBe(200);

    const json = await call(approver.token, 'GET', `/api/access-reviews/${id}/report`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toContain('application/json');
    expect(json.headers.get('x-report-sha256')).toBe(createHash('sha256').update(json.text).digest('hex'));
    expect(json.body.campaign).toMatchObject({ id, status: 'active', definition: { name: 'Reported', dueInDays: 14 } });
    expect(json.body.items).toHaveLength(2);
    const revoked = json.body.items.find((item: { subject: { id: string } }) => item.subject.id === first.id);
    expect(revoked).toMatchObject({
      access: { kind: 'business_role', ref: role.id, label: 'Reported' },
      reviewer: { id: reviewerId },
      stage: 1,
      decision: 'revoke',
      comment,
      decidedBy: { id: reviewerId },
      remediation: { status: null, error: null, at: null },
    });
    const delegated = json.body.items.find((item: { subject: { id: string } }) => item.subject.id === second.id);
    expect(delegated.reviewer.id).toBe(fallbackId);
    expect(delegated.history).toEqual([expect.objectContaining({ type: 'delegated', toUserId: fallbackId })]);
    const again = await call(approver.token, 'GET', `/api/access-reviews/${id}/report?format=json`);
    expect(again.text).toBe(json.text);

    const csv = await call(manager.token, 'GET', `/api/access-reviews/${id}/report?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('x-report-sha256')).toBe(createHash('sha256').update(csv.text).digest('hex'));
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toMatch(/^item_id,subject_id,subject_email,/);
    expect(lines).toHaveLength(4); // header, two items, the empty string after the last line break
    // A formula-like comment is defused, and its quotes doubled.
    expect(lines.find((line) => line.includes(first.id))).toContain(`"'=HYPERLINK(""x""), left in May"`);
    expect((await call(manager.token, 'GET', `/api/access-reviews/${id}/report?format=csv`)).text).toBe(csv.text);
  });

  it('needs review:read, answers 404 for an unknown campaign and 400 for an unknown format', async () => {
    const draft = await call(manager.token, 'POST', '/api/access-reviews', campaign({ name: 'Unreported' }));
    expect((await call(requestor.token, 'GET', `/api/access-reviews/${draft.body.id}/report`)).status).toBe(403);
    expect((await call(reviewer.token, 'GET', `/api/access-reviews/${draft.body.id}/report`)).status).toBe(403);
    expect((await call(manager.token, 'GET', `/api/access-reviews/${randomUUID()}/report`)).status).toBe(404);
    expect((await call(manager.token, 'GET', `/api/access-reviews/${draft.body.id}/report?format=xml`)).status).toBe(
      400,
    );
    const empty = await call(manager.token, 'GET', `/api/access-reviews/${draft.body.id}/report`);
    expect(empty.body).toMatchObject({ campaign: { status: 'draft' }, items: [] });
  });
});
