import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { WorkflowDefinitionInput } from '../../src/domain/workflow-definition.js';
import { useRunStack } from '../support/run-stack.js';
import { hasStatus, waitForRun } from '../support/runs.js';
import { createUserWithToken } from '../support/users.js';
import { sendSignedEvent } from '../support/webhook.js';
import { createActive } from '../support/workflows.js';

const stack = useRunStack();
let admin: string;
let adminId: string;
let connectorId: string;
let secret: string;

const call = (method: string, path: string, body?: unknown) => stack.api.request(method, path, { token: admin, body });

beforeAll(async () => {
  ({
    token: admin,
    user: { id: adminId },
  } = await createUserWithToken(stack.database.db, ['admin']));
  connectorId = (await stack.database.db.connector.findUniqueOrThrow({ where: { name: 'test-activedirectory' } })).id;
  secret = (await call('POST', `/api/connectors/${connectorId}/webhook-secret`)).body.secret;
});

const send = (event: unknown, eventId?: string) => sendSignedEvent(stack.api, connectorId, secret, event, eventId);

const reconciliationWorkflow = (triggers: Array<'manual' | 'webhook'>): WorkflowDefinitionInput => ({
  name: `reconcile ${randomUUID()}`,
  description: '',
  category: 'general',
  trigger: { types: triggers },
  variables: [
    { name: 'resourceId', type: 'string', required: true },
    { name: 'action', type: 'string', required: true },
  ],
  onError: 'stop',
  debugLogging: false,
  steps: [
    { id: 'start', name: 'start', type: 'start', config: {}, transitions: [{ on: 'success', goto: 'end' }] },
    { id: 'end', name: 'end', type: 'end', config: {}, transitions: [] },
  ],
});

const entitlementBody = (reconciliationConfig: Record<string, unknown>) => ({
  name: `ent-${randomUUID()}`,
  connector: 'test-activedirectory',
  provisionConfig: { command: 'addToGroup', parameters: { username: 'jdoe', groupName: 'VPN Users' } },
  deprovisionConfig: { command: 'removeFromGroup', parameters: { username: 'jdoe', groupName: 'VPN Users' } },
  reconciliationConfig,
});

async function entitlement(reconciliationConfig: Record<string, unknown>) {
  const created = await call('POST', '/api/entitlements', entitlementBody(reconciliationConfig));
  expect(created.status).toBe(201);
  return created.body as { id: string; name: string };
}

const reconciliationAudits = (entitlementId: string) =>
  stack.database.db.auditLog.findMany({
    where: { action: 'entitlement.reconciliation_event', targetId: entitlementId },
  });

describe('an event without resourceType goes to the entitlement whose reconciliationConfig.resourceId matches', () => {
  it('records the change and starts the configured reconciliation workflow with the event as variables', async () => {
    const workflow = await createActive(stack.api, admin, reconciliationWorkflow(['manual', 'webhook']));
    const resourceId = `vpn-${randomUUID()}`;
    const target = await entitlement({ resourceId, workflowId: workflow.id });
    const response = await send({ action: 'updated', resourceId, data: { members: 3 } }, 'evt-reconcile-1');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: `Recorded for ${target.name}; 1 reconciliation run(s) started`,
      eventId: 'evt-reconcile-1',
      alreadyApplied: false,
      runIds: [expect.any(String)],
    });
    const run = await waitForRun(stack.api, admin, response.body.runIds[0], hasStatus('completed', 'failed'));
    // Who set the reconciliation up may not decide the run's approvals (docs/security.md).
    expect(run).toMatchObject({
      status: 'completed',
      variables: { resourceId, action: 'updated' },
      startedBy: null,
      initiatedBy: adminId,
    });
    const [audit] = await reconciliationAudits(target.id);
    expect(audit!.metadata).toMatchObject({
      eventId: 'evt-reconcile-1',
      action: 'updated',
      resourceId,
      dataFields: ['members'],
      runId: response.body.runIds[0],
    });

    const retried = await send({ action: 'updated', resourceId, data: { members: 3 } }, 'evt-reconcile-1');
    expect(retried.body).toMatchObject({ alreadyApplied: true });
    expect(await reconciliationAudits(target.id)).toHaveLength(1);
    expect(await stack.database.db.workflowRun.count({ where: { definitionId: workflow.id } })).toBe(1);
  });

  it('only records the change when the entitlement names no workflow', async () => {
    const resourceId = `grp-${randomUUID()}`;
    const target = await entitlement({ resourceId });
    const response = await send({ action: 'deleted', resourceId });
    expect(response.status).toBe(200);
    expect(response.body.runIds).toEqual([]);
    expect(await reconciliationAudits(target.id)).toEqual([
      expect.objectContaining({ metadata: expect.objectContaining({ action: 'deleted', runId: null }) }),
    ]);
  });

  it('answers 404 when no entitlement of the connector matches, and records nothing', async () => {
    const response = await send({ action: 'updated', resourceId: 'nothing-matches' });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(
      'No entitlement of connector test-activedirectory has reconciliationConfig.resourceId nothing-matches',
    );
  });

  it('answers 400 and changes nothing when the workflow lacks the webhook trigger', async () => {
    const workflow = await createActive(stack.api, admin, reconciliationWorkflow(['manual']));
    const resourceId = `role-${randomUUID()}`;
    const target = await entitlement({ resourceId, workflowId: workflow.id });
    const response = await send({ action: 'created', resourceId });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('cannot be started by the webhook trigger');
    expect(await reconciliationAudits(target.id)).toEqual([]);
    const rejected = await stack.database.db.auditLog.findFirst({
      where: { action: 'webhook.rejected', targetId: connectorId },
      orderBy: { createdAt: 'desc' },
    });
    expect(rejected!.metadata).toMatchObject({ status: 400, reason: expect.stringContaining('webhook trigger') });
  });

  it('answers 403 and changes nothing once who last saved the entitlement is deactivated, until it is saved again', async () => {
    const { db } = stack.database;
    const workflow = await createActive(stack.api, admin, reconciliationWorkflow(['webhook']));
    const resourceId = `group-${randomUUID()}`;
    const editor = await createUserWithToken(db, ['admin']);
    const body = entitlementBody({ resourceId, workflowId: workflow.id });
    const target = (await stack.api.request('POST', '/api/entitlements', { token: editor.token, body })).body;
    await db.user.update({ where: { id: editor.user.id }, data: { active: false } });

    const refused = await send({ action: 'updated', resourceId });
    expect([refused.status, refused.body.message]).toEqual([403, expect.stringContaining('is deactivated')]);
    expect(await reconciliationAudits(target.id)).toEqual([]);
    expect(await db.workflowRun.count({ where: { definitionId: workflow.id } })).toBe(0);

    expect((await call('PUT', `/api/entitlements/${target.id}`, body)).status).toBe(200);
    const applied = await send({ action: 'updated', resourceId });
    expect([applied.status, applied.body.runIds]).toEqual([200, [expect.any(String)]]);
  });
});

describe('reconciliationConfig is checked when written, and a replace with null clears it', () => {
  it('refuses a config without a resourceId or with a workflowId that is no id, and clears one replaced with null', async () => {
    const base = {
      connector: 'test-activedirectory',
      provisionConfig: { command: 'addToGroup', parameters: {} },
      deprovisionConfig: { command: 'removeFromGroup', parameters: {} },
    };
    for (const reconciliationConfig of [{ workflowId: randomUUID() }, { resourceId: 'cn=x', workflowId: 'abc' }]) {
      const refused = await call('POST', '/api/entitlements', {
        ...base,
        name: `ent-${randomUUID()}`,
        reconciliationConfig,
      });
      expect({ reconciliationConfig, status: refused.status }).toEqual({ reconciliationConfig, status: 400 });
    }

    const resourceId = `cn=cleared-${randomUUID()}`;
    const created = await entitlement({ resourceId });
    const cleared = await call('PUT', `/api/entitlements/${created.id}`, {
      ...base,
      name: created.name,
      reconciliationConfig: null,
    });
    expect([cleared.status, cleared.body.reconciliationConfig]).toEqual([200, null]);
    expect((await call('GET', `/api/entitlements/${created.id}`)).body.reconciliationConfig).toBeNull();
    const event = await send({ action: 'updated', resourceId });
    expect(event.status).toBe(404);
  });
});

describe('saving an entitlement whose reconciliation starts runs needs workflow:start of the caller itself', () => {
  const MESSAGE = 'Missing permission workflow:start, needed to save an entitlement whose reconciliation starts runs';

  it('refuses a token without workflow:start any save of such an entitlement, through the API', async () => {
    const workflow = await createActive(stack.api, admin, reconciliationWorkflow(['webhook']));
    // Owned by an admin, who may start runs; the token itself may not.
    const { token } = await createUserWithToken(stack.database.db, ['admin'], ['role:manage']);
    const save = (method: string, path: string, body: unknown) => stack.api.request(method, path, { token, body });
    const starting = entitlementBody({ resourceId: `cn=${randomUUID()}`, workflowId: workflow.id });

    const created = await save('POST', '/api/entitlements', starting);
    expect([created.status, created.body.message]).toEqual([403, MESSAGE]);
    expect(await stack.database.db.entitlement.count({ where: { name: starting.name } })).toBe(0);

    const existing = await entitlement({ resourceId: `cn=${randomUUID()}`, workflowId: workflow.id });
    const renamed = await save('PUT', `/api/entitlements/${existing.id}`, { ...starting, name: `${existing.name}-2` });
    expect([renamed.status, renamed.body.message]).toEqual([403, MESSAGE]);
    const row = await stack.database.db.entitlement.findUniqueOrThrow({ where: { id: existing.id } });
    expect([row.name, row.updatedBy]).toEqual([existing.name, adminId]);

    const recordingOnly = entitlementBody({ resourceId: `cn=${randomUUID()}` });
    expect((await save('POST', '/api/entitlements', recordingOnly)).status).toBe(201);
  });

  it('reports such an entitlement of a config import as an error row when the token lacks workflow:start', async () => {
    const workflow = await createActive(stack.api, admin, reconciliationWorkflow(['webhook']));
    const { token } = await createUserWithToken(stack.database.db, ['admin'], ['config:import', 'role:manage']);
    const starting = entitlementBody({ resourceId: `cn=${randomUUID()}`, workflowId: workflow.id });
    const document = {
      version: '1',
      exportedAt: new Date().toISOString(),
      exportedBy: 'test',
      entities: { entitlements: [{ description: null, ...starting }] },
    };

    const imported = await stack.api.request('POST', '/api/config/import', { token, body: document });

    expect(imported.status).toBe(200);
    expect(imported.body.details).toEqual([
      { entity: 'entitlement', name: starting.name, action: 'error', error: MESSAGE },
    ]);
    expect(await stack.database.db.entitlement.count({ where: { name: starting.name } })).toBe(0);
  });
});
