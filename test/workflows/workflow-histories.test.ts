import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { projectRoot } from '../../src/config/project-root.js';
import { discardedSpans, historyFromJSON, tracedWorkflowBundle } from '../support/histories.js';
import { stackValue } from '../support/stack.js';

// Histories of the workflows other than the run interpreter (recorded-histories.test.ts has its),
// recorded by earlier versions of their code (workflow-history-recorder.ts); what is in flight at
// an upgrade must replay. sync-full-pass-three-pages.json calls `syncPage` once per page, as passes
// did before `syncPages` stored several pages per activity; access-review-gated-removals.json is a
// campaign closed with removals that waited for an administrator's go; audit-sink-down-then-delivered.json
// is an audit sink's stream backing off while rsyslogd was down, delivering, then ending when disabled.
const FIXTURES = path.join(projectRoot(), 'test/fixtures/workflow-histories');

beforeAll(() => void Runtime.install({ logger: new DefaultLogger('WARN'), shutdownSignals: [] }));

async function replayAll(options: Parameters<typeof Worker.runReplayHistories>[0]) {
  const files = (await readdir(FIXTURES)).filter((name) => name.endsWith('.json')).sort();
  expect(files.length).toBeGreaterThan(0);
  const histories = async function* () {
    for (const file of files) {
      const history = historyFromJSON(JSON.parse(await readFile(path.join(FIXTURES, file), 'utf8')));
      yield { workflowId: path.basename(file, '.json'), history };
    }
  };
  const outcomes: Array<{ workflowId: string; error?: string }> = [];
  for await (const result of Worker.runReplayHistories(options, histories())) {
    outcomes.push({ workflowId: result.workflowId, error: result.error?.message });
  }
  expect(outcomes).toEqual(files.map((file) => ({ workflowId: path.basename(file, '.json'), error: undefined })));
}

describe('workflows begun by an earlier version of their code keep running', () => {
  it('replays every recorded history with the current workflow code', async () => {
    await replayAll({ workflowBundle: { codePath: stackValue('workflowBundle') } });
  });

  // Histories recorded without tracing, replayed by a worker that traces (OTEL_* set after an upgrade).
  it('replays every recorded history with the tracing workflow interceptors a traced worker loads', async () => {
    const traced = await tracedWorkflowBundle();
    expect(traced.code).toContain('OpenTelemetryInboundInterceptor');
    await replayAll({ workflowBundle: traced, sinks: discardedSpans });
  }, 120_000);
});
