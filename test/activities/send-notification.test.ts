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

async function createRun() {
  const runId = randomUUID();
  await database.db.workflowRun.create({
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
  return runId;
}

const stepActivities = async () =>
  createRunStepActivities({ db: database.db, connectors: await createConnectorRuntime(loadConfig({})) });

it('stores a notification once when its activity is attempted again', async () => {
  const { db } = database;
  const user = await db.user.create({ data: { email: `reader-${randomUUID()}@example.com` } });
  const runId = await createRun();
  const activities = await stepActivities();
  const input = { runId, sequence: 2, recipient: user.id, message: 'Your access is ready', workflowName: 'Notify' };

  expect(await activities.sendNotification(input)).toEqual({ success: true });
  expect(await activities.sendNotification({ ...input, message: 'A retried attempt' })).toEqual({ success: true });

  const rows = await db.notification.findMany({ where: { runId } });
  expect(rows).toEqual([
    expect.objectContaining({ sequence: 2, recipientUserId: user.id, message: 'Your access is ready' }),
  ]);
});

it('finds the recipient by id or email in any case, or stores the notification for a role', async () => {
  const { db } = database;
  const user = await db.user.create({ data: { email: `mixed-${randomUUID()}@example.com` } });
  const runId = await createRun();
  const activities = await stepActivities();
  const send = (sequence: number, recipient: string) =>
    activities.sendNotification({ runId, sequence, recipient, message: `to ${recipient}`, workflowName: 'Notify' });

  expect(await send(1, user.id.toUpperCase())).toEqual({ success: true });
  expect(await send(2, user.email!.toUpperCase())).toEqual({ success: true });
  expect(await send(3, 'auditor')).toEqual({ success: true });
  expect(await send(3, 'auditor')).toEqual({ success: true });

  const rows = await db.notification.findMany({ where: { runId }, orderBy: { sequence: 'asc' } });
  expect(
    rows.map(({ sequence, recipientUserId, recipientRole }) => ({ sequence, recipientUserId, recipientRole })),
  ).toEqual([
    { sequence: 1, recipientUserId: user.id, recipientRole: null },
    { sequence: 2, recipientUserId: user.id, recipientRole: null },
    { sequence: 3, recipientUserId: null, recipientRole: 'auditor' },
  ]);
});

it('stores nothing for a recipient who is unknown, inactive or deleted', async () => {
  const { db } = database;
  const inactive = await db.user.create({ data: { email: `inactive-${randomUUID()}@example.com`, active: false } });
  const deleted = await db.user.create({
    data: { email: `deleted-${randomUUID()}@example.com`, deletedAt: new Date() },
  });
  const runId = await createRun();
  const activities = await stepActivities();
  const recipients = [randomUUID(), 'nobody@example.com', inactive.id, deleted.email!];

  for (const [index, recipient] of recipients.entries())
    expect(
      await activities.sendNotification({
        runId,
        sequence: index + 1,
        recipient,
        message: 'Hello',
        workflowName: 'Notify',
      }),
    ).toEqual({ success: false, error: `Unknown recipient ${recipient}`, code: 'unknown_recipient' });
  expect(await db.notification.count({ where: { runId } })).toBe(0);
});
