import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Role } from '../../src/permissions/index.js';
import { useRunStack } from '../support/run-stack.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { createUserWithToken } from '../support/users.js';
import { createActive, createDraft, definition, end, start, step } from '../support/workflows.js';

const context = useRunStack();
let admin: string;
let adminId: string;

beforeAll(async () => {
  const created = await createUserWithToken(context.database.db, ['admin']);
  [admin, adminId] = [created.token, created.user.id];
  const role = await context.api.request('POST', '/api/roles', {
    token: admin,
    body: { name: 'Finance reader', entitlements: [] },
  });
  expect(role.status).toBe(201);
});

async function person(roles: Role[]) {
  const { user, token } = await createUserWithToken(context.database.db, roles);
  return { id: user.id, token };
}

const grantTo = (name: string, userId: string) =>
  definition(name, [
    start('grant'),
    step('grant', 'role_grant', { role: 'Finance reader', subject: userId }, { success: 'end' }),
    end(),
  ]);

const insertRow = (name: string, department: string) =>
  definition(name, [
    start('insert'),
    step(
      'insert',
      'connector',
      {
        connector: 'test-db',
        command: 'insert',
        parameters: { table: 'departments', row: { name: department, cost_center: 'CC-900' } },
      },
      { success: 'end' },
    ),
    end(),
  ]);

/** Starts `workflowId` as `token`'s owner and waits for the run to end. */
async function runToEnd(workflowId: string, token: string) {
  const started = await context.api.request('POST', `/api/workflows/${workflowId}/start`, {
    token,
    body: { variables: {} },
  });
  expect(started.status).toBe(201);
  return waitForRun(context.api, admin, started.body.id, hasStatus('completed', 'failed'));
}

async function stepOf(runId: string, stepId: string) {
  const timeline = (await context.api.request('GET', `/api/runs/${runId}/steps`, { token: admin })).body;
  return timeline.steps.find((ran: { stepId: string }) => ran.stepId === stepId);
}

const assignmentsOf = (userId: string) =>
  context.database.db.roleAssignment.count({ where: { userId, status: 'active' } });

describe('role steps act with the authority of the person a run acts as (role:manage)', () => {
  it("refuses a resource manager's test run that grants them a business role", async () => {
    const manager = await person(['resource_manager', 'requestor']);
    const draft = await createDraft(context.api, manager.token, grantTo('Grant myself', manager.id));

    const run = await runToEnd(draft.id, manager.token);

    expect(run.status).toBe('failed');
    const grant = await stepOf(run.id, 'grant');
    expect(grant.status).toBe('failed');
    expect(grant.error.code).toBe('forbidden');
    expect(grant.error.message).toBe(
      `This step may not grant the business role Finance reader: it acts with the authority of the person this test run counts as started by (user ${manager.id}), who does not hold role:manage`,
    );
    expect(await assignmentsOf(manager.id)).toBe(0);
  });

  it("grants the role in a requestor's run of a version an admin published", async () => {
    const requestor = await person(['requestor']);
    const workflow = await createActive(context.api, admin, grantTo('Grant on request', requestor.id));

    const run = await runToEnd(workflow.id, requestor.token);

    expect(run.status).toBe('completed');
    expect(await assignmentsOf(requestor.id)).toBe(1);
    const published = await context.database.db.workflowDefinition.findUniqueOrThrow({ where: { id: workflow.id } });
    expect(published.publishedBy).toBe(adminId);
  });

  it('refuses to publish a role step without role:manage (403 naming it)', async () => {
    const manager = await person(['resource_manager']);
    const draft = await createDraft(context.api, manager.token, grantTo('Publish a grant', manager.id));

    const publish = await context.api.request('POST', `/api/workflows/${draft.id}/publish`, {
      token: manager.token,
      body: {},
    });

    expect(publish.status).toBe(403);
    expect(publish.body.details).toEqual({ permission: 'role:manage' });
    expect(publish.body.message).toBe(
      "Missing permission role:manage, needed to publish a workflow whose runs grant or revoke business roles (step grant) with its publisher's authority",
    );
    const row = await context.database.db.workflowDefinition.findUniqueOrThrow({ where: { id: draft.id } });
    expect([row.status, row.publishedBy]).toEqual(['draft', null]);
  });

  it('refuses the step once the publisher no longer holds role:manage', async () => {
    const publisher = await person(['admin']);
    const requestor = await person(['requestor']);
    const workflow = await createActive(
      context.api,
      publisher.token,
      grantTo('Grant, publisher demoted', requestor.id),
    );
    await context.database.db.user.update({ where: { id: publisher.id }, data: { roles: ['resource_manager'] } });

    const run = await runToEnd(workflow.id, requestor.token);

    expect(run.status).toBe('failed');
    expect((await stepOf(run.id, 'grant')).error).toEqual({
      code: 'forbidden',
      message: `This step may not grant the business role Finance reader: it acts with the authority of the publisher of this version (user ${publisher.id}), who does not hold role:manage`,
    });
    expect(await assignmentsOf(requestor.id)).toBe(0);
  });

  it('refuses the step once the publisher is deactivated, or deleted', async () => {
    const publisher = await person(['admin']);
    const requestor = await person(['requestor']);
    const workflow = await createActive(context.api, publisher.token, grantTo('Grant, publisher gone', requestor.id));
    const refusal = (why: string) => ({
      code: 'forbidden',
      message: `This step may not grant the business role Finance reader: it acts with the authority of the publisher of this version (user ${publisher.id}), who ${why}`,
    });

    await context.database.db.user.update({ where: { id: publisher.id }, data: { active: false } });
    const deactivated = await runToEnd(workflow.id, requestor.token);
    expect((await stepOf(deactivated.id, 'grant')).error).toEqual(refusal('is deactivated'));

    await context.database.db.user.update({
      where: { id: publisher.id },
      data: { active: true, deletedAt: new Date() },
    });
    const deleted = await runToEnd(workflow.id, requestor.token);
    expect((await stepOf(deleted.id, 'grant')).error).toEqual(refusal('was deleted'));
    expect(await assignmentsOf(requestor.id)).toBe(0);
  });
});

describe('connector commands the connector declares as writes need connector:execute', () => {
  it("refuses a resource manager's test run that inserts a row, and runs one that only reads", async () => {
    const manager = await person(['resource_manager']);
    const writing = await createDraft(context.api, manager.token, insertRow('Insert a department', 'Run authority A'));
    const reading = await createDraft(
      context.api,
      manager.token,
      definition('Read departments', [
        start('query'),
        step(
          'query',
          'connector',
          { connector: 'test-db', command: 'query', parameters: { table: 'departments' } },
          { success: 'end' },
        ),
        end(),
      ]),
    );

    const refused = await runToEnd(writing.id, manager.token);
    const read = await runToEnd(reading.id, manager.token);

    expect(refused.status).toBe('failed');
    expect((await stepOf(refused.id, 'insert')).error).toEqual({
      code: 'forbidden',
      message: `This step may not run test-db.insert, which writes to the remote system: it acts with the authority of the person this test run counts as started by (user ${manager.id}), who does not hold connector:execute`,
    });
    expect(read.status).toBe('completed');
  });

  it('refuses to publish a writing connector step without connector:execute (403 naming it)', async () => {
    const manager = await person(['resource_manager']);
    const draft = await createDraft(context.api, manager.token, insertRow('Publish an insert', 'Run authority B'));

    const publish = await context.api.request('POST', `/api/workflows/${draft.id}/publish`, {
      token: manager.token,
      body: {},
    });

    expect(publish.status).toBe(403);
    expect(publish.body.details).toEqual({ permission: 'connector:execute' });
  });
});
