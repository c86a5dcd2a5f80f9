import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../src/db/migrate.js';
import { benchRuns } from './bench/runs.js';
import { benchScimGroupPatch } from './bench/scim-group-patch.js';
import { benchValidateDefinition } from './bench/validate-definition.js';

// npm run bench — speed goals live here, not in tests. Results go to bench-results/ (ignored by
// git) with the machine they were measured on.
const validation = benchValidateDefinition();
console.log(
  `${validation.benchmark}: ${validation.steps} steps, median ${validation.medianMs} ms, max ${validation.maxMs} ms (valid: ${validation.valid})`,
);
const runs = await benchRuns(60, (line) => console.log(`  ${line}`));
console.log(
  `${runs.benchmark}: ${runs.runsStartedPerSecond} runs started/s, ${runs.runsCompletedPerSecond} completed/s, median ${runs.medianStartToCompletionMs} ms, p95 ${runs.p95StartToCompletionMs} ms`,
);
const scim = await benchScimGroupPatch();
console.log(`${scim.benchmark}: median ${scim.medianMs} ms, max ${scim.maxMs} ms over ${scim.repetitions} runs`);
const results = [validation, runs, scim];
const report = {
  measuredAt: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
  results,
};
const directory = path.join(projectRoot(), 'bench-results');
await mkdir(directory, { recursive: true });
const file = path.join(directory, 'latest.json');
await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(`Wrote ${path.relative(process.cwd(), file)}`);
