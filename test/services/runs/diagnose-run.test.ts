import { beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { useRunStack } from '../../support/run-stack.js';
import { hasStatus, waitForRun } from '../../support/runs.js';
import { createUserWithToken } from '../../support/users.js';
import { createActive, definition, end, start } from '../../support/workflows.js';

const stack = useRunStack();
let admin: string;

beforeAll(async () => {
  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
});

describe("a run's diagnosis lists the audit entries about it", () => {
  it('takes those whose target is the run and those whose metadata names it as runId or sourceRunId, oldest first', async () => {
    const workflow = await createActive(stack.api, admin, definition(`diagnosed ${Date.now()}`, [start('end'), end()]));
    const started = await stack.api.request('POST', `/api/workflows/${workflow.id}/start`, {
      token: admin,
      body: { variables: {} },
    });
    const runId = started.body.id as string;
    await waitForRun(stack.api, admin, runId, hasStatus('completed'));
    const at = (seconds: number) => new Date(Date.now() + seconds * 1000);
    const entry = (action: string, createdAt: Date, fields: Record<string, unknown>) => ({
      id: randomUUID(),
      action,
      actorType: 'system',
      createdAt,
      metadata: {},
      ...fields,
    });
    await stack.database.db.auditLog.createMany({
      data: [
        entry('test.names_run', at(2), { targetType: 'approval', targetId: randomUUID(), metadata: { runId } }),
        entry('test.started_from_run', at(1), {
          targetType: 'run',
          targetId: randomUUID(),
          metadata: { sourceRunId: runId },
        }),
        entry('test.other_run', at(3), {
          targetType: 'approval',
          targetId: randomUUID(),
          metadata: { runId: randomUUID() },
        }),
        entry('test.run_in_text', at(4), { targetType: 'user', targetId: randomUUID(), metadata: { note: runId } }),
      ],
    });

    const diagnosis = await stack.api.request('GET', `/api/runs/${runId}/diagnose`, { token: admin });
    expect(diagnosis.status).toBe(200);
    const actions = diagnosis.body.auditTrail.map((item: { action: string }) => item.action);
    expect(actions.filter((action: string) => action.startsWith('test.'))).toEqual([
      'test.started_from_run',
      'test.names_run',
    ]);
    expect(actions[0]).toBe('run.started');
  });
});
