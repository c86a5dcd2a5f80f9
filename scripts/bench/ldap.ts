import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config/index.js';
import { createDatabase } from '../../src/db/client.js';
import { recordAttributes } from '../../src/connectors/builtin/ldap/records.js';
import { connectionSchema, resolveSettings } from '../../src/connectors/builtin/ldap/settings.js';
import { createLogger } from '../../src/logging/logger.js';
import { createAdminToken } from '../../src/services/bootstrap-admin.js';
import { startApiServer } from '../../src/server.js';
import { startSlapd, type RunningSlapd } from '../local/slapd.js';
import { writeDirectoryLdif, type WrittenDirectory } from '../local/ldap-directory.js';
import { pageWithBareClient } from './ldap-yardstick.js';
import { memoryOf, resetPeakMemory, startWorkerProcess, stopProcess } from './processes.js';
import { apiCaller, benchEnvironment, withBenchStack, type BenchStack } from './stack.js';

/**
 * Sync of a real OpenLDAP directory (issue 44): full passes of an `ldap` connector against a
 * local slapd through the real API, worker and Temporal, next to the yardstick measured in the
 * same sitting (the same entries paged with the same page size by a bare ldapts client), then
 * the groups with their members, counting the searches slapd served for them.
 */

/** The connector's page size: the default, which the yardstick pages with too. */
const PAGE_SIZE = 500;
const GROUPS_PER_USER = 3;
const BASE_DN = 'dc=example,dc=org';

interface SyncStatsBody {
  status: string;
  message: string;
  stats: { added: number; unchanged: number; durationMs: number; pagesProcessed: number; totalUpstreamRecords: number };
}

const perSecond = (records: number, ms: number) => Math.round(records / (ms / 1000));

/**
 * Counts the search operations slapd logs at log level `stats` (one `SRCH base=` line per
 * search request, whatever the number of entries it returns).
 */
function searchCounter() {
  let searches = 0;
  let tail = '';
  return {
    log(chunk: string) {
      const text = tail + chunk;
      const lines = text.split('\n');
      tail = lines.pop() ?? '';
      for (const line of lines) if (line.includes(' SRCH base=')) searches += 1;
    },
    get searches() {
      return searches;
    },
  };
}

/** A slapd loaded with `users` users and `groups` groups; answers how long loading took. */
async function loadedSlapd(folder: string, users: number, groups: number, log: (line: string) => void) {
  const file = path.join(folder, `directory-${users}.ldif`);
  const written = await writeDirectoryLdif(file, { users, groups, groupsPerUser: GROUPS_PER_USER, baseDn: BASE_DN });
  const counter = searchCounter();
  const started = performance.now();
  const slapd = await startSlapd({ baseDn: BASE_DN, ldifFile: file, logLevel: 'stats', log: counter.log });
  const loadMs = Math.round(performance.now() - started);
  await rm(file);
  log(`${users} users, ${groups} groups: slapadd and start ${loadMs} ms`);
  return { slapd, counter, written, loadMs };
}

/** The connector's settings on `slapd`: bound as the root DN, so no size limit applies. */
const connectorConfig = (slapd: RunningSlapd) => ({
  url: slapd.url,
  flavour: 'openldap',
  bindDn: slapd.adminDn,
  baseDn: slapd.baseDn,
  userBaseDn: `ou=people,${slapd.baseDn}`,
  groupBaseDn: `ou=groups,${slapd.baseDn}`,
  pageSize: PAGE_SIZE,
});

/** The yardstick: the users the connector lists, with the attributes it asks for, paged by a bare client; best of two reads. */
async function yardstick(slapd: RunningSlapd) {
  const settings = resolveSettings(
    connectionSchema.parse({ ...connectorConfig(slapd), bindPassword: slapd.adminPassword }),
  );
  const read = () =>
    pageWithBareClient({
      url: slapd.url,
      bindDn: slapd.adminDn,
      bindPassword: slapd.adminPassword,
      baseDn: settings.userBase,
      filter: settings.attributes.userFilter,
      attributes: recordAttributes(settings, 'user'),
      pageSize: settings.pageSize,
    });
  const first = await read();
  const second = await read();
  return first.ms <= second.ms ? first : second;
}

/** Full passes of an ldap connector on `slapd`, with the worker's memory, and the group pass. */
async function syncPasses(
  stack: BenchStack,
  loaded: Awaited<ReturnType<typeof loadedSlapd>>,
  log: (line: string) => void,
) {
  const { slapd, counter, written } = loaded;
  const databaseUrl = await stack.database(`bench_ldap_${written.users}`);
  const env = await benchEnvironment(stack, databaseUrl, {
    TEMPORAL_TASK_QUEUE: `bench-ldap-${written.users}`,
    CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32',
  });
  const worker = await startWorkerProcess(env);
  const api = await startApiServer(loadConfig(env), createLogger('error'));
  const db = createDatabase(databaseUrl);
  try {
    const { token } = await createAdminToken(db, 'bench@localhost', 'bench');
    const connector = await apiCaller(`${api.url}/api`, token)('POST', '/connectors', {
      name: 'openldap',
      type: 'ldap',
      config: connectorConfig(slapd),
      secrets: { bindPassword: slapd.adminPassword },
    });
    const call = apiCaller(`${api.url}/api/connectors/${connector.id}`, token);
    const timedPass = async (type: 'user' | 'group') => {
      const started = performance.now();
      const result = await call<SyncStatsBody>('POST', `/sync-config/${type}/trigger`);
      if (result.status !== 'success') throw new Error(`${type} pass failed: ${JSON.stringify(result)}`);
      return { ms: Math.round(performance.now() - started), stats: result.stats };
    };
    await call('PUT', '/sync-config/user', { syncAllUsers: true });
    await call('PUT', '/sync-config/group', {});
    await resetPeakMemory(worker.pid!);
    const before = await memoryOf(worker.pid!);
    log(`${written.users} users: first full pass`);
    const first = await timedPass('user');
    const during = await memoryOf(worker.pid!);
    log(`${written.users} users: second, unchanged full pass`);
    const second = await timedPass('user');
    if (first.stats.added !== written.users || second.stats.unchanged !== written.users)
      throw new Error(`unexpected stats: ${JSON.stringify({ first: first.stats, second: second.stats })}`);
    log(`${written.groups} groups with ${written.memberships} memberships: full pass`);
    const searchesBefore = counter.searches;
    const groups = await timedPass('group');
    const groupSearches = counter.searches - searchesBefore;
    if (groups.stats.added !== written.groups) throw new Error(`unexpected group stats: ${JSON.stringify(groups)}`);
    const memberships = await db.$queryRaw<Array<{ count: bigint }>>`
      SELECT count(*) FROM connector_resources r, jsonb_array_elements(r.attributes->'members')
      WHERE r.connector_id = ${connector.id}::uuid AND r.resource_type = 'group'`;
    return {
      first,
      second,
      groups: { ...groups, searches: groupSearches, membershipsStored: Number(memberships[0]?.count ?? 0) },
      workerMemory: { before, peak: during.peakMiB },
    };
  } finally {
    await db.$disconnect();
    await api.close();
    await stopProcess(worker);
  }
}

/** One directory size: load it, read it bare, sync it. */
async function benchSize(
  stack: BenchStack,
  folder: string,
  users: number,
  groups: number,
  log: (line: string) => void,
) {
  const loaded = await loadedSlapd(folder, users, groups, log);
  try {
    log(`${users} users: yardstick (bare ldapts client, page size ${PAGE_SIZE})`);
    const bare = await yardstick(loaded.slapd);
    if (bare.entries !== users) throw new Error(`the yardstick read ${bare.entries} entries of ${users}`);
    const passes = await syncPasses(stack, loaded, log);
    return { written: loaded.written, loadMs: loaded.loadMs, bare, ...passes };
  } finally {
    await loaded.slapd.stop();
  }
}

const summary = (size: Awaited<ReturnType<typeof benchSize>>, written: WrittenDirectory) => {
  const passRate = perSecond(written.users, size.first.ms);
  const bareRate = perSecond(size.bare.entries, size.bare.ms);
  return {
    users: written.users,
    groups: written.groups,
    memberships: written.memberships,
    slapaddMs: size.loadMs,
    yardstickMs: size.bare.ms,
    yardstickRecordsPerSecond: bareRate,
    firstPassMs: size.first.ms,
    firstPassRecordsPerSecond: passRate,
    ratioToYardstick: Number((passRate / bareRate).toFixed(2)),
    pages: size.first.stats.pagesProcessed,
    unchangedPassMs: size.second.ms,
    unchangedSpeedup: Number((size.first.ms / size.second.ms).toFixed(1)),
    workerRssMiB: { beforePass: size.workerMemory.before.rssMiB, peak: size.workerMemory.peak },
    groupPass: {
      ms: size.groups.ms,
      searches: size.groups.searches,
      membershipsStored: size.groups.membershipsStored,
    },
  };
};

/** The directories measured: users and groups. */
const SIZES = [
  { users: 10_000, groups: 100 },
  { users: 100_000, groups: 1_000 },
];

export async function benchLdap(log: (line: string) => void = () => undefined, sizes = SIZES) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'flowgate-bench-ldap-'));
  try {
    return await withBenchStack(log, async (stack) => {
      const measured = [];
      for (const { users, groups } of sizes) {
        const size = await benchSize(stack, folder, users, groups, log);
        measured.push(summary(size, size.written));
      }
      return {
        benchmark: 'full sync of an ldap connector against a local slapd through API, worker and Temporal',
        pageSize: PAGE_SIZE,
        groupsPerUser: GROUPS_PER_USER,
        sizes: measured,
      };
    });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
