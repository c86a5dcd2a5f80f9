import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startScim2Server, type RunningScim2Server } from '../../../scripts/local/scim2-server.js';
import { useRunStack } from '../../support/run-stack.js';
import { hasStatus, waitForRun } from '../../support/runs.js';
import { createUserWithToken } from '../../support/users.js';
import { createActive, createDraft, definition, end, start, step } from '../../support/workflows.js';

// The account_reconciliation step against scim2-server: a published workflow collects the
// reconciliation's accounts, one approval covers the batch, and the deactivation sets them
// active: false there (read back with plain HTTP, not through our code).

const INSTALL_TIMEOUT_MS = 300_000;
const stack = useRunStack({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' } });
let server: RunningScim2Server;
let admin: string;
let approver: { id: string; token: string };
const accountIds: Record<string, string> = {};

const call = (method: string, path: string, body?: unknown, token = admin) =>
  stack.api.request(method, path, { token, body });

/** A plain HTTP request to the SCIM server, bypassing the handler. */
async function scim(path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/scim+json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, any> };
}

async function account(name: string, active = true) {
  const created = await scim('/Users', {
    method: 'POST',
    body: {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: `${name}@acme.test`,
      displayName: name,
      emails: [{ value: `${name}@acme.test`, type: 'work', primary: true }],
      active,
    },
  });
  expect(created.status).toBe(201);
  accountIds[name] = created.body.id;
}

/** Each account's `active` in the SCIM server, by name. */
async function activeThere(): Promise<Record<string, boolean>> {
  const states: Record<string, boolean> = {};
  for (const [name, id] of Object.entries(accountIds)) states[name] = (await scim(`/Users/${id}`)).body.active;
  return states;
}

async function setActiveThere(name: string, active: boolean) {
  const { meta: _meta, ...rest } = (await scim(`/Users/${accountIds[name]}`)).body;
  expect((await scim(`/Users/${accountIds[name]}`, { method: 'PUT', body: { ...rest, active } })).status).toBe(200);
}

const collect = (extra: Record<string, unknown> = {}) =>
  step('collect', 'account_reconciliation', { connector: 'app', action: 'collect', ...extra }, { success: 'approve' });
const approve = () =>
  step(
    'approve',
    'approval',
    {
      approvers: [approver.id],
      message: 'Deactivate {{steps.collect.count}} accounts of app: {{steps.collect.preview}}',
    },
    { approved: 'deactivate', rejected: 'end' },
  );
const deactivate = (extra: Record<string, unknown> = {}) =>
  step(
    'deactivate',
    'account_reconciliation',
    { connector: 'app', action: 'deactivate', from: 'collect', ...extra },
    { success: 'end' },
  );
const bulkDefinition = (name: string) =>
  definition(name, [start('collect'), collect(), approve(), deactivate(), end()]);

let workflowId: string;

/** Starts a run of the bulk workflow and waits for its approval; answers the run and the approval. */
async function runUntilApproval() {
  const started = await call('POST', `/api/workflows/${workflowId}/start`, { variables: {} });
  expect(started.status).toBe(201);
  const runId: string = started.body.id;
  await waitForRun(stack.api, admin, runId, hasStatus('waiting'));
  const approval = await stack.database.db.approval.findFirstOrThrow({ where: { runId } });
  return { runId, approval };
}

async function decide(approvalId: string, decision: 'approve' | 'reject') {
  const decided = await call('POST', `/api/approvals/${approvalId}/decide`, { decision }, approver.token);
  expect(decided.status).toBe(200);
}

/** The last visit of step `id` of the run, with its output. */
async function stepOf(runId: string, id: string): Promise<any> {
  const response = await call('GET', `/api/runs/${runId}/steps`);
  expect(response.status).toBe(200);
  return response.body.steps.filter((item: { stepId: string }) => item.stepId === id).at(-1);
}

beforeAll(async () => {
  server = await startScim2Server();
  const { db } = stack.database;
  admin = (await createUserWithToken(db, ['admin'])).token;
  const approving = await createUserWithToken(db, ['admin']);
  approver = { id: approving.user.id, token: approving.token };
  const created = await call('POST', '/api/connectors', {
    name: 'app',
    type: 'scim',
    config: { baseUrl: server.baseUrl, authentication: 'bearer' },
    secrets: { bearerToken: server.token },
  });
  expect(created.status).toBe(201);

  // alice holds her account; bob leaves Flowgate with his still active; dave's is inactive there
  // already; ghost and spare belong to nobody, and old (an orphan) is inactive there.
  for (const name of ['alice', 'bob']) await account(name);
  await account('dave', false);
  await account('ghost');
  await account('spare');
  await account('old', false);
  for (const name of ['alice', 'bob', 'dave'])
    await db.user.create({ data: { email: `${name}@acme.test`, activeEmail: `${name}@acme.test`, displayName: name } });
  expect(
    (await call('PUT', `/api/connectors/${created.body.id}/sync-config/user`, { syncAllUsers: true })).status,
  ).toBe(201);
  const synced = await call('POST', `/api/connectors/${created.body.id}/sync-config/user/trigger`);
  expect(synced.body.status).toBe('success');
  await db.user.update({ where: { activeEmail: 'bob@acme.test' }, data: { active: false } });
  await db.user.update({ where: { activeEmail: 'dave@acme.test' }, data: { active: false } });

  workflowId = (await createActive(stack.api, admin, bulkDefinition(`bulk deactivation ${Date.now()}`))).id;
}, INSTALL_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

describe('a workflow deactivates the reconciliation accounts in bulk after one approval', () => {
  it('collects the batch, changes nothing before the approval, then deactivates the batch', async () => {
    const { runId, approval } = await runUntilApproval();
    const collected = await stepOf(runId, 'collect');
    expect(collected).toMatchObject({ status: 'completed', outcome: 'success' });
    expect(collected.output).toEqual({
      connector: 'app',
      batchId: expect.any(String),
      count: 3,
      counts: { orphans: 2, activeAccountsOfInactiveUsers: 1 },
      truncated: false,
      names: ['ghost', 'spare', 'bob'],
      preview: 'ghost, spare, bob',
    });
    // The approval shows the batch through the collect step's output.
    expect(approval.message).toBe('Deactivate 3 accounts of app: ghost, spare, bob');
    const batch = await stack.database.db.reconciliationBatchAccount.findMany({
      where: { batchId: collected.output.batchId },
      orderBy: { position: 'asc' },
    });
    expect(batch.map((row) => [row.externalId, row.list, row.status])).toEqual([
      [accountIds.ghost, 'orphans', 'pending'],
      [accountIds.spare, 'orphans', 'pending'],
      [accountIds.bob, 'activeAccountsOfInactiveUsers', 'pending'],
    ]);
    expect(await activeThere()).toEqual({ alice: true, bob: true, dave: false, ghost: true, spare: true, old: false });

    await decide(approval.id, 'approve');
    const finished = await waitForRun(stack.api, admin, runId, hasStatus('completed', 'failed'));
    expect(finished.status).toBe('completed');
    expect((await stepOf(runId, 'deactivate')).output).toEqual({
      batchId: collected.output.batchId,
      count: 3,
      deactivated: 3,
      alreadyInactive: 0,
      gone: 0,
      skipped: 0,
      failed: 0,
      failures: [],
    });
    expect(await activeThere()).toEqual({
      alice: true,
      bob: false,
      dave: false,
      ghost: false,
      spare: false,
      old: false,
    });
    // The bearer token appears nowhere in what the run recorded.
    const recorded = JSON.stringify(await stack.database.db.runStep.findMany({ where: { runId } }));
    expect(recorded).not.toContain(server.token);
  });

  it('changes nothing when run again: the accounts are inactive already', async () => {
    const before = await Promise.all(
      ['ghost', 'spare', 'bob'].map(async (name) => (await scim(`/Users/${accountIds[name]}`)).body.meta),
    );
    const { runId, approval } = await runUntilApproval();
    await decide(approval.id, 'approve');
    expect((await waitForRun(stack.api, admin, runId, hasStatus('completed', 'failed'))).status).toBe('completed');
    expect((await stepOf(runId, 'deactivate')).output).toMatchObject({
      count: 3,
      deactivated: 0,
      alreadyInactive: 3,
      skipped: 0,
      failed: 0,
    });
    const after = await Promise.all(
      ['ghost', 'spare', 'bob'].map(async (name) => (await scim(`/Users/${accountIds[name]}`)).body.meta),
    );
    expect(after).toEqual(before);
    expect(await activeThere()).toMatchObject({ alice: true, bob: false, ghost: false, spare: false });
  });

  it('leaves alone an account held by an active user since the approval, counts one deleted meanwhile as gone, and does nothing on a rejection', async () => {
    for (const name of ['ghost', 'spare', 'bob']) await setActiveThere(name, true);
    const rejected = await runUntilApproval();
    await decide(rejected.approval.id, 'reject');
    await waitForRun(stack.api, admin, rejected.runId, hasStatus('completed'));
    expect(await activeThere()).toMatchObject({ bob: true, ghost: true, spare: true });

    const { runId, approval } = await runUntilApproval();
    // Bob comes back while the batch waits for its approval: his account is his again. And spare's
    // account is deleted there meanwhile.
    await stack.database.db.user.update({ where: { activeEmail: 'bob@acme.test' }, data: { active: true } });
    expect((await scim(`/Users/${accountIds.spare}`, { method: 'DELETE' })).status).toBe(204);
    delete accountIds.spare;
    try {
      await decide(approval.id, 'approve');
      expect((await waitForRun(stack.api, admin, runId, hasStatus('completed', 'failed'))).status).toBe('completed');
      expect((await stepOf(runId, 'deactivate')).output).toMatchObject({
        count: 3,
        deactivated: 1,
        alreadyInactive: 0,
        gone: 1,
        skipped: 1,
        failed: 0,
      });
      expect(await activeThere()).toMatchObject({ alice: true, bob: true, ghost: false });
      const skipped = await stack.database.db.reconciliationBatchAccount.findFirstOrThrow({
        where: { externalId: accountIds.bob, status: 'skipped' },
      });
      expect(skipped.code).toBe('held_by_active_user');
    } finally {
      await stack.database.db.user.update({ where: { activeEmail: 'bob@acme.test' }, data: { active: false } });
    }
  });

  it('checks the publisher’s authority when the deactivation acts: one who lost it deactivates nothing', async () => {
    const publisher = await createUserWithToken(stack.database.db, ['admin']);
    const workflow = await createActive(stack.api, publisher.token, bulkDefinition(`bulk revoked ${Date.now()}`));
    await setActiveThere('ghost', true);
    const started = await call('POST', `/api/workflows/${workflow.id}/start`, { variables: {} });
    await waitForRun(stack.api, admin, started.body.id, hasStatus('waiting'));
    const approval = await stack.database.db.approval.findFirstOrThrow({ where: { runId: started.body.id } });
    await stack.database.db.user.update({ where: { id: publisher.user.id }, data: { roles: ['requestor'] } });
    await decide(approval.id, 'approve');
    const failed = await waitForRun(stack.api, admin, started.body.id, hasStatus('failed'));
    expect(failed.error).toMatchObject({ code: 'forbidden' });
    expect(failed.error.message).toContain('connector:execute');
    expect(await activeThere()).toMatchObject({ ghost: true });
    await call('POST', `/api/runs/${started.body.id}/cancel`);
  });

  it('keeps at most `limit` accounts and says the batch was cut', async () => {
    const workflow = await createActive(
      stack.api,
      admin,
      definition(`bulk limit ${Date.now()}`, [
        start('collect'),
        step(
          'collect',
          'account_reconciliation',
          { connector: 'app', action: 'collect', lists: ['orphans'], limit: 1 },
          { success: 'twice' },
        ),
        step(
          'twice',
          'account_reconciliation',
          { connector: 'app', action: 'collect', lists: ['orphans', 'orphans'], limit: 2 },
          { success: 'approve' },
        ),
        step('approve', 'approval', { approvers: [approver.id] }, { approved: 'end', rejected: 'end' }),
        end(),
      ]),
    );
    const started = await call('POST', `/api/workflows/${workflow.id}/start`, { variables: {} });
    await waitForRun(stack.api, admin, started.body.id, hasStatus('waiting'));
    // No sync ran since the accounts were deactivated, so their records still show both orphans active.
    expect((await stepOf(started.body.id, 'collect')).output).toMatchObject({
      count: 1,
      counts: { orphans: 1 },
      truncated: true,
      names: ['ghost'],
      preview: 'ghost',
    });
    // A list named twice counts once.
    expect((await stepOf(started.body.id, 'twice')).output).toMatchObject({
      count: 2,
      truncated: false,
      names: ['ghost', 'spare'],
    });
    const approval = await stack.database.db.approval.findFirstOrThrow({ where: { runId: started.body.id } });
    await decide(approval.id, 'reject');
  });
});

describe('account_reconciliation configurations', () => {
  const validate = (steps: ReturnType<typeof step>[]) =>
    call('POST', '/api/workflows/validate', { ...definition(`check ${Date.now()}`, steps), strict: true });
  const flow = (collectConfig: Record<string, unknown>, deactivateConfig: Record<string, unknown> = {}) => [
    start('collect'),
    collect(collectConfig),
    step('approve', 'approval', { approvers: [approver?.id ?? 'x'] }, { approved: 'deactivate', rejected: 'end' }),
    deactivate(deactivateConfig),
    end(),
  ];

  it('refuses a bad action, list or limit when the draft is saved (400)', async () => {
    for (const [config, path] of [
      [{ action: 'purge' }, 'action'],
      [{ lists: ['everyone'] }, 'lists'],
      [{ lists: [] }, 'lists'],
      [{ limit: 10_001 }, 'limit'],
      [{ limit: 0 }, 'limit'],
      [{ from: 'collect' }, 'from'],
    ] as const) {
      const created = await call('POST', '/api/workflows', definition(`bad ${Date.now()}`, flow(config)));
      expect({ config, status: created.status }).toEqual({ config, status: 400 });
      expect(JSON.stringify(created.body.details)).toContain(`config.${path}`);
    }
    // A draft may leave out what it has not decided yet; publishing needs it.
    const withoutFrom = await createDraft(
      stack.api,
      admin,
      definition(`no from ${Date.now()}`, flow({}, { from: undefined })),
    );
    const refused = await call('POST', `/api/workflows/${withoutFrom.id}/publish`, {});
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('a deactivate step names the collect step');
  });

  it('refuses to publish an unknown connector or a deactivation of no collected batch (400)', async () => {
    const unknown = await validate(flow({ connector: 'nowhere' }, { connector: 'nowhere' }));
    expect(unknown.status).toBe(200);
    expect(unknown.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'unknown_connector', stepId: 'collect' }),
        expect.objectContaining({ code: 'unknown_connector', stepId: 'deactivate' }),
      ]),
    );
    const draft = await createDraft(
      stack.api,
      admin,
      definition(`unknown ${Date.now()}`, flow({ connector: 'nowhere' })),
    );
    const published = await call('POST', `/api/workflows/${draft.id}/publish`, {});
    expect(published.status).toBe(400);
    expect(published.body.message).toContain('unknown connector "nowhere"');

    const wrongSource = await validate(flow({}, { from: 'approve' }));
    expect(wrongSource.body.errors).toEqual([
      expect.objectContaining({ code: 'invalid_batch_source', stepId: 'deactivate', path: 'steps.3.config.from' }),
    ]);
    expect((await validate(flow({}))).body).toMatchObject({ valid: true, errors: [] });
  });

  it('refuses to publish for someone without the permissions the steps act with (403)', async () => {
    const manager = await createUserWithToken(stack.database.db, ['resource_manager']);
    const draft = await createDraft(stack.api, manager.token, bulkDefinition(`unvouched ${Date.now()}`));
    const published = await call('POST', `/api/workflows/${draft.id}/publish`, {}, manager.token);
    expect(published.status).toBe(403);
    expect(published.body.message).toContain('connector:read');
  });
});
