import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../src/config/index.js';
import { executeConnectorCommand } from '../../src/connectors/execute-command.js';
import { createSimulatedConnectorHandlers } from '../../src/connectors/simulated/create-simulated-connectors.js';
import { generateDirectory } from '../../src/connectors/simulated/directory-data.js';
import { createDatabase, Prisma, type Database } from '../../src/db/client.js';
import { createLogger } from '../../src/logging/logger.js';
import { createAdminToken } from '../../src/services/bootstrap-admin.js';
import { startApiServer } from '../../src/server.js';
import { apiCaller, benchEnvironment, withBenchStack } from './stack.js';
import { deployedWorkerNodeOptions, startWorkerProcess, stopProcess } from './processes.js';

/**
 * Access reviews (issue 47): starting a campaign of 10,000 items against the yardstick of the same
 * rows written by one bare multi-row INSERT in the same sitting; 1,000 decisions through the API;
 * and closing a campaign of 1,000 removals through the simulated Active Directory against the
 * same 1,000 connector calls made bare, one after the other, in this process.
 */

const PEOPLE = 10_000;
const DECISIONS = 1_000;
const REMOVALS = 1_000;
const CONCURRENCY = 20;
const GROUP = 'vpn-users';

async function inParallel<T>(items: T[], task: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** People holding one role, written directly: the holdings are the input, not what is measured. */
async function holders(db: Database, roleId: string, names: string[], provisionedEntitlementIds: string[] = []) {
  const tag = randomUUID().slice(0, 8);
  const users = names.map((name, index) => ({
    id: randomUUID(),
    email: `${name}-${index}-${tag}@bench.test`,
    displayName: name,
  }));
  await db.user.createMany({ data: users });
  await db.roleAssignment.createMany({
    data: users.map((user) => ({ userId: user.id, roleId, status: 'active', provisionedEntitlementIds })),
  });
  return users.map((user) => user.id);
}

/** The yardstick: the rows a start writes for `userIds`, as one bare INSERT from arrays. */
async function bareInsert(db: Database, reviewId: string, roleId: string, reviewerId: string, userIds: string[]) {
  const ids = userIds.map(() => randomUUID());
  const started = performance.now();
  await db.$executeRaw(Prisma.sql`
    INSERT INTO access_review_items (id, review_id, subject_user_id, access_kind, access_ref, access_label,
      reviewer_id, stage, recommendations, created_at)
    SELECT id, ${reviewId}::uuid, subject, 'business_role', ${roleId}, 'Benchmark role', ${reviewerId}::uuid, 1,
      '{}'::jsonb, now()
    FROM unnest(${ids}::uuid[], ${userIds}::uuid[]) AS rows(id, subject)`);
  return performance.now() - started;
}

export async function benchReviews(log: (line: string) => void = () => undefined) {
  return withBenchStack(log, async (stack) => {
    const databaseUrl = await stack.database('bench_reviews');
    const directoryUsers = REMOVALS + 50;
    const env = await benchEnvironment(stack, databaseUrl, {
      TEMPORAL_TASK_QUEUE: 'bench-reviews',
      NODE_OPTIONS: await deployedWorkerNodeOptions(),
      SIMULATED_DIRECTORY_USERS: String(directoryUsers),
    });
    const worker = await startWorkerProcess(env);
    const api = await startApiServer(loadConfig(env), createLogger('error'));
    const db = createDatabase(databaseUrl);
    try {
      const { token } = await createAdminToken(db, 'bench@localhost', 'bench');
      const call = apiCaller(api.url, token);
      const reviewer = await db.user.create({ data: { email: 'reviewer@bench.test', displayName: 'reviewer' } });

      log(`${PEOPLE.toLocaleString('en-US')} people holding one role`);
      const role = await db.businessRole.create({ data: { name: 'Benchmark role' } });
      const userIds = await holders(
        db,
        role.id,
        Array.from({ length: PEOPLE }, (_, index) => `holder-${index}`),
      );
      await db.$executeRaw`ANALYZE`;
      const campaign = (body: Record<string, unknown>) =>
        call('POST', '/api/access-reviews', {
          reviewers: { type: 'users', userIds: [reviewer.id] },
          ...body,
        });

      // The yardstick first and after, around the start, so the machine's mood shows in both.
      const scratch = await campaign({ name: 'Yardstick', scope: { businessRoles: ['Benchmark role'] } });
      const yardstickBefore = await bareInsert(db, scratch.id, role.id, reviewer.id, userIds);
      await db.accessReviewItem.deleteMany({ where: { reviewId: scratch.id } });
      const big = await campaign({ name: 'Ten thousand', scope: { businessRoles: ['Benchmark role'] } });
      log('starting the campaign of 10,000 items');
      const startedAt = performance.now();
      await call('POST', `/api/access-reviews/${big.id}/start`);
      const startMs = performance.now() - startedAt;
      const yardstickAfter = await bareInsert(db, scratch.id, role.id, reviewer.id, userIds);
      const yardstickMs = Math.min(yardstickBefore, yardstickAfter);

      log(`${DECISIONS} decisions through the API, ${CONCURRENCY} at a time`);
      const items = await db.accessReviewItem.findMany({
        where: { reviewId: big.id },
        select: { id: true },
        take: DECISIONS,
      });
      const decidedAt = performance.now();
      await inParallel(items, ({ id }) =>
        call('POST', `/api/access-reviews/${big.id}/items/${id}/decide`, { decision: 'keep' }),
      );
      const decideSeconds = (performance.now() - decidedAt) / 1000;
      await call('POST', `/api/access-reviews/${big.id}/cancel`);

      log(`closing a campaign of ${REMOVALS} removals through the simulated Active Directory`);
      const directory = generateDirectory({ users: directoryUsers });
      const usernames = directory.people.slice(0, REMOVALS).map((person) => person.username);
      const entitlement = await call('POST', '/api/entitlements', {
        name: 'bench-vpn',
        connector: 'test-activedirectory',
        provisionConfig: { command: 'addToGroup', parameters: { username: '{{user.displayName}}', groupName: GROUP } },
        deprovisionConfig: {
          command: 'removeFromGroup',
          parameters: { username: '{{user.displayName}}', groupName: GROUP },
        },
      });
      const removable = await db.businessRole.create({ data: { name: 'Removable role' } });
      await db.roleEntitlement.create({ data: { roleId: removable.id, entitlementId: entitlement.id } });
      await holders(db, removable.id, usernames, [entitlement.id]);
      const closing = await campaign({
        name: 'Removals',
        scope: { businessRoles: ['Removable role'] },
        whenUnanswered: 'revoke',
      });
      await call('POST', `/api/access-reviews/${closing.id}/start`);
      const closeAt = performance.now();
      await call('POST', `/api/access-reviews/${closing.id}/close`);
      let status = 'closing';
      while (status !== 'closed') {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await db.accessReview.findUniqueOrThrow({ where: { id: closing.id } })).status;
      }
      const closeSeconds = (performance.now() - closeAt) / 1000;
      const remediated = await db.accessReviewItem.count({
        where: { reviewId: closing.id, remediationStatus: 'remediated' },
      });

      log('the same connector calls bare, one after the other');
      const bareSeconds = await bareConnectorCalls(db, directoryUsers, usernames);

      const removalsPerSecond = round(REMOVALS / closeSeconds, 1);
      const barePerSecond = round(REMOVALS / bareSeconds, 1);
      return {
        benchmark: 'access reviews',
        start: {
          items: PEOPLE,
          ms: Math.round(startMs),
          yardstickMs: Math.round(yardstickMs),
          ratio: round(yardstickMs / startMs),
        },
        decisions: { count: DECISIONS, perSecond: round(DECISIONS / decideSeconds, 1) },
        close: {
          removals: REMOVALS,
          remediated,
          seconds: round(closeSeconds, 1),
          removalsPerSecond,
          bareCallsPerSecond: barePerSecond,
          ratio: round(removalsPerSecond / barePerSecond),
        },
      };
    } finally {
      await api.close();
      await stopProcess(worker);
      await db.$disconnect();
    }
  });
}

/** `removeFromGroup` for each of `usernames` on a simulated AD of this process, sequentially. */
async function bareConnectorCalls(db: Database, users: number, usernames: string[]): Promise<number> {
  const { handlers } = createSimulatedConnectorHandlers({ users });
  const handler = handlers.find((candidate) => candidate.name === 'test-activedirectory')!;
  const row = await db.connector.findUniqueOrThrow({ where: { name: 'test-activedirectory' } });
  const connector = {
    name: row.name,
    enabled: true,
    commands: handler.commands,
    connection: {},
    secrets: [],
  };
  const started = performance.now();
  for (const username of usernames) {
    const result = await executeConnectorCommand(handler, connector, {
      command: 'removeFromGroup',
      parameters: { username, groupName: GROUP },
      variables: {},
      stepId: 'bench',
      instanceId: 'bench',
      timeoutMs: 5_000,
    });
    if (!result.success) throw new Error(`removeFromGroup ${username}: ${result.error}`);
  }
  return (performance.now() - started) / 1000;
}
