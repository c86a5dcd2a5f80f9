import { beforeAll, describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';
import { approvalDefinition, createActive } from '../support/workflows.js';

// A workflow name belongs to one version chain: a document, a schedule entry or a person naming a
// workflow names one (docs/workflows.md, "Names"; docs/transfer.md, "Names and versions of workflows").

const context = useTestApp();
let admin: string;

const call = (method: string, path: string, body?: unknown) =>
  context.api.request(method, path, { token: admin, body });
const create = (name: string, description = '') =>
  call('POST', '/api/workflows', approvalDefinition({ name, description }));

beforeAll(async () => {
  admin = (await createUserWithToken(context.database.db, ['admin'])).token;
});

describe('a workflow name is held by one workflow and its versions', () => {
  it('refuses a second workflow of the same name with 409, whatever its project', async () => {
    const project = (await call('POST', '/api/projects', { name: 'Elsewhere' })).body;
    expect((await create('Twin', 'first')).status).toBe(201);
    const second = await call('POST', '/api/workflows', approvalDefinition({ name: 'Twin', project: project.name }));
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('A workflow named "Twin" already exists');
    expect(await context.database.db.workflowDefinition.count({ where: { name: 'Twin' } })).toBe(1);
  });

  it('lets versions share their name, and refuses renaming a draft to another workflow’s name', async () => {
    const solo = await createActive(context.api, admin, approvalDefinition({ name: 'Solo' }));
    const version = await call('POST', `/api/workflows/${solo.id}/create-version`, {});
    expect([version.status, version.body.newWorkflow.name]).toEqual([201, 'Solo']);
    const other = (await create('Other')).body;
    for (const method of ['PUT', 'PATCH']) {
      const renamed = await call(method, `/api/workflows/${other.id}`, approvalDefinition({ name: 'Solo' }));
      expect([renamed.status, renamed.body.message]).toEqual([409, expect.stringContaining('named "Solo"')]);
    }
    // Editing a version under its own name is no rename.
    const edited = await call('PATCH', `/api/workflows/${version.body.newWorkflow.id}`, { description: 'next' });
    expect(edited.status).toBe(200);
  });

  it('gives the name of a deleted workflow free, and refuses restoring it while another holds it', async () => {
    const gone = (await create('Reused')).body;
    expect((await call('DELETE', `/api/workflows/${gone.id}`)).status).toBe(200);
    expect((await create('Reused')).status).toBe(201);
    const restored = await call('POST', `/api/workflows/${gone.id}/restore`);
    expect([restored.status, restored.body.message]).toEqual([409, expect.stringContaining('named "Reused"')]);
  });

  it('lets only one of simultaneous creations of a name succeed', async () => {
    const responses = await Promise.all([1, 2, 3, 4].map(() => create('Raced')));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('keeps a whole-instance export working, one entry per name', async () => {
    const exported = await call('GET', '/api/config/export');
    expect(exported.status).toBe(200);
    const names = exported.body.entities.workflows.map((entry: { name: string }) => entry.name);
    expect(names).toEqual(expect.arrayContaining(['Twin', 'Solo', 'Other', 'Reused', 'Raced']));
    expect(new Set(names).size).toBe(names.length);
  });
});
