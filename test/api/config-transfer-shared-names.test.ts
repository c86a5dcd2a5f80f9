import { beforeAll, describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';
import { approvalDefinition, createActive, createDraft } from '../support/workflows.js';

// A document names each workflow once. Two workflows (not versions of one) with the same name
// would lose one of them in an export, and an import could take one for the other: both refuse
// (docs/transfer.md, "Names and versions of workflows").

const context = useTestApp();
let admin: string;
let soloDocument: { entities: { workflows: Array<Record<string, unknown>> } };

const call = (method: string, path: string, body?: unknown) =>
  context.api.request(method, path, { token: admin, body });

beforeAll(async () => {
  admin = (await createUserWithToken(context.database.db, ['admin'])).token;
  // One workflow with versions: a name its versions share is not a shared name.
  const solo = await createActive(context.api, admin, approvalDefinition({ name: 'Solo' }));
  expect((await call('POST', `/api/workflows/${solo.id}/create-version`, {})).status).toBe(201);
  const exported = await call('POST', '/api/config/export', { entities: { workflows: ['Solo'] } });
  expect(exported.status).toBe(200);
  soloDocument = exported.body;
  expect(soloDocument.entities.workflows).toHaveLength(1);
  await createActive(context.api, admin, approvalDefinition({ name: 'Twin', description: 'first' }));
  await createDraft(context.api, admin, approvalDefinition({ name: 'Twin', description: 'second' }));
});

describe('a workflow name held by two workflows', () => {
  it('refuses an export that would name them once (409 naming it), whole sections or by name', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/config/export?entities=workflows', undefined],
      ['GET', '/api/config/export?entities=schedules', undefined],
      ['POST', '/api/config/export', { entities: { workflows: ['Twin'] } }],
    ] as const) {
      const refused = await call(method, path, body);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain('Several workflows (not versions of one) are named "Twin"');
      expect(refused.body.details).toEqual({ names: ['Twin'] });
    }
    const other = await call('POST', '/api/config/export', { entities: { workflows: ['Solo'] } });
    expect(other.status).toBe(200);
  });

  it('refuses the import entry of that name and imports the others', async () => {
    const [solo] = soloDocument.entities.workflows;
    const document = {
      ...soloDocument,
      entities: {
        workflows: [
          { ...solo, name: 'Twin' },
          { ...solo, name: 'Fresh' },
        ],
      },
    };
    const imported = await call('POST', '/api/config/import', document);
    expect(imported.status).toBe(200);
    expect(imported.body.status).toBe('completed_with_errors');
    expect(imported.body.details).toEqual([
      expect.objectContaining({
        entity: 'workflow',
        name: 'Twin',
        action: 'error',
        error: expect.stringContaining('Several workflows (not versions of one) are named "Twin"'),
      }),
      expect.objectContaining({ entity: 'workflow', name: 'Fresh', action: 'created' }),
    ]);
    const twins = await context.database.db.workflowDefinition.findMany({ where: { name: 'Twin' } });
    expect(twins.map((row) => row.description).sort()).toEqual(['first', 'second']);
  });
});
