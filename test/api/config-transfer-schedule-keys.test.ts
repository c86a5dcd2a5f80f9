import { beforeAll, describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';
import { approvalDefinition, createActive } from '../support/workflows.js';

// A document names a schedule `<workflow>/<name or cron expression>`. Two schedules of one
// workflow under one such key would be one entry: export and import refuse rather than guess
// (docs/transfer.md, "Names and versions of workflows").

const context = useTestApp();
let admin: string;
const TWIN_KEY = 'Nightly job/0 2 * * *';

const call = (method: string, path: string, body?: unknown) =>
  context.api.request(method, path, { token: admin, body });

beforeAll(async () => {
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
