import { describe, expect, it } from '@jest/globals';
import { useScimCrashStack } from '../support/scim-crash-stack.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { createUserWithToken } from '../support/users.js';
import { createActive, definition, end, start, step } from '../support/workflows.js';

// A bulk deactivation whose worker is killed half-way: the real worker entry point in a child
// process, scim2-server behind a proxy of the test that holds one write and never answers it.

const ACCOUNTS = ['orphan-a', 'orphan-b', 'orphan-c', 'orphan-d', 'orphan-e'];
const { context, workers, server, proxy, scim } = useScimCrashStack();

describe('a bulk deactivation survives its worker being killed', () => {
  it('resumes on a new worker at the first account not recorded, writing each account once', async () => {
    const { db } = context.database;
    const admin = await createUserWithToken(db, ['admin']);
    const approver = await createUserWithToken(db, ['admin']);
    const call = (method: string, path: string, body?: unknown, token = admin.token) =>
      context.api.request(method, path, { token, body });
    const ids: string[] = [];
    for (const name of ACCOUNTS) {
      const created = await scim('/Users', {
        method: 'POST',
        body: {
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
          userName: `${name}@acme.test`,
          displayName: name,
        },
      });
      ids.push(created.id);
    }
    const connector = await call('POST', '/api/connectors', {
      name: 'app',
      type: 'scim',
      config: { baseUrl: proxy().url, authentication: 'bearer' },
      secrets: { bearerToken: server().token },
    });
    expect(connector.status).toBe(201);
    const first = await workers.start();
    const syncConfig = `/api/connectors/${connector.body.id}/sync-config/user`;
    expect((await call('PUT', syncConfig, { syncAllUsers: true })).status).toBe(201);
    expect((await call('POST', `${syncConfig}/trigger`)).body.status).toBe('success');

    const workflow = await createActive(
      context.api,
      admin.token,
      definition(`bulk durability ${Date.now()}`, [
        start('collect'),
        step('collect', 'account_reconciliation', { connector: 'app', action: 'collect' }, { success: 'approve' }),
        step('approve', 'approval', { approvers: [approver.user.id] }, { approved: 'deactivate', rejected: 'end' }),
        step(
          'deactivate',
          'account_reconciliation',
          { connector: 'app', action: 'deactivate', from: 'collect' },
          { success: 'end' },
        ),
        end(),
      ]),
    );
    const run = (await call('POST', `/api/workflows/${workflow.id}/start`, { variables: {} })).body;
    await waitForRun(context.api, admin.token, run.id, hasStatus('waiting'), 60_000);
    const approval = await db.approval.findFirstOrThrow({ where: { runId: run.id } });
    const held = proxy().holdWrite(3);
    const decided = await call('POST', `/api/approvals/${approval.id}/decide`, { decision: 'approve' }, approver.token);
    expect(decided.status).toBe(200);
    await held;
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    proxy().release();

    // Two accounts are recorded as done; the one in flight and the rest wait.
    const batch = await db.reconciliationBatchAccount.findMany({ orderBy: { position: 'asc' } });
    expect(batch.map((row) => row.status)).toEqual(['deactivated', 'deactivated', 'pending', 'pending', 'pending']);

    await workers.start();
    const finished = await waitForRun(context.api, admin.token, run.id, hasStatus('completed', 'failed'), 90_000);
    expect(finished.status).toBe('completed');
    const steps = (await call('GET', `/api/runs/${run.id}/steps`)).body.steps;
    expect(steps.find((item: { stepId: string }) => item.stepId === 'deactivate').output).toMatchObject({
      count: 5,
      deactivated: 5,
      alreadyInactive: 0,
      failed: 0,
    });
    // Each account was written once: the held write never reached the server, and the accounts
    // done before the kill were not written again.
    expect(proxy().forwarded.sort()).toEqual(
      ids.map((id) => `${new URL(server().baseUrl).pathname}/Users/${id}`).sort(),
    );
    for (const id of ids) expect((await scim(`/Users/${id}`)).active).toBe(false);
  }, 240_000);
});
