import { beforeAll, describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';
import { approvalDefinition, createActive, createDraft } from '../support/workflows.js';

const context = useTestApp();
let admin: string;
let requestor: string;
let approver: string;

beforeAll(async () => {
  const { db } = context.database;
  admin = (await createUserWithToken(db, ['admin'])).token;
  requestor = (await createUserWithToken(db, ['requestor'])).token;
  approver = (await createUserWithToken(db, ['approver'])).token;
});

describe('every workflow and project route checks its permission', () => {
  it('refuses each route to a role without its permission with a 403 naming it', async () => {
    const draft = await createDraft(context.api, admin);
    const active = await createActive(context.api, admin);
    const project = (
      await context.api.request('POST', '/api/projects', { token: admin, body: { name: `Perm ${Date.now()}` } })
    ).body;
    const routes: Array<[string, string, string, unknown?]> = [
      ['POST', '/api/workflows', 'workflow:create', approvalDefinition()],
      ['PUT', `/api/workflows/${draft.id}`, 'workflow:update', approvalDefinition()],
      ['DELETE', `/api/workflows/${draft.id}`, 'workflow:delete'],
      ['POST', `/api/workflows/${draft.id}/restore`, 'workflow:delete'],
      ['DELETE', `/api/workflows/${draft.id}/permanent`, 'workflow:delete'],
      ['POST', `/api/workflows/${draft.id}/publish`, 'workflow:publish', {}],
      ['POST', `/api/workflows/${active.id}/deprecate`, 'workflow:update', {}],
      ['POST', `/api/workflows/${active.id}/revert-to-draft`, 'workflow:publish', { confirmationName: active.name }],
      ['POST', `/api/workflows/${active.id}/create-version`, 'workflow:create'],
      ['POST', `/api/workflows/${draft.id}/move`, 'workflow:move', { project: null }],
      ['POST', '/api/projects', 'project:create', { name: 'x' }],
      ['PUT', `/api/projects/${project.id}`, 'project:update', { description: 'x' }],
      ['DELETE', `/api/projects/${project.id}`, 'project:delete'],
      ['POST', `/api/projects/${project.id}/workflow-sets`, 'workflow_set:manage', { name: 'x' }],
    ];
    for (const [method, path, permission, body] of routes) {
      const response = await context.api.request(method, path, { token: requestor, body });
      expect({ method, path, status: response.status, message: response.body.message }).toEqual({
        method,
        path,
        status: 403,
        message: `Missing permission ${permission}`,
      });
    }
  });

  it('lets every role read workflows and projects', async () => {
    for (const token of [requestor, approver]) {
      expect((await context.api.request('GET', '/api/workflows', { token })).status).toBe(200);
      expect((await context.api.request('GET', '/api/projects', { token })).status).toBe(200);
      expect(
        (await context.api.request('POST', '/api/workflows/validate', { token, body: approvalDefinition() })).status,
      ).toBe(200);
    }
  });
});

describe('create-version and deprecate need authority over the project', () => {
  it('refuses a resource manager outside the project and allows one who is a member', async () => {
    const { db } = context.database;
    const manager = await createUserWithToken(db, ['resource_manager']);
    const project = (
      await context.api.request('POST', '/api/projects', { token: admin, body: { name: `Authority ${Date.now()}` } })
    ).body;
    const active = await createActive(context.api, admin, approvalDefinition({ project: project.name }));

    const refusedVersion = await context.api.request('POST', `/api/workflows/${active.id}/create-version`, {
      token: manager.token,
    });
    expect(refusedVersion.status).toBe(403);
    expect(refusedVersion.body.message).toContain("authority over this workflow's project");
    const refusedDeprecate = await context.api.request('POST', `/api/workflows/${active.id}/deprecate`, {
      token: manager.token,
      body: {},
    });
    expect(refusedDeprecate.status).toBe(403);

    const added = await context.api.request('PUT', `/api/projects/${project.id}/members/${manager.user.id}`, {
      token: admin,
      body: { role: 'member' },
    });
    expect(added.status).toBe(200);
    expect(
      (await context.api.request('POST', `/api/workflows/${active.id}/create-version`, { token: manager.token }))
        .status,
    ).toBe(201);
    expect(
      (await context.api.request('POST', `/api/workflows/${active.id}/deprecate`, { token: manager.token, body: {} }))
        .status,
    ).toBe(200);
  });

  it('gives admins authority everywhere through project:authority_any, not through the role name', async () => {
    const { db } = context.database;
    const project = (
      await context.api.request('POST', '/api/projects', { token: admin, body: { name: `Anywhere ${Date.now()}` } })
    ).body;
    const active = await createActive(context.api, admin, approvalDefinition({ project: project.name }));
    // Another admin, not a member of the project, with a token that leaves out project:authority_any.
    const narrowed = await createUserWithToken(db, ['admin'], ['workflow:read', 'workflow:create', 'workflow:update']);
    const refused = await context.api.request('POST', `/api/workflows/${active.id}/create-version`, {
      token: narrowed.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'forbidden' });
    expect(refused.body.message).toContain('project:authority_any');

    const full = await createUserWithToken(db, ['admin']);
    expect(
      (await context.api.request('POST', `/api/workflows/${active.id}/create-version`, { token: full.token })).status,
    ).toBe(201);
  });

  it('holds publishing that deprecates the previous version to the rules of deprecate', async () => {
    const { db } = context.database;
    const project = (
      await context.api.request('POST', '/api/projects', { token: admin, body: { name: `Guarded ${Date.now()}` } })
    ).body;
    const guarded = await createActive(context.api, admin, approvalDefinition({ project: project.name }));
    const manager = await createUserWithToken(db, ['resource_manager']);
    // Authority over every project, so what it lacks for the deprecation is workflow:update alone.
    const publishOnly = await createUserWithToken(
      db,
      ['admin'],
      ['workflow:read', 'workflow:publish', 'project:authority_any'],
    );
    const publish = (token: string, draftId: string) =>
      context.api.request('POST', `/api/workflows/${draftId}/publish`, {
        token,
        body: { deprecatePreviousVersionId: guarded.id },
      });

    // Versions of it, made by the admin: deprecatePreviousVersionId names an earlier version.
    const versionOfGuarded = async () =>
      (await context.api.request('POST', `/api/workflows/${guarded.id}/create-version`, { token: admin })).body
        .newWorkflow;
    const outsider = await publish(manager.token, (await versionOfGuarded()).id);
    expect(outsider.status).toBe(403);
    expect(outsider.body.message).toContain("authority over this workflow's project");
    const narrow = await publish(publishOnly.token, (await versionOfGuarded()).id);
    expect(narrow.status).toBe(403);
    expect(narrow.body.message).toContain('workflow:update');

    const after = await context.api.request('GET', `/api/workflows/${guarded.id}`, { token: admin });
    expect(after.body.status).toBe('active');
    expect(await db.workflowDefinition.count({ where: { sourceWorkflowId: guarded.id, status: 'active' } })).toBe(0);
  });
});

describe('a workflow changes project only through workflow:move and project authority', () => {
  it('refuses a resource manager a PUT that moves a draft out of its project or into another', async () => {
    const { db } = context.database;
    const manager = await createUserWithToken(db, ['resource_manager']);
    const project = async (name: string) =>
      (await context.api.request('POST', '/api/projects', { token: admin, body: { name } })).body;
    const here = await project(`Placed ${Date.now()}`);
    const there = await project(`Other ${Date.now()}`);
    const draft = await createDraft(context.api, admin, approvalDefinition({ project: here.name }));
    // A member of the draft's project, who may edit it there (docs/workflows.md, project authority).
    const membership = await context.api.request('PUT', `/api/projects/${here.id}/members/${manager.user.id}`, {
      token: admin,
      body: { role: 'member' },
    });
    expect(membership.status).toBe(200);

    for (const placement of [{ project: null }, { project: there.name }]) {
      const moved = await context.api.request('PUT', `/api/workflows/${draft.id}`, {
        token: manager.token,
        body: approvalDefinition(placement),
      });
      expect([moved.status, moved.body.message]).toEqual([403, expect.stringContaining('workflow:move')]);
    }
    expect((await context.api.request('GET', `/api/workflows/${draft.id}`, { token: admin })).body.project).toBe(
      here.name,
    );
    // Editing it where it is needs workflow:update and project authority; an admin may move it with the same PUT.
    const edited = await context.api.request('PUT', `/api/workflows/${draft.id}`, {
      token: manager.token,
      body: approvalDefinition({ project: here.name, description: 'Edited in place' }),
    });
    expect([edited.status, edited.body.description, edited.body.project]).toEqual([200, 'Edited in place', here.name]);
    const movedByAdmin = await context.api.request('PUT', `/api/workflows/${draft.id}`, {
      token: admin,
      body: approvalDefinition({ project: there.name }),
    });
    expect([movedByAdmin.status, movedByAdmin.body.project]).toEqual([200, there.name]);
  });

  it('refuses reverting a workflow to draft outside the projects one has authority over', async () => {
    const { db } = context.database;
    const manager = await createUserWithToken(db, ['resource_manager']);
    const project = (
      await context.api.request('POST', '/api/projects', { token: admin, body: { name: `Revert ${Date.now()}` } })
    ).body;
    const active = await createActive(context.api, admin, approvalDefinition({ project: project.name }));
    const revert = () =>
      context.api.request('POST', `/api/workflows/${active.id}/revert-to-draft`, {
        token: manager.token,
        body: { confirmationName: active.name },
      });

    const refused = await revert();
    expect([refused.status, refused.body.message]).toEqual([
      403,
      expect.stringContaining("authority over this workflow's project"),
    ]);
    expect((await context.api.request('GET', `/api/workflows/${active.id}`, { token: admin })).body.status).toBe(
      'active',
    );
    await context.api.request('PUT', `/api/projects/${project.id}/members/${manager.user.id}`, {
      token: admin,
      body: { role: 'member' },
    });
    const reverted = await revert();
    expect([reverted.status, reverted.body.status]).toEqual([200, 'draft']);
  });
});
