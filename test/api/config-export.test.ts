import { beforeAll, describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';
import { approvalDefinition, createActive, createDraft } from '../support/workflows.js';

const context = useTestApp();
let admin: string;
const SECRET = 'export-must-never-show-this';

const call = (method: string, path: string, body?: unknown) =>
  context.api.request(method, path, { token: admin, body });

async function expectCreated(method: string, path: string, body: unknown) {
  const response = await call(method, path, body);
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${response.text}`);
  return response.body;
}

beforeAll(async () => {
  admin = (await createUserWithToken(context.database.db, ['admin'])).token;
  const db = context.database.db;
  const member = await db.user.create({ data: { email: 'ann@example.test', displayName: 'Ann', roles: [] } });
  await expectCreated('POST', '/api/connectors', {
    name: 'crm',
    type: 'http',
    config: { baseUrl: 'http://crm.example.test' },
    secrets: { bearerToken: SECRET },
  });
  await expectCreated('POST', '/api/connectors', { name: 'unused-http', type: 'http' });
  await expectCreated('POST', '/api/entitlements', {
    name: 'crm-access',
    connector: 'crm',
    provisionConfig: { command: 'request', parameters: { path: '/grant' } },
    deprovisionConfig: { command: 'request', parameters: { path: '/revoke' } },
  });
  await expectCreated('POST', '/api/roles', { name: 'Sales', entitlements: ['crm-access'] });
  await expectCreated('POST', '/api/projects', {
    name: 'HR',
    workflowSets: [{ name: 'Onboarding', description: 'Joiners' }],
  });
  await expectCreated('POST', '/api/projects', { name: 'Unrelated' });
  const group = await expectCreated('POST', '/api/groups', { name: 'Support' });
  await call('POST', `/api/groups/${group.id}/members`, { userId: member.id });
  const parent = await expectCreated('POST', '/api/organizations', { name: 'Acme' });
  const child = await expectCreated('POST', '/api/organizations', {
    name: 'Acme Labs',
    parentId: parent.id,
    contacts: [{ name: 'Bob' }],
  });
  await call('POST', `/api/organizations/${child.id}/members`, { userId: member.id, role: 'signatory' });
  await expectCreated('POST', '/api/email-templates', {
    name: 'plain',
    subjectTemplate: '{{subject}}',
    bodyTemplate: '<p>{{message}}</p>',
    isDefault: true,
  });
  await expectCreated('POST', '/api/document-templates', { name: 'nda', fileName: 'nda.docx' });
  const onboarding = await createActive(
    context.api,
    admin,
    approvalDefinition({
      name: 'Onboard',
      project: 'HR',
      workflowSet: 'Onboarding',
      trigger: { types: ['scheduled'] },
    }),
  );
  await createDraft(context.api, admin, approvalDefinition({ name: 'Scratch' }));
  // Export only reads schedules, so the row is written directly rather than registered with Temporal.
  await db.schedule.create({
    data: { workflowId: onboarding.id, name: 'nightly', cronExpression: '0 2 * * *', variables: {} },
  });
});

describe('GET /api/config/export', () => {
  it('exports every section by name, with references by name and no ids or secrets', async () => {
    const response = await call('GET', '/api/config/export');
    expect(response.status).toBe(200);
    const { entities } = response.body;
    expect(response.body).toMatchObject({ version: '1', exportedBy: expect.any(String) });
    expect(entities.connectors.map((c: { name: string }) => c.name)).toEqual(['crm', 'unused-http']);
    expect(entities.connectors[0]).toMatchObject({ type: 'http', secretKeys: ['bearerToken'] });
    expect(entities.projects).toEqual([
      { name: 'HR', description: '', workflowSets: [{ name: 'Onboarding', description: 'Joiners' }] },
      { name: 'Unrelated', description: '', workflowSets: [] },
    ]);
    expect(entities.userGroups).toEqual([{ name: 'Support', description: null, members: ['ann@example.test'] }]);
    expect(entities.organizations).toContainEqual(
      expect.objectContaining({
        name: 'Acme Labs',
        parent: 'Acme',
        contacts: [{ name: 'Bob', email: null, phone: null, title: null }],
        members: [{ email: 'ann@example.test', role: 'signatory' }],
      }),
    );
    expect(entities.entitlements).toEqual([expect.objectContaining({ name: 'crm-access', connector: 'crm' })]);
    expect(entities.roles).toEqual([expect.objectContaining({ name: 'Sales', entitlements: ['crm-access'] })]);
    expect(entities.emailTemplates).toEqual([expect.objectContaining({ name: 'plain', isDefault: true })]);
    expect(entities.documentTemplates).toEqual([expect.objectContaining({ name: 'nda', fileName: 'nda.docx' })]);
    expect(entities.workflows.map((w: { name: string; status: string }) => [w.name, w.status])).toEqual([
      ['Onboard', 'active'],
      ['Scratch', 'draft'],
    ]);
    expect(entities.workflows[0]).toMatchObject({ project: 'HR', workflowSet: 'Onboarding' });
    expect(entities.schedules).toEqual([
      {
        workflow: 'Onboard',
        name: 'nightly',
        cronExpression: '0 2 * * *',
        timezone: null,
        enabled: true,
        variables: {},
      },
    ]);
    expect(response.text).not.toContain(SECRET);
    expect(response.text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-|sealedSecrets|crm\.example\.test/);
  });

  it('exports only the listed sections and refuses an unknown one (400)', async () => {
    const response = await call('GET', '/api/config/export?entities=projects,roles');
    expect(Object.keys(response.body.entities).sort()).toEqual(['projects', 'roles']);
    const unknown = await call('GET', '/api/config/export?entities=projects,secrets');
    expect(unknown.status).toBe(400);
  });

  it('describes the section list with a pattern that admits exactly what the route accepts', async () => {
    const { parameters } = (await call('GET', '/api/docs/json')).body.paths['/api/config/export'].get;
    const pattern = new RegExp(
      parameters.find((parameter: { name: string }) => parameter.name === 'entities').schema.pattern,
    );
    const lists = [
      '',
      'roles',
      ' projects , roles ',
      'projects,roles,schedules',
      'projects,',
      ',roles',
      'secrets',
      'roles;projects',
    ];
    const answers = await Promise.all(
      lists.map(async (list) => (await call('GET', `/api/config/export?entities=${encodeURIComponent(list)}`)).status),
    );
    expect(lists.map((list) => pattern.test(list))).toEqual(answers.map((status) => status === 200));
    expect(answers).toEqual([200, 200, 200, 200, 400, 400, 400, 400]);
  });

  it('records config.exported naming the entities', async () => {
    await call('GET', '/api/config/export?entities=roles');
    const entry = await context.database.db.auditLog.findFirst({
      where: { action: 'config.exported' },
      orderBy: { createdAt: 'desc' },
    });
    expect(entry?.metadata).toMatchObject({ entities: { roles: ['Sales'] } });
  });
});

describe('POST /api/config/export', () => {
  it('pulls in dependencies by default: schedule → workflow → project, role → entitlement → connector', async () => {
    const response = await call('POST', '/api/config/export', {
      entities: { schedules: ['Onboard/nightly'], roles: ['Sales'] },
    });
    expect(response.status).toBe(200);
    const names = Object.fromEntries(
      Object.entries(response.body.entities).map(([section, entries]) => [
        section,
        (entries as Array<{ name: string }>).map((entry) => entry.name),
      ]),
    );
    expect(names).toEqual({
      connectors: ['crm'],
      projects: ['HR'],
      entitlements: ['crm-access'],
      roles: ['Sales'],
      workflows: ['Onboard'],
      schedules: ['nightly'],
    });
  });

  it('exports only the named entities without dependencies', async () => {
    const response = await call('POST', '/api/config/export', {
      entities: { workflows: ['Onboard'], roles: ['Sales'] },
      includeDependencies: false,
    });
    expect(Object.keys(response.body.entities).sort()).toEqual(['roles', 'workflows']);
  });

  it('refuses names that match nothing (400, listing them)', async () => {
    const response = await call('POST', '/api/config/export', { entities: { roles: ['Sales', 'Ghost'] } });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('roles: "Ghost"');
  });
});

describe('permissions', () => {
  it('lets resource managers export and refuses requestors (403)', async () => {
    const manager = await createUserWithToken(context.database.db, ['resource_manager']);
    const requestor = await createUserWithToken(context.database.db, ['requestor']);
    expect((await context.api.request('GET', '/api/config/export', { token: manager.token })).status).toBe(200);
    expect((await context.api.request('GET', '/api/config/export', { token: requestor.token })).status).toBe(403);
  });

  it('leaves members out for a caller without user:read, says so, and the document still imports', async () => {
    const manager = await createUserWithToken(context.database.db, ['resource_manager']);
    const path = '/api/config/export?entities=userGroups,organizations';
    const exported = await context.api.request('GET', path, { token: manager.token });
    expect(exported.status).toBe(200);
    const { entities, details } = exported.body;
    expect(JSON.stringify(exported.body)).not.toContain('ann@example.test');
    expect(entities.userGroups.find((group: { name: string }) => group.name === 'Support')).toEqual({
      name: 'Support',
      description: null,
    });
    expect(entities.organizations.every((organization: object) => !('members' in organization))).toBe(true);
    expect(details).toEqual([expect.stringContaining('Members of userGroups and organizations are left out')]);

    const full = await call('GET', path);
    expect(full.body.details).toBeUndefined();
    expect(full.body.entities.userGroups.find((group: { name: string }) => group.name === 'Support').members).toEqual([
      'ann@example.test',
    ]);

    const preview = await call('POST', '/api/config/import/preview', exported.body);
    expect(preview.status).toBe(200);
    const support = await context.database.db.userGroup.findUniqueOrThrow({
      where: { name: 'Support' },
      include: { members: true },
    });
    expect(support.members).toHaveLength(1);
  });
});

describe('a workflow with several active versions (spec 9)', () => {
  it('exports the newest active version and says so in details', async () => {
    const v1 = await createActive(context.api, admin, approvalDefinition({ name: 'Twice active', description: 'v1' }));
    const v2 = (await call('POST', `/api/workflows/${v1.id}/create-version`)).body.newWorkflow;
    expect((await call('PATCH', `/api/workflows/${v2.id}`, { description: 'v2' })).status).toBe(200);
    expect((await call('POST', `/api/workflows/${v2.id}/publish`, {})).status).toBe(200);

    const whole = await call('GET', '/api/config/export?entities=workflows');
    expect(whole.status).toBe(200);
    const entry = whole.body.entities.workflows.find((item: { name: string }) => item.name === 'Twice active');
    expect([entry.status, entry.description]).toEqual(['active', 'v2']);
    expect(whole.body.details).toEqual([
      expect.stringContaining(
        `Workflow "Twice active": several versions are active; exported the newest, version 2 (${v2.id}), not version 1 (${v1.id})`,
      ),
    ]);
    // The note travels with the document and is ignored by an import of it.
    const preview = await call('POST', '/api/config/import/preview', whole.body);
    expect(preview.status).toBe(200);
  });
});
