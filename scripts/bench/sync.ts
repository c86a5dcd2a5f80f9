import { loadConfig } from '../../src/config/index.js';
import { SYNC_PAGE_SIZE } from '../../src/activities/sync.js';
import { createDatabase, Prisma, type Database } from '../../src/db/client.js';
import { createLogger } from '../../src/logging/logger.js';
import { createAdminToken } from '../../src/services/bootstrap-admin.js';
import { matchRecordsToUsers, matchSettingsOf } from '../../src/services/sync/match-users.js';
import { startApiServer } from '../../src/server.js';
import { apiCaller, benchEnvironment, withBenchStack, type BenchStack } from './stack.js';
import { memoryOf, resetPeakMemory, startWorkerProcess, stopProcess } from './processes.js';

/**
 * Sync at directory scale (issue 11): full passes of the seeded `test-ldap` directory through
 * the real API, worker and Temporal, against the raw speed of inserting the same rows into the
 * same table (the yardstick), then matching every record against as many users.
 */

interface SyncStatsBody {
  status: string;
  stats: { added: number; unchanged: number; durationMs: number; pagesProcessed: number };
}

const perSecond = (records: number, ms: number) => Math.round(records / (ms / 1000));

/** Full passes of `users` people into an empty record store, with the worker's memory. */
async function syncPasses(stack: BenchStack, users: number, log: (line: string) => void) {
  const databaseUrl = await stack.database(`bench_sync_${users}`);
  const env = await benchEnvironment(stack, databaseUrl, {
    TEMPORAL_TASK_QUEUE: `bench-sync-${users}`,
    SIMULATED_DIRECTORY_USERS: String(users),
  });
  const worker = await startWorkerProcess(env);
  const api = await startApiServer(loadConfig(env), createLogger('error'));
  const db = createDatabase(databaseUrl);
  try {
    const { token } = await createAdminToken(db, 'bench@localhost', 'bench');
    const connector = await db.connector.findUniqueOrThrow({ where: { name: 'test-ldap' } });
    const call = apiCaller(`${api.url}/api/connectors/${connector.id}`, token);
    const timedPass = async () => {
      const started = performance.now();
      const result = await call<SyncStatsBody>('POST', '/sync-config/user/trigger');
      if (result.status !== 'success') throw new Error(`user pass failed: ${JSON.stringify(result)}`);
      return { ms: Math.round(performance.now() - started), stats: result.stats };
    };
    await call('PUT', '/sync-config/group', {});
    await call('PUT', '/sync-config/user', { syncAllUsers: true });
    // The group pass makes the simulated upstream (in the worker) generate its directory, so the
    // peak measured next is what paging users costs on top of it.
    await call('POST', '/sync-config/group/trigger');
    await resetPeakMemory(worker.pid!);
    const before = await memoryOf(worker.pid!);
    log(`${users} users: first full pass`);
    const first = await timedPass();
    const during = await memoryOf(worker.pid!);
    log(`${users} users: second, unchanged full pass`);
    const second = await timedPass();
    if (first.stats.added !== users || second.stats.unchanged !== users)
      throw new Error(`unexpected stats: ${JSON.stringify({ first: first.stats, second: second.stats })}`);
    return { databaseUrl, connectorId: connector.id, first, second, workerMemory: { before, peak: during.peakMiB } };
  } finally {
    await db.$disconnect();
    await api.close();
    await stopProcess(worker);
  }
}

/** The yardstick: the same rows inserted into the same table by plain multi-row INSERTs of a sync page each. */
async function rawInsert(db: Database, connectorId: string): Promise<{ rows: number; ms: number }> {
  const rows = await db.$queryRaw<
    Array<{ external_id: string; display_name: string | null; email: string | null; attributes: string; hash: string }>
  >`SELECT external_id, display_name, email, attributes::text AS attributes, sync_hash AS hash
    FROM connector_resources WHERE connector_id = ${connectorId}::uuid AND resource_type = 'user'`;
  const target = await db.connector.create({
    data: { name: 'bench-raw-insert', type: 'test-ldap', configSchema: { commands: {} } },
  });
  const started = performance.now();
  for (let offset = 0; offset < rows.length; offset += SYNC_PAGE_SIZE) {
    const page = rows.slice(offset, offset + SYNC_PAGE_SIZE);
    const now = new Date();
    await db.$executeRaw(Prisma.sql`
      INSERT INTO connector_resources
        (id, connector_id, resource_type, external_id, display_name, email, attributes, sync_hash, synced_at, changed_at, created_at)
      SELECT gen_random_uuid(), ${target.id}::uuid, 'user', external_id, display_name, email, attributes::jsonb, sync_hash, ${now}, ${now}, ${now}
      FROM unnest(${page.map((row) => row.external_id)}::text[], ${page.map((row) => row.display_name)}::text[],
                  ${page.map((row) => row.email)}::text[], ${page.map((row) => row.attributes)}::text[],
                  ${page.map((row) => row.hash)}::text[])
        AS t(external_id, display_name, email, attributes, sync_hash)`);
  }
  return { rows: rows.length, ms: Math.round(performance.now() - started) };
}

/** Matching every synced record against as many users with the same emails (spec 3.5). */
async function matchAll(db: Database, connectorId: string) {
  const key = { connectorId, resourceType: 'user' };
  const users = await db.$executeRaw`
    INSERT INTO users (id, email, active_email, display_name, roles, updated_at)
    SELECT gen_random_uuid(), r.email, lower(r.email), r.display_name, ARRAY['requestor'], now()
    FROM connector_resources r
    WHERE r.connector_id = ${connectorId}::uuid AND r.resource_type = 'user' AND r.email IS NOT NULL
    ON CONFLICT DO NOTHING`;
  const config = await db.syncConfig.findUniqueOrThrow({
    where: { connectorId_resourceType: { connectorId, resourceType: 'user' } },
  });
  const settings = matchSettingsOf(config);
  if (!settings.success) throw new Error(settings.message);
  const started = performance.now();
  const counts = await matchRecordsToUsers(db, key, settings.data);
  return { users, ms: Math.round(performance.now() - started), counts };
}

export async function benchSync(log: (line: string) => void = () => undefined) {
  return withBenchStack(log, async (stack) => {
    const small = await syncPasses(stack, 10_000, log);
    const large = await syncPasses(stack, 100_000, log);
    const db = createDatabase(large.databaseUrl);
    try {
      log('raw insert of the same 100,000 rows (yardstick)');
      const raw = await rawInsert(db, large.connectorId);
      log('matching 100,000 records against 100,000 users');
      const matching = await matchAll(db, large.connectorId);
      const firstRate = perSecond(100_000, large.first.ms);
      const rawRate = perSecond(raw.rows, raw.ms);
      return {
        benchmark: 'full sync of 100,000 test-ldap users through API, worker and Temporal',
        firstPassMs: large.first.ms,
        firstPassRecordsPerSecond: firstRate,
        rawInsertRecordsPerSecond: rawRate,
        ratioToRawInsert: Number((firstRate / rawRate).toFixed(2)),
        unchangedPassMs: large.second.ms,
        unchangedSpeedup: Number((large.first.ms / large.second.ms).toFixed(1)),
        pages: large.first.stats.pagesProcessed,
        matching: { records: 100_000, users: matching.users, ms: matching.ms, ...matching.counts },
        workerMemoryMiB: {
          users10k: { beforePass: small.workerMemory.before.rssMiB, peak: small.workerMemory.peak },
          users100k: { beforePass: large.workerMemory.before.rssMiB, peak: large.workerMemory.peak },
        },
        smallFirstPassMs: small.first.ms,
      };
    } finally {
      await db.$disconnect();
    }
  });
}
