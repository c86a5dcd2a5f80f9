import { MockActivityEnvironment } from '@temporalio/testing';
import pg from 'pg';
import { createActivities } from '../../src/activities/index.js';
import type { StepResult } from '../../src/activities/run-steps.js';
import { loadConfig } from '../../src/config/index.js';
import { createDatabase, type Database } from '../../src/db/client.js';
import { createConnectorRuntime } from '../../src/connectors/runtime.js';
import { mapUser, userDocument, effectiveMapping } from '../../src/connectors/builtin/scim/user-mapping.js';
import { createLogger } from '../../src/logging/logger.js';
import { createAdminToken } from '../../src/services/bootstrap-admin.js';
import { connectorAccounts } from '../../src/services/connectors/connector-accounts.js';
import { recordNewRun } from '../../src/services/runs/start-run.js';
import { loadWorkflow, toWorkflowView } from '../../src/services/workflows/workflow-record.js';
import { startApiServer } from '../../src/server.js';
import { startScim2Server } from '../local/scim2-server.js';
import { scimRequestLog, type ScimRequestLog } from '../local/scim2-request-log.js';
import {
  inParallel,
  provisionWithBareClient,
  timed,
  type PhaseTimes,
  type ProvisioningPlan,
  type ScimServer,
} from './scim-yardstick.js';
import { apiCaller, benchEnvironment, withBenchStack, type BenchStack } from './stack.js';

/**
 * Outbound SCIM provisioning (issue 45): users and groups with their members provisioned into a
 * local scim2-server through Flowgate, next to the yardstick measured in the same sitting (the
 * same minimal requests made by a bare HTTP client at the same concurrency, before and after),
 * with the requests the server logged counted by kind.
 *
 * The service's side is the worker's `runConnectorStep` activity, the code every connector step
 * of a run goes through (the run's authority check, the connector loaded and its secrets opened,
 * the scim handler with account links in PostgreSQL, the step's output recorded), called in this
 * process at the same concurrency instead of being scheduled by Temporal: one run per group
 * (`createGroup`, `createUser` per member, `addToGroup` with the list). What Temporal adds per step
 * is what `npm run bench -- runs` measures. See docs/connectors-scim.md, "Benchmark".
 */

export interface ScimOutSize {
  users: number;
  groups: number;
  concurrency: number;
  maxMembersPerPatch: number;
}

export const FULL_SIZE: ScimOutSize = { users: 10_000, groups: 100, concurrency: 8, maxMembersPerPatch: 100 };
export const QUICK_SIZE: ScimOutSize = { ...FULL_SIZE, users: 1_000, groups: 10 };

const TEAM_VARIABLE = 'team';

/** The published workflow a team's run is a run of: the steps the bench's calls are made as. */
function teamWorkflow() {
  const connectorStep = (id: string, command: string, parameters: Record<string, unknown>, next: string) => ({
    id,
    name: id,
    type: 'connector',
    config: { connector: 'app', command, parameters, ...(id === 'group' ? { outputVariable: 'group' } : {}) },
    transitions: [{ on: 'success', goto: next }],
  });
  return {
    name: 'Provision a team into the application',
    description: 'scim-out benchmark',
    project: null,
    workflowSet: null,
    category: 'general',
    subjectVariable: null,
    trigger: { types: ['manual'] },
    variables: [
      { name: TEAM_VARIABLE, type: 'string', required: true },
      { name: 'member', type: 'string', required: false },
    ],
    steps: [
      { id: 'start', name: 'start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'group' }] },
      connectorStep('group', 'createGroup', { displayName: `{{${TEAM_VARIABLE}}}` }, 'account'),
      connectorStep('account', 'createUser', { userId: '{{member}}' }, 'members'),
      connectorStep('members', 'addToGroup', { group: '{{group.id}}', user: '{{member}}' }, 'end'),
      { id: 'end', name: 'end', type: 'end', config: {}, transitions: [] },
    ],
    onError: 'stop',
    debugLogging: false,
  };
}

/** The Flowgate users of the plan, `users` of them, spread over `groups` teams. */
async function seedUsers(db: Database, size: ScimOutSize): Promise<string[]> {
  const rows = Array.from({ length: size.users }, (_, index) => {
    const email = `person${index + 1}@bench.example`;
    return {
      email,
      activeEmail: email,
      displayName: `Person ${index + 1} Bench`,
      department: `team-${index % size.groups}`,
      employeeId: `E${100_000 + index}`,
      title: 'Engineer',
    };
  });
  for (let start = 0; start < rows.length; start += 1_000)
    await db.user.createMany({ data: rows.slice(start, start + 1_000) });
  const users = await db.user.findMany({
    where: { email: { endsWith: '@bench.example' } },
    select: { id: true, email: true },
  });
  const byEmail = new Map(users.map((user) => [user.email!, user.id]));
  return rows.map((row) => byEmail.get(row.email)!);
}

/** The same users as the connector's default mapping writes them, for the yardstick. */
async function planOf(db: Database, userIds: string[], size: ScimOutSize): Promise<ProvisioningPlan> {
  const accounts = connectorAccounts(db, '00000000-0000-0000-0000-000000000000');
  const mapping = effectiveMapping(undefined);
  const users = [];
  for (const userId of userIds)
    users.push(userDocument(await mapUser((await accounts.account(userId))!.profile, mapping, async () => undefined)));
  return { users, groups: teams(size), maxMembersPerPatch: size.maxMembersPerPatch };
}

/** Team `g` holds the users whose index is g modulo the number of teams. */
function teams(size: ScimOutSize): ProvisioningPlan['groups'] {
  return Array.from({ length: size.groups }, (_, group) => ({
    displayName: `team-${group}`,
    members: Array.from({ length: Math.ceil((size.users - group) / size.groups) }, (_, k) => group + k * size.groups),
  }));
}

/**
 * Counts the statements this process sends to PostgreSQL from now until `stop` (every query of
 * Prisma's pg adapter goes through pg.Client#query): what each connector step costs the database.
 */
function countStatements() {
  const original = pg.Client.prototype.query;
  let count = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    count += 1;
    return (original as (...args: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return {
    stop() {
      pg.Client.prototype.query = original;
      return count;
    },
  };
}

/** A fresh scim2-server whose requests are counted from its log. */
async function countedServer() {
  const requests = scimRequestLog();
  const server = await startScim2Server({ log: requests.log });
  return { server, requests };
}

/** Waits until the server's log has stopped growing: its lines trail the answers a little. */
async function settled(requests: ScimRequestLog): Promise<Record<string, number>> {
  let last = -1;
  while (requests.total() !== last) {
    last = requests.total();
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return requests.counts();
}

/** What the server holds at the end, read with plain HTTP: users, groups and members. */
async function serverState(server: ScimServer) {
  const get = async (path: string) => {
    const response = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${server.token}` } });
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`);
    return (await response.json()) as { totalResults: number; Resources?: Array<{ members?: unknown[] }> };
  };
  const users = (await get('/Users?count=1')).totalResults;
  const groups = await get('/Groups?count=1000');
  return {
    users,
    groups: groups.totalResults,
    memberships: (groups.Resources ?? []).reduce((sum, group) => sum + (group.members?.length ?? 0), 0),
  };
}

async function yardstick(plan: ProvisioningPlan, size: ScimOutSize) {
  const { server, requests } = await countedServer();
  try {
    const times = await provisionWithBareClient(server, plan, size.concurrency);
    return { times, requests: await settled(requests), state: await serverState(server) };
  } finally {
    await server.stop();
  }
}

/** The service's side: the activity of each connector step, on a connector saved through the API. */
async function throughFlowgate(
  stack: BenchStack,
  size: ScimOutSize,
  log: (line: string) => void,
  beforeProvisioning: (plan: ProvisioningPlan) => Promise<void>,
) {
  const databaseUrl = await stack.database(`bench_scim_out_${size.users}`);
  const env = await benchEnvironment(stack, databaseUrl, {
    TEMPORAL_TASK_QUEUE: 'bench-scim-out',
    CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32',
  });
  const config = loadConfig(env);
  const api = await startApiServer(config, createLogger('error'));
  // As the worker makes them (workers/main.ts): its pool, its connector runtime.
  const db = createDatabase(databaseUrl, {
    ...config.databasePool,
    queryTimeoutMs: config.databasePool.workerQueryTimeoutMs,
  });
  const connectors = await createConnectorRuntime(config);
  let counted: Awaited<ReturnType<typeof countedServer>> | undefined;
  try {
    const admin = await createAdminToken(db, 'bench@localhost', 'bench');
    log(`seeding ${size.users} Flowgate users`);
    const userIds = await seedUsers(db, size);
    const plan = await planOf(db, userIds, size);
    await beforeProvisioning(plan);

    counted = await countedServer();
    const { server, requests } = counted;
    const call = apiCaller(`${api.url}/api`, admin.token);
    await call('POST', '/connectors', {
      name: 'app',
      type: 'scim',
      config: {
        baseUrl: server.baseUrl,
        authentication: 'bearer',
        capabilities: { maxMembersPerPatch: size.maxMembersPerPatch },
      },
      secrets: { bearerToken: server.token },
    });
    const draft = await call('POST', '/workflows', teamWorkflow());
    await call('POST', `/workflows/${draft.id}/publish`, {});
    const workflow = toWorkflowView(await loadWorkflow(db, draft.id));

    // One run per team, recorded as a start through the API records it.
    const groups = plan.groups;
    const runs: Array<{ id: string; variables: Record<string, unknown> }> = [];
    for (const group of groups) {
      const { row } = await recordNewRun(
        db,
        workflow,
        { [TEAM_VARIABLE]: group.displayName },
        {
          actor: { type: 'user', userId: admin.userId },
          trigger: 'manual',
        },
      );
      runs.push({ id: row.id, variables: { [TEAM_VARIABLE]: group.displayName, member: null } });
    }
    const activities = createActivities({ db, connectors, logger: createLogger('error') });
    // Each call carries its step's start, as the run interpreter sends it with the step's work
    // (src/activities/step-work.ts), and runs in an activity context of the Temporal SDK's own.
    const step = async (
      run: (typeof runs)[number],
      sequence: number,
      stepId: string,
      command: string,
      parameters: Record<string, unknown>,
    ) => {
      const key = { runId: run.id, sequence, attempt: 1 };
      const result: StepResult = await new MockActivityEnvironment().run(activities.runConnectorStep, {
        ...key,
        stepId,
        connector: 'app',
        command,
        parameters,
        variables: run.variables,
        projection: [
          {
            kind: 'startStep' as const,
            ...key,
            stepId,
            stepName: stepId,
            stepType: 'connector',
            status: 'running' as const,
            input: parameters,
          },
        ],
      });
      if (!result.success) throw new Error(`${command} failed: ${JSON.stringify(result)}`);
      return result.data ?? {};
    };
    const groupIds: string[] = [];
    const statements = countStatements();
    const started = performance.now();
    const groupsMs = await timed(() =>
      inParallel(groups, size.concurrency, async (group, index) => {
        groupIds[index] = String(
          (await step(runs[index]!, 1, 'group', 'createGroup', { displayName: group.displayName })).id,
        );
      }),
    );
    const accounts = groups.flatMap((group, index) =>
      group.members.map((member, k) => ({ run: runs[index]!, member, sequence: 2 + k })),
    );
    const usersMs = await timed(() =>
      inParallel(accounts, size.concurrency, async ({ run, member, sequence }) => {
        await step(run, sequence, 'account', 'createUser', { userId: userIds[member] });
      }),
    );
    const membersMs = await timed(() =>
      inParallel(groups, size.concurrency, async (group, index) => {
        await step(runs[index]!, 2 + group.members.length, 'members', 'addToGroup', {
          group: groupIds[index],
          user: group.members.map((member) => userIds[member]),
        });
      }),
    );
    const times: PhaseTimes = { groupsMs, usersMs, membersMs, totalMs: Math.round(performance.now() - started) };
    const steps = groups.length * 2 + accounts.length;
    const statementsPerStep = Number((statements.stop() / steps).toFixed(1));
    const links = await db.connectorAccountLink.count();
    return {
      plan,
      times,
      statementsPerStep,
      requests: await settled(requests),
      state: { ...(await serverState(server)), links },
    };
  } finally {
    await counted?.server.stop();
    await connectors.close();
    await db.$disconnect();
    await api.close();
  }
}

/** The fewest requests: a POST per user and per group, and a PATCH per chunk of members. */
function minimum(plan: ProvisioningPlan) {
  const patches = plan.groups.reduce(
    (sum, group) => sum + Math.ceil(group.members.length / plan.maxMembersPerPatch),
    0,
  );
  return { 'POST /Users': plan.users.length, 'POST /Groups': plan.groups.length, 'PATCH /Groups/{id}': patches };
}

/**
 * The reads the service adds, and why each is needed: the ServiceProviderConfig once per worker
 * (the capabilities it acts on), and createGroup's look-up of the name before creating (servers do
 * not hold group names unique, so a retried step would otherwise create a second group).
 */
function justifiedReads(plan: ProvisioningPlan) {
  return {
    'GET /ServiceProviderConfig': 1,
    'GET /Groups?count&excludedAttributes&filter&startIndex': plan.groups.length,
  };
}

const perSecond = (requests: number, ms: number) => Math.round(requests / (ms / 1000));
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((total, count) => total + count, 0);

export async function benchScimOut(log: (line: string) => void = () => undefined, size: ScimOutSize = FULL_SIZE) {
  return withBenchStack(log, async (stack) => {
    let before: Awaited<ReturnType<typeof yardstick>> | undefined;
    const service = await throughFlowgate(stack, size, log, async (plan) => {
      log(
        `yardstick before: bare node:http client (${size.users} users, ${size.groups} groups, concurrency ${size.concurrency})`,
      );
      before = await yardstick(plan, size);
      log(`through Flowgate: the runConnectorStep activity at concurrency ${size.concurrency}`);
    });
    const { plan } = service;
    log('yardstick after: bare node:http client');
    const after = await yardstick(plan, size);
    const least = minimum(plan);
    const expected = { ...least, ...justifiedReads(plan) };
    const yardstickMs = Math.round((before!.times.totalMs + after.times.totalMs) / 2);
    const requestsMatch = (counts: Record<string, number>, wanted: Record<string, number>) =>
      JSON.stringify(Object.entries(counts).sort()) === JSON.stringify(Object.entries(wanted).sort());
    const wantedState = { users: plan.users.length, groups: plan.groups.length, memberships: plan.users.length };
    return {
      benchmark: 'scim-out: users and groups with members provisioned into a local scim2-server',
      size,
      minimumRequests: sum(least),
      service: {
        ...service.times,
        postgresStatementsPerStep: service.statementsPerStep,
        requests: service.requests,
        totalRequests: sum(service.requests),
        requestsAsExpected: requestsMatch(service.requests, expected),
        requestsPerSecond: perSecond(sum(service.requests), service.times.totalMs),
        state: service.state,
        stateRight:
          service.state.users === wantedState.users &&
          service.state.groups === wantedState.groups &&
          service.state.memberships === wantedState.memberships &&
          service.state.links === plan.users.length,
      },
      yardstick: [before!, after].map((round) => ({
        ...round.times,
        requests: round.requests,
        totalRequests: sum(round.requests),
        requestsAsExpected: requestsMatch(round.requests, least),
        requestsPerSecond: perSecond(sum(round.requests), round.times.totalMs),
        state: round.state,
      })),
      yardstickMs,
      ratioToYardstick: Number((yardstickMs / service.times.totalMs).toFixed(2)),
    };
  });
}
