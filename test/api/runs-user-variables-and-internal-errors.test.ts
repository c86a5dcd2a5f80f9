import { beforeAll, describe, expect, it } from '@jest/globals';
import type { User } from '../../src/db/generated/client.js';
import { useRunStack } from '../support/run-stack.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { createUserWithToken } from '../support/users.js';
import { createActive, definition, end, start, step } from '../support/workflows.js';

// SMTP on a port nobody listens on: sending fails inside nodemailer with a message naming the address.
const stack = useRunStack({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
let admin: string;
let adminUser: User;
const db = () => stack.database.db;

beforeAll(async () => {
  ({ token: admin, user: adminUser } = await createUserWithToken(db(), ['admin']));
});

async function start_(workflowId: string, variables: Record<string, unknown>) {
  return stack.api.request('POST', `/api/workflows/${workflowId}/start`, { token: admin, body: { variables } });
}

/** What every reader of a run may read about it: the run, its steps and its diagnosis, as text. */
async function readable(runId: string): Promise<string> {
  const routes = ['', '/steps', '/diagnose'].map((suffix) => `/api/runs/${runId}${suffix}`);
  const answers = await Promise.all(routes.map((route) => stack.api.request('GET', route, { token: admin })));
  for (const answer of answers) expect(answer.status).toBe(200);
  return answers.map((answer) => answer.text).join('\n');
}

describe('user variables name a user when the run starts', () => {
  const waitingFor = (name: string) =>
    definition(
      name,
      [
        start('ask'),
        step('ask', 'task', { assignee: '{{employee}}', title: 'Say hello', fields: [] }, { success: 'end' }),
        end(),
      ],
      { variables: [{ name: 'employee', type: 'user', required: true }], subjectVariable: 'employee' },
    );

  it('refuses a value that names no user with a 400 naming the variable, and starts no run', async () => {
    const workflow = await createActive(stack.api, admin, waitingFor(`unknown user ${Date.now()}`));
    for (const value of ['not-a-user', '00000000-0000-4000-8000-000000000000', 'nobody@example.test']) {
      const refused = await start_(workflow.id, { employee: value });
      expect([value, refused.status, refused.body.code]).toEqual([value, 400, 'validation_failed']);
      expect(refused.body.message).toContain('employee');
      expect(refused.body.details).toEqual({ unknownUsers: ['employee'] });
    }
    expect(await db().workflowRun.count({ where: { definitionId: workflow.id } })).toBe(0);
  });

  it("takes a user's id, or an email of a user, which the run keeps as that user's id", async () => {
    const workflow = await createActive(stack.api, admin, waitingFor(`known user ${Date.now()}`));
    const byId = await start_(workflow.id, { employee: adminUser.id });
    expect([byId.status, byId.body.variables.employee, byId.body.subject]).toEqual([201, adminUser.id, adminUser.id]);
    const byEmail = await start_(workflow.id, { employee: adminUser.email!.toUpperCase() });
    expect([byEmail.status, byEmail.body.variables.employee, byEmail.body.subject]).toEqual([
      201,
      adminUser.id,
      adminUser.id,
    ]);
    await waitForRun(stack.api, admin, byEmail.body.id, hasStatus('waiting'));
    const edited = await stack.api.request('PUT', `/api/runs/${byEmail.body.id}`, {
      token: admin,
      body: { variables: { employee: 'still-not-a-user' } },
    });
    expect([edited.status, edited.body.details]).toEqual([400, { unknownUsers: ['employee'] }]);
    for (const run of [byId, byEmail])
      expect((await stack.api.request('POST', `/api/runs/${run.body.id}/cancel`, { token: admin })).status).toBe(200);
  });
});

describe("an internal exception's text is never in a run, a step or a diagnosis", () => {
  it('fails a role step whose subject names nobody with a sentence for people, not the database driver message', async () => {
    const role = await db().businessRole.create({ data: { name: `greeter ${Date.now()}` } });
    const workflow = await createActive(
      stack.api,
      admin,
      definition(
        `grant to nobody ${Date.now()}`,
        [
          start('grant'),
          step('grant', 'role_grant', { role: role.name, subject: '{{who}}' }, { success: 'end' }),
          end(),
        ],
        { variables: [{ name: 'who', type: 'string', required: true }] },
      ),
    );
    const started = await start_(workflow.id, { who: 'not-a-user' });
    expect(started.status).toBe(201);
    const failed = await waitForRun(stack.api, admin, started.body.id, hasStatus('failed'));
    expect(failed.error).toEqual({ message: 'User not found', code: 'not_found' });
    const text = await readable(started.body.id);
    expect(text).not.toMatch(/prisma|invalid input syntax|uuid|\.ts:|node_modules|\/work\//i);
  });

  it('shows a stable code and a reference for an error no person wrote; the worker log has the details under it', async () => {
    const workflow = await createActive(
      stack.api,
      admin,
      definition(`email fails ${Date.now()}`, [
        start('tell'),
        step('tell', 'notification', { recipientId: adminUser.id, message: 'Hello' }, { success: 'end' }),
        end(),
      ]),
    );
    const started = await start_(workflow.id, {});
    const failed = await waitForRun(stack.api, admin, started.body.id, hasStatus('failed'));
    expect(failed.error).toEqual({
      code: 'email_failed',
      message: expect.stringContaining(failed.error.reference),
      reference: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const text = await readable(started.body.id);
    expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1:1\b/);
    const diagnosis = (await stack.api.request('GET', `/api/runs/${started.body.id}/diagnose`, { token: admin })).body;
    expect(diagnosis.failedStep.error).toEqual(failed.error);
    const logged = stack.workerLogs.find((entry) => entry.reference === failed.error.reference);
    expect(logged).toMatchObject({ code: 'email_failed', err: { message: expect.stringContaining('ECONNREFUSED') } });
  });
});
