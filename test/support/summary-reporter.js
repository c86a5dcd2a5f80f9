import { mkdirSync, writeFileSync } from 'node:fs';

/**
 * Prints the closing line CI reads, `tests: N passed, N failed`, from jest's own counts, and
 * keeps it in test-results/summary.txt so .ci/run can repeat it as the very last line. Suites
 * that failed to run count as failures.
 */
export default class SummaryReporter {
  onRunComplete(_contexts, results) {
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const line = `tests: ${results.numPassedTests} passed, ${failed} failed`;
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/summary.txt', `${line}\n`);
    process.stdout.write(`${line}\n`);
  }
}
