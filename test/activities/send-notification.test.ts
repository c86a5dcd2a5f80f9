import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { createRunStepActivities } from '../../src/activities/run-steps.js';
import { loadConfig } from '../../src/config/index.js';
import { createConnectorRuntime } from '../../src/connectors/runtime.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

it('stores a notification once when its activity is attempted again', async () => {
  const { db } = database;
  const user = await db.user.create({ data: { email: `reader-${randomUUID()}@example.com` } });
  const runId = randomUUID();
  await db.workflowRun.create({
    data: {
      id: runId,
      definitionId: randomUUID(),
      definitionName: 'Notify',
      definitionVersion: 1,
      definitionSnapshot: {},
      status: 'running',
      temporalWorkflowId: `run-${runId}`,
    },
  });
  const activities = createRunStepActivities({ db, connectors: await createConnectorRuntime(loadConfig({})) });
  const input = { runId, sequence: 2, recipient: user.id, message: 'Your access is ready', workflowName: 'Notify' };

  expect(await activities.sendNotification(input)).toEqual({ success: true });
  expect(await activities.sendNotification({ ...input, message: 'A retried attempt' })).toEqual({ success: true });

  const rows = await db.notification.findMany({ where: { runId } });
  expect(rows).toEqual([
    expect.objectContaining({ sequence: 2, recipientUserId: user.id, message: 'Your access is ready' }),
  ]);
});
