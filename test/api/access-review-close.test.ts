import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRecurringReview, recurrenceScheduleId } from '../../src/services/access-reviews/recurrence.js';
import { remediateNextItems } from '../../src/services/access-reviews/remediate-items.js';
import { accessReviewWorkflowId } from '../../src/temporal/access-review-messages.js';
import type { TemporalClientHandle } from '../../src/temporal/client.js';
import { connectSuiteTemporal } from '../support/app.js';
import { useRunStack } from '../support/run-stack.js';
import { groupEntitlementBody, isDirectoryMember } from '../support/simulated-directory.js';
import { createUserWithToken } from '../support/users.js';

// Closing campaigns: the policy for what is unanswered, the removals carried out by the campaign's
// workflow through the service's own revocations (business roles deprovisioned in the simulated
// directory), the administrator's go and retries, and the frozen report.
const context = useRunStack();
const db = () => context.database.db;

let admin: { token: string; userId: string };
let manager: { token: string; userId: string };
let reviewer: { token: string; userId: string };
let temporal: TemporalClientHandle;

async function person(roles: Parameters<typeof createUserWithToken>[1]) {
  const { user, token } = await createUserWithToken(db(), roles);
  return { token, userId: user.id };
}

beforeAll(async () => {
  admin = await person(['admin']);
  manager = await person(['resource_manager']);
  reviewer = await person(['requestor']);
  temporal = await connectSuiteTemporal();
});
afterAll(async () => {
  await temporal.close();
});

const call = (token: string, method: string, path: string, body?: unknown) =>
  context.api.request(method, path, { token, body });

/** Someone whose access is reviewed; `username` is their login in the simulated directory. */
const subject = (username: string) =>
  db().user.create({
    data: { email: `${username}-${randomUUID()}@example.test`, displayName: username, roles: ['requestor'] },
  });

function organizationNamed(prefix: string) {
  const name = `${prefix} ${randomUUID()}`;
  return db().organization.create({ data: { name, activeName: name } });
}

/** A started campaign put to `reviewer`, answering its id and items by subject. */
async function started(name: string, scope: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const created = await call(manager.token, 'POST', '/api/access-reviews', {
    name,
    scope,
    reviewers: { type: 'users', userIds: [reviewer.userId] },
    ...overrides,
  });
  expect(created.status).toBe(201);
  const start = await call(manager.token, 'POST', `/api/access-reviews/${created.body.id}/start`);
  expect(start.status).toBe(200);
  const items = await db().accessReviewItem.findMany({ where: { reviewId: created.body.id } });
  return { id: created.body.id as string, itemOf: (userId: string) => items.find((i) => i.subjectUserId === userId)! };
}

const decide = (reviewId: string, itemId: string, decision: 'keep' | 'revoke') =>
  call(reviewer.token, 'POST', `/api/access-reviews/${reviewId}/items/${itemId}/decide`, {
    decision,
    comment: `${decision} after the quarterly check`,
  });

/** The campaign once its workflow has ended (closed for good, or waiting no more). */
async function workflowEnded(id: string) {
  return temporal.client.workflow.getHandle(accessReviewWorkflowId(id)).result();
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const reviewOf = (id: string) => call(admin.token, 'GET', `/api/access-reviews/${id}`);

describe('closing a campaign', () => {
  it('keeps what is unanswered, revokes through the connector as the closer, and freezes the report with its hashes audited', async () => {
    expect(
      (await call(admin.token, 'POST', '/api/entitlements', groupEntitlementBody('rv-vpn', { add: 'vpn-users' })))
        .status,
    ).toBe(201);
    const role = (await call(admin.token, 'POST', '/api/roles', { name: 'Reviewed VPN', entitlements: ['rv-vpn'] }))
      .body;
    const leaver = await subject('jdoe');
    const stayer = await subject('jsmith');
    const silent = await subject('awalsh');
    for (const holder of [leaver, stayer, silent]) {
      expect(
        (await call(admin.token, 'POST', `/api/roles/${role.id}/assignments`, { userId: holder.id })).body.status,
      ).toBe('granted');
    }
    expect(await isDirectoryMember(context, 'jdoe', 'vpn-users')).toBe(true);

    const { id, itemOf } = await started('VPN review', { businessRoles: ['Reviewed VPN'] });
    expect((await decide(id, itemOf(leaver.id).id, 'revoke')).status).toBe(200);
    expect((await decide(id, itemOf(stayer.id).id, 'keep')).status).toBe(200);

    expect((await call(reviewer.token, 'POST', `/api/access-reviews/${id}/close`)).status).toBe(403);
    const closing = await call(admin.token, 'POST', `/api/access-reviews/${id}/close`);
    expect(closing.status).toBe(200);
    expect(closing.body).toMatchObject({ status: 'closing', closedBy: admin.userId });
    // Decisions stop at once.
    expect((await decide(id, itemOf(silent.id).id, 'revoke')).status).toBe(409);

    expect(await workflowEnded(id)).toEqual({ endedBy: 'close' });
    const closed = await reviewOf(id);
    expect(closed.body).toMatchObject({
      status: 'closed',
      progress: { total: 3, decided: 3, kept: 2, revoked: 1, pending: 0, remediated: 1, failed: 0, awaitingGo: 0 },
    });
    expect(closed.body.finishedAt).not.toBeNull();

    // The revoke went through the role's deprovisioning, as the closer; the others hold on.
    expect(await isDirectoryMember(context, 'jdoe', 'vpn-users')).toBe(false);
    expect(await isDirectoryMember(context, 'jsmith', 'vpn-users')).toBe(true);
    const assignments = await db().roleAssignment.findMany({ where: { roleId: role.id } });
    expect(assignments.find((a) => a.userId === leaver.id)!.status).toBe('revoked');
    expect(assignments.filter((a) => a.status === 'active')).toHaveLength(2);
    const revokedEntry = await db().auditLog.findFirstOrThrow({
      where: { action: 'role.revoked', targetId: assignments.find((a) => a.userId === leaver.id)!.id },
    });
    expect(revokedEntry.actorId).toBe(admin.userId);
    expect(revokedEntry.metadata).toMatchObject({ reason: 'access_review', reviewItemId: itemOf(leaver.id).id });

    const items = await call(admin.token, 'GET', `/api/access-reviews/${id}/items?pageSize=10`);
    const view = (userId: string) => items.body.data.find((item: any) => item.subject.id === userId);
    expect(view(leaver.id)).toMatchObject({
      decision: 'revoke',
      decidedByPolicy: false,
      remediationStatus: 'remediated',
      remediationError: null,
      remediationResult: { roles: [expect.objectContaining({ role: 'Reviewed VPN', status: 'revoked' })] },
    });
    expect(view(silent.id)).toMatchObject({ decision: 'keep', decidedByPolicy: true, remediationStatus: null });
    const remediatedEntry = await db().auditLog.findFirstOrThrow({
      where: { action: 'access_review.item_remediated', targetId: itemOf(leaver.id).id },
    });
    expect(remediatedEntry.metadata).toMatchObject({ outcome: 'remediated', reviewId: id });

    // The frozen report: the same bytes every time, whose hashes the closing entry recorded.
    const closedEntry = await db().auditLog.findFirstOrThrow({
      where: { action: 'access_review.closed', targetId: id },
    });
    const hashes = (closedEntry.metadata as { reportSha256: Record<string, string> }).reportSha256;
    for (const format of ['json', 'csv']) {
      const report = await call(manager.token, 'GET', `/api/access-reviews/${id}/report?format=${format}`);
      expect(report.status).toBe(200);
      const sha = createHash('sha256').update(report.text).digest('hex');
      expect(report.headers.get('x-report-sha256')).toBe(sha);
      expect(sha).toBe(hashes[format]);
      // A change after the close (a person renamed) leaves the evidence as it was.
      await db().user.update({ where: { id: leaver.id }, data: { email: `renamed-${randomUUID()}@example.test` } });
      expect((await call(manager.token, 'GET', `/api/access-reviews/${id}/report?format=${format}`)).text).toBe(
        report.text,
      );
    }
    const json = await call(manager.token, 'GET', `/api/access-reviews/${id}/report`);
    expect(json.body.campaign).toMatchObject({ status: 'closed', closedBy: admin.userId });

    expect((await call(admin.token, 'POST', `/api/access-reviews/${id}/close`)).status).toBe(409);
    expect((await call(admin.token, 'POST', `/api/access-reviews/${id}/remediate`, {})).status).toBe(409);
    expect((await call(admin.token, 'POST', `/api/access-reviews/${id}/cancel`)).status).toBe(409);
  });

  it('revokes what is unanswered when the policy says so: group and organization memberships removed in the same transaction as the item', async () => {
    const group = await db().userGroup.create({ data: { name: `Reviewed group ${randomUUID()}` } });
    const organization = await organizationNamed('Reviewed org');
    const member = await subject('member');
    await db().userGroupMember.create({ data: { groupId: group.id, userId: member.id } });
    await db().organizationMembership.create({
      data: { organizationId: organization.id, userId: member.id, role: 'approver' },
    });
    await db().organizationMembership.create({
      data: { organizationId: organization.id, userId: member.id, role: 'member' },
    });
    const { id } = await started(
      'Memberships review',
      { groups: [group.name], organizations: [organization.name] },
      { whenUnanswered: 'revoke' },
    );
    expect((await call(manager.token, 'POST', `/api/access-reviews/${id}/close`)).status).toBe(200);
    await workflowEnded(id);

    expect(await db().userGroupMember.count({ where: { groupId: group.id } })).toBe(0);
    // Both organization roles were reviewed and revoked; each removal took away its own role only.
    expect(await db().organizationMembership.count({ where: { organizationId: organization.id } })).toBe(0);
    const items = await db().accessReviewItem.findMany({ where: { reviewId: id } });
    expect(items).toHaveLength(3);
    expect(items.every((item) => item.decision === 'revoke' && item.decidedByPolicy)).toBe(true);
    expect(items.every((item) => item.remediationStatus === 'remediated')).toBe(true);
    expect(
      await db().auditLog.count({
        where: { action: 'group.member_removed', targetId: group.id, actorId: manager.userId },
      }),
    ).toBe(1);
    expect(
      await db().auditLog.count({ where: { action: 'organization.member_removed', targetId: organization.id } }),
    ).toBe(2);
    expect((await reviewOf(id)).body.status).toBe('closed');
  });
});

describe('removals that wait for a go', () => {
  it('leaves revokes awaiting_go until an administrator approves them, then carries them out as that administrator', async () => {
    const group = await db().userGroup.create({ data: { name: `Gated group ${randomUUID()}` } });
    const first = await subject('gated-1');
    const second = await subject('gated-2');
    for (const holder of [first, second])
      await db().userGroupMember.create({ data: { groupId: group.id, userId: holder.id } });
    const { id, itemOf } = await started('Gated review', { groups: [group.name] }, { autoRemediate: false });
    expect((await decide(id, itemOf(first.id).id, 'revoke')).status).toBe(200);
    expect((await decide(id, itemOf(second.id).id, 'revoke')).status).toBe(200);
    expect((await call(manager.token, 'POST', `/api/access-reviews/${id}/close`)).status).toBe(200);

    const waiting = await until(
      () => reviewOf(id),
      (response) => response.body.progress.awaitingGo === 2,
    );
    expect(waiting.body).toMatchObject({ status: 'closing', progress: { awaitingGo: 2, remediated: 0 } });
    expect(await db().userGroupMember.count({ where: { groupId: group.id } })).toBe(2);

    const path = `/api/access-reviews/${id}/remediate`;
    expect((await call(reviewer.token, 'POST', path, {})).status).toBe(403);
    expect((await call(admin.token, 'POST', path, { itemIds: [randomUUID()] })).status).toBe(409);
    expect((await call(admin.token, 'POST', path, { itemIds: ['not-a-uuid'] })).status).toBe(400);
    expect((await call(admin.token, 'POST', path, { itemIds: [itemOf(first.id).id] })).status).toBe(200);
    const one = await until(
      () => reviewOf(id),
      (response) => response.body.progress.remediated === 1,
    );
    expect(one.body).toMatchObject({ status: 'closing', progress: { awaitingGo: 1, remediated: 1 } });
    const removal = await db().auditLog.findFirstOrThrow({
      where: { action: 'group.member_removed', targetId: group.id },
    });
    expect(removal.actorId).toBe(admin.userId);

    expect((await call(admin.token, 'POST', path, {})).status).toBe(200);
    expect(await workflowEnded(id)).toEqual({ endedBy: 'close' });
    expect((await reviewOf(id)).body).toMatchObject({ status: 'closed', progress: { remediated: 2, awaitingGo: 0 } });
    expect(await db().userGroupMember.count({ where: { groupId: group.id } })).toBe(0);
    const approvals = await db().auditLog.findMany({
      where: { action: 'access_review.removals_approved', targetId: id },
    });
    expect(approvals.map((entry) => (entry.metadata as { approved: number }).approved)).toEqual([1, 1]);
  });
});

describe('removals that fail', () => {
  it('records the connector error, retries on request, and closes for good with the failure in the report when asked', async () => {
    const broken = await call(admin.token, 'POST', '/api/entitlements', {
      ...groupEntitlementBody('rv-broken', { add: 'oncall' }),
      deprovisionConfig: { command: 'removeFromGroup', parameters: { username: 'nobody-here', groupName: 'oncall' } },
    });
    expect(broken.status).toBe(201);
    const role = (
      await call(admin.token, 'POST', '/api/roles', { name: 'Broken removal', entitlements: ['rv-broken'] })
    ).body;
    const holder = await subject('jsmith');
    expect(
      (await call(admin.token, 'POST', `/api/roles/${role.id}/assignments`, { userId: holder.id })).body.status,
    ).toBe('granted');
    const { id, itemOf } = await started('Failing review', { businessRoles: ['Broken removal'] });
    const itemId = itemOf(holder.id).id;
    expect((await decide(id, itemId, 'revoke')).status).toBe(200);
    expect((await call(admin.token, 'POST', `/api/access-reviews/${id}/close`)).status).toBe(200);

    const failed = await until(
      () => reviewOf(id),
      (response) => response.body.progress.failed === 1,
    );
    expect(failed.body).toMatchObject({ status: 'closing', progress: { failed: 1, remediated: 0 } });
    const item = await db().accessReviewItem.findUniqueOrThrow({ where: { id: itemId } });
    expect(item.remediationStatus).toBe('failed');
    expect(item.remediationError).toContain('rv-broken');
    expect(await db().roleAssignment.count({ where: { roleId: role.id, status: 'active' } })).toBe(1);

    // Fixed in the entitlement, the retry removes it.
    await db().entitlement.update({
      where: { name: 'rv-broken' },
      data: { deprovisionConfig: groupEntitlementBody('rv-broken', { add: 'oncall' }).deprovisionConfig },
    });
    expect(
      (await call(manager.token, 'POST', `/api/access-reviews/${id}/remediate`, { itemIds: [itemId] })).status,
    ).toBe(200);
    expect(await workflowEnded(id)).toEqual({ endedBy: 'close' });
    expect((await reviewOf(id)).body).toMatchObject({ status: 'closed', progress: { remediated: 1, failed: 0 } });
    expect(await db().roleAssignment.count({ where: { roleId: role.id, status: 'active' } })).toBe(0);
  });

  it('fails removals whose acting person lost review:manage, and closes for good on a second close with the failure in the frozen report', async () => {
    const organization = await organizationNamed('Failing org');
    const holder = await subject('org-holder');
    await db().organizationMembership.create({
      data: { organizationId: organization.id, userId: holder.id, role: 'member' },
    });
    const { id, itemOf } = await started('Final close', { organizations: [organization.name] });
    const itemId = itemOf(holder.id).id;
    expect((await decide(id, itemId, 'revoke')).status).toBe(200);
    // A campaign closing with its removal due, whose workflow is gone (an operator ended it), and
    // whose removals act as someone who has since lost review:manage.
    await temporal.client.workflow.getHandle(accessReviewWorkflowId(id)).terminate('test');
    const demoted = await person(['requestor']);
    await db().accessReview.update({
      where: { id },
      data: { status: 'closing', closedAt: new Date(), settledAt: new Date(), actingUserId: demoted.userId },
    });
    await db().accessReviewItem.update({ where: { id: itemId }, data: { remediationStatus: 'pending' } });
    expect(await remediateNextItems(db(), context.api.connectors, id)).toEqual({
      remediated: 0,
      failed: 1,
      more: false,
    });
    const item = await db().accessReviewItem.findUniqueOrThrow({ where: { id: itemId } });
    expect(item.remediationStatus).toBe('failed');
    expect(item.remediationError).toContain('no longer holds review:manage');
    expect(await db().organizationMembership.count({ where: { organizationId: organization.id } })).toBe(1);
    // Repeating the batch records nothing twice.
    expect(await remediateNextItems(db(), context.api.connectors, id)).toEqual({
      remediated: 0,
      failed: 0,
      more: false,
    });

    // The second close starts a workflow for the campaign again and closes it as it stands.
    const final = await call(admin.token, 'POST', `/api/access-reviews/${id}/close`);
    expect(final.status).toBe(200);
    const closed = await until(
      () => reviewOf(id),
      (response) => response.body.status === 'closed',
    );
    expect(closed.body).toMatchObject({ status: 'closed', progress: { failed: 1, remediated: 0 } });
    const closedEntry = await db().auditLog.findFirstOrThrow({
      where: { action: 'access_review.closed', targetId: id },
    });
    expect(closedEntry.metadata).toMatchObject({ removalsNotCarriedOut: { failed: 1, awaitingGo: 0 } });
    const report = await call(admin.token, 'GET', `/api/access-reviews/${id}/report`);
    expect(report.body.items[0].remediation).toMatchObject({ status: 'failed' });
    expect(await db().auditLog.count({ where: { action: 'access_review.item_remediated', targetId: itemId } })).toBe(1);
  });
});

describe('the due date', () => {
  /** Moves a started campaign's due date to `inMs` from now, its workflow restarted to wait for it. */
  async function dueSoon(id: string, inMs: number) {
    const dueAt = new Date(Date.now() + inMs);
    await db().accessReview.update({ where: { id }, data: { dueAt } });
    await temporal.client.workflow.start('accessReviewWorkflow', {
      workflowId: accessReviewWorkflowId(id),
      taskQueue: context.taskQueue,
      args: [{ reviewId: id, dueAt: dueAt.toISOString() }],
      workflowIdConflictPolicy: 'TERMINATE_EXISTING',
    });
  }

  it('closes the campaign by itself, the unanswered following its policy', async () => {
    const group = await db().userGroup.create({ data: { name: `Due group ${randomUUID()}` } });
    const holder = await subject('due-holder');
    await db().userGroupMember.create({ data: { groupId: group.id, userId: holder.id } });
    const { id } = await started('Due review', { groups: [group.name] }, { whenUnanswered: 'revoke' });
    await dueSoon(id, 1500);
    expect(await workflowEnded(id)).toEqual({ endedBy: 'due_date' });
    expect((await reviewOf(id)).body).toMatchObject({ status: 'closed', closedBy: null, progress: { remediated: 1 } });
    expect(await db().userGroupMember.count({ where: { groupId: group.id } })).toBe(0);
    const closedEntry = await db().auditLog.findFirstOrThrow({
      where: { action: 'access_review.closed', targetId: id },
    });
    expect(closedEntry.actorType).toBe('system');
  });

  it('escalates the unanswered once with the escalate policy, gives them the grace days, and keeps what stays unanswered', async () => {
    const escalation = await person(['requestor']);
    const group = await db().userGroup.create({ data: { name: `Escalated group ${randomUUID()}` } });
    const first = await subject('esc-1');
    const second = await subject('esc-2');
    for (const holder of [first, second])
      await db().userGroupMember.create({ data: { groupId: group.id, userId: holder.id } });
    const { id, itemOf } = await started(
      'Escalated review',
      { groups: [group.name] },
      { whenUnanswered: 'escalate', escalateToUserIds: [escalation.userId], unansweredGraceDays: 2 },
    );
    expect((await decide(id, itemOf(first.id).id, 'keep')).status).toBe(200);
    await dueSoon(id, 1000);
    const escalated = await until(
      () => db().accessReviewItem.findUniqueOrThrow({ where: { id: itemOf(second.id).id } }),
      (item) => item.reviewerId === escalation.userId,
    );
    expect(escalated.history).toEqual([
      expect.objectContaining({
        type: 'escalated',
        fromUserId: reviewer.userId,
        toUserId: escalation.userId,
        byUserId: null,
      }),
    ]);
    // The decided item stays with its reviewer; the campaign waits the grace days.
    expect((await db().accessReviewItem.findUniqueOrThrow({ where: { id: itemOf(first.id).id } })).reviewerId).toBe(
      reviewer.userId,
    );
    const review = await reviewOf(id);
    expect(review.body.status).toBe('active');
    expect(new Date(review.body.dueAt).getTime() - Date.now()).toBeGreaterThan(2 * 86_400_000 - 60_000);
    const entry = await db().auditLog.findFirstOrThrow({
      where: { action: 'access_review.item_escalated', targetId: itemOf(second.id).id },
    });
    expect(entry.actorType).toBe('system');
    const mine = await call(escalation.token, 'GET', '/api/access-reviews/my-items');
    expect(mine.body.data.map((item: { id: string }) => item.id)).toContain(itemOf(second.id).id);

    expect((await call(admin.token, 'POST', `/api/access-reviews/${id}/close`)).status).toBe(200);
    expect(await workflowEnded(id)).toEqual({ endedBy: 'close' });
    const kept = await db().accessReviewItem.findUniqueOrThrow({ where: { id: itemOf(second.id).id } });
    expect(kept).toMatchObject({ decision: 'keep', decidedByPolicy: true });
    expect(await db().userGroupMember.count({ where: { groupId: group.id } })).toBe(2);
  });

  it("reminds the reviewers on their days and escalates what is undecided escalateAfterDays after the start to the reviewer's manager", async () => {
    const ownReviewer = await person(['requestor']);
    const boss = await person(['requestor']);
    await db().user.update({ where: { id: ownReviewer.userId }, data: { managerId: boss.userId } });
    const group = await db().userGroup.create({ data: { name: `Reminded group ${randomUUID()}` } });
    const first = await subject('rem-1');
    const second = await subject('rem-2');
    for (const holder of [first, second]) {
      await db().userGroupMember.create({ data: { groupId: group.id, userId: holder.id } });
    }
    const created = await call(manager.token, 'POST', '/api/access-reviews', {
      name: 'Reminded review',
      scope: { groups: [group.name] },
      reviewers: { type: 'users', userIds: [ownReviewer.userId] },
      reminderEveryDays: 1,
      escalateAfterDays: 1,
    });
    const id = created.body.id as string;
    expect((await call(manager.token, 'POST', `/api/access-reviews/${id}/start`)).status).toBe(200);
    const items = await db().accessReviewItem.findMany({ where: { reviewId: id } });
    const decided = items.find((item) => item.subjectUserId === first.id)!;
    const waiting = items.find((item) => item.subjectUserId === second.id)!;
    const decideUrl = `/api/access-reviews/${id}/items/${decided.id}/decide`;
    expect((await call(ownReviewer.token, 'POST', decideUrl, { decision: 'keep' })).status).toBe(200);
    // The workflow again, as if started a day ago less 1.5 s: the first reminder and the escalation are due.
    const row = await db().accessReview.findUniqueOrThrow({ where: { id } });
    await temporal.client.workflow.start('accessReviewWorkflow', {
      workflowId: accessReviewWorkflowId(id),
      taskQueue: context.taskQueue,
      args: [
        {
          reviewId: id,
          dueAt: row.dueAt!.toISOString(),
          startedAt: new Date(Date.now() - 86_400_000 + 1500).toISOString(),
          reminderEveryDays: 1,
          escalateAfterDays: 1,
        },
      ],
      workflowIdConflictPolicy: 'TERMINATE_EXISTING',
    });
    const reminded = await until(
      () => db().accessReview.findUniqueOrThrow({ where: { id } }),
      (review) => review.remindersSent === 1,
    );
    expect(reminded.overdueEscalatedAt).not.toBeNull();
    const escalated = await db().accessReviewItem.findUniqueOrThrow({ where: { id: waiting.id } });
    expect(escalated.reviewerId).toBe(boss.userId);
    expect(escalated.history).toEqual([
      expect.objectContaining({
        type: 'escalated',
        fromUserId: ownReviewer.userId,
        toUserId: boss.userId,
        comment: 'Undecided 1 day after the start',
      }),
    ]);
    expect((await db().accessReviewItem.findUniqueOrThrow({ where: { id: decided.id } })).reviewerId).toBe(
      ownReviewer.userId,
    );
    const entry = await db().auditLog.findFirstOrThrow({
      where: { action: 'access_review.item_escalated', targetId: waiting.id },
    });
    expect(entry.metadata).toMatchObject({ reason: 'overdue', toUserId: boss.userId });
    // The reminder went to whoever has undecided items after the escalation: the manager.
    const notifications = await call(boss.token, 'GET', '/api/notifications');
    expect(notifications.body.data).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('1 of your items in the access review "Reminded review"'),
      }),
    ]);
    expect((await call(ownReviewer.token, 'GET', '/api/notifications')).body.data).toHaveLength(0);
    expect((await reviewOf(id)).body.status).toBe('active');
  });

  it('runs the stages in order: a later stage sees only what the one before kept, and a past stage takes no more decisions', async () => {
    const secondReviewer = await person(['requestor']);
    const group = await db().userGroup.create({ data: { name: `Staged group ${randomUUID()}` } });
    const kept = await subject('stage-kept');
    const revoked = await subject('stage-revoked');
    const silent = await subject('stage-silent');
    for (const holder of [kept, revoked, silent]) {
      await db().userGroupMember.create({ data: { groupId: group.id, userId: holder.id } });
    }
    const { id, itemOf } = await started(
      'Staged review',
      { groups: [group.name] },
      { stages: [{ reviewers: { type: 'users', userIds: [secondReviewer.userId] } }] },
    );
    expect((await decide(id, itemOf(kept.id).id, 'keep')).status).toBe(200);
    expect((await decide(id, itemOf(revoked.id).id, 'revoke')).status).toBe(200);
    // The workflow again, as if started a week ago less 1.5 s with a fortnight to go: stage 1 ends.
    const startedAt = new Date(Date.now() - 7 * 86_400_000 + 1500);
    await temporal.client.workflow.start('accessReviewWorkflow', {
      workflowId: accessReviewWorkflowId(id),
      taskQueue: context.taskQueue,
      args: [
        {
          reviewId: id,
          startedAt: startedAt.toISOString(),
          dueAt: new Date(startedAt.getTime() + 14 * 86_400_000).toISOString(),
          stages: 2,
          currentStage: 1,
        },
      ],
      workflowIdConflictPolicy: 'TERMINATE_EXISTING',
    });
    await until(
      () => db().accessReview.findUniqueOrThrow({ where: { id } }),
      (review) => review.currentStage === 2,
    );
    const second = await db().accessReviewItem.findMany({ where: { reviewId: id, stage: 2 } });
    expect(second.map((item) => item.subjectUserId).sort()).toEqual([kept.id, silent.id].sort());
    expect(second.every((item) => item.reviewerId === secondReviewer.userId && item.decision === null)).toBe(true);
    expect(await db().accessReviewItem.findUniqueOrThrow({ where: { id: itemOf(silent.id).id } })).toMatchObject({
      decision: 'keep',
      decidedByPolicy: true,
    });
    // Stage 1 is over: its items take no decision any more.
    const late = await decide(id, itemOf(silent.id).id, 'revoke');
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('stage');

    const secondOf = (userId: string) => second.find((item) => item.subjectUserId === userId)!;
    const url = `/api/access-reviews/${id}/items/${secondOf(kept.id).id}/decide`;
    expect(
      (await call(secondReviewer.token, 'POST', url, { decision: 'revoke', comment: 'Not needed after all' })).status,
    ).toBe(200);
    expect((await call(admin.token, 'POST', `/api/access-reviews/${id}/close`)).status).toBe(200);
    expect(await workflowEnded(id)).toEqual({ endedBy: 'close' });
    // Revoked at stage 1, or kept there and revoked at stage 2: both removed; the silent one stays.
    const members = await db().userGroupMember.findMany({ where: { groupId: group.id } });
    expect(members.map((member) => member.userId)).toEqual([silent.id]);
  });
});

describe('recurrence', () => {
  it('a recurring campaign has a schedule that starts the next campaign by itself, once per firing, until stopped', async () => {
    const group = await db().userGroup.create({ data: { name: `Recurring group ${randomUUID()}` } });
    const holder = await subject('recurring-holder');
    await db().userGroupMember.create({ data: { groupId: group.id, userId: holder.id } });
    const { id } = await started('Quarterly review', { groups: [group.name] }, { recurrence: { everyMonths: 3 } });
    const schedule = temporal.client.schedule.getHandle(recurrenceScheduleId(id));
    const described = await schedule.describe();
    expect(described.action).toMatchObject({ type: 'startWorkflow', workflowType: 'recurringAccessReviewWorkflow' });
    expect(described.spec.calendars?.[0]?.month).toHaveLength(4);

    await schedule.trigger();
    const next = await until(
      () => db().accessReview.findFirst({ where: { recurrenceOf: id } }),
      (review) => review?.status === 'active',
    );
    expect(next!.name).toMatch(/^Quarterly review \(\d{4}-\d{2}-\d{2}\)$/);
    expect(next!.recurrence).toBeNull();
    expect(await db().accessReviewItem.count({ where: { reviewId: next!.id } })).toBe(1);
    const description = await temporal.client.workflow.getHandle(accessReviewWorkflowId(next!.id)).describe();
    expect(description.status.name).toBe('RUNNING');
    const view = await reviewOf(next!.id);
    expect(view.body).toMatchObject({ status: 'active', recurrenceOf: id });
    const startedEntry = await db().auditLog.findFirstOrThrow({
      where: { action: 'access_review.started', targetId: next!.id },
    });
    expect(startedEntry.actorType).toBe('system');

    // A firing repeated (its activity retried after a crash) starts no second campaign.
    const once = await createRecurringReview(db(), id, 'a-firing');
    const again = await createRecurringReview(db(), id, 'a-firing');
    expect(again!.reviewId).toBe(once!.reviewId);
    expect(await db().accessReview.count({ where: { recurrenceOf: id } })).toBe(2);

    expect((await call(reviewer.token, 'DELETE', `/api/access-reviews/${id}/recurrence`)).status).toBe(403);
    const stopped = await call(manager.token, 'DELETE', `/api/access-reviews/${id}/recurrence`);
    expect(stopped.status).toBe(200);
    expect(stopped.body.recurrence).toBeNull();
    await expect(schedule.describe()).rejects.toThrow();
    expect((await call(manager.token, 'DELETE', `/api/access-reviews/${id}/recurrence`)).status).toBe(409);
  });

  it('refuses a recurrence that is not a whole fraction of a year (400)', async () => {
    const created = await call(manager.token, 'POST', '/api/access-reviews', {
      name: 'Odd recurrence',
      scope: { groups: 'all' },
      reviewers: { type: 'users', userIds: [reviewer.userId] },
      recurrence: { everyMonths: 5 },
    });
    expect(created.status).toBe(400);
    expect(created.body.message).toContain('1, 2, 3, 4, 6 or 12');
  });
});
