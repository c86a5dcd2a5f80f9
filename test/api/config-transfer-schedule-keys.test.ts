import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TemporalClientHandle } from '../../src/temporal/client.js';
import { connectSuiteTemporal, useTestApp } from '../support/app.js';
import { removeTemporalSchedules } from '../support/temporal-schedules.js';
import { createUserWithToken } from '../support/users.js';
import { approvalDefinition, createActive } from '../support/workflows.js';

// A document names a schedule `<workflow>/<name or cron expression>`. Two schedules of one
// workflow under one such key would be one entry: export and import refuse rather than guess
// (docs/transfer.md, "Names and versions of workflows").

// Imports that update a schedule register it with Temporal: removed before the database goes.
const context = useTestApp({ beforeTeardown: () => removeTemporalSchedules(temporal.client, context.database.db) });
let temporal: TemporalClientHandle;
let admin: string;
const TWIN_KEY = 'Nightly job/0 2 * * *';

const call = (method: string, path: string, body?: unknown) =>
  context.api.request(method, path, { token: admin, body });

afterAll(() => temporal.close());

beforeAll(async () => {
  temporal = await connectSuiteTemporal();
  admin = (await createUserWithToken(context.database.db, ['admin'])).token;
  const workflow = await createActive(
    context.api,
    admin,
    approvalDefinition({ name: 'Nightly job', trigger: { types: ['scheduled'] } }),
  );
  // Rows only: the export reads them, and no Temporal Schedule is left behind by the test.
  const variables = { requester: 'ann@example.test', manager: 'ann@example.test' };
  await context.database.db.schedule.createMany({
    data: [
      { workflowId: workflow.id, cronExpression: '0 2 * * *', timezone: 'Europe/Paris', variables },
      { workflowId: workflow.id, cronExpression: '0 2 * * *', timezone: 'America/New_York', variables },
      { workflowId: workflow.id, name: 'weekly', cronExpression: '0 3 * * 1', variables },
    ],
  });
});

describe('schedules of one workflow under one document key', () => {
  it('refuses an export that would hold them as one entry (409 naming the key)', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/config/export?entities=schedules', undefined],
      ['GET', '/api/config/export', undefined],
      ['POST', '/api/config/export', { entities: { schedules: [TWIN_KEY] } }],
    ] as const) {
      const refused = await call(method, path, body);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain(`Several schedules are named "${TWIN_KEY}"`);
      expect(refused.body.details).toEqual({ keys: [TWIN_KEY] });
    }
    const other = await call('POST', '/api/config/export', { entities: { schedules: ['Nightly job/weekly'] } });
    expect(other.status).toBe(200);
    expect(other.body.entities.schedules.map((entry: { name: string }) => entry.name)).toEqual(['weekly']);
  });

  it('refuses an import entry that two schedules answer to, leaving both as they were', async () => {
    const exported = await call('POST', '/api/config/export', { entities: { schedules: ['Nightly job/weekly'] } });
    const [weekly] = exported.body.entities.schedules;
    const document = {
      ...exported.body,
      entities: {
        ...exported.body.entities,
        schedules: [{ ...weekly, name: null, cronExpression: '0 2 * * *', timezone: 'Asia/Tokyo' }],
      },
    };
    const imported = await call('POST', '/api/config/import', document);
    expect(imported.status).toBe(200);
    expect(imported.body.details).toContainEqual(
      expect.objectContaining({
        entity: 'schedule',
        name: TWIN_KEY,
        action: 'error',
        error: expect.stringContaining(`Several schedules are named "${TWIN_KEY}"`),
      }),
    );
    const twins = await context.database.db.schedule.findMany({ where: { cronExpression: '0 2 * * *' } });
    expect(twins.map((row) => row.timezone).sort()).toEqual(['America/New_York', 'Europe/Paris']);
  });
});

describe('schedules under one key on versions of one workflow', () => {
  it("updates the one on the version the name stands for, leaving the older version's", async () => {
    const v1 = await createActive(
      context.api,
      admin,
      approvalDefinition({ name: 'Versioned job', trigger: { types: ['scheduled'] } }),
    );
    const v2 = (await call('POST', `/api/workflows/${v1.id}/create-version`)).body.newWorkflow;
    const published = await call('POST', `/api/workflows/${v2.id}/publish`, { deprecatePreviousVersionId: v1.id });
    expect(published.status).toBe(200);
    const variables = { requester: 'ann@example.test', manager: 'ann@example.test' };
    const schedule = (workflowId: string, name: string, cronExpression: string) =>
      context.database.db.schedule.create({ data: { workflowId, name, cronExpression, variables } });
    const older = await schedule(v1.id, 'nightly', '0 4 * * *');
    const current = await schedule(v2.id, 'nightly', '0 4 * * *');
    // Named like a cron expression: an unnamed entry with that expression has its key.
    const namedLikeCron = await schedule(v2.id, '0 5 * * *', '0 5 * * *');
    const exported = await call('POST', '/api/config/export', {
      entities: { schedules: ['Versioned job/nightly'] },
      includeDependencies: false,
    });
    expect(exported.status).toBe(200);
    const [entry] = exported.body.entities.schedules;
    const document = {
      ...exported.body,
      entities: {
        schedules: [
          { ...entry, timezone: 'Asia/Tokyo' },
          { ...entry, name: null, cronExpression: '0 5 * * *', timezone: 'Europe/Paris' },
        ],
      },
    };
    const imported = await call('POST', '/api/config/import', document);
    expect(imported.status).toBe(200);
    expect(imported.body.details).toEqual([
      expect.objectContaining({ entity: 'schedule', name: 'Versioned job/nightly', action: 'updated' }),
      expect.objectContaining({ entity: 'schedule', name: 'Versioned job/0 5 * * *', action: 'updated' }),
    ]);
    const after = async (id: string) => {
      const row = await context.database.db.schedule.findUniqueOrThrow({ where: { id } });
      return [row.workflowId === v1.id ? 'v1' : 'v2', row.name, row.timezone];
    };
    expect(await after(older.id)).toEqual(['v1', 'nightly', null]);
    expect(await after(current.id)).toEqual(['v2', 'nightly', 'Asia/Tokyo']);
    expect(await after(namedLikeCron.id)).toEqual(['v2', null, 'Europe/Paris']);
  });
});
