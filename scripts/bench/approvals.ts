import { loadConfig } from '../../src/config/index.js';
import { createDatabase } from '../../src/db/client.js';
import { createLogger } from '../../src/logging/logger.js';
import { createAdminToken } from '../../src/services/bootstrap-admin.js';
import { startApiServer } from '../../src/server.js';
import { apiCaller, benchEnvironment, withBenchStack } from './stack.js';
import { deployedWorkerNodeOptions, memoryOf, startWorkerProcess, stopProcess } from './processes.js';

/**
 * Runs waiting at an approval (issue 17): the worker's resident memory with 100 and with 1,000
 * runs waiting (its sticky cache bounds what it keeps), then all 1,000 decided through the API.
 */

const CONCURRENCY = 20;

/** Runs `task` for each item, at most CONCURRENCY at a time. */
async function inParallel<T>(items: T[], task: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

export async function benchApprovals(log: (line: string) => void = () => undefined) {
  return withBenchStack(log, async (stack) => {
    const databaseUrl = await stack.database('bench_approvals');
    const nodeOptions = await deployedWorkerNodeOptions();
    const env = await benchEnvironment(stack, databaseUrl, {
      TEMPORAL_TASK_QUEUE: 'bench-approvals',
      NODE_OPTIONS: nodeOptions,
    });
    const worker = await startWorkerProcess(env);
    const api = await startApiServer(loadConfig(env), createLogger('error'));
    const db = createDatabase(databaseUrl);
    try {
      const { token } = await createAdminToken(db, 'bench@localhost', 'bench');
      const call = apiCaller(api.url, token);
      const workflow = await call('POST', '/api/workflows', {
        name: 'Benchmark approval',
        steps: [
          { id: 'start', name: 'start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'ask' }] },
          {
            id: 'ask',
            name: 'ask',
            type: 'approval',
            config: { approvers: ['admin'], mode: 'any', allowSelfApproval: true },
            transitions: [
              { on: 'approved', goto: 'end' },
              { on: 'rejected', goto: 'end' },
            ],
          },
          { id: 'end', name: 'end', type: 'end', config: {}, transitions: [] },
        ],
      });
      await call('POST', `/api/workflows/${workflow.id}/publish`, {});

      const waiting = () => db.approval.count({ where: { status: 'pending' } });
      const startWaiting = async (total: number) => {
        const already = await waiting();
        await inParallel(Array.from({ length: total - already }), () =>
          call('POST', `/api/workflows/${workflow.id}/start`, { variables: {} }),
        );
        while ((await waiting()) < total) await new Promise((resolve) => setTimeout(resolve, 200));
      };
      log('100 runs waiting at an approval');
      await startWaiting(100);
      const memory100 = await memoryOf(worker.pid!);
      log('1,000 runs waiting at an approval');
      const startedAt = performance.now();
      await startWaiting(1000);
      const startSeconds = (performance.now() - startedAt) / 1000;
      const memory1000 = await memoryOf(worker.pid!);

      log('deciding all 1,000 through the API');
      const approvals = await db.approval.findMany({ where: { status: 'pending' }, select: { id: true } });
      const decidedAt = performance.now();
      await inParallel(approvals, ({ id }) => call('POST', `/api/approvals/${id}/decide`, { decision: 'approve' }));
      const decideSeconds = (performance.now() - decidedAt) / 1000;
      while ((await db.workflowRun.count({ where: { status: 'completed' } })) < approvals.length) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const completeSeconds = (performance.now() - decidedAt) / 1000;
      return {
        benchmark: `runs waiting at an approval, started and decided ${CONCURRENCY} at a time through the API (worker with NODE_OPTIONS=${nodeOptions}, as docker-compose.yml runs it)`,
        workerRssMiB: { waiting100: memory100.rssMiB, waiting1000: memory1000.rssMiB, peak: memory1000.peakMiB },
        runsStartedToWaitingPerSecond: Number((900 / startSeconds).toFixed(1)),
        decisionsPerSecond: Number((approvals.length / decideSeconds).toFixed(1)),
        runsCompletedAfterDecisionPerSecond: Number((approvals.length / completeSeconds).toFixed(1)),
      };
    } finally {
      await db.$disconnect();
      await api.close();
      await stopProcess(worker);
    }
  });
}
