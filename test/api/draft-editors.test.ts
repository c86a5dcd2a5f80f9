import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Role } from '../../src/permissions/index.js';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';
import { approvalDefinition, createDraft } from '../support/workflows.js';

const context = useTestApp();
let admin: string;
/** A project whose one member is `member`; `outsider` holds the same roles but is no member. */
let project: { id: string; name: string };
let member: { id: string; token: string };
let outsider: { id: string; token: string };

async function person(roles: Role[]) {
  const { user, token } = await createUserWithToken(context.database.db, roles);
  return { id: user.id, token };
}

beforeAll(async () => {
  admin = (await createUserWithToken(context.database.db, ['admin'])).token;
  project = (
    await context.api.request('POST', '/api/projects', { token: admin, body: { name: `Editors ${Date.now()}` } })
  ).body;
  member = await person(['resource_manager']);
  outsider = await person(['resource_manager']);
  const added = await context.api.request('PUT', `/api/projects/${project.id}/members/${member.id}`, {
    token: admin,
    body: { role: 'member' },
  });
  expect(added.status).toBe(200);
});

const inProject = (name: string) => approvalDefinition({ name, project: project.name });

const PROJECT_REFUSAL =
  "You need authority over this workflow's project: be a member of the project, or hold project:authority_any";

describe('only people who may edit a draft start its test runs (workflow:update and project authority)', () => {
  const start = (workflowId: string, token: string) =>
    context.api.request('POST', `/api/workflows/${workflowId}/start`, {
      token,
      body: { variables: { requester: member.id, manager: outsider.id } },
    });

  it("refuses a requestor's test run of someone else's draft with 403 naming workflow:update", async () => {
    const draft = await createDraft(context.api, member.token, inProject('Requestor test run'));
    const requestor = await person(['requestor']);

    const refused = await start(draft.id, requestor.token);

    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Missing permission workflow:update, needed to start a test run of a draft');
    expect(await context.database.db.workflowRun.count({ where: { definitionId: draft.id } })).toBe(0);
  });

  it('refuses an editor without authority over the project, and lets a member start it', async () => {
    const draft = await createDraft(context.api, member.token, inProject('Outsider test run'));

    const refused = await start(draft.id, outsider.token);
    const started = await start(draft.id, member.token);

    expect([refused.status, refused.body.message]).toEqual([403, PROJECT_REFUSAL]);
    expect(started.status).toBe(201);
    expect(started.body.isTestRun).toBe(true);
  });
});

describe('editing and publishing a draft need authority over its project', () => {
  it('refuses PUT and publish to an editor outside the project and leaves the draft as it was', async () => {
    const draft = await createDraft(context.api, member.token, inProject('Guarded draft'));

    const edited = await context.api.request('PUT', `/api/workflows/${draft.id}`, {
      token: outsider.token,
      body: inProject('Taken over'),
    });
    const published = await context.api.request('POST', `/api/workflows/${draft.id}/publish`, {
      token: outsider.token,
      body: {},
    });

    expect([edited.status, edited.body.message]).toEqual([403, PROJECT_REFUSAL]);
    expect([published.status, published.body.message]).toEqual([403, PROJECT_REFUSAL]);
    const row = await context.database.db.workflowDefinition.findUniqueOrThrow({ where: { id: draft.id } });
    expect([row.name, row.status, row.revision]).toEqual(['Guarded draft', 'draft', draft.revision]);
  });

  it('lets a member of the project edit and publish it', async () => {
    const draft = await createDraft(context.api, member.token, inProject('Member draft'));

    const edited = await context.api.request('PUT', `/api/workflows/${draft.id}`, {
      token: member.token,
      body: inProject('Member draft, edited'),
    });
    const published = await context.api.request('POST', `/api/workflows/${draft.id}/publish`, {
      token: member.token,
      body: {},
    });

    expect(edited.status).toBe(200);
    expect([published.status, published.body.status, published.body.name]).toEqual([
      200,
      'active',
      'Member draft, edited',
    ]);
  });
});
