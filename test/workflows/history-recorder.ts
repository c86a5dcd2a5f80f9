import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { describe, it } from '@jest/globals';
import { promisify } from 'node:util';
import { projectRoot } from '../../src/config/project-root.js';
import { runWorkflowId } from '../../src/temporal/messages.js';
import { useRunStack } from '../support/run-stack.js';
import { stackValue } from '../support/stack.js';
import { createUserWithToken } from '../support/users.js';
import { createActive } from '../support/workflows.js';
import { HISTORY_SCENARIOS } from './history-scenarios.js';
import { connectSuiteTemporal } from '../support/app.js';

// Not part of the suite (no .test.ts): records the fixtures that recorded-histories.test.ts
// replays, into a folder named by HISTORY_VERSION (the commit of the interpreter recorded). Run it
// with the interpreter version whose histories should stay replayable:
//   HISTORY_VERSION=<commit> npm test -- --testMatch '**/history-recorder.ts' test/workflows/history-recorder.ts
const stack = useRunStack();
const version = process.env.HISTORY_VERSION;
if (!version) throw new Error('Set HISTORY_VERSION to the commit of the interpreter being recorded');

describe('records run histories', () => {
  it.each(HISTORY_SCENARIOS.map((scenario) => [scenario.name, scenario] as const))('%s', async (name, scenario) => {
    const { token, user } = await createUserWithToken(stack.database.db, ['admin']);
    const approver = await createUserWithToken(stack.database.db, ['approver']);
    const people = { adminId: user.id, approverId: approver.user.id, approverToken: approver.token };
    const workflow = await createActive(stack.api, token, scenario.definition(people));
    const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
      token,
      body: { variables: scenario.variables?.(people) ?? {} },
    });
    if (started.status !== 201) throw new Error(`start failed: ${started.text}`);
    await scenario.drive(stack.api, token, started.body.id, people);
    const temporal = await connectSuiteTemporal();
    try {
      const handle = temporal.client.workflow.getHandle(runWorkflowId(started.body.id));
      await handle.result().catch(() => undefined);
      // The CLI writes the JSON form that historyFromJSON reads back.
      const { stdout } = await promisify(execFile)(
        path.join(homedir(), 'go/bin/temporal'),
        ['workflow', 'show', '--address', stackValue('temporalAddress'), '-w', handle.workflowId, '-o', 'json'],
        { maxBuffer: 64 * 1024 * 1024 },
      );
      const folder = path.join(projectRoot(), 'test/fixtures/histories', version);
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, `${name}.json`), stdout);
    } finally {
      await temporal.close();
    }
  });
});
