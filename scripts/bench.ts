import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../src/config/project-root.js';
import { benchApprovals } from './bench/approvals.js';
import { benchConsole } from './bench/console.js';
import { benchLdap } from './bench/ldap.js';
import { benchReads } from './bench/reads.js';
import { benchReviews } from './bench/reviews.js';
import { benchRuns } from './bench/runs.js';
import { benchScimGroupPatch } from './bench/scim-group-patch.js';
import { benchScimOut, FULL_SIZE, QUICK_SIZE } from './bench/scim-out.js';
import { benchSync } from './bench/sync.js';
import { benchValidateDefinition } from './bench/validate-definition.js';
import { parseCommandLine, usageError } from './lib/command-line.js';

// npm run bench [-- name...] — speed goals live here, not in tests. Each figure is printed next to
// its yardstick where it has one. Results go to bench-results/ (ignored by git) with the machine
// they were measured on.
const log = (line: string) => console.log(`  ${line}`);
const thousands = (value: number) => value.toLocaleString('en-US');

const usage = [
  'Usage: npm run bench [-- <benchmark> ...] [--quick]',
  '  runs the named benchmarks (all when none is named) and writes the figures to bench-results/latest.json',
  `  --quick: scim-out provisions ${QUICK_SIZE.users.toLocaleString('en-US')} users in ${QUICK_SIZE.groups} groups instead of ${FULL_SIZE.users.toLocaleString('en-US')} in ${FULL_SIZE.groups}`,
].join('\n');
const { positionals: selected, values: options } = parseCommandLine(usage, {
  allowPositionals: true,
  options: { quick: { type: 'boolean', default: false } },
});

const benchmarks: Record<string, () => Promise<object>> = {
  async validation() {
    const result = benchValidateDefinition();
    console.log(
      `${result.benchmark}: ${result.steps} steps, median ${result.medianMs} ms, max ${result.maxMs} ms (valid: ${result.valid})`,
    );
    return result;
  },
  async runs() {
    const result = await benchRuns(60, log);
    const local = result.yardstickLocal;
    const rounds = result.rounds.map(
      ({ service, regular, startedWithoutApi, ratios }, index) =>
        `    round ${index + 1}: completed ${service.runsCompletedPerSecond} runs/s against ${regular.runsCompletedPerSecond} (${ratios.completedToRegular}×); started ${service.runsStartedPerSecond} runs/s against ${regular.runsStartedPerSecond} (${ratios.startedToBareStart}×), without the API ${startedWithoutApi} runs/s (${ratios.startedWithoutApiToBareStart}×); median start → completion ${service.medianStartToCompletionMs} ms (p95 ${service.p95StartToCompletionMs}) against ${regular.medianStartToCompletionMs} ms`,
    );
    console.log(
      [
        `${result.benchmark} (${result.runs} at once, ${result.rounds.length} rounds, each right after its yardstick, bare Temporal with regular activities):`,
        `  completed: median ratio ${result.ratios.completedToRegular}× (goal ≥ 0.7×); started (HTTP start → Temporal start against bare client.workflow.start): median ratio ${result.ratios.startedToBareStart}× (goal ≥ 0.5×)`,
        `    the same starts without the API (no HTTP, authentication or load generator: the run row and the Temporal start, made in this process like the yardstick's): median ratio ${result.ratios.startedWithoutApiToBareStart}×, where the started ratio would be if HTTP and authentication cost nothing`,
        ...rounds,
        `    for reference, bare Temporal with local activities: ${local.runsCompletedPerSecond} runs/s completed, median start → completion ${local.medianStartToCompletionMs} ms`,
        `  start request → first step activity started, each run alone after ${result.idleBeforeMs} ms idle: median ${result.medianRequestToFirstActivityMs} ms of ${result.requestToFirstActivityMs.join(', ')} (goal < 50 ms)`,
        `    the same runs back to back: median ${result.medianBackToBackRequestToFirstActivityMs} ms of ${result.backToBackRequestToFirstActivityMs.join(', ')}`,
        `  CPU time per run under the load: API ${result.cpuMsPerRun.api} ms, worker ${result.cpuMsPerRun.worker} ms (all its threads)`,
        `  longest workflow task under the load: ${result.longestWorkflowTaskMs} ms (goal < 1,000 ms); per run ${result.workflowTasksPerRun} workflow tasks, ${result.historyEventsPerRun} history events`,
      ].join('\n'),
    );
    return result;
  },
  async reads() {
    const result = await benchReads(log);
    const { yardstick } = result;
    console.log(
      [
        `${result.benchmark}; ${thousands(result.seeded.runs)} runs, ${thousands(result.seeded.runSteps)} step rows, ${thousands(result.seeded.auditRows)} audit rows:`,
        `  yardstick GET ${yardstick.route} (no authentication): p50 ${yardstick.p50Ms} ms, p90 ${yardstick.p90Ms} ms, p99 ${yardstick.p99Ms} ms, max ${yardstick.maxMs} ms`,
        ...result.routes.map(
          (route) =>
            `  GET ${route.route}: p50 ${route.p50Ms} ms (${route.p50ToYardstick}× the yardstick's), p90 ${route.p90Ms} ms, p99 ${route.p99Ms} ms (${route.p99ToYardstick}×; goal < 20 ms idle), max ${route.maxMs} ms; ${route.requests} requests on ${route.connections} connections, ${route.non2xx} non-2xx, ${route.errors} errors`,
        ),
        `  token audit: ${thousands(result.tokenRequestAuditRows)} api_token.request entries for ${thousands(result.tokenRequestsSent)} requests sent`,
      ].join('\n'),
    );
    return result;
  },
  async approvals() {
    const result = await benchApprovals(log);
    const memory = result.workerRssMiB;
    console.log(
      [
        `${result.benchmark}:`,
        `  worker RSS: ${memory.waiting100} MiB with 100 runs waiting, ${memory.waiting1000} MiB with 1,000 (peak ${memory.peak} MiB)`,
        `  started to waiting: ${result.runsStartedToWaitingPerSecond} runs/s`,
        `  decided through the API: ${result.decisionsPerSecond} decisions/s; runs completed ${result.runsCompletedAfterDecisionPerSecond} runs/s (compare runs completed/s of npm run bench -- runs)`,
      ].join('\n'),
    );
    return result;
  },
  async scim() {
    const result = await benchScimGroupPatch();
    console.log(
      `${result.benchmark}: median ${result.medianMs} ms, max ${result.maxMs} ms over ${result.repetitions} runs`,
    );
    return result;
  },
  async sync() {
    const result = await benchSync(log);
    const memory = result.workerMemoryMiB;
    console.log(
      [
        `${result.benchmark}:`,
        `  first pass ${thousands(result.firstPassRecordsPerSecond)} records/s (goal ≥ 5,000) in ${result.firstPassMs} ms, ${result.pages} pages;` +
          ` yardstick: raw bulk insert of the same rows ${thousands(result.rawInsertRecordsPerSecond)} records/s; ratio ${result.ratioToRawInsert}`,
        `  unchanged second pass ${result.unchangedPassMs} ms: ${result.unchangedSpeedup}× faster than the first (goal ≥ 3×)`,
        `  matching ${thousands(result.matching.records)} records against ${thousands(result.matching.users)} users: ${result.matching.ms} ms (goal < 10,000 ms), ${thousands(result.matching.matched)} matched`,
        `  worker RSS, 10,000 users: ${memory.users10k.beforePass} MiB before the pass, peak ${memory.users10k.peak} MiB;` +
          ` 100,000 users: ${memory.users100k.beforePass} MiB before, peak ${memory.users100k.peak} MiB (before = with the simulated directory loaded)`,
      ].join('\n'),
    );
    return result;
  },
  async ldap() {
    const result = await benchLdap(log);
    const lines = result.sizes.flatMap((size) => [
      `  ${thousands(size.users)} users, ${thousands(size.groups)} groups (${thousands(size.memberships)} memberships); slapadd and start ${size.slapaddMs} ms:`,
      `    first full pass ${thousands(size.firstPassRecordsPerSecond)} records/s (goal ≥ 5,000) in ${size.firstPassMs} ms, ${size.pages} pages;` +
        ` yardstick: bare ldapts client paging the same entries ${thousands(size.yardstickRecordsPerSecond)} records/s; ratio ${size.ratioToYardstick} (goal ≥ 0.5)`,
      `    unchanged second pass ${size.unchangedPassMs} ms: ${size.unchangedSpeedup}× faster than the first (goal ≥ 3×)`,
      `    worker RSS ${size.workerRssMiB.beforePass} MiB before the passes, peak ${size.workerRssMiB.peak} MiB`,
      `    group pass ${size.groupPass.ms} ms: ${thousands(size.groups)} groups, ${thousands(size.groupPass.membershipsStored)} members stored, ${thousands(size.groupPass.searches)} LDAP searches (goal: not one per member)`,
    ]);
    console.log([`${result.benchmark} (LDAP page size ${result.pageSize}):`, ...lines].join('\n'));
    return result;
  },
  async console() {
    const result = await benchConsole(log);
    const { goals } = result;
    const figures = (load: {
      fcpMs: number;
      headingMs: number;
      transferredKiB: number;
      javaScriptKiB: number;
      requests: number;
    }) =>
      `FCP ${load.fcpMs} ms, heading ${load.headingMs} ms, ${load.transferredKiB} KiB in ${load.requests} requests (JavaScript ${load.javaScriptKiB} KiB)`;
    console.log(
      [
        `${result.benchmark} (goals: FCP < ${goals.fcpMs} ms on every page, first page's compressed JavaScript < ${goals.firstPageJsKiB} KiB):`,
        ...result.pages.map(
          (page) =>
            `  ${page.name} (${page.pathname}): ${figures(page.console)}; yardstick, its static HTML: ${figures(page.yardstick)}; FCP ${page.fcpToYardstick}× the yardstick's, goal met: ${page.fcpGoalMet}`,
        ),
        `  first page's JavaScript: ${result.firstPageJavaScriptKiB} KiB compressed, goal met: ${result.firstPageJsGoalMet}`,
      ].join('\n'),
    );
    return result;
  },
  async 'scim-out'() {
    const result = await benchScimOut(log, options.quick ? QUICK_SIZE : FULL_SIZE);
    const { size, service } = result;
    const requests = (counts: Record<string, number>) =>
      Object.entries(counts)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([kind, count]) => `${thousands(count)} ${kind}`)
        .join(', ');
    const state = (held: { users: number; groups: number; memberships: number }) =>
      `${thousands(held.users)} users, ${thousands(held.groups)} groups, ${thousands(held.memberships)} memberships`;
    console.log(
      [
        `${result.benchmark} (${thousands(size.users)} users, ${thousands(size.groups)} groups, concurrency ${size.concurrency}, maxMembersPerPatch ${size.maxMembersPerPatch}):`,
        ...result.yardstick.map(
          (round, index) =>
            `  yardstick ${index === 0 ? 'before' : 'after '}: ${round.totalMs} ms (groups ${round.groupsMs}, users ${round.usersMs}, members ${round.membersMs}), ${thousands(round.requestsPerSecond)} requests/s; ${thousands(round.totalRequests)} requests (${requests(round.requests)}), the minimum: ${round.requestsAsExpected}; server holds ${state(round.state)}`,
        ),
        `  through Flowgate: ${service.totalMs} ms (groups ${service.groupsMs}, users ${service.usersMs}, members ${service.membersMs}), ${thousands(service.requestsPerSecond)} requests/s; ${thousands(service.totalRequests)} requests (${requests(service.requests)})`,
        `    the minimum is ${thousands(result.minimumRequests)}, plus ${thousands(service.totalRequests - result.minimumRequests)} reads (the ServiceProviderConfig once, createGroup's look-up of each name): as expected ${service.requestsAsExpected}`,
        `    PostgreSQL statements per connector step: ${service.postgresStatementsPerStep}`,
        `    server holds ${state(service.state)}, ${thousands(service.state.links)} account links: right ${service.stateRight}`,
        `  ratio to the yardstick (mean of before and after, ${result.yardstickMs} ms): ${result.ratioToYardstick}× (goal ≥ 0.7×)`,
      ].join('\n'),
    );
    return result;
  },
  async reviews() {
    const result = await benchReviews(log);
    const { start, decisions, close } = result;
    console.log(
      [
        `${result.benchmark}:`,
        `  start of a campaign of ${thousands(start.items)} items: ${start.ms} ms (goal < 10,000 ms) against ${start.yardstickMs} ms for one bare INSERT of the same rows: ${start.ratio}× (goal ≥ 0.3×)`,
        `  ${thousands(decisions.count)} decisions through the API: ${decisions.perSecond}/s (goal ≥ 100/s)`,
        `  close with ${thousands(close.removals)} removals through the simulated Active Directory: ${close.seconds} s, ${close.removalsPerSecond} removals/s against ${close.bareCallsPerSecond} bare connector calls/s: ${close.ratio}× (${close.remediated} remediated)`,
      ].join('\n'),
    );
    return result;
  },
};

const unknown = selected.filter((name) => !(name in benchmarks));
if (unknown.length > 0)
  usageError(
    usage,
    `Unknown benchmark ${unknown.join(', ')}; the benchmarks are ${Object.keys(benchmarks).join(', ')}.`,
  );
const results = [];
for (const name of selected.length > 0 ? selected : Object.keys(benchmarks)) results.push(await benchmarks[name]!());

const report = {
  measuredAt: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadAverage: os.loadavg() },
  results,
};
const directory = path.join(projectRoot(), 'bench-results');
await mkdir(directory, { recursive: true });
const file = path.join(directory, 'latest.json');
await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(`Wrote ${path.relative(process.cwd(), file)}`);
