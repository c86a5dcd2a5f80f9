import { Client, Connection } from '@temporalio/client';
import { createDatabase, type Database } from '../src/db/client.js';
import { createAdminToken } from '../src/services/bootstrap-admin.js';
import { ApiClient, API_HANG_LIMIT_MS, type FaultFigures } from './faults/api-client.js';
import { startCountingRemote, type CountingRemote } from './faults/counting-remote.js';
import { startFaultStack, type FaultStack } from './faults/stack.js';
import { startToxiproxy, type Proxy, type Toxic, type Toxiproxy } from './faults/toxiproxy.js';
import { countFailure, verifyRuns, waitForRuns, type RunFigures } from './faults/verify-runs.js';
import { slapdKilledMidPass } from './faults/ldap-sync-pass.js';
import { scimThrottledProvisioning } from './faults/scim-throttled.js';
import { accessReviewRemovals } from './faults/access-review-removals.js';
import { syslogDownWhileAuditing } from './faults/audit-stream.js';
import { createWorkload, type Workload } from './faults/workload.js';
import { parseCommandLine, usageError } from './lib/command-line.js';

// npm run faults [-- scenario ...] — the fault suite (docs/operations.md): a stack of its own,
// two API processes and two workers, a workload of runs, and faults injected while it runs.
// Prints the figures of each scenario and exits non-zero when a promise was broken.

const log = (line: string) => process.stdout.write(`[faults] ${line}\n`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const random = (min: number, max: number) => min + Math.random() * (max - min);

interface Suite {
  stack: FaultStack;
  remote: CountingRemote;
  /** The remote's URL as the connector sees it: through toxiproxy when the network scenarios run. */
  remoteUrl: string;
  /** The proxies between the service and the remote and PostgreSQL, for the network scenarios. */
  network?: { toxiproxy: Toxiproxy; remote: Proxy; database: Proxy };
  db: Database;
  temporal: Client;
  api: ApiClient;
  approverId: string;
}

interface ScenarioResult {
  name: string;
  runs: RunFigures;
  api: FaultFigures;
  /** Time from the last fault's end until every run had closed. */
  recoveryMs: number;
  notes: string[];
  /** Promises broken besides the runs' and the API's (the slapd scenario's sync pass). */
  problems?: string[];
}

type Scenario = (suite: Suite) => Promise<ScenarioResult>;

const RUNS_PER_SCENARIO = Number(process.env.FAULTS_RUNS ?? 100);
const RUNS_CLOSE_WITHIN_MS = 5 * 60_000;
/** The service's connector timeout in the suite's stack: short, so calls beyond it fail quickly. */
const CONNECTOR_TIMEOUT_MS = 5_000;

interface LoadOptions {
  /** Starts the runs over this long instead of as fast as the API takes them. */
  spreadStartsOverMs?: number;
  /** Retries the runs that failed once the faults are over, as an operator would (network scenarios). */
  retryFailedRuns?: boolean;
  /** Callers of the steady read load (1 by default); more than the pools hold, to exhaust them. */
  readers?: number;
}

/** Starts the workload's runs, lets `inject` do its faults while approvals are decided, and verifies. */
async function underLoad(
  suite: Suite,
  name: string,
  inject: (workload: Workload) => Promise<string[]>,
  options: LoadOptions = {},
): Promise<ScenarioResult> {
  suite.api.during(name);
  const workload = await createWorkload(suite.api, suite.remoteUrl, suite.approverId);
  const decider = workload.decideContinuously();
  const reader = steadyReads(suite.api, options.readers ?? 1);
  const [notes] = await Promise.all([inject(workload), workload.start(RUNS_PER_SCENARIO, options.spreadStartsOverMs)]);
  await reader.stop();
  const faultsOver = Date.now();
  const runIds = [...workload.runs.keys()];
  log(`${name}: ${runIds.length} runs started, faults over; waiting for every run to close`);
  await waitForRuns(suite.db, runIds, RUNS_CLOSE_WITHIN_MS, log);
  if (options.retryFailedRuns) {
    const retried = await workload.retryFailed();
    notes.push(
      `${retried.length} runs failed at a connector step after their 3 attempts and were retried through the API`,
    );
    log(notes.at(-1)!);
    if (retried.length) await waitForRuns(suite.db, runIds, RUNS_CLOSE_WITHIN_MS, log);
  }
  const recoveryMs = Date.now() - faultsOver;
  await decider.stop();
  return {
    name,
    runs: await verifyRuns(suite.db, suite.temporal, suite.remote, workload.runs),
    api: suite.api.figuresOf(name),
    recoveryMs,
    notes,
  };
}

/**
 * Steady API load besides the workload's own calls: `readers` callers, each reading a list of
 * runs and a run's detail every 100 ms.
 */
function steadyReads(api: ApiClient, readers: number) {
  let stopped = false;
  const reader = async () => {
    while (!stopped) {
      const page = await api.request('GET', '/api/runs?pageSize=5');
      const first = page.status === 200 ? (page.body.data as Array<{ id: string }>)[0] : undefined;
      if (first) await api.request('GET', `/api/runs/${first.id}`);
      await pause(100);
    }
  };
  const loops = Array.from({ length: readers }, reader);
  return {
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Takes a dependency down for `outageMs` at a random moment, and reports when the API answered again. */
async function outage(
  suite: Suite,
  what: string,
  stop: () => Promise<void>,
  start: () => Promise<void>,
  outageMs = 10_000,
): Promise<string[]> {
  await pause(random(4_000, 8_000));
  const down = Date.now();
  await stop();
  log(`${what} stopped`);
  await pause(outageMs);
  await start();
  const up = Date.now();
  log(`${what} started again after ${up - down} ms`);
  while ((await suite.api.request('GET', '/api/health')).status !== 200) await pause(100);
  const answered = Date.now();
  return [`${what} down for ${up - down} ms; API healthy again ${answered - up} ms after the restart`];
}

/** Item 2: `pg_ctl stop -m immediate`, then start, while runs execute and the API is under load. */
const postgresRestarted: Scenario = (suite) =>
  underLoad(suite, 'postgres restarted', () =>
    outage(suite, 'PostgreSQL', suite.stack.stopPostgres, suite.stack.startPostgres),
  );

/** Item 3: the Temporal dev server stopped and started again on the same SQLite file. */
const temporalRestarted: Scenario = (suite) =>
  underLoad(suite, 'temporal restarted', () =>
    outage(suite, 'Temporal', suite.stack.stopTemporal, suite.stack.startTemporal),
  );

/** SIGKILLs one of the stack's live workers, picked at random, and starts a fresh one. */
async function killRandomWorker(suite: Suite): Promise<string> {
  const alive = suite.stack.workers.filter(
    (worker) => worker.child.exitCode === null && worker.child.signalCode === null,
  );
  const victim = alive[Math.floor(Math.random() * alive.length)]!;
  victim.child.kill('SIGKILL');
  await victim.exited;
  const replacement = await suite.stack.startWorker();
  return `${victim.name} SIGKILLed, ${replacement.name} started`;
}

/** Item 1: SIGKILL a worker three times at random moments, starting a fresh one each time. */
const workerKilled: Scenario = (suite) =>
  underLoad(suite, 'worker killed', async () => {
    const notes: string[] = [];
    for (let kill = 1; kill <= 3; kill += 1) {
      await pause(random(3_000, 12_000));
      notes.push(`kill ${kill}: ${await killRandomWorker(suite)}`);
      log(notes.at(-1)!);
    }
    return notes;
  });

/** One toxic on one of the proxies, for one phase of a network scenario. */
interface NetworkFault {
  what: string;
  proxy: 'remote' | 'database';
  toxic: Toxic;
  /** How long it lasts; `PHASE_MS` by default. */
  forMs?: number;
}

const PHASE_MS = 10_000;
const GAP_MS = 5_000;

/** Applies each fault for its time, with `GAP_MS` of a clean network before each one. */
async function toxicPhases(suite: Suite, name: string, faults: NetworkFault[]): Promise<string[]> {
  const network = suite.network!;
  const figures = suite.api.figuresOf(name);
  const notes: string[] = [];
  const windows: Array<{ from: Date; to: Date }> = [];
  for (const [index, fault] of faults.entries()) {
    await pause(GAP_MS);
    const before = { requests: figures.requests, byStatus: { ...figures.byStatus } };
    const since = (status: string) => (figures.byStatus[status] ?? 0) - (before.byStatus[status] ?? 0);
    const toxic = await network.toxiproxy.addToxic(network[fault.proxy], `fault${index}`, fault.toxic);
    const from = new Date();
    log(`${fault.what}: on`);
    await pause(fault.forMs ?? PHASE_MS);
    await toxic.remove();
    windows.push({ from, to: new Date() });
    log(`${fault.what}: off`);
    notes.push(
      `${fault.what} for ${(fault.forMs ?? PHASE_MS) / 1000} s: ${figures.requests - before.requests} API requests, ` +
        `${since('503')} answered 503, ${since('hang')} hung`,
    );
  }
  const clean = Date.now();
  while ((await suite.api.request('GET', '/api/health')).status !== 200) await pause(100);
  const healthy = `API healthy again ${Date.now() - clean} ms after the last toxic was removed`;
  // The calls started in the last phase have ended (or timed out) by now.
  await pause(CONNECTOR_TIMEOUT_MS + 2_000);
  for (const [index, window] of windows.entries()) notes[index] += `; ${await connectorCallsBetween(suite.db, window)}`;
  return [...notes, healthy];
}

/** How the connector calls started in a window ended: attempts, and the failed ones by result code. */
async function connectorCallsBetween(db: Database, window: { from: Date; to: Date }): Promise<string> {
  const attempts = await db.runStep.findMany({
    where: { stepType: 'connector', startedAt: { gte: window.from, lt: window.to } },
    select: { status: true, error: true },
  });
  const failed: Record<string, number> = {};
  for (const attempt of attempts) if (attempt.status === 'failed') countFailure(failed, attempt.error);
  return `${attempts.length} connector calls started, failed ${JSON.stringify(failed)}`;
}

/** Runs `faults` one after the other while the runs start, spread over the same time. */
const networkScenario =
  (name: string, faults: NetworkFault[], readers = 1): Scenario =>
  (suite) =>
    underLoad(suite, name, () => toxicPhases(suite, name, faults), {
      spreadStartsOverMs: faults.reduce((total, fault) => total + GAP_MS + (fault.forMs ?? PHASE_MS), 0),
      retryFailedRuns: true,
      readers,
    });

/** Item 4: the network between the service (its workers' connector calls) and the remote. */
const remoteSlowAndBroken = networkScenario('remote slow and broken', [
  {
    what: 'remote: 1 s latency each way (below the connector timeout)',
    proxy: 'remote',
    toxic: { type: 'latency', attributes: { latency: 1_000 } },
  },
  {
    what: 'remote: 3 s latency each way (beyond the connector timeout)',
    proxy: 'remote',
    toxic: { type: 'latency', attributes: { latency: 3_000 } },
  },
  { what: 'remote: bandwidth 1 KB/s', proxy: 'remote', toxic: { type: 'bandwidth', attributes: { rate: 1 } } },
  { what: 'remote: connections reset', proxy: 'remote', toxic: { type: 'reset_peer', attributes: { timeout: 0 } } },
  {
    what: 'remote: data dropped, connections held open',
    proxy: 'remote',
    toxic: { type: 'timeout', attributes: { timeout: 0 } },
    // Longer than the activity heartbeat timeout (15 s): every call must end by the connector timeout.
    forMs: 30_000,
  },
]);

/**
 * Item 4: the network between the service (API processes and workers) and PostgreSQL, with 30
 * callers reading besides the workload's own.
 */
const databaseSlowAndBroken = networkScenario(
  'database slow and broken',
  [
    {
      what: 'database: 50 ms latency each way',
      proxy: 'database',
      toxic: { type: 'latency', attributes: { latency: 50 } },
    },
    {
      what: 'database: 250 ms latency each way',
      proxy: 'database',
      toxic: { type: 'latency', attributes: { latency: 250 } },
    },
    { what: 'database: bandwidth 16 KB/s', proxy: 'database', toxic: { type: 'bandwidth', attributes: { rate: 16 } } },
    {
      what: 'database: connections reset',
      proxy: 'database',
      toxic: { type: 'reset_peer', attributes: { timeout: 0 } },
    },
    {
      what: 'database: data dropped, connections held open',
      proxy: 'database',
      toxic: { type: 'timeout', attributes: { timeout: 0 } },
      // Longer than the API's hang limit, so a request stuck on a dead connection shows as a hang.
      forMs: 30_000,
    },
  ],
  // Callers enough to take the two API processes' pools (10 connections each) once queries slow down.
  30,
);

/** Users in the directory of the slapd scenario: six stored pages of 5,000, a pass of a few seconds. */
const SLAPD_USERS = Number(process.env.FAULTS_LDAP_USERS ?? 30_000);

/**
 * Issue 44: slapd SIGKILLed in the middle of a full pass of an ldap connector, then started again
 * (scripts/faults/ldap-sync-pass.ts), while the workload's runs go on.
 */
const slapdKilled: Scenario = async (suite) => {
  const problems: string[] = [];
  const result = await underLoad(suite, 'slapd killed', async () => {
    const outcome = await slapdKilledMidPass(
      { api: suite.api, db: suite.db, temporal: suite.temporal, taskQueue: suite.stack.taskQueue, log },
      SLAPD_USERS,
    );
    problems.push(...outcome.problems);
    return outcome.notes;
  });
  return { ...result, problems };
};

/** People provisioned by scim-throttled, and how many of their runs are cancelled midway. */
const SCIM_PEOPLE = Number(process.env.FAULTS_SCIM_PEOPLE ?? 60);

/**
 * Issue 45: people provisioned through runs into scim2-server behind a proxy answering 429 with
 * Retry-After and 503 now and then, a fifth of the runs cancelled midway
 * (scripts/faults/scim-throttled.ts), while the workload's runs go on.
 */
const scimThrottled: Scenario = async (suite) => {
  const problems: string[] = [];
  const result = await underLoad(suite, 'scim throttled', async () => {
    const outcome = await scimThrottledProvisioning(
      { call: (method, path, body) => suite.api.request(method, path, body), db: suite.db, log },
      {
        people: SCIM_PEOPLE,
        cancelled: Math.ceil(SCIM_PEOPLE / 5),
        groups: 5,
        throttledShare: 0.25,
        unavailableShare: 0.1,
        retryAfterSeconds: 1,
      },
    );
    problems.push(...outcome.problems);
    return outcome.notes;
  });
  return { ...result, problems };
};

/** People whose role and group membership the access-review scenario revokes. */
const REVIEW_PEOPLE = Number(process.env.FAULTS_REVIEW_PEOPLE ?? 300);

/**
 * Issue 47: a campaign's removals (scripts/faults/access-review-removals.ts) with workers killed
 * while they run, beside the workload's runs.
 */
const accessReviewKilled: Scenario = async (suite) => {
  const problems: string[] = [];
  const result = await underLoad(suite, 'access review removals, workers killed', async () => {
    const outcome = await accessReviewRemovals(
      {
        call: (method, path, body) => suite.api.request(method, path, body),
        db: suite.db,
        log,
        killWorker: () => killRandomWorker(suite),
      },
      REVIEW_PEOPLE,
    );
    problems.push(...outcome.problems);
    return outcome.notes;
  });
  return { ...result, problems };
};

/** Audit entries written while the syslog receiver is down, and how long it is down. */
const AUDIT_ENTRIES = Number(process.env.FAULTS_AUDIT_ENTRIES ?? 1000);
const SYSLOG_DOWN_MS = Number(process.env.FAULTS_SYSLOG_DOWN_MS ?? 60_000);

/**
 * Issue 49: the audit trail streamed to rsyslogd over TLS, the receiver stopped for a minute
 * while 1,000 entries are written (scripts/faults/audit-stream.ts), beside the workload's runs.
 */
const syslogDown: Scenario = async (suite) => {
  const problems: string[] = [];
  const result = await underLoad(suite, 'syslog receiver down', async () => {
    const outcome = await syslogDownWhileAuditing(
      { call: (method, path, body) => suite.api.request(method, path, body), db: suite.db, log },
      { entries: AUDIT_ENTRIES, downMs: SYSLOG_DOWN_MS },
    );
    problems.push(...outcome.problems);
    return outcome.notes;
  });
  return { ...result, problems };
};

const SCENARIOS: Record<string, Scenario> = {
  'worker-killed': workerKilled,
  'postgres-restarted': postgresRestarted,
  'temporal-restarted': temporalRestarted,
  'remote-slow-and-broken': remoteSlowAndBroken,
  'database-slow-and-broken': databaseSlowAndBroken,
  'slapd-killed': slapdKilled,
  'scim-throttled': scimThrottled,
  'access-review-killed': accessReviewKilled,
  'syslog-down': syslogDown,
};
/** The scenarios that need toxiproxy between the service and its dependencies. */
const NETWORK_SCENARIOS = new Set(['remote-slow-and-broken', 'database-slow-and-broken']);

function printResult(result: ScenarioResult): boolean {
  const { runs, api } = result;
  const non503 = api.broken.length;
  log(`=== ${result.name} ===`);
  for (const note of result.notes) log(`  ${note}`);
  log(`  runs started ${runs.runs}, completed ${runs.completed}, wrong end state ${runs.wrongEndState.length}`);
  log(
    `  connector step attempts ${runs.connectorAttempts} (failed ${runs.failedAttempts} ${JSON.stringify(runs.failureCodes)}, ` +
      `never reached the remote ${runs.undeliveredAttempts}, breaking the retry strategy ${runs.retryMismatches.length}), ` +
      `side effects at the remote ${runs.sideEffects}, ` +
      `repeated deliveries of an applied key ${runs.repeatedDeliveries}, mismatches ${runs.sideEffectMismatches.length}`,
  );
  log(
    `  projection mismatches against Temporal history: ${runs.projectionMismatches.length}, ` +
      `decisions signalled again after a failed commit: ${runs.signalledTwice.length}`,
  );
  log(
    `  API: ${api.requests} requests ${JSON.stringify(api.byStatus)}, broken promises (5xx other than 503, 503 without body, hang > ${API_HANG_LIMIT_MS} ms): ${non503}, longest stall ${api.longestStallMs} ms`,
  );
  log(`  time from the end of the faults until every run closed: ${result.recoveryMs} ms`);
  for (const line of [
    ...runs.wrongEndState,
    ...runs.sideEffectMismatches,
    ...runs.retryMismatches,
    ...runs.projectionMismatches,
    ...runs.signalledTwice,
    ...api.broken,
    ...(result.problems ?? []),
  ].slice(0, 20))
    log(`  ! ${line}`);
  return (
    runs.completed === runs.runs &&
    runs.wrongEndState.length === 0 &&
    runs.sideEffectMismatches.length === 0 &&
    runs.retryMismatches.length === 0 &&
    runs.sideEffects + runs.undeliveredAttempts === runs.connectorAttempts &&
    runs.projectionMismatches.length === 0 &&
    non503 === 0 &&
    (result.problems ?? []).length === 0
  );
}

const usage = [
  'Usage: npm run faults [-- <scenario> ...]',
  `  runs the named fault scenarios (all when none is named): ${Object.keys(SCENARIOS).join(', ')}`,
  '  FAULTS_RUNS sets the runs per scenario (default 100), FAULTS_LDAP_USERS the users of slapd-killed (default 30000),',
  '  FAULTS_SCIM_PEOPLE the people of scim-throttled (default 60), FAULTS_REVIEW_PEOPLE the people of',
  '  access-review-killed (default 300), FAULTS_AUDIT_ENTRIES the entries written while syslog-down keeps',
  '  rsyslogd down (default 1000) and FAULTS_SYSLOG_DOWN_MS how long (default 60000)',
].join('\n');
const chosen = parseCommandLine(usage, { allowPositionals: true }).positionals;
const unknownScenarios = chosen.filter((name) => !(name in SCENARIOS));
if (unknownScenarios.length) usageError(usage, `Unknown scenarios ${unknownScenarios.join(', ')}.`);

async function main(): Promise<void> {
  const started = Date.now();
  const scenarios = chosen.length ? chosen : Object.keys(SCENARIOS);
  const toxiproxy = scenarios.some((name) => NETWORK_SCENARIOS.has(name)) ? await startToxiproxy(log) : undefined;
  const remote = await startCountingRemote({ minDelayMs: 200, maxDelayMs: 1500 });
  const remoteProxy = await toxiproxy?.createProxy('remote', new URL(remote.url).host);
  let databaseProxy: Proxy | undefined;
  const stack = await startFaultStack({
    connectorAllowedNetworks: '127.0.0.1/32',
    connectorTimeoutMs: CONNECTOR_TIMEOUT_MS,
    routeDatabase:
      toxiproxy && (async (upstream) => (databaseProxy = await toxiproxy.createProxy('postgres', upstream))),
  });
  stopStack = () =>
    Promise.all([stack.stop(), remote.close()])
      .then(() => toxiproxy?.stop())
      .then(() => undefined);
  await Promise.all([stack.startApi(), stack.startApi(), stack.startWorker(), stack.startWorker()]);
  log(`stack ready in ${Date.now() - started} ms: ${stack.apis.length} API processes, ${stack.workers.length} workers`);

  const db = createDatabase(stack.databaseUrl);
  const admin = await createAdminToken(db, 'faults@example.test', 'fault suite');
  const connection = await Connection.connect({ address: stack.temporalAddress });
  const suite: Suite = {
    stack,
    remote,
    remoteUrl: remoteProxy ? `http://${remoteProxy.host}:${remoteProxy.port}` : remote.url,
    network: toxiproxy && { toxiproxy, remote: remoteProxy!, database: databaseProxy! },
    db,
    temporal: new Client({ connection }),
    api: new ApiClient(() => stack.apis.map((api) => api.url!), admin.token),
    approverId: admin.userId,
  };
  let passed = true;
  for (const name of scenarios) {
    const result = await SCENARIOS[name]!(suite);
    passed = printResult(result) && passed;
  }
  log(`process logs in ${stack.logDir}`);
  log(`suite ${passed ? 'PASSED' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
  await connection.close();
  await db.$disconnect();
  process.exitCode = passed ? 0 : 1;
}

let stopStack: () => Promise<void> = async () => undefined;
// Interrupted, the suite still stops everything it started.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void stopStack().finally(() => process.exit(1)));
main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => stopStack())
  .finally(() => process.exit());
