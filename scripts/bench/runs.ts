import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { loadConfig } from '../../src/config/index.js';
import { createDatabase } from '../../src/db/client.js';
import type { WorkflowStep } from '../../src/domain/workflow-definition.js';
import { projectRoot } from '../../src/config/project-root.js';
import { createAdminToken } from '../../src/services/bootstrap-admin.js';
import { startRunBy } from '../../src/services/runs/start-run.js';
import { runWorkflowId } from '../../src/temporal/messages.js';
import { spawnServiceProcess } from '../local/service-process.js';
import { cpuMillisOf, startWorkerProcess, stopProcess } from './processes.js';
import { apiCaller, benchEnvironment, withBenchStack } from './stack.js';

/** A 10-step workflow with no people in it: conditions, notifications and a test connector. */
function automaticWorkflow(recipient: string) {
  const ids = ['start', 'n1', 'c1', 'n2', 'db', 'c2', 'n3', 'n4', 'n5', 'end'];
  const steps: WorkflowStep[] = ids.map((id, index) => {
    const next = ids[index + 1];
    if (id === 'start')
      return { id, name: id, type: 'start', config: {}, transitions: [{ on: 'success', goto: next! }] };
    if (id === 'end') return { id, name: id, type: 'end', config: {}, transitions: [] };
    if (id.startsWith('c'))
      return {
        id,
        name: id,
        type: 'condition',
        config: { expression: 'amount > 0' },
        transitions: [
          { on: 'true', goto: next! },
          { on: 'false', goto: 'end' },
        ],
      };
    if (id === 'db')
      return {
        id,
        name: id,
        type: 'connector',
        config: { connector: 'test-db', command: 'list-tables', parameters: {} },
        transitions: [{ on: 'success', goto: next! }],
      };
    return {
      id,
      name: id,
      type: 'notification',
      config: { recipientId: recipient, message: `Step ${id}: {{amount}}` },
      transitions: [{ on: 'success', goto: next! }],
    };
  });
  return { name: 'Benchmark run', variables: [{ name: 'amount', type: 'number', required: true }], steps };
}

/** The bare-Temporal yardstick (../shared/bench/temporal-baseline), one JSON line per kind. */
export interface BaselineFigures {
  runsStartedPerSecond: number;
  runsCompletedPerSecond: number;
  medianStartToCompletionMs: number;
  p95StartToCompletionMs: number;
}

const BASELINE_SCRIPT = path.resolve(projectRoot(), '..', 'shared', 'bench', 'temporal-baseline', 'baseline.mjs');

async function measureBaseline(address: string, runs: number, kind: 'regular' | 'local'): Promise<BaselineFigures> {
  const { stdout } = await promisify(execFile)(process.execPath, [BASELINE_SCRIPT, address, String(runs), kind], {
    env: { ...process.env, PROJECT_DIR: projectRoot() },
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as BaselineFigures;
}

const millis = (time: { seconds?: unknown; nanos?: number | null } | null | undefined) =>
  Number(time?.seconds ?? 0) * 1000 + (time?.nanos ?? 0) / 1e6;

/** What a run's history says about its timing. */
async function historyTimings(temporal: Client, runId: string) {
  const history = await temporal.workflow.getHandle(runWorkflowId(runId)).fetchHistory();
  const events = history.events ?? [];
  const firstActivity = events.find((event) => event.activityTaskStartedEventAttributes);
  let longestTaskMs = 0;
  let taskStarted: number | undefined;
  let workflowTasks = 0;
  for (const event of events) {
    if (event.workflowTaskStartedEventAttributes) taskStarted = millis(event.eventTime);
    if (event.workflowTaskCompletedEventAttributes && taskStarted !== undefined) {
      longestTaskMs = Math.max(longestTaskMs, millis(event.eventTime) - taskStarted);
      workflowTasks += 1;
      taskStarted = undefined;
    }
  }
  return {
    firstActivityStartedAt: firstActivity ? millis(firstActivity.eventTime) : undefined,
    longestTaskMs,
    workflowTasks,
    events: events.length,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ratio = (value: number, yardstick: number) => Number((value / yardstick).toFixed(2));

/** Runs started one at a time to warm the stack up, then measured one at a time. */
const WARM_UP_RUNS = 5;
const ALONE_RUNS = 9;
/**
 * How long the stack stays idle before each run measured alone. Started back to back instead, a
 * run's first workflow task waits 25–40 ms longer in the Temporal server's task queue: bare Temporal
 * with no service around it shows the same once a worker's tasks follow each other closely
 * (docs/runs.md), so that series is printed too but is not the figure of the goal.
 */
const IDLE_BEFORE_MS = 500;

/**
 * The load is measured in rounds, each right after a yardstick of its own: on these noisy machines
 * a ratio of two figures taken seconds apart is steadier than one of figures taken a minute apart,
 * and the median of the rounds' ratios is the figure of the goals.
 */
const ROUNDS = 3;

/** What one burst of starts through the API measured. */
interface BurstFigures {
  runsStartedPerSecond: number;
  runsCompletedPerSecond: number;
  medianStartToCompletionMs: number;
  p95StartToCompletionMs: number;
  cpuMs: { api: number; worker: number };
  histories: Array<Awaited<ReturnType<typeof historyTimings>>>;
}

/** A burst and the yardstick measured just before it. */
interface Round extends Pick<BurstFigures, 'cpuMs' | 'histories'> {
  service: Omit<BurstFigures, 'cpuMs' | 'histories'>;
  regular: BaselineFigures;
  /** The same starts made in the benchmark's process, without HTTP or authentication (runs/s). */
  startedWithoutApi: number;
  ratios: { completedToRegular: number; startedToBareStart: number; startedWithoutApiToBareStart: number };
}

/**
 * Starts `runCount` runs through the API, in ROUNDS bursts, and measures start throughput and
 * time to completion next to the bare-Temporal yardstick measured on the same dev server just
 * before each burst. Before the load, runs started one at a time give the time from the start
 * request to the first step activity starting (from the histories): each after the stack was idle
 * for IDLE_BEFORE_MS, then back to back.
 */
export async function benchRuns(runCount = 60, log: (line: string) => void = () => undefined) {
  return withBenchStack(log, async (stack) => {
    log('yardstick with local activities, for reference');
    const local = await measureBaseline(stack.temporalAddress, runCount, 'local');
    const databaseUrl = await stack.database('bench');
    const env = await benchEnvironment(stack, databaseUrl);
    // Each in a process of its own, as docker-compose.yml runs them (the worker with its heap
    // limit): the requests and measurements made here do not compete for their event loops.
    const worker = await startWorkerProcess(env);
    const apiProcess = await spawnServiceProcess('api', env).ready;
    const api = { url: `http://${env.HOST}:${env.PORT}` };
    const db = createDatabase(databaseUrl);
    const temporalConnection = await Connection.connect({ address: stack.temporalAddress });
    const temporal = new Client({ connection: temporalConnection });
    try {
      const { token, userId } = await createAdminToken(db, 'bench@localhost', 'bench');
      const call = apiCaller(api.url, token);
      const workflow = await call('POST', '/api/workflows', automaticWorkflow(userId));
      await call('POST', `/api/workflows/${workflow.id}/publish`, {});
      const waitForCompletion = async (ids: string[]) => {
        const deadline = Date.now() + 300_000;
        while ((await db.workflowRun.count({ where: { id: { in: ids }, status: 'completed' } })) < ids.length) {
          if (Date.now() > deadline) throw new Error('runs did not complete within 5 minutes');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      for (let index = 0; index < WARM_UP_RUNS; index += 1) {
        const warmUp = await call('POST', `/api/workflows/${workflow.id}/start`, { variables: { amount: 1 } });
        await waitForCompletion([warmUp.id]);
      }

      /** Milliseconds from the start request to the first step's activity starting, from its history. */
      const requestToFirstActivity = async () => {
        const requestedAt = Date.now();
        const run = await call('POST', `/api/workflows/${workflow.id}/start`, { variables: { amount: 2 } });
        await waitForCompletion([run.id]);
        return (await historyTimings(temporal, run.id)).firstActivityStartedAt! - requestedAt;
      };
      log('runs started alone: start request → first step activity started');
      const firstActivityMs: number[] = [];
      for (let index = 0; index < ALONE_RUNS; index += 1) {
        await new Promise((resolve) => setTimeout(resolve, IDLE_BEFORE_MS));
        firstActivityMs.push(await requestToFirstActivity());
      }
      const backToBackMs: number[] = [];
      for (let index = 0; index < ALONE_RUNS; index += 1) backToBackMs.push(await requestToFirstActivity());

      const cpuUsed = async () => ({ api: await cpuMillisOf(apiProcess.pid!), worker: await cpuMillisOf(worker.pid!) });
      const burst = async (): Promise<BurstFigures> => {
        const cpuBefore = await cpuUsed();
        const started = performance.now();
        const runs = await Promise.all(
          Array.from({ length: runCount }, () =>
            call('POST', `/api/workflows/${workflow.id}/start`, { variables: { amount: 5 } }),
          ),
        );
        const startSeconds = (performance.now() - started) / 1000;
        const ids = runs.map((run) => run.id);
        await waitForCompletion(ids);
        const totalSeconds = (performance.now() - started) / 1000;
        const cpuAfter = await cpuUsed();
        const rows = await db.workflowRun.findMany({
          where: { id: { in: ids } },
          select: { startedAt: true, completedAt: true },
        });
        const durations = rows.map((row) => row.completedAt!.getTime() - row.startedAt.getTime()).sort((a, b) => a - b);
        return {
          runsStartedPerSecond: Number((runCount / startSeconds).toFixed(1)),
          runsCompletedPerSecond: Number((runCount / totalSeconds).toFixed(1)),
          medianStartToCompletionMs: durations[Math.floor(durations.length / 2)]!,
          p95StartToCompletionMs: durations[Math.floor(durations.length * 0.95)]!,
          cpuMs: { api: cpuAfter.api - cpuBefore.api, worker: cpuAfter.worker - cpuBefore.worker },
          histories: await Promise.all(ids.map((id) => historyTimings(temporal, id))),
        };
      };

      // The ceiling of the start ratio: the API's work from the workflow read on (the run row, the
      // Temporal start) with no HTTP, authentication or load generator around it, its client in the
      // measuring process like the yardstick's.
      const context = { db, temporal, config: loadConfig(env) };
      const actor = { type: 'user' as const, userId };
      const startsWithoutApi = async () => {
        const started = performance.now();
        const runs = await Promise.all(
          Array.from({ length: runCount }, () =>
            startRunBy(context, workflow.id, { amount: 5 }, { actor, trigger: 'manual' }),
          ),
        );
        const runsPerSecond = Number((runCount / ((performance.now() - started) / 1000)).toFixed(1));
        await waitForCompletion(runs.map((run) => run.id));
        return runsPerSecond;
      };
      await startsWithoutApi();

      const rounds: Round[] = [];
      for (let round = 1; round <= ROUNDS; round += 1) {
        log(
          `round ${round} of ${ROUNDS}: bare Temporal with regular activities, then ${runCount} runs through the API`,
        );
        const regular = await measureBaseline(stack.temporalAddress, runCount, 'regular');
        const { histories, cpuMs, ...service } = await burst();
        const startedWithoutApi = await startsWithoutApi();
        rounds.push({
          service,
          regular,
          startedWithoutApi,
          ratios: {
            completedToRegular: ratio(service.runsCompletedPerSecond, regular.runsCompletedPerSecond),
            startedToBareStart: ratio(service.runsStartedPerSecond, regular.runsStartedPerSecond),
            startedWithoutApiToBareStart: ratio(startedWithoutApi, regular.runsStartedPerSecond),
          },
          cpuMs,
          histories,
        });
      }
      const histories = rounds.flatMap((round) => round.histories);
      const cpuMsPerRun = (process: 'api' | 'worker') =>
        Math.round(rounds.reduce((sum, round) => sum + round.cpuMs[process], 0) / (runCount * ROUNDS));
      const medianOf = (figure: (round: Round) => number) => median(rounds.map(figure));
      return {
        benchmark:
          'runs of a 10-step all-automatic workflow on the local dev server, the API and the worker each in a process of its own',
        runs: runCount,
        rounds: rounds.map(({ service, regular, startedWithoutApi, ratios }) => ({
          service,
          regular,
          startedWithoutApi,
          ratios,
        })),
        yardstickLocal: local,
        ratios: {
          completedToRegular: medianOf((round) => round.ratios.completedToRegular),
          startedToBareStart: medianOf((round) => round.ratios.startedToBareStart),
          startedWithoutApiToBareStart: medianOf((round) => round.ratios.startedWithoutApiToBareStart),
        },
        cpuMsPerRun: { api: cpuMsPerRun('api'), worker: cpuMsPerRun('worker') },
        idleBeforeMs: IDLE_BEFORE_MS,
        medianRequestToFirstActivityMs: Math.round(median(firstActivityMs)),
        requestToFirstActivityMs: firstActivityMs.map(Math.round),
        medianBackToBackRequestToFirstActivityMs: Math.round(median(backToBackMs)),
        backToBackRequestToFirstActivityMs: backToBackMs.map(Math.round),
        longestWorkflowTaskMs: Math.round(Math.max(...histories.map((history) => history.longestTaskMs))),
        workflowTasksPerRun: median(histories.map((history) => history.workflowTasks)),
        historyEventsPerRun: median(histories.map((history) => history.events)),
      };
    } finally {
      await temporalConnection.close();
      await db.$disconnect();
      await stopProcess(apiProcess);
      await stopProcess(worker);
    }
  });
}
