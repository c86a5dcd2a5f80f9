import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { temporalScheduleId, temporalScheduleOptions } from '../../src/services/schedules/manage-schedules.js';
import { registerSimulatedConnectors } from '../../src/services/connectors/manage-connectors.js';
import type { TemporalClientHandle } from '../../src/temporal/client.js';
import { startTestApp, useTestApp, type TestApp, connectSuiteTemporal } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { removeTemporalSchedules } from '../support/temporal-schedules.js';
import { createUserWithToken } from '../support/users.js';
import { approvalDefinition, createActive, createDraft, definition, end, start } from '../support/workflows.js';

const source = useTestApp({ beforeTeardown: () => removeTemporalSchedules(temporal.client, source.database.db) });
let admin: string;
let temporal: TemporalClientHandle;
const ANN = 'ann@example.test';

const call = (method: string, path: string, body?: unknown) => source.api.request(method, path, { token: admin, body });

async function expectCreated(api: TestApp, token: string, path: string, body: unknown) {
  const response = await api.request('POST', path, { token, body });
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${response.text}`);
  return response.body;
}

/** The definition with its second step replaced by a call to `connector`. */
function withConnectorStep(definition: ReturnType<typeof approvalDefinition>, connector: string) {
  definition.steps[1] = {
    id: 'manager_approval',
    name: 'Call',
    type: 'connector',
    config: { connector, command: 'request', parameters: {} },
    transitions: [
      { on: 'success', goto: 'notify_approved' },
      { on: 'error', goto: 'notify_rejected' },
    ],
  };
  return definition;
}

/** The document without the fields that name the moment and the exporter. */
const entitiesOf = (document: { entities: Record<string, unknown> }) => document.entities;

async function exportAll(api: TestApp, token: string) {
  const response = await api.request('GET', '/api/config/export', { token });
  expect(response.status).toBe(200);
  return response.body;
}

/** Row counts of every table an import writes, plus audit entries other than per-request token rows. */
async function counts(database: TestDatabase) {
  const db = database.db;
  return {
    connectors: await db.connector.count(),
    projects: await db.project.count(),
    workflowSets: await db.workflowSet.count(),
    emailTemplates: await db.emailTemplate.count(),
    documentTemplates: await db.documentTemplate.count(),
    groups: await db.userGroup.count(),
    groupMembers: await db.userGroupMember.count(),
    organizations: await db.organization.count(),
    memberships: await db.organizationMembership.count(),
    entitlements: await db.entitlement.count(),
    roles: await db.businessRole.count(),
    workflows: await db.workflowDefinition.count(),
    schedules: await db.schedule.count(),
    audit: await db.auditLog.count({ where: { action: { not: 'api_token.request' } } }),
  };
}

async function withDatabaseClient<T>(database: TestDatabase, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

afterAll(() => temporal.close());

beforeAll(async () => {
  temporal = await connectSuiteTemporal();
  admin = (await createUserWithToken(source.database.db, ['admin'])).token;
  const api = source.api;
  const member = await source.database.db.user.create({
    data: { email: ANN, activeEmail: ANN, displayName: 'Ann', roles: [] },
  });
  await expectCreated(api, admin, '/api/connectors', {
    name: 'crm',
    type: 'http',
    config: { baseUrl: 'http://crm.example.test' },
    secrets: { bearerToken: 'never-exported' },
  });
  await expectCreated(api, admin, '/api/entitlements', {
    name: 'crm-access',
    connector: 'crm',
    provisionConfig: { command: 'request', parameters: { path: '/grant' } },
    deprovisionConfig: { command: 'request', parameters: { path: '/revoke' } },
  });
  await expectCreated(api, admin, '/api/roles', { name: 'Sales', entitlements: ['crm-access'] });
  await expectCreated(api, admin, '/api/projects', {
    name: 'HR',
    workflowSets: [{ name: 'Onboarding', description: 'Joiners' }],
  });
  const group = await expectCreated(api, admin, '/api/groups', { name: 'Support' });
  await call('POST', `/api/groups/${group.id}/members`, { userId: member.id });
  const parent = await expectCreated(api, admin, '/api/organizations', { name: 'Acme' });
  const child = await expectCreated(api, admin, '/api/organizations', {
    name: 'Acme Labs',
    parentId: parent.id,
    contacts: [{ name: 'Bob' }],
  });
  await call('POST', `/api/organizations/${child.id}/members`, { userId: member.id, role: 'signatory' });
  // A second role of the same member: exported as a second entry, which the import must take back.
  await call('POST', `/api/organizations/${child.id}/members`, { userId: member.id, role: 'approver' });
  await expectCreated(api, admin, '/api/email-templates', {
    name: 'plain',
    subjectTemplate: '{{subject}}',
    bodyTemplate: '<p>{{message}}</p>',
    isDefault: true,
  });
  await expectCreated(api, admin, '/api/document-templates', { name: 'nda', fileName: 'nda.docx' });
  const onboarding = await createActive(
    api,
    admin,
    approvalDefinition({
      name: 'Onboard',
      project: 'HR',
      workflowSet: 'Onboarding',
      trigger: { types: ['scheduled'] },
    }),
  );
  await createDraft(api, admin, approvalDefinition({ name: 'Scratch' }));
  await expectCreated(api, admin, '/api/schedules', {
    workflowId: onboarding.id,
    name: 'nightly',
    cronExpression: '0 2 * * *',
    variables: { requester: ANN, manager: ANN },
  });
});

describe('round trip into an empty instance', () => {
  let target: TestApp;
  let targetDatabase: TestDatabase;
  let targetAdmin: string;

  beforeAll(async () => {
    targetDatabase = await createTestDatabase();
    target = await startTestApp({ db: targetDatabase.db });
    await registerSimulatedConnectors(targetDatabase.db, target.connectors);
    targetAdmin = (await createUserWithToken(targetDatabase.db, ['admin'])).token;
    await targetDatabase.db.user.create({ data: { email: ANN, activeEmail: ANN, roles: [] } });
  });

  afterAll(async () => {
    await removeTemporalSchedules(temporal.client, targetDatabase.db);
    await target.close();
    await targetDatabase.drop();
  });

  it('export → import → export gives the same entities; secrets stay behind and are reported', async () => {
    const exported = await exportAll(source.api, admin);
    const imported = await target.request('POST', '/api/config/import', { token: targetAdmin, body: exported });
    expect(imported.status).toBe(200);
    expect(imported.body.status).toBe('completed');
    expect(imported.body.summary).toEqual({ created: 12, updated: 0, skipped: 1, errors: 0 });
    expect(imported.body.details).toContainEqual({
      entity: 'connector',
      name: 'crm',
      action: 'created',
      secretKeysToSet: ['bearerToken'],
    });
    expect(imported.body.details).toContainEqual({ entity: 'workflow_set', name: 'HR/Onboarding', action: 'created' });

    // Spec 4.7: document templates are metadata only, skipped if new.
    expect(imported.body.details).toContainEqual(
      expect.objectContaining({ entity: 'document_template', name: 'nda', action: 'skipped' }),
    );

    const again = await exportAll(target, targetAdmin);
    const expected = entitiesOf(exported) as { connectors: Array<Record<string, unknown>> };
    expect(entitiesOf(again)).toEqual({
      ...expected,
      connectors: expected.connectors.map((connector) => ({ ...connector, secretKeys: [] })),
      documentTemplates: [],
    });
    const connector = await targetDatabase.db.connector.findUniqueOrThrow({ where: { name: 'crm' } });
    expect(connector.sealedSecrets).toBeNull();
  });

  it('registers the imported schedules with Temporal after the commit', async () => {
    const row = await targetDatabase.db.schedule.findFirstOrThrow({ where: { name: 'nightly' } });
    const described = await temporal.client.schedule.getHandle(temporalScheduleId(row.id)).describe();
    expect(described.action).toMatchObject({ workflowType: 'scheduledStartWorkflow', args: [{ scheduleId: row.id }] });
    expect(described.state.paused).toBe(false);
  });

  it('records config.imported with the strategy and the four counts', async () => {
    const entry = await targetDatabase.db.auditLog.findFirstOrThrow({ where: { action: 'config.imported' } });
    expect(entry.metadata).toMatchObject({ strategy: 'upsert', created: 12, updated: 0, skipped: 1, errors: 0 });
  });
});

describe('strategies against existing entities', () => {
  it('skip_existing skips every entity that exists', async () => {
    const response = await call(
      'POST',
      '/api/config/import?strategy=skip_existing',
      await exportAll(source.api, admin),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'completed', summary: { created: 0, updated: 0, errors: 0 } });
    expect(response.body.summary.skipped).toBe(response.body.details.length);
  });

  it('create_only reports every existing entity as an error and writes nothing for them', async () => {
    const response = await call('POST', '/api/config/import?strategy=create_only', await exportAll(source.api, admin));
    expect(response.body.status).toBe('failed');
    expect(response.body.summary.errors).toBe(response.body.details.length);
    expect(response.body.details[0]).toMatchObject({
      action: 'error',
      error: expect.stringContaining('Already exists'),
    });
  });

  it('upsert updates existing entities, creates new ones, and versions a changed active workflow', async () => {
    const document = await exportAll(source.api, admin);
    document.entities.projects[0].description = 'People processes';
    document.entities.projects[0].workflowSets.push({ name: 'Leavers', description: '' });
    document.entities.roles.push({
      name: 'Support',
      description: null,
      status: 'active',
      expiresAfterDays: null,
      entitlements: ['crm-access'],
    });
    const onboard = document.entities.workflows.find((workflow: { name: string }) => workflow.name === 'Onboard');
    onboard.description = 'Second edition';
    const response = await call('POST', '/api/config/import', document);
    expect(response.status).toBe(200);
    const details = response.body.details;
    expect(details).toContainEqual({
      entity: 'project',
      name: 'HR',
      action: 'updated',
      changes: [{ field: 'description', from: '', to: 'People processes' }],
    });
    expect(details).toContainEqual({ entity: 'workflow_set', name: 'HR/Leavers', action: 'created' });
    expect(details).toContainEqual({ entity: 'role', name: 'Support', action: 'created' });
    expect(details).toContainEqual(expect.objectContaining({ entity: 'workflow', name: 'Onboard', action: 'updated' }));
    // Scratch is in the document as stored: nothing to write.
    expect(details).toContainEqual({ entity: 'workflow', name: 'Scratch', action: 'unchanged' });

    const db = source.database.db;
    expect((await db.project.findUniqueOrThrow({ where: { name: 'HR' } })).description).toBe('People processes');
    const versions = await db.workflowDefinition.findMany({
      where: { name: 'Onboard' },
      orderBy: { createdAt: 'asc' },
    });
    expect(versions.map((version) => [version.status, version.description])).toEqual([
      ['deprecated', expect.any(String)],
      ['active', 'Second edition'],
    ]);
    // The schedule follows the workflow its name stands for: the new active version.
    const schedule = await db.schedule.findFirstOrThrow({ where: { name: 'nightly' } });
    expect(schedule.workflowId).toBe(versions[1]!.id);
  });

  it('upsert of an unchanged active workflow writes no new version', async () => {
    const before = await source.database.db.workflowDefinition.count();
    const document = await exportAll(source.api, admin);
    const response = await call('POST', '/api/config/import', {
      ...document,
      entities: { workflows: document.entities.workflows.filter((w: { name: string }) => w.name === 'Onboard') },
    });
    expect(response.body.details).toEqual([{ entity: 'workflow', name: 'Onboard', action: 'unchanged' }]);
    expect(await source.database.db.workflowDefinition.count()).toBe(before);
  });

  it('upsert of an unchanged active workflow whose document leaves out its empty fields writes no new version', async () => {
    await createActive(source.api, admin, definition('Outside any project', [start('end'), end()]));
    const before = await source.database.db.workflowDefinition.count();
    const document = await exportAll(source.api, admin);
    const exported = document.entities.workflows.find(
      (workflow: { name: string }) => workflow.name === 'Outside any project',
    );
    const withoutNulls = Object.fromEntries(Object.entries(exported).filter(([, value]) => value !== null));
    expect(Object.keys(exported).filter((key) => !(key in withoutNulls))).toEqual(
      expect.arrayContaining(['project', 'workflowSet']),
    );
    const response = await call('POST', '/api/config/import', { ...document, entities: { workflows: [withoutNulls] } });
    expect(response.body.details).toEqual([{ entity: 'workflow', name: 'Outside any project', action: 'unchanged' }]);
    expect(await source.database.db.workflowDefinition.count()).toBe(before);
  });
});

describe('a draft made of an active workflow by import', () => {
  it('is edited by the next import of that draft, not joined by another one', async () => {
    const active = await createActive(source.api, admin, definition('Drafted again', [start('end'), end()]));
    const document = await exportAll(source.api, admin);
    const entry = document.entities.workflows.find((workflow: { name: string }) => workflow.name === active.name);
    const importDraft = (description: string) =>
      call('POST', '/api/config/import', {
        ...document,
        entities: { workflows: [{ ...entry, status: 'draft', description }] },
      });

    expect((await importDraft('First edit')).body.details[0]).toMatchObject({ action: 'updated' });
    expect((await importDraft('Second edit')).body.details[0]).toMatchObject({ action: 'updated' });
    expect((await importDraft('Second edit')).body.details[0]).toMatchObject({
      action: 'unchanged',
      note: 'Identical to the draft of its next version',
    });
    const versions = await source.database.db.workflowDefinition.findMany({
      where: { name: active.name, deletedAt: null },
      orderBy: { createdAt: 'asc' },
    });
    expect(versions.map((version) => [version.status, version.description])).toEqual([
      ['active', ''],
      ['draft', 'Second edit'],
    ]);
  });
});

describe('row-level refusals', () => {
  it('reports an unknown member email for that group, applies the rest, and keeps an invalid active workflow as a draft', async () => {
    const document = {
      version: '1',
      exportedAt: new Date().toISOString(),
      exportedBy: 'test',
      entities: {
        userGroups: [
          { name: 'Ghosts', description: null, members: [ANN, 'nobody@example.test'] },
          { name: 'Real', description: null, members: [ANN] },
        ],
        workflows: [withConnectorStep(approvalDefinition({ name: 'Calls a missing connector' }), 'missing')].map(
          (workflow) => ({ ...workflow, status: 'active' }),
        ),
      },
    };
    const response = await call('POST', '/api/config/import', document);
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('completed_with_errors');
    expect(response.body.details).toEqual([
      {
        entity: 'user_group',
        name: 'Ghosts',
        action: 'error',
        error: 'No active user has the email: nobody@example.test',
      },
      { entity: 'user_group', name: 'Real', action: 'created' },
      {
        entity: 'workflow',
        name: 'Calls a missing connector',
        action: 'created',
        note: expect.stringContaining('imported as a draft'),
      },
    ]);
    const db = source.database.db;
    expect(await db.userGroup.findUnique({ where: { name: 'Ghosts' } })).toBeNull();
    expect(await db.userGroupMember.count({ where: { group: { name: 'Real' } } })).toBe(1);
    expect(
      (await db.workflowDefinition.findFirstOrThrow({ where: { name: 'Calls a missing connector' } })).status,
    ).toBe('draft');
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: 'config.imported' },
      orderBy: { createdAt: 'desc' },
    });
    expect(audit.metadata).toMatchObject({ strategy: 'upsert', created: 2, updated: 0, skipped: 0, errors: 1 });
  });
});

describe('values stored as their own API stores them', () => {
  it('imports the export of a schedule with an empty name and time zone, which its API accepts', async () => {
    const workflow = await createActive(
      source.api,
      admin,
      definition('Blank schedule', [start('end'), end()], { trigger: { types: ['scheduled'] } }),
    );
    await expectCreated(source.api, admin, '/api/schedules', {
      workflowId: workflow.id,
      name: '',
      cronExpression: '0 4 * * *',
      timezone: '',
      enabled: true,
      variables: {},
    });
    const document = await exportAll(source.api, admin);
    const schedules = document.entities.schedules.filter(
      (entry: { workflow: string }) => entry.workflow === workflow.name,
    );
    expect(schedules).toEqual([expect.objectContaining({ name: '', timezone: '' })]);
    const response = await call('POST', '/api/config/import', { ...document, entities: { schedules } });
    expect([response.status, response.body.details]).toEqual([
      200,
      [expect.objectContaining({ entity: 'schedule', action: 'unchanged' })],
    ]);
  });

  it("trims an organization's texts, stores an empty one as null, and finds an unnamed schedule by its trimmed expression", async () => {
    const workflow = await createActive(
      source.api,
      admin,
      definition('Padded', [start('end'), end()], { trigger: { types: ['scheduled'] } }),
    );
    const document = {
      version: '1',
      exportedAt: new Date().toISOString(),
      exportedBy: 'test',
      entities: {
        organizations: [{ name: 'Padded Co', domain: ' padded.example ', website: '' }],
        schedules: [{ workflow: workflow.name, cronExpression: ' 0 3 * * * ' }],
      },
    };
    expect((await call('POST', '/api/config/import', document)).status).toBe(200);
    expect((await call('POST', '/api/config/import', document)).body.details).toContainEqual(
      expect.objectContaining({ entity: 'schedule', action: 'unchanged' }),
    );
    const organization = await source.database.db.organization.findFirstOrThrow({ where: { name: 'Padded Co' } });
    expect([organization.domain, organization.website]).toEqual(['padded.example', null]);
    const schedules = await source.database.db.schedule.findMany({ where: { workflowId: workflow.id } });
    expect(schedules.map((schedule) => schedule.cronExpression)).toEqual(['0 3 * * *']);
  });
});

describe('preview', () => {
  it('answers what import would do and writes nothing', async () => {
    const document = await exportAll(source.api, admin);
    document.entities.roles.push({
      name: 'Previewed',
      description: null,
      status: 'active',
      expiresAfterDays: null,
      entitlements: ['crm-access'],
    });
    document.entities.projects[0].description = 'Previewed description';
    const before = await counts(source.database);
    const preview = await call('POST', '/api/config/import/preview', document);
    expect(preview.status).toBe(200);
    expect(preview.body.details).toContainEqual({ entity: 'role', name: 'Previewed', action: 'created' });
    expect(await counts(source.database)).toEqual(before);
    expect(await source.database.db.businessRole.findUnique({ where: { name: 'Previewed' } })).toBeNull();

    const imported = await call('POST', '/api/config/import', document);
    expect(imported.body).toEqual(preview.body);
  });
});

describe('an import of what is stored already', () => {
  it('reports every entity of an identical document unchanged, counted as skipped, and writes nothing', async () => {
    const document = await exportAll(source.api, admin);
    const before = await counts(source.database);
    const response = await call('POST', '/api/config/import', document);
    expect(response.status).toBe(200);
    const unchanged = response.body.details.filter((detail: { action: string }) => detail.action === 'unchanged');
    expect(response.body.details.filter((detail: { action: string }) => detail.action !== 'unchanged')).toEqual([]);
    expect(response.body.summary).toEqual({ created: 0, updated: 0, skipped: unchanged.length, errors: 0 });
    // Only config.imported is new.
    expect(await counts(source.database)).toEqual({ ...before, audit: before.audit + 1 });
  });

  it('lets a preview show which fields an update changes, values of plain fields only, no secret', async () => {
    const document = await exportAll(source.api, admin);
    const role = document.entities.roles.find((entry: { name: string }) => entry.name === 'Sales');
    role.description = 'Sells';
    role.entitlements = [];
    const connector = document.entities.connectors.find((entry: { name: string }) => entry.name === 'crm');
    connector.enabled = false;
    connector.configSchema = { commands: { ...connector.configSchema.commands } };
    connector.configSchema.commands.request = { ...connector.configSchema.commands.request, description: 'Changed' };
    const preview = await call('POST', '/api/config/import/preview', document);
    expect(preview.status).toBe(200);
    expect(preview.body.details).toContainEqual({
      entity: 'role',
      name: 'Sales',
      action: 'updated',
      changes: [
        { field: 'description', from: null, to: 'Sells' },
        { field: 'entitlements', from: ['crm-access'], to: [] },
      ],
    });
    expect(preview.body.details).toContainEqual(
      expect.objectContaining({
        entity: 'connector',
        name: 'crm',
        action: 'updated',
        changes: [{ field: 'configSchema' }, { field: 'enabled', from: true, to: false }],
      }),
    );
    expect(preview.text).not.toContain('never-exported');
    expect(preview.body.summary.updated).toBe(2);
  });
});

describe('document templates (spec 4.7: metadata only, skipped if new)', () => {
  it('skips a new one with a note, and updates the metadata of one that exists', async () => {
    const document = {
      version: '1',
      exportedAt: new Date().toISOString(),
      exportedBy: 'test',
      entities: {
        documentTemplates: [
          { name: 'nda', fileName: 'nda-v2.docx' },
          { name: 'not-here-yet', fileName: 'contract.docx' },
        ],
      },
    };
    const response = await call('POST', '/api/config/import', document);
    expect(response.body.details).toEqual([
      {
        entity: 'document_template',
        name: 'nda',
        action: 'updated',
        changes: [{ field: 'fileName', from: 'nda.docx', to: 'nda-v2.docx' }],
      },
      {
        entity: 'document_template',
        name: 'not-here-yet',
        action: 'skipped',
        note: expect.stringContaining('metadata only, skipped if new'),
      },
    ]);
    const db = source.database.db;
    expect(await db.documentTemplate.findUnique({ where: { name: 'not-here-yet' } })).toBeNull();
    expect((await db.documentTemplate.findUniqueOrThrow({ where: { name: 'nda' } })).fileName).toBe('nda-v2.docx');
  });
});

describe('a database failure mid-import', () => {
  it('rolls back everything (500) and records no config.imported', async () => {
    await withDatabaseClient(source.database, (client) =>
      client.query(`
        CREATE FUNCTION refuse_role() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'role insert refused for the test'; END $$ LANGUAGE plpgsql;
        CREATE TRIGGER refuse_role BEFORE INSERT ON business_roles FOR EACH ROW EXECUTE FUNCTION refuse_role();
      `),
    );
    try {
      const before = await counts(source.database);
      const response = await call('POST', '/api/config/import', {
        version: '1',
        exportedAt: new Date().toISOString(),
        exportedBy: 'test',
        entities: {
          projects: [{ name: 'Rolled back', description: '', workflowSets: [] }],
          roles: [{ name: 'Refused', entitlements: [] }],
        },
      });
      expect(response.status).toBe(500);
      expect(await counts(source.database)).toEqual(before);
      expect(await source.database.db.project.findUnique({ where: { name: 'Rolled back' } })).toBeNull();
    } finally {
      await withDatabaseClient(source.database, (client) =>
        client.query('DROP TRIGGER refuse_role ON business_roles; DROP FUNCTION refuse_role();'),
      );
    }
  });
});

describe('documents with problems (400, every problem listed, nothing written)', () => {
  const base = { version: '1', exportedAt: new Date().toISOString(), exportedBy: 'test' };

  it('lists shape problems: version, unknown section, wrong types, duplicate names', async () => {
    const before = await counts(source.database);
    const response = await call('POST', '/api/config/import', {
      ...base,
      version: '2',
      entities: {
        secrets: [],
        projects: [{ name: 'Twice' }, { name: 'Twice' }],
        roles: [{ name: 'Typed', expiresAfterDays: 'soon' }],
      },
    });
    expect(response.status).toBe(400);
    const problems = response.body.details.problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ section: null, path: 'version', message: 'version must be "1"' }),
        expect.objectContaining({ section: 'secrets', message: expect.stringContaining('Unknown section') }),
        expect.objectContaining({ section: 'projects', name: 'Twice', message: 'Duplicate name "Twice"' }),
        expect.objectContaining({ section: 'roles', name: 'Typed', path: 'entities.roles.0.expiresAfterDays' }),
      ]),
    );
    expect(problems).toHaveLength(4);
    expect(await counts(source.database)).toEqual(before);
  });

  it("refuses what each entity's own API refuses: a connector name with a slash, an email address as a domain", async () => {
    const before = await counts(source.database);
    const response = await call('POST', '/api/config/import', {
      ...base,
      entities: {
        connectors: [{ name: 'crm prod/../x', type: 'http', version: '', configSchema: { commands: {} } }],
        organizations: [{ name: 'Acme', domain: '@acme.example' }],
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.details.problems).toEqual([
      expect.objectContaining({ section: 'connectors', path: 'entities.connectors.0.name' }),
      expect.objectContaining({ section: 'organizations', path: 'entities.organizations.0.domain' }),
    ]);
    expect(await counts(source.database)).toEqual(before);
  });

  it('refuses a connector entry carrying config: a document cannot set where a connector connects', async () => {
    const before = await counts(source.database);
    const response = await call('POST', '/api/config/import', {
      ...base,
      entities: {
        connectors: [
          {
            name: 'imported-http',
            type: 'http',
            version: '1',
            configSchema: { commands: {} },
            config: { baseUrl: ' https://evil.example.com' },
          },
        ],
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.details.problems).toEqual([
      expect.objectContaining({ section: 'connectors', path: 'entities.connectors.0' }),
    ]);
    expect(await counts(source.database)).toEqual(before);
  });

  it('names a member (in an organization: with the same role) or workflow set listed twice in one entry', async () => {
    const response = await call('POST', '/api/config/import', {
      ...base,
      entities: {
        projects: [{ name: 'Sets', workflowSets: [{ name: 'Joiners' }, { name: 'Joiners' }] }],
        userGroups: [{ name: 'Twice', description: null, members: [ANN, 'Ann@Example.test'] }],
        organizations: [
          {
            name: 'Twice Co',
            members: [
              { email: ANN, role: 'member' },
              { email: ANN, role: 'approver' },
              { email: 'Ann@Example.test', role: 'member' },
            ],
          },
        ],
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.details.problems).toEqual([
      expect.objectContaining({ path: 'entities.projects.0.workflowSets.1', message: '"Joiners" is listed twice' }),
      expect.objectContaining({
        path: 'entities.userGroups.0.members.1',
        message: '"ann@example.test" is listed twice',
      }),
      expect.objectContaining({
        path: 'entities.organizations.0.members.2',
        message: '"ann@example.test as member" is listed twice',
      }),
    ]);
  });

  it('lists unknown references and parent cycles, by section and name', async () => {
    const response = await call('POST', '/api/config/import', {
      ...base,
      entities: {
        entitlements: [
          {
            name: 'Dangling',
            connector: 'no-such-connector',
            provisionConfig: { command: 'x' },
            deprovisionConfig: { command: 'x' },
          },
        ],
        roles: [{ name: 'Needs ghosts', entitlements: ['ghost-entitlement'] }],
        organizations: [
          { name: 'North', parent: 'South' },
          { name: 'South', parent: 'North' },
        ],
        workflows: [{ ...approvalDefinition({ name: 'Misplaced', project: 'No such project' }) }],
        schedules: [{ workflow: 'No such workflow', cronExpression: '0 3 * * *' }],
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.details.problems).toEqual([
      expect.objectContaining({
        section: 'entitlements',
        name: 'Dangling',
        message: 'Unknown connector "no-such-connector"',
      }),
      expect.objectContaining({
        section: 'roles',
        name: 'Needs ghosts',
        message: 'Unknown entitlements: ghost-entitlement',
      }),
      expect.objectContaining({
        section: 'workflows',
        name: 'Misplaced',
        message: 'Unknown project "No such project"',
      }),
      expect.objectContaining({ section: 'schedules', name: 'No such workflow/0 3 * * *' }),
      expect.objectContaining({
        section: 'organizations',
        name: 'North',
        message: 'Parent cycle: North → South → North',
      }),
      expect.objectContaining({
        section: 'organizations',
        name: 'South',
        message: 'Parent cycle: South → North → South',
      }),
    ]);
    expect(await source.database.db.entitlement.findUnique({ where: { name: 'Dangling' } })).toBeNull();
  });

  it('refuses a long parent chain closed into a cycle, walking it once and listing the first 1000 problems', async () => {
    const count = 20_000;
    const organizations = Array.from({ length: count }, (_, index) => ({
      name: `Chain ${index}`,
      parent: `Chain ${index === 0 ? count - 1 : index - 1}`,
    }));
    const response = await call('POST', '/api/config/import/preview', { ...base, entities: { organizations } });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(
      /^The document has 20000 problem\(s\), nothing was imported: .* \(details list the first 1000\)$/,
    );
    expect(response.body.details.problems).toHaveLength(1000);
    expect(response.body.details.problems[0]).toEqual({
      section: 'organizations',
      name: 'Chain 0',
      path: 'entities.organizations.parent',
      message: `Parent cycle: Chain 0 → Chain 19999 → Chain 19998 → Chain 19997 → Chain 19996 → Chain 19995 → Chain 19994 → Chain 19993 → Chain 19992 → Chain 19991 → … (20000 organizations in all) → Chain 0`,
    });
    // The API still answers afterwards.
    expect((await call('GET', '/api/health')).status).toBe(200);
  });

  it('refuses an unknown strategy', async () => {
    const response = await call('POST', '/api/config/import?strategy=replace_all', { ...base, entities: {} });
    expect(response.status).toBe(400);
  });
});

describe('permissions', () => {
  it.each(['requestor', 'resource_manager'] as const)('refuses %s (403) on import and preview', async (role) => {
    const { token } = await createUserWithToken(source.database.db, [role]);
    const body = { version: '1', exportedAt: new Date().toISOString(), exportedBy: 'test', entities: {} };
    for (const path of ['/api/config/import', '/api/config/import/preview']) {
      expect((await source.api.request('POST', path, { token, body })).status).toBe(403);
    }
  });
});

describe('a credential narrowed to config:import', () => {
  it('imports only the sections it could also write one by one (403 naming what is missing)', async () => {
    const narrowed = async (permissions: string[]) => {
      const created = await call('POST', '/api/auth/tokens', { name: `import ${permissions.join(' ')}`, permissions });
      expect(created.status).toBe(201);
      return created.body.token as string;
    };
    const importOnly = await narrowed(['config:import']);
    const document = (entities: Record<string, unknown>) => ({
      version: '1',
      exportedAt: new Date().toISOString(),
      exportedBy: 'test',
      entities,
    });
    const connectors = document({
      connectors: [{ name: 'narrowed-http', type: 'http', version: '1', configSchema: { commands: {} } }],
    });
    for (const path of ['/api/config/import/preview', '/api/config/import']) {
      const refused = await source.api.request('POST', path, { token: importOnly, body: connectors });
      expect([refused.status, refused.body.details]).toEqual([403, { missing: ['connector:manage'] }]);
    }
    expect(await source.database.db.connector.count({ where: { name: 'narrowed-http' } })).toBe(0);
    // An empty document needs nothing more; with connector:manage, the connectors section imports.
    const empty = await source.api.request('POST', '/api/config/import', { token: importOnly, body: document({}) });
    expect(empty.status).toBe(200);
    const withConnectors = await narrowed(['config:import', 'connector:manage']);
    const imported = await source.api.request('POST', '/api/config/import', {
      token: withConnectors,
      body: connectors,
    });
    expect([imported.status, imported.body.details]).toEqual([
      200,
      [expect.objectContaining({ entity: 'connector', name: 'narrowed-http', action: 'created' })],
    ]);
  });
});

describe('body limit of the import routes (CONFIG_IMPORT_BODY_LIMIT_BYTES)', () => {
  const LIMIT = 3_000_000;
  let limited: TestApp;

  beforeAll(async () => {
    limited = await startTestApp({ db: source.database.db, env: { CONFIG_IMPORT_BODY_LIMIT_BYTES: String(LIMIT) } });
  });
  afterAll(() => limited.close());

  /** An empty but valid document of about `bytes` bytes. */
  const documentOfSize = (bytes: number) => ({
    version: '1',
    exportedAt: new Date().toISOString(),
    exportedBy: 'x'.repeat(bytes),
    entities: {},
  });

  it('takes import documents above BODY_LIMIT_BYTES, which other routes refuse (413)', async () => {
    const body = documentOfSize(2_000_000);
    const preview = await limited.request('POST', '/api/config/import/preview', { token: admin, body });
    expect(preview.status).toBe(200);
    expect(preview.body.status).toBe('completed');
    const elsewhere = await limited.request('POST', '/api/config/export', { token: admin, body });
    expect(elsewhere.status).toBe(413);
  });

  it('refuses a document over its own limit with 413 naming the limit', async () => {
    const response = await limited.request('POST', '/api/config/import', {
      token: admin,
      body: documentOfSize(LIMIT + 1000),
    });
    expect(response.status).toBe(413);
    expect(response.body.message).toBe(`Request body exceeds the limit of ${LIMIT} bytes`);
  });

  it('reads no body for a caller the route refuses: 401 or 403, not the body errors', async () => {
    const { token: requestor } = await createUserWithToken(source.database.db, ['requestor']);
    const oversized = documentOfSize(LIMIT + 1000);
    const malformed = { rawBody: '{"version": ', headers: { 'content-type': 'application/json' } };
    expect((await limited.request('POST', '/api/config/import', { body: oversized })).status).toBe(401);
    expect((await limited.request('POST', '/api/config/import', malformed)).status).toBe(401);
    expect((await limited.request('POST', '/api/config/import', { token: requestor, body: oversized })).status).toBe(
      403,
    );
    expect((await limited.request('POST', '/api/config/import', { token: requestor, ...malformed })).status).toBe(403);
    // The same bodies from a caller the route accepts are read, and refused for what they are.
    expect((await limited.request('POST', '/api/config/import', { token: admin, ...malformed })).status).toBe(400);
  });
});

describe('a schedule Temporal does not take after the commit', () => {
  it('is reported as an error naming the saved row, not dropped', async () => {
    // Temporal already holds a schedule under the id the new row is given, so creating it fails.
    const id = randomUUID();
    const clash = { id, cronExpression: '0 4 * * *', timezone: null, enabled: true };
    await temporal.client.schedule.create(temporalScheduleOptions(clash, source.api.config.temporal.taskQueue));
    await withDatabaseClient(source.database, (client) =>
      client.query(`
        CREATE FUNCTION fixed_schedule_id() RETURNS trigger AS $$
        BEGIN NEW.id := '${id}'; RETURN NEW; END $$ LANGUAGE plpgsql;
        CREATE TRIGGER fixed_schedule_id BEFORE INSERT ON schedules FOR EACH ROW EXECUTE FUNCTION fixed_schedule_id();
      `),
    );
    try {
      const response = await call('POST', '/api/config/import', {
        version: '1',
        exportedAt: new Date().toISOString(),
        exportedBy: 'test',
        entities: {
          schedules: [
            {
              workflow: 'Onboard',
              name: 'clash',
              cronExpression: '0 4 * * *',
              variables: { requester: ANN, manager: ANN },
            },
          ],
        },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        status: 'failed',
        summary: { created: 0, updated: 0, skipped: 0, errors: 1 },
        details: [
          {
            entity: 'schedule',
            name: 'Onboard/clash',
            action: 'error',
            error: expect.stringMatching(
              new RegExp(`^Saved, but Temporal did not take the schedule: .*PATCH /api/schedules/${id}`),
            ),
          },
        ],
      });
      expect(await source.database.db.schedule.findUnique({ where: { id } })).not.toBeNull();
    } finally {
      await withDatabaseClient(source.database, (client) =>
        client.query('DROP TRIGGER fixed_schedule_id ON schedules; DROP FUNCTION fixed_schedule_id();'),
      );
    }
  });
});
