import { loadTest } from 'loadtest';
import { createDatabase, Prisma, type Database } from '../../src/db/client.js';
import { createAdminToken } from '../../src/services/bootstrap-admin.js';
import { spawnServiceProcess } from '../local/service-process.js';
import { benchEnvironment, withBenchStack } from './stack.js';
import { stopProcess } from './processes.js';

/**
 * Authenticated list routes at a steady request rate with a real load generator (loadtest), against
 * 10,000 runs (10 step rows each) and 100,000 audit rows seeded by SQL. The yardstick is the
 * unauthenticated health route at the same rate on the same server, in the same sitting.
 *
 * loadtest sends one request every 1000/RATE ms on a keep-alive connection that is free, opening
 * another when none is, so each request leaves on time whatever the answers before it took. The
 * earlier generator, autocannon 9, is not steady at a set rate: each connection sends its share of
 * a second back to back when the second starts, and its coordinated-omission correction assumes
 * requests 1 ms apart, so one 100 ms answer added a hundred made-up samples to the percentiles.
 */

const RUNS = 10_000;
const AUDIT_ROWS = 100_000;
const RATE = 100;
const SECONDS = 10;
/**
 * Each route first gets this much of the same load, not counted: the first requests a route gets
 * after the process starts compile its code and its queries, which a server that has been up
 * for a while did long ago.
 */
const WARM_UP_SECONDS = 2;

async function seed(db: Database, definitionId: string, userId: string) {
  const steps = Array.from({ length: 10 }, (_, index) => ({
    id: `s${index}`,
    name: `s${index}`,
    type: 'notification',
  }));
  await db.$executeRaw(Prisma.sql`
    INSERT INTO workflow_runs (id, definition_id, definition_name, definition_version, definition_snapshot,
      status, variables, started_by, temporal_workflow_id, started_at, completed_at, updated_at)
    SELECT id, ${definitionId}::uuid, 'Seeded', 1, ${JSON.stringify({ steps })}::jsonb,
      CASE WHEN n % 10 = 0 THEN 'waiting' ELSE 'completed' END, '{"amount": 5}'::jsonb, ${userId}::uuid,
      'run-' || id, now() - n * interval '1 second', CASE WHEN n % 10 = 0 THEN NULL ELSE now() - n * interval '1 second' + interval '5 seconds' END, now()
    FROM (SELECT gen_random_uuid() AS id, n FROM generate_series(1, ${RUNS}) AS n) AS seeded`);
  await db.$executeRaw(Prisma.sql`
    INSERT INTO run_steps (id, run_id, sequence, attempt, step_id, step_name, step_type, status, outcome, started_at, completed_at)
    SELECT gen_random_uuid(), r.id, s, 1, 's' || s, 's' || s, 'notification', 'completed', 'success', r.started_at, r.started_at
    FROM workflow_runs r CROSS JOIN generate_series(1, 10) AS s`);
  await db.$executeRaw(Prisma.sql`
    INSERT INTO approvals (id, run_id, sequence, step_id, step_name, status, approver_user_ids, approver_roles,
      required_approvals, mode, created_at)
    SELECT gen_random_uuid(), id, 5, 's5', 's5', 'pending', ARRAY[${userId}], ARRAY[]::text[], 1, 'any', started_at
    FROM workflow_runs WHERE status = 'waiting'`);
  await db.$executeRaw(Prisma.sql`
    INSERT INTO audit_logs (id, action, actor_type, actor_id, target_type, target_id, metadata, created_at)
    SELECT gen_random_uuid(), CASE WHEN n % 3 = 0 THEN 'run.started' ELSE 'api_token.request' END, 'user', gen_random_uuid()::text,
      'run', gen_random_uuid()::text, '{"method": "GET", "path": "/api/runs", "status": 200}'::jsonb,
      now() - n * interval '100 milliseconds'
    FROM generate_series(1, ${AUDIT_ROWS}) AS n`);
  await db.$executeRaw`VACUUM ANALYZE`;
  // The seed's pages are written out now rather than by a checkpoint during the measurement.
  await db.$executeRaw`CHECKPOINT`;
}

/** Latency percentiles (ms) of `url` at a steady RATE requests/s for SECONDS, after a warm-up. */
async function measure(url: string, headers: Record<string, string>) {
  const steadyLoad = (seconds: number) =>
    loadTest({ url, headers, requestsPerSecond: RATE, maxSeconds: seconds, agentKeepAlive: true, quiet: true });
  const warmUp = await steadyLoad(WARM_UP_SECONDS);
  const result = await steadyLoad(SECONDS);
  const statusErrors = Object.entries(result.errorCodes).filter(([code]) => /^\d{3}$/.test(code));
  const non2xx = statusErrors.reduce((sum, [, count]) => sum + count, 0);
  return {
    p50Ms: result.percentiles[50],
    p90Ms: result.percentiles[90],
    p99Ms: result.percentiles[99],
    maxMs: result.maxLatencyMs,
    requests: result.totalRequests,
    non2xx,
    errors: result.totalErrors - non2xx,
    connections: result.clients,
    warmUpRequests: warmUp.totalRequests,
  };
}

export async function benchReads(log: (line: string) => void = () => undefined) {
  return withBenchStack(log, async (stack) => {
    const databaseUrl = await stack.database('reads');
    const env = await benchEnvironment(stack, databaseUrl);
    // In a process of its own: in this one, the load generator would compete for its event loop.
    const apiProcess = await spawnServiceProcess('api', env).ready;
    const api = { url: `http://${env.HOST}:${env.PORT}` };
    const db = createDatabase(databaseUrl);
    try {
      const { token, userId } = await createAdminToken(db, 'bench@localhost', 'bench');
      const headers = { authorization: `Bearer ${token}` };
      const created = await fetch(`${api.url}/api/workflows`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Seeded',
          steps: [
            { id: 'start', name: 'start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'end' }] },
            { id: 'end', name: 'end', type: 'end', config: {}, transitions: [] },
          ],
        }),
      });
      const workflow = (await created.json()) as { id: string };
      log(`seeding ${RUNS} runs (10 steps each) and ${AUDIT_ROWS} audit rows`);
      await seed(db, workflow.id, userId);

      log(`yardstick: GET /api/health at ${RATE} requests/s`);
      const yardstick = await measure(`${api.url}/api/health`, {});
      const routes = [
        '/api/workflows?pageSize=20',
        '/api/runs?pageSize=20',
        '/api/users?pageSize=20',
        '/api/audit-logs?pageSize=20',
        '/api/approvals?pageSize=20',
      ];
      const measured = [];
      for (const route of routes) {
        log(`GET ${route} at ${RATE} requests/s with an API token`);
        const figures = await measure(`${api.url}${route}`, headers);
        measured.push({
          route,
          ...figures,
          p50ToYardstick: Number((figures.p50Ms / yardstick.p50Ms).toFixed(1)),
          p99ToYardstick: Number((figures.p99Ms / yardstick.p99Ms).toFixed(1)),
        });
      }
      const auditRows = await db.auditLog.count({ where: { action: 'api_token.request', actorId: userId } });
      return {
        benchmark: `authenticated list routes, a steady ${RATE} requests/s for ${SECONDS} s each after ${WARM_UP_SECONDS} s not counted`,
        seeded: { runs: RUNS, runSteps: RUNS * 10, auditRows: AUDIT_ROWS },
        yardstick: { route: '/api/health', ...yardstick },
        routes: measured,
        // Every token request measured has its own audit entry (the seeded rows have other actors).
        tokenRequestAuditRows: auditRows,
        tokenRequestsSent: measured.reduce((sum, route) => sum + route.warmUpRequests + route.requests, 0),
      };
    } finally {
      await db.$disconnect();
      await stopProcess(apiProcess);
    }
  });
}
