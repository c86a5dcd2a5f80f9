import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../src/db/migrate.js';
import { benchValidateDefinition } from './bench/validate-definition.js';

// npm run bench — speed goals live here, not in tests. Results go to bench-results/ (ignored by
// git) with the machine they were measured on.
const results = [benchValidateDefinition()];
const report = {
  measuredAt: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
  results,
};
const directory = path.join(projectRoot(), 'bench-results');
await mkdir(directory, { recursive: true });
const file = path.join(directory, 'latest.json');
await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
for (const result of results)
  console.log(
    `${result.benchmark}: ${result.steps} steps, median ${result.medianMs} ms, max ${result.maxMs} ms (valid: ${result.valid})`,
  );
console.log(`Wrote ${path.relative(process.cwd(), file)}`);
