import { loadConfig } from '../../src/config/index.js';
import { createDatabase } from '../../src/db/client.js';
import type { WorkflowStep } from '../../src/domain/workflow-definition.js';
import { createLogger } from '../../src/logging/logger.js';
import { createAdminToken } from '../../src/services/bootstrap-admin.js';
import { generateSecretKey } from '../../src/connectors/secret-box.js';
import { startApiServer } from '../../src/server.js';
import { startWorker } from '../../workers/main.js';
import { freePort } from '../local/free-port.js';
import { withBenchStack } from './stack.js';

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

/** Starts `runCount` runs through the API and measures start throughput and time to completion. */
export async function benchRuns(runCount = 60, log: (line: string) => void = () => undefined) {
  return withBenchStack(log, async (stack) => {
    const databaseUrl = await stack.database('bench');
    const config = loadConfig({
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: stack.temporalAddress,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      CONNECTOR_SECRET_KEY: generateSecretKey(),
    });
    const logger = createLogger('error');
    const worker = await startWorker(config, logger, { handleSignals: false });
    const api = await startApiServer(config, logger);
    const db = createDatabase(databaseUrl);
    try {
      const { token, userId } = await createAdminToken(db, 'bench@localhost', 'bench');
      const call = async (method: string, route: string, body?: unknown) => {
        const response = await fetch(`${api.url}${route}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
        return response.json() as Promise<{ id: string }>;
      };
      const workflow = await call('POST', '/api/workflows', automaticWorkflow(userId));
      await call('POST', `/api/workflows/${workflow.id}/publish`, {});
      await call('POST', `/api/workflows/${workflow.id}/start`, { variables: { amount: 1 } }); // warm-up

      log(`starting ${runCount} runs`);
      const started = performance.now();
      const runs = await Promise.all(
        Array.from({ length: runCount }, () =>
          call('POST', `/api/workflows/${workflow.id}/start`, { variables: { amount: 5 } }),
        ),
      );
      const startSeconds = (performance.now() - started) / 1000;
      const ids = runs.map((run) => run.id);
      const deadline = Date.now() + 300_000;
      while ((await db.workflowRun.count({ where: { id: { in: ids }, status: 'completed' } })) < ids.length) {
        if (Date.now() > deadline) throw new Error('runs did not complete within 5 minutes');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const totalSeconds = (performance.now() - started) / 1000;
      const rows = await db.workflowRun.findMany({
        where: { id: { in: ids } },
        select: { startedAt: true, completedAt: true },
      });
      const durations = rows.map((row) => row.completedAt!.getTime() - row.startedAt.getTime()).sort((a, b) => a - b);
      return {
        benchmark: 'runs of a 10-step all-automatic workflow on the local dev server',
        runs: runCount,
        runsStartedPerSecond: Number((runCount / startSeconds).toFixed(1)),
        runsCompletedPerSecond: Number((runCount / totalSeconds).toFixed(1)),
        medianStartToCompletionMs: durations[Math.floor(durations.length / 2)]!,
        p95StartToCompletionMs: durations[Math.floor(durations.length * 0.95)]!,
      };
    } finally {
      await db.$disconnect();
      await api.close();
      await worker.shutdown();
    }
  });
}
