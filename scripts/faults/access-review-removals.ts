import { createHash, randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/client.js';
import { startCountingRemote } from './counting-remote.js';

/**
 * Issue 47: a campaign closed with every item revoked (a business role whose entitlement is
 * deprovisioned through an HTTP connector, and a group membership, per person), its workers
 * SIGKILLed at random moments while the removals run. The remote is a counting remote of its own
 * that applies each idempotency key once. The promises checked: the campaign closes; every removal
 * is recorded once, as remediated; nothing reviewed is still held; every person's deprovision was
 * applied at the remote; the frozen report's hash is the one its closing audit entry records.
 */

export interface ReviewRemovalsDeps {
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  db: Database;
  log: (line: string) => void;
  /** SIGKILLs one of the stack's workers and starts another; answers what it did. */
  killWorker(): Promise<string>;
}

export interface ReviewRemovalsOutcome {
  notes: string[];
  /** Broken promises, each a sentence. */
  problems: string[];
}

const CLOSE_WITHIN_MS = 5 * 60_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function created(answer: Promise<{ status: number; body: any }>, what: string) {
  const { status, body } = await answer;
  if (status !== 201 && status !== 200) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

export async function accessReviewRemovals(deps: ReviewRemovalsDeps, people: number): Promise<ReviewRemovalsOutcome> {
  // Slow enough that a worker killed at a random moment is often in the middle of a call.
  const remote = await startCountingRemote({ minDelayMs: 20, maxDelayMs: 200 });
  try {
    return await closeUnderKills(deps, people, remote);
  } finally {
    await remote.close();
  }
}

async function closeUnderKills(
  deps: ReviewRemovalsDeps,
  people: number,
  remote: Awaited<ReturnType<typeof startCountingRemote>>,
): Promise<ReviewRemovalsOutcome> {
  const { call, db, log } = deps;
  const notes: string[] = [];
  const problems: string[] = [];
  const tag = randomUUID().slice(0, 8);
  await created(
    call('POST', '/api/connectors', { name: `review-remote-${tag}`, type: 'http', config: { baseUrl: remote.url } }),
    'create the connector',
  );
  const entitlement = await created(
    call('POST', '/api/entitlements', {
      name: `review-ledger-${tag}`,
      connector: `review-remote-${tag}`,
      provisionConfig: { command: 'request', parameters: { method: 'POST', url: '/grants' } },
      deprovisionConfig: {
        command: 'request',
        parameters: {
          method: 'DELETE',
          url: '/grants/{{user.id}}',
          headers: { 'Idempotency-Key': `review-{{user.id}}` },
        },
      },
    }),
    'create the entitlement',
  );
  const role = await created(
    call('POST', '/api/roles', { name: `Faults ledger ${tag}`, entitlements: [entitlement.name] }),
    'create the role',
  );
  const group = await created(call('POST', '/api/groups', { name: `Faults group ${tag}` }), 'create the group');
  const reviewer = await db.user.create({ data: { email: `reviewer-${tag}@faults.test`, displayName: 'reviewer' } });
  // The holders are written directly: their grants are not what this scenario tests.
  const userIds: string[] = [];
  for (let index = 0; index < people; index += 1) {
    const user = await db.user.create({
      data: { email: `holder-${index}-${tag}@faults.test`, displayName: `holder ${index}` },
    });
    userIds.push(user.id);
  }
  await db.userGroupMember.createMany({ data: userIds.map((userId) => ({ groupId: group.id, userId })) });
  await db.roleAssignment.createMany({
    data: userIds.map((userId) => ({
      userId,
      roleId: role.id,
      status: 'active',
      provisionedEntitlementIds: [entitlement.id],
    })),
  });

  const campaign = await created(
    call('POST', '/api/access-reviews', {
      name: `Faults review ${tag}`,
      scope: { businessRoles: [role.name], groups: [group.name] },
      reviewers: { type: 'users', userIds: [reviewer.id] },
      whenUnanswered: 'revoke',
    }),
    'create the campaign',
  );
  const id = campaign.id as string;
  await created(call('POST', `/api/access-reviews/${id}/start`), 'start the campaign');
  const closeAt = Date.now();
  await created(call('POST', `/api/access-reviews/${id}/close`), 'close the campaign');
  log(`access review: ${people * 2} removals closing; killing workers while they run`);
  for (let kill = 1; kill <= 2; kill += 1) {
    await pause(500 + Math.random() * 2_500);
    notes.push(`kill ${kill} during the removals: ${await deps.killWorker()}`);
  }

  let review = (await call('GET', `/api/access-reviews/${id}`)).body;
  while (review.status !== 'closed' && Date.now() - closeAt < CLOSE_WITHIN_MS) {
    await pause(500);
    review = (await call('GET', `/api/access-reviews/${id}`)).body;
  }
  const expect = (holds: boolean, problem: string) => void (holds || problems.push(problem));
  expect(review.status === 'closed', `the campaign is ${review.status} ${CLOSE_WITHIN_MS / 1000} s after its close`);
  notes.push(`${people * 2} removals closed in ${Date.now() - closeAt} ms: ${JSON.stringify(review.progress)}`);
  expect(
    review.progress?.remediated === people * 2 && review.progress?.failed === 0,
    `removals remediated ${review.progress?.remediated} and failed ${review.progress?.failed} of ${people * 2}`,
  );

  const items = await db.accessReviewItem.findMany({ where: { reviewId: id }, select: { id: true } });
  const recorded = await db.auditLog.groupBy({
    by: ['targetId'],
    where: { action: 'access_review.item_remediated', targetId: { in: items.map((item) => item.id) } },
    _count: { _all: true },
  });
  const twice = recorded.filter((entry) => entry._count._all > 1).length;
  expect(recorded.length === items.length, `${items.length - recorded.length} removals have no record`);
  expect(twice === 0, `${twice} removals were recorded more than once`);
  const held = await db.roleAssignment.count({ where: { roleId: role.id, status: 'active' } });
  const members = await db.userGroupMember.count({ where: { groupId: group.id } });
  expect(held === 0 && members === 0, `${held} role assignments and ${members} memberships are still held`);

  const unapplied = userIds.filter((userId) => !remote.applied.has(`review-${userId}`)).length;
  expect(unapplied === 0, `${unapplied} deprovisions never reached the remote`);
  const repeated = [...remote.calls.values()].reduce((sum, count) => sum + count - 1, 0);
  notes.push(
    `deprovisions applied at the remote ${remote.applied.size}, repeated deliveries of an applied key ${repeated} ` +
      '(a role revoke cut off between its call and its record calls again with the same key)',
  );

  const frozen = await db.accessReviewReport.findUnique({
    where: { reviewId_format: { reviewId: id, format: 'json' } },
  });
  const closed = await db.auditLog.findFirst({ where: { action: 'access_review.closed', targetId: id } });
  const hashes = (closed?.metadata as { reportSha256?: Record<string, string> } | undefined)?.reportSha256;
  const sha = frozen && createHash('sha256').update(frozen.body).digest('hex');
  expect(Boolean(sha) && hashes?.json === sha, 'the frozen report is not the one access_review.closed recorded');
  return { notes, problems };
}
