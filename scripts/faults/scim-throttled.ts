import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/client.js';
import { startScim2Server, type RunningScim2Server } from '../local/scim2-server.js';
import {
  LONG_THROTTLE_FACTOR,
  startThrottlingProxy,
  type ForwardedRequest,
  type ThrottlingProxy,
} from './throttling-scim-proxy.js';

/**
 * Issue 45: people provisioned into a SCIM application that throttles (429 with `Retry-After`)
 * and fails now and then (503), through runs of a published workflow (createUser, a short delay,
 * addToGroup), some of them cancelled midway. The target is scim2-server behind a throttling
 * proxy (scripts/faults/throttling-scim-proxy.ts); the end state is read from scim2-server with
 * plain HTTP. The promises checked: every run ends as completed or as cancelled; each completed
 * run's account is right, linked and in its group; a cancelled run's account is in its group only
 * if its PATCH got through; no account exists twice; and no request of a cancelled run reaches the
 * server later than `CANCEL_NOTICE_MS` after its cancel (work scheduled before it may still be
 * under way until the worker hears of it).
 */

export interface ScimThrottledDeps {
  /** The service's API as an administrator: method, path below the host, JSON body. */
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  db: Database;
  log: (line: string) => void;
}

export interface ScimThrottledOptions {
  people: number;
  /** How many of the runs are cancelled, each at a random moment of its first seconds. */
  cancelled: number;
  groups: number;
  throttledShare: number;
  unavailableShare: number;
  retryAfterSeconds: number;
}

export interface ScimThrottledOutcome {
  notes: string[];
  /** Broken promises, each a sentence. */
  problems: string[];
}

/**
 * How long after its cancel a cancelled run's call may still reach the server: a worker learns of
 * the cancel on the activity's next heartbeat (every 3 s, sent unthrottled), then stops the call,
 * a Retry-After wait included; a request already sent completes.
 */
export const CANCEL_NOTICE_MS = 5_000;
const RUNS_CLOSE_WITHIN_MS = 5 * 60_000;
const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function provisioningWorkflow(connector: string) {
  const step = (id: string, command: string, parameters: Record<string, unknown>, next: string) => ({
    id,
    name: id,
    type: 'connector',
    config: { connector, command, parameters },
    transitions: [{ on: 'success', goto: next }],
  });
  return {
    name: `Provision into a throttling application ${randomUUID().slice(0, 8)}`,
    description: 'The fault suite: provisioning through a throttling SCIM target',
    project: null,
    workflowSet: null,
    category: 'general',
    subjectVariable: null,
    trigger: { types: ['manual'] },
    variables: [
      { name: 'person', type: 'string', required: true },
      { name: 'group', type: 'string', required: true },
    ],
    steps: [
      { id: 'start', name: 'start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'account' }] },
      step('account', 'createUser', { userId: '{{person}}' }, 'pause'),
      {
        id: 'pause',
        name: 'pause',
        type: 'delay',
        config: { duration: '2s' },
        transitions: [{ on: 'success', goto: 'join' }],
      },
      step('join', 'addToGroup', { group: '{{group}}', user: '{{person}}' }, 'end'),
      { id: 'end', name: 'end', type: 'end', config: {}, transitions: [] },
    ],
    // A step that failed after the client's own retries (the command's time ran out) is tried again.
    onError: 'retry',
    debugLogging: false,
  };
}

export async function scimThrottledProvisioning(
  deps: ScimThrottledDeps,
  options: ScimThrottledOptions,
): Promise<ScimThrottledOutcome> {
  const server = await startScim2Server();
  // Half the runs to be cancelled are throttled for long: their cancel always lands while the
  // connector waits out a Retry-After, which it must then stop doing.
  const throttledForLong = new Set<string>();
  const proxy = await startThrottlingProxy({
    upstreamPort: server.port,
    throttledShare: options.throttledShare,
    unavailableShare: options.unavailableShare,
    retryAfterSeconds: options.retryAfterSeconds,
    throttledForLong: (request) => request.externalId !== undefined && throttledForLong.has(request.externalId),
  });
  try {
    return await provisionAndVerify(deps, options, server, proxy, throttledForLong);
  } finally {
    await proxy.close();
    await server.stop();
  }
}

/** A plain HTTP GET against scim2-server itself, not through the proxy or the connector. */
async function scimGet(server: RunningScim2Server, path: string): Promise<any> {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${server.token}` } });
  if (response.status !== 200) throw new Error(`GET ${path} from scim2-server: ${response.status}`);
  return response.json();
}

async function allResources(server: RunningScim2Server, type: 'Users' | 'Groups'): Promise<any[]> {
  const found: any[] = [];
  for (let startIndex = 1; ;) {
    const page = await scimGet(server, `/${type}?startIndex=${startIndex}&count=500`);
    const resources = page.Resources ?? [];
    found.push(...resources);
    startIndex += resources.length;
    if (resources.length === 0 || startIndex > page.totalResults) return found;
  }
}

interface TrackedRun {
  runId: string;
  person: { id: string; email: string };
  group: string;
  startedAt: number;
  /** When the API acknowledged its cancel; absent for runs left to complete. */
  cancelledAt?: number;
}

async function provisionAndVerify(
  deps: ScimThrottledDeps,
  options: ScimThrottledOptions,
  server: RunningScim2Server,
  proxy: ThrottlingProxy,
  throttledForLong: Set<string>,
): Promise<ScimThrottledOutcome> {
  const { call, db, log } = deps;
  const notes: string[] = [];
  const problems: string[] = [];
  const expect = (holds: boolean, problem: string) => {
    if (!holds) problems.push(problem);
  };
  const marker = randomUUID().slice(0, 8);
  const connector = `scim-throttled-${marker}`;
  const created = await call('POST', '/api/connectors', {
    name: connector,
    type: 'scim',
    config: { baseUrl: proxy.baseUrl, authentication: 'bearer' },
    secrets: { bearerToken: server.token },
  });
  if (created.status !== 201)
    throw new Error(`creating the scim connector: ${created.status} ${JSON.stringify(created.body)}`);
  const connectorId = created.body.id as string;
  const draft = await call('POST', '/api/workflows', provisioningWorkflow(connector));
  if (draft.status !== 201) throw new Error(`creating the workflow: ${draft.status} ${JSON.stringify(draft.body)}`);
  const published = await call('POST', `/api/workflows/${draft.body.id}/publish`, {});
  if (published.status !== 200) throw new Error(`publishing: ${published.status} ${JSON.stringify(published.body)}`);

  // The groups exist in the application beforehand, as an application's groups usually do.
  const groups: string[] = [];
  for (let index = 0; index < options.groups; index += 1) {
    const response = await fetch(`${server.baseUrl}/Groups`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/scim+json' },
      body: JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: `team-${index}` }),
    });
    groups.push(((await response.json()) as { id: string }).id);
  }

  const runs: TrackedRun[] = [];
  const cancels: Array<Promise<void>> = [];
  for (let index = 0; index < options.people; index += 1) {
    const email = `throttled-${marker}-${index}@example.test`;
    const person = await db.user.create({
      data: { email, activeEmail: email, displayName: `Throttled Person${index}`, department: 'Provisioning' },
    });
    const group = groups[index % groups.length]!;
    const cancelling =
      index % Math.max(1, Math.floor(options.people / options.cancelled)) === 0 && cancels.length < options.cancelled;
    if (cancelling && cancels.length % 2 === 0) throttledForLong.add(person.id);
    const started = await call('POST', `/api/workflows/${draft.body.id}/start`, {
      variables: { person: person.id, group },
    });
    if (started.status !== 201) throw new Error(`starting a run: ${started.status} ${JSON.stringify(started.body)}`);
    const run: TrackedRun = { runId: started.body.id, person: { id: person.id, email }, group, startedAt: Date.now() };
    runs.push(run);
    // Every few runs one is cancelled, at a moment of its first seconds: in its first call, its
    // delay or its second call.
    if (cancelling)
      cancels.push(
        (async () => {
          await pause(200 + Math.random() * 2_000);
          const answer = await call('POST', `/api/runs/${run.runId}/cancel`, {});
          if (answer.status === 200) run.cancelledAt = Date.now();
          else if (answer.status !== 409) problems.push(`cancelling run ${run.runId}: ${answer.status}`);
        })(),
      );
  }
  await Promise.all(cancels);
  log(`scim-throttled: ${runs.length} runs started, ${runs.filter((run) => run.cancelledAt).length} cancelled midway`);

  const runIds = runs.map((run) => run.runId);
  const deadline = Date.now() + RUNS_CLOSE_WITHIN_MS;
  let closed: Array<{ id: string; status: string }> = [];
  while (Date.now() < deadline) {
    closed = await db.workflowRun.findMany({ where: { id: { in: runIds } }, select: { id: true, status: true } });
    if (closed.every((run) => ['completed', 'failed', 'cancelled'].includes(run.status))) break;
    await pause(1_000);
  }
  // A cancelled run's call that went on would show after the run closed: the proxy is watched
  // until a call waiting out a long Retry-After at the last cancel would have been sent again past
  // the notice limit, and until it has been quiet for two seconds.
  const lastCancel = Math.max(0, ...runs.map((run) => run.cancelledAt ?? 0));
  const watchUntil = lastCancel + CANCEL_NOTICE_MS + options.retryAfterSeconds * LONG_THROTTLE_FACTOR * 1000 + 1_000;
  while (Date.now() < watchUntil || Date.now() - (proxy.requests.at(-1)?.at ?? 0) < 2_000) await pause(250);
  const statusOf = new Map(closed.map((run) => [run.id, run.status]));

  const users = await allResources(server, 'Users');
  const groupsHeld = await allResources(server, 'Groups');
  const membersOf = new Map(
    groupsHeld.map((group) => [
      group.id as string,
      new Set((group.members ?? []).map((member: any) => member.value as string)),
    ]),
  );
  const countBy = (key: (user: any) => string | undefined) => {
    const counts = new Map<string, number>();
    for (const user of users) {
      const value = key(user);
      if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    return counts;
  };
  const byExternalId = countBy((user) => user.externalId);
  const byUserName = countBy((user) => user.userName?.toLowerCase());
  const twice = [...byExternalId, ...byUserName].filter(([, count]) => count > 1);
  expect(twice.length === 0, `accounts exist more than once: ${JSON.stringify(twice.slice(0, 5))}`);

  const links = await db.connectorAccountLink.findMany({ where: { connectorId } });
  const linkOf = new Map(links.map((link) => [link.userId, link.remoteId]));
  let completed = 0;
  let cancelled = 0;
  let lateInFlight = 0;
  let latestLagMs = 0;
  for (const run of runs) {
    const status = statusOf.get(run.runId);
    const account = users.find((user) => user.externalId === run.person.id);
    const member = account !== undefined && membersOf.get(run.group)?.has(account.id) === true;
    if (run.cancelledAt === undefined) {
      completed += status === 'completed' ? 1 : 0;
      expect(status === 'completed', `run ${run.runId} ended as ${status}, not completed`);
      expect(
        account?.userName === run.person.email && account?.active === true && account?.schemas?.includes(USER_SCHEMA),
        `run ${run.runId}: the account of ${run.person.email} is missing or wrong: ${JSON.stringify(account)}`,
      );
      expect(
        account !== undefined && linkOf.get(run.person.id) === account.id,
        `run ${run.runId}: the account link is missing or wrong`,
      );
      expect(member, `run ${run.runId}: ${run.person.email} is not in its group`);
      continue;
    }
    cancelled += status === 'cancelled' ? 1 : 0;
    expect(status === 'cancelled', `run ${run.runId} was cancelled but ended as ${status}`);
    // Its requests: its account's creation and look-ups, and the PATCH naming its account.
    const mine = (request: ForwardedRequest) =>
      request.externalId === run.person.id || (account !== undefined && request.members?.includes(account.id) === true);
    const joined = proxy.requests.some((request) => mine(request) && request.method === 'PATCH' && !request.injected);
    expect(
      member === joined,
      `cancelled run ${run.runId}: in its group ${member}, though its PATCH ${joined ? 'was' : 'was never'} forwarded`,
    );
    for (const request of proxy.requests.filter((request) => mine(request) && request.at > run.cancelledAt!)) {
      const lag = request.at - run.cancelledAt;
      latestLagMs = Math.max(latestLagMs, lag);
      if (lag > CANCEL_NOTICE_MS)
        problems.push(`cancelled run ${run.runId} sent ${request.method} ${request.path} ${lag} ms after its cancel`);
      else lateInFlight += 1;
    }
  }
  const forwarded = proxy.requests.filter((request) => !request.injected).length;
  notes.push(
    `scim-throttled: ${runs.length} runs (${completed} completed, ${cancelled} cancelled midway); the proxy got ${proxy.requests.length} requests, ` +
      `answered ${proxy.injected[429]} with 429 (Retry-After ${options.retryAfterSeconds} s, ${options.retryAfterSeconds * LONG_THROTTLE_FACTOR} s for the ${throttledForLong.size} people throttled for long) and ${proxy.injected[503]} with 503, forwarded ${forwarded}`,
    `scim-throttled: scim2-server holds ${users.length} accounts (none twice by externalId or userName) and ${[...membersOf.values()].reduce((sum, set) => sum + set.size, 0)} memberships; ` +
      `${lateInFlight} requests of cancelled runs arrived after their cancel, within the notice a worker needs (latest ${latestLagMs} ms after, limit ${CANCEL_NOTICE_MS} ms)`,
  );
  for (const note of notes) log(note);
  return { notes, problems };
}
