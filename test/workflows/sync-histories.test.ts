import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { projectRoot } from '../../src/db/migrate.js';
import { historyFromJSON } from '../support/histories.js';
import { stackValue } from '../support/stack.js';

// Sync passes recorded by earlier versions of syncResourcesWorkflow (sync-history-recorder.ts):
// full-pass-three-pages.json calls `syncPage` once per page, as passes did before `syncPages`
// stored several pages per activity; a pass in flight at the upgrade must replay.
const FIXTURES = path.join(projectRoot(), 'test/fixtures/sync-histories');

beforeAll(() => void Runtime.install({ logger: new DefaultLogger('WARN'), shutdownSignals: [] }));

describe('sync passes begun by an earlier version of the workflow keep running', () => {
  it('replays every recorded pass with the current workflow code', async () => {
    const files = (await readdir(FIXTURES)).filter((name) => name.endsWith('.json')).sort();
    expect(files.length).toBeGreaterThan(0);
    const histories = async function* () {
      for (const file of files) {
        const history = historyFromJSON(JSON.parse(await readFile(path.join(FIXTURES, file), 'utf8')));
        yield { workflowId: path.basename(file, '.json'), history };
      }
    };
    const outcomes: Array<{ workflowId: string; error?: string }> = [];
    for await (const result of Worker.runReplayHistories(
      { workflowBundle: { codePath: stackValue('workflowBundle') } },
      histories(),
    )) {
      outcomes.push({ workflowId: result.workflowId, error: result.error?.message });
    }
    expect(outcomes).toEqual(files.map((file) => ({ workflowId: path.basename(file, '.json'), error: undefined })));
  });
});
