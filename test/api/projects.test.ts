import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';
import { approvalDefinition, createDraft } from '../support/workflows.js';
import { requestAcrossUncommittedWrite } from '../support/lock-race.js';

const context = useTestApp();
let token: string;

beforeAll(async () => {
  token = (await createUserWithToken(context.database.db, ['admin'])).token;
});

const call = (method: string, path: string, body?: unknown) => context.api.request(method, path, { token, body });

describe('projects with nested workflow sets', () => {
  it('creates a project with sets (creator is owner), lists it, and refuses a duplicate name with 409', async () => {
    const created = await call('POST', '/api/projects', {
      name: 'Identity',
      description: 'Joiner, mover, leaver',
      workflowSets: [{ name: 'Joiners' }, { name: 'Leavers', description: 'Offboarding' }],
    });
    expect(created.status).toBe(201);
    expect(created.body.workflowSets.map((set: { name: string }) => set.name)).toEqual(['Joiners', 'Leavers']);
    expect(created.body.members).toEqual([{ userId: expect.any(String), role: 'owner' }]);
    expect((await call('POST', '/api/projects', { name: 'Identity' })).status).toBe(409);
    const listed = await call('GET', '/api/projects?search=identity');
    expect(listed.body.data.map((project: { name: string }) => project.name)).toEqual(['Identity']);
    expect(
      await context.database.db.auditLog.count({ where: { action: 'project.created', targetId: created.body.id } }),
    ).toBe(1);
  });

  it('manages workflow sets with unique names per project', async () => {
    const project = (await call('POST', '/api/projects', { name: 'Sets' })).body;
    const added = await call('POST', `/api/projects/${project.id}/workflow-sets`, { name: 'Onboarding' });
    expect(added.status).toBe(201);
    expect((await call('POST', `/api/projects/${project.id}/workflow-sets`, { name: 'Onboarding' })).status).toBe(409);
    const setId = added.body.workflowSets[0].id;
    const renamed = await call('PUT', `/api/projects/${project.id}/workflow-sets/${setId}`, { name: 'Joiners' });
    expect(renamed.body.workflowSets[0].name).toBe('Joiners');
    expect((await call('DELETE', `/api/projects/${project.id}/workflow-sets/${setId}`)).body.workflowSets).toEqual([]);
  });

  it('places workflows by project and set names, filters by them, and moves them', async () => {
    const project = (
      await call('POST', '/api/projects', { name: 'Placement', workflowSets: [{ name: 'A' }, { name: 'B' }] })
    ).body;
    const draft = await createDraft(context.api, token, approvalDefinition({ project: 'Placement', workflowSet: 'A' }));
    expect(draft).toEqual(expect.objectContaining({ project: 'Placement', workflowSet: 'A' }));
    expect((await call('GET', '/api/workflows?project=Placement&workflowSet=A')).body.total).toBe(1);

    const moved = await call('POST', `/api/workflows/${draft.id}/move`, { project: 'Placement', workflowSet: 'B' });
    expect(moved.status).toBe(200);
    expect(moved.body.workflowSet).toBe('B');
    expect((await call('GET', '/api/workflows?project=Placement&workflowSet=A')).body.total).toBe(0);
    expect(
      (await call('POST', `/api/workflows/${draft.id}/move`, { project: 'Placement', workflowSet: 'C' })).status,
    ).toBe(400);

    expect((await call('DELETE', `/api/projects/${project.id}`)).status).toBe(409);
    const setB = project.workflowSets.find((set: { name: string }) => set.name === 'B');
    expect((await call('DELETE', `/api/projects/${project.id}/workflow-sets/${setB.id}`)).status).toBe(409);
    await call('POST', `/api/workflows/${draft.id}/move`, { project: null });
    expect((await call('DELETE', `/api/projects/${project.id}`)).status).toBe(200);
  });
});

describe('a project deleted while a workflow is added to it', () => {
  it('answers 409 (try again), not 500, when the workflow commits between the check and the delete', async () => {
    const project = (await call('POST', '/api/projects', { name: 'Short-lived' })).body as { id: string };
    // A workflow of the project, written and not yet committed: the delete counts none, then waits
    // on the row lock the insert holds, and meets the workflow once it commits.
    const answer = await requestAcrossUncommittedWrite(
      context.database.db,
      (tx) =>
        tx.workflowDefinition.create({
          data: {
            lineageId: randomUUID(),
            name: 'Added meanwhile',
            projectId: project.id,
            trigger: { types: ['manual'] },
            variables: [],
            steps: [],
          },
        }),
      () => call('DELETE', `/api/projects/${project.id}`),
      '%DELETE FROM%projects%',
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain('at the same time');
    expect((await call('GET', `/api/projects/${project.id}`)).status).toBe(200);
  });
});
