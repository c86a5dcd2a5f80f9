import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, it } from '@jest/globals';
import { projectRoot } from '../../src/db/migrate.js';
import { syncWorkflowId } from '../../src/domain/sync-pass.js';
import { useRunStack } from '../support/run-stack.js';
import { stackValue } from '../support/stack.js';
import { connectorOnDirectory } from '../support/sync-directory.js';
import { createUserWithToken } from '../support/users.js';

// Not part of the suite (no .test.ts): records the sync pass history that
// sync-histories.test.ts replays. Run it with the workflow code whose passes should stay
// replayable:
//   npm test -- --testMatch '**/sync-history-recorder.ts' test/workflows/sync-history-recorder.ts
const stack = useRunStack();

describe('records a sync pass history', () => {
  it('a full pass of five users over three pages, with post-sync matching', async () => {
    const { token } = await createUserWithToken(stack.database.db, ['admin']);
    const { connectorId } = await connectorOnDirectory(stack.api, token, 5);
    const configPath = `/api/connectors/${connectorId}/sync-config/user`;
    await stack.api.request('PUT', configPath, { token, body: { syncAllUsers: true } });
    const passed = await stack.api.request('POST', `${configPath}/trigger`, { token });
    if (passed.status !== 200 || passed.body.status !== 'success') throw new Error(`pass failed: ${passed.text}`);
    // The CLI writes the JSON form that historyFromJSON reads back.
    const { stdout } = await promisify(execFile)(
      path.join(homedir(), 'go/bin/temporal'),
      [
        'workflow',
        'show',
        '--address',
        stackValue('temporalAddress'),
        '-w',
        syncWorkflowId(connectorId, 'user'),
        '-o',
        'json',
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    await writeFile(path.join(projectRoot(), 'test/fixtures/sync-histories/full-pass-three-pages.json'), stdout);
  });
});
