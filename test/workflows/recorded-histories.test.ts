import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { projectRoot } from '../../src/db/migrate.js';
import { historyFromJSON } from '../support/histories.js';
import { stackValue } from '../support/stack.js';
import { HISTORY_SCENARIOS } from './history-scenarios.js';

const FIXTURES = path.join(projectRoot(), 'test/fixtures/histories');

async function* recordedHistories() {
  for (const file of (await readdir(FIXTURES)).filter((name) => name.endsWith('.json')).sort()) {
    const history = historyFromJSON(JSON.parse(await readFile(path.join(FIXTURES, file), 'utf8')));
    yield { workflowId: path.basename(file, '.json'), history };
  }
}

beforeAll(() => void Runtime.install({ logger: new DefaultLogger('WARN'), shutdownSignals: [] }));

describe('runs started by an earlier version of the interpreter keep running', () => {
  it('there is one recorded history per scenario of history-scenarios.ts', async () => {
    const files = (await readdir(FIXTURES)).filter((name) => name.endsWith('.json'));
    expect(files.map((file) => path.basename(file, '.json')).sort()).toEqual(
      HISTORY_SCENARIOS.map((scenario) => scenario.name).sort(),
    );
  });

  it('replays every recorded history with the current workflow code without a nondeterminism error', async () => {
    const outcomes: Array<{ workflowId: string; error?: string }> = [];
    for await (const result of Worker.runReplayHistories(
      { workflowBundle: { codePath: stackValue('workflowBundle') } },
      recordedHistories(),
    )) {
      outcomes.push({ workflowId: result.workflowId, error: result.error?.message });
    }
    expect(outcomes).toEqual(
      HISTORY_SCENARIOS.map((scenario) => ({ workflowId: scenario.name, error: undefined })).sort((a, b) =>
        a.workflowId.localeCompare(b.workflowId),
      ),
    );
  });
});
