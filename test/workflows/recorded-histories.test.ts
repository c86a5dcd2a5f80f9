import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { projectRoot } from '../../src/config/project-root.js';
import { discardedSpans, historyFromJSON, tracedWorkflowBundle } from '../support/histories.js';
import { stackValue } from '../support/stack.js';
import { RECORDED_VERSIONS, scenariosRecordedIn } from './history-scenarios.js';

const FIXTURES = path.join(projectRoot(), 'test/fixtures/histories');

/** The folders of recorded histories, one per interpreter version recorded. */
const versions = async () =>
  (await readdir(FIXTURES, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

async function* recordedHistories(version: string) {
  const folder = path.join(FIXTURES, version);
  for (const file of (await readdir(folder)).filter((name) => name.endsWith('.json')).sort()) {
    const history = historyFromJSON(JSON.parse(await readFile(path.join(folder, file), 'utf8')));
    yield { workflowId: path.basename(file, '.json'), history };
  }
}

beforeAll(() => void Runtime.install({ logger: new DefaultLogger('WARN'), shutdownSignals: [] }));

describe('runs started by an earlier version of the interpreter keep running', () => {
  it('every version is recorded, each with one history per scenario of history-scenarios.ts it had', async () => {
    expect((await versions()).sort()).toEqual([...RECORDED_VERSIONS].sort());
    for (const version of RECORDED_VERSIONS) {
      const files = (await readdir(path.join(FIXTURES, version))).filter((name) => name.endsWith('.json'));
      expect([version, files.map((file) => path.basename(file, '.json')).sort()]).toEqual([
        version,
        scenariosRecordedIn(version)
          .map((scenario) => scenario.name)
          .sort(),
      ]);
    }
  });

  // One test per version: each replays a bundle's worth of histories, and together they outgrow one
  // test's time limit on a busy machine.
  it.each(RECORDED_VERSIONS)(
    'replays every history recorded by interpreter %s with the current workflow code without a nondeterminism error',
    async (version) => {
      await expectReplayed(version, { workflowBundle: { codePath: stackValue('workflowBundle') } });
    },
  );
});

describe('runs started before tracing was switched on keep running on a worker that traces', () => {
  let traced: { code: string };
  beforeAll(async () => {
    traced = await tracedWorkflowBundle();
    expect(traced.code).toContain('OpenTelemetryInboundInterceptor');
  }, 120_000);

  it.each(RECORDED_VERSIONS)(
    'replays every history recorded by interpreter %s with the tracing workflow interceptors',
    async (version) => {
      await expectReplayed(version, { workflowBundle: traced, sinks: discardedSpans });
    },
  );
});

async function expectReplayed(
  version: (typeof RECORDED_VERSIONS)[number],
  options: Parameters<typeof Worker.runReplayHistories>[0],
) {
  const outcomes: Array<{ workflowId: string; error?: string }> = [];
  for await (const result of Worker.runReplayHistories(options, recordedHistories(version))) {
    outcomes.push({ workflowId: result.workflowId, error: result.error?.message });
  }
  expect(outcomes).toEqual(
    scenariosRecordedIn(version)
      .map((scenario) => ({ workflowId: scenario.name, error: undefined }))
      .sort((a, b) => a.workflowId.localeCompare(b.workflowId)),
  );
}
