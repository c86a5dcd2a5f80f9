import { beforeAll, describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { requestAcrossUncommittedWrite } from '../support/lock-race.js';
import { createUserWithToken } from '../support/users.js';
import { approvalDefinition, createActive, createDraft, definition, end, start, step } from '../support/workflows.js';

const context = useTestApp();
let token: string;

beforeAll(async () => {
  token = (await createUserWithToken(context.database.db, ['admin'])).token;
});

const call = (method: string, path: string, body?: unknown) => context.api.request(method, path, { token, body });
const auditOf = (action: string, targetId: string) =>
  context.database.db.auditLog.findMany({ where: { action, targetId } });

describe('create: a new definition is a draft at version 0', () => {
  it('creates a draft with the fields of spec 2.2 and audits it', async () => {
    const response = await call('POST', '/api/workflows', approvalDefinition({ name: 'Simple approval' }));
    expect(response.status).toBe(201);
    expect(response.body).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        name: 'Simple approval',
        status: 'draft',
        version: 0,
        category: 'user',
        subjectVariable: 'requester',
        trigger: { types: ['manual'] },
        onError: 'stop',
        debugLogging: false,
        sourceWorkflowId: null,
        previousVersion: null,
      }),
    );
    expect(response.body.steps).toHaveLength(5);
    expect(await auditOf('workflow.created', response.body.id)).toHaveLength(1);
  });

  it('refuses a malformed definition with the validator findings (400)', async () => {
    const response = await call('POST', '/api/workflows', { name: '', steps: [{ id: 'a b' }] });
    expect(response.status).toBe(400);
    expect(response.body.details.errors.map((item: { code: string }) => item.code)).toEqual(
      expect.arrayContaining(['invalid_shape']),
    );
  });

  it('accepts an incomplete draft (lenient rules)', async () => {
    const response = await call('POST', '/api/workflows', {
      name: 'Work in progress',
      steps: [{ id: 's', name: 'S', type: 'approval' }],
    });
    expect(response.status).toBe(201);
  });

  it('refuses an unknown project (400)', async () => {
    const response = await call('POST', '/api/workflows', approvalDefinition({ project: 'Nope' }));
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('Project "Nope" does not exist');
  });
});

describe('update: drafts only', () => {
  it('replaces a draft and bumps its revision', async () => {
    const draft = await createDraft(context.api, token);
    const response = await call('PUT', `/api/workflows/${draft.id}`, approvalDefinition({ description: 'changed' }));
    expect(response.status).toBe(200);
    expect(response.body.description).toBe('changed');
    expect(response.body.revision).toBe(draft.revision + 1);
    expect(await auditOf('workflow.updated', draft.id)).toHaveLength(1);
  });

  it('refuses to edit an active workflow with 409 and a hint to create a new version', async () => {
    const active = await createActive(context.api, token);
    const response = await call('PUT', `/api/workflows/${active.id}`, approvalDefinition({ description: 'changed' }));
    expect(response.status).toBe(409);
    expect(response.body.message).toContain('create a new version');
  });
});

describe('update: nothing is cleared because it was left out', () => {
  const graphOf = (body: Record<string, unknown>) => ({
    project: body.project,
    workflowSet: body.workflowSet,
    subjectVariable: body.subjectVariable,
    variables: body.variables,
    steps: body.steps,
  });

  it('refuses a PUT of some fields without If-Match with 400 listing the missing ones, leaving the draft whole', async () => {
    const project = (await call('POST', '/api/projects', { name: 'Kept project' })).body;
    const draft = await createDraft(
      context.api,
      token,
      approvalDefinition({ name: 'Kept whole', project: project.name }),
    );
    const response = await call('PUT', `/api/workflows/${draft.id}`, {
      name: 'Renamed',
      description: 'Only two fields',
    });
    expect(response.status).toBe(400);
    expect(response.body.details.missing).toEqual([
      'project',
      'workflowSet',
      'category',
      'subjectVariable',
      'trigger',
      'variables',
      'steps',
      'onError',
      'debugLogging',
    ]);
    const stored = (await call('GET', `/api/workflows/${draft.id}`)).body;
    expect(stored).toEqual(expect.objectContaining({ name: 'Kept whole', revision: draft.revision }));
    expect(graphOf(stored)).toEqual(graphOf(draft));
    expect(stored.project).toBe('Kept project');
  });

  it('keeps the fields a PUT carrying If-Match leaves out, and answers the new revision as ETag', async () => {
    const draft = await createDraft(context.api, token, approvalDefinition({ name: 'Edited by revision' }));
    const read = await call('GET', `/api/workflows/${draft.id}`);
    expect(read.headers.get('etag')).toBe(`"${draft.revision}"`);
    const response = await context.api.request('PUT', `/api/workflows/${draft.id}`, {
      token,
      body: { name: 'Edited by revision', description: 'Only the description' },
      headers: { 'if-match': read.headers.get('etag')! },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe(`"${draft.revision + 1}"`);
    expect(response.body.description).toBe('Only the description');
    expect(graphOf(response.body)).toEqual(graphOf(draft));
  });

  it('changes only the fields a PATCH sends; null clears a nullable field on purpose', async () => {
    const draft = await createDraft(context.api, token, approvalDefinition({ name: 'Patched' }));
    const renamed = await call('PATCH', `/api/workflows/${draft.id}`, { name: 'Patched again' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual(expect.objectContaining({ name: 'Patched again', description: draft.description }));
    expect(graphOf(renamed.body)).toEqual(graphOf(draft));
    const cleared = await call('PATCH', `/api/workflows/${draft.id}`, { subjectVariable: null });
    expect([cleared.status, cleared.body.subjectVariable, cleared.body.steps]).toEqual([200, null, draft.steps]);
    expect(await auditOf('workflow.updated', draft.id)).toHaveLength(2);
  });

  it('refuses a PATCH with a field a definition does not have, or that makes the definition invalid (400)', async () => {
    const draft = await createDraft(context.api, token, approvalDefinition({ name: 'Patched badly' }));
    expect((await call('PATCH', `/api/workflows/${draft.id}`, { bogus: 1 })).status).toBe(400);
    expect((await call('PATCH', `/api/workflows/${draft.id}`, { name: '' })).status).toBe(400);
    expect((await call('GET', `/api/workflows/${draft.id}`)).body.revision).toBe(draft.revision);
  });

  it('refuses a PATCH of an active workflow (409)', async () => {
    const active = await createActive(context.api, token, approvalDefinition({ name: 'Patched active' }));
    expect((await call('PATCH', `/api/workflows/${active.id}`, { description: 'x' })).status).toBe(409);
  });
});

describe('publish: draft → active', () => {
  it('increments the version and audits workflow.published', async () => {
    const draft = await createDraft(context.api, token);
    const response = await call('POST', `/api/workflows/${draft.id}/publish`, {});
    expect(response.status).toBe(200);
    expect(response.body).toEqual(
      expect.objectContaining({ status: 'active', version: 1, publishedAt: expect.any(String) }),
    );
    expect(await auditOf('workflow.published', draft.id)).toHaveLength(1);
  });

  it('refuses a definition that fails the strict rules, with the findings (400), leaving it a draft', async () => {
    const draft = await createDraft(
      context.api,
      token,
      approvalDefinition({ steps: [{ id: 'only', name: 'Only', type: 'start', config: {}, transitions: [] }] }),
    );
    const response = await call('POST', `/api/workflows/${draft.id}/publish`, {});
    expect(response.status).toBe(400);
    expect(response.body.details.errors.map((item: { code: string }) => item.code)).toContain('missing_end');
    expect((await call('GET', `/api/workflows/${draft.id}`)).body.status).toBe('draft');
  });

  it('checks connector steps against the registered connectors: unknown ones are refused (400)', async () => {
    const withConnector = (connector: string, command: string) => {
      const definition = approvalDefinition({ name: `Connector check ${connector}.${command}` });
      definition.steps[1] = {
        id: 'manager_approval',
        name: 'Call',
        type: 'connector',
        config: { connector, command, parameters: {} },
        transitions: [
          { on: 'success', goto: 'notify_approved' },
          { on: 'error', goto: 'notify_rejected' },
        ],
      };
      return definition;
    };
    const publish = async (connector: string, command: string) => {
      const draft = await createDraft(context.api, token, withConnector(connector, command));
      return call('POST', `/api/workflows/${draft.id}/publish`, {});
    };
    const missing = await publish('no-such-connector', 'list-tables');
    expect(missing.status).toBe(400);
    expect(missing.body.details.errors).toEqual([
      expect.objectContaining({ code: 'unknown_connector', path: 'steps.1.config.connector' }),
    ]);
    const missingCommand = await publish('test-db', 'drop-everything');
    expect(missingCommand.status).toBe(400);
    expect(missingCommand.body.details.errors).toEqual([
      expect.objectContaining({ code: 'unknown_connector_command', path: 'steps.1.config.command' }),
    ]);
    const known = await publish('test-db', 'list-tables');
    expect(known.status).toBe(200);
    expect(known.body.status).toBe('active');

    const dryRun = await call('POST', '/api/workflows/validate', {
      ...withConnector('no-such-connector', 'list-tables'),
      strict: true,
    });
    expect(dryRun.body.errors.map((item: { code: string }) => item.code)).toEqual(['unknown_connector']);
  });

  it('checks connector parameters against the command schema and role names against the business roles (400)', async () => {
    const oneStep = (name: string, type: string, config: Record<string, unknown>) =>
      definition(name, [start('act'), step('act', type, config, { success: 'end' }), end()]);
    const search = (parameters: Record<string, unknown>) =>
      oneStep(`LDAP search ${JSON.stringify(parameters)}`, 'connector', {
        connector: 'test-ldap',
        command: 'search',
        parameters,
      });

    const misspelt = search({ base: 'x', bogus: 1 });
    const dryRun = await call('POST', '/api/workflows/validate', { ...misspelt, strict: true });
    expect(dryRun.status).toBe(200);
    expect(dryRun.body.valid).toBe(false);
    expect(dryRun.body.errors).toEqual([
      expect.objectContaining({
        code: 'unknown_connector_parameter',
        path: 'steps.1.config.parameters.base',
        message: expect.stringMatching(/base is not a parameter of test-ldap\.search \(it takes .*baseDn/),
      }),
      expect.objectContaining({ code: 'unknown_connector_parameter', path: 'steps.1.config.parameters.bogus' }),
    ]);
    // A draft keeps them as warnings.
    const lenient = await call('POST', '/api/workflows/validate', misspelt);
    expect(lenient.body.valid).toBe(true);
    expect(lenient.body.warnings.map((item: { code: string }) => item.code)).toContain('unknown_connector_parameter');

    const draft = await createDraft(context.api, token, misspelt);
    const refused = await call('POST', `/api/workflows/${draft.id}/publish`, {});
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('base is not a parameter of test-ldap.search');
    expect((await call('GET', `/api/workflows/${draft.id}`)).body.status).toBe('draft');

    const wrongType = await call('POST', '/api/workflows/validate', {
      ...search({ baseDn: '{{run.startedBy}}', sizeLimit: 'all' }),
      strict: true,
    });
    expect(wrongType.body.errors).toEqual([
      expect.objectContaining({ code: 'invalid_connector_parameters', path: 'steps.1.config.parameters.sizeLimit' }),
    ]);
    await createActive(context.api, token, search({ baseDn: '{{run.startedBy}}', sizeLimit: 5 }));

    const role = await context.database.db.businessRole.create({ data: { name: `Validated role ${Date.now()}` } });
    const grant = (roleName: string) =>
      oneStep(`Grant ${roleName}`, 'role_grant', { role: roleName, subject: '{{run.startedBy}}' });
    const unknownRole = await createDraft(context.api, token, grant(`${role.name} (typo)`));
    const refusedRole = await call('POST', `/api/workflows/${unknownRole.id}/publish`, {});
    expect(refusedRole.status).toBe(400);
    expect(refusedRole.body.details.errors).toEqual([
      expect.objectContaining({ code: 'unknown_role', path: 'steps.1.config.role' }),
    ]);
    await createActive(context.api, token, grant(role.name));
  });

  it('refuses to publish what is not a draft (409)', async () => {
    const active = await createActive(context.api, token);
    expect((await call('POST', `/api/workflows/${active.id}/publish`, {})).status).toBe(409);
  });
});

describe('deprecate: active → deprecated only', () => {
  it('deprecates an active workflow with { message, id } and an audit entry', async () => {
    const active = await createActive(context.api, token);
    const response = await call('POST', `/api/workflows/${active.id}/deprecate`, {});
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: expect.any(String), id: active.id });
    expect((await call('GET', `/api/workflows/${active.id}`)).body.status).toBe('deprecated');
    expect(await auditOf('workflow.deprecated', active.id)).toHaveLength(1);
  });

  it.each(['draft', 'deprecated'])('refuses a %s workflow with 409', async (status) => {
    const workflow =
      status === 'draft' ? await createDraft(context.api, token) : await createActive(context.api, token);
    if (status === 'deprecated') await call('POST', `/api/workflows/${workflow.id}/deprecate`, {});
    const response = await call('POST', `/api/workflows/${workflow.id}/deprecate`, {});
    expect(response.status).toBe(409);
    expect(response.body.message).toContain('Only active workflows can be deprecated');
  });
});

describe('revert-to-draft: active or deprecated → draft, confirmed by name', () => {
  it('refuses a wrong confirmation name with 400 and a message saying it does not match', async () => {
    const active = await createActive(context.api, token);
    const response = await call('POST', `/api/workflows/${active.id}/revert-to-draft`, {
      confirmationName: 'Wrong name',
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/confirmation name does not match/i);
    expect((await call('GET', `/api/workflows/${active.id}`)).body.status).toBe('active');
  });

  it.each(['active', 'deprecated'])('reverts a %s workflow and audits it', async (status) => {
    const workflow = await createActive(context.api, token);
    if (status === 'deprecated') await call('POST', `/api/workflows/${workflow.id}/deprecate`, {});
    const response = await call('POST', `/api/workflows/${workflow.id}/revert-to-draft`, {
      confirmationName: workflow.name,
    });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('draft');
    const [entry] = await auditOf('workflow.reverted_to_draft', workflow.id);
    expect(entry?.metadata).toEqual(expect.objectContaining({ from: status }));
  });
});

describe('create-version: a draft clone of an active or deprecated workflow', () => {
  it('answers 201 { message, newWorkflow, sourceWorkflowId } with the clone rules of spec 4.2', async () => {
    const active = await createActive(
      context.api,
      token,
      approvalDefinition({ onError: 'skip', trigger: { types: ['manual', 'webhook'] } }),
    );
    const response = await call('POST', `/api/workflows/${active.id}/create-version`);
    expect(response.status).toBe(201);
    expect(response.body.sourceWorkflowId).toBe(active.id);
    const clone = response.body.newWorkflow;
    expect(clone.id).not.toBe(active.id);
    expect(clone).toEqual(
      expect.objectContaining({
        status: 'draft',
        version: active.version,
        sourceWorkflowId: active.id,
        previousVersion: { id: active.id, href: `/api/workflows/${active.id}` },
        name: active.name,
        description: active.description,
        onError: 'skip',
        trigger: { types: ['manual', 'webhook'] },
        variables: active.variables,
        steps: active.steps,
        project: active.project,
        workflowSet: active.workflowSet,
      }),
    );
    const [entry] = await auditOf('workflow.version_created', clone.id);
    expect(entry?.metadata).toEqual(expect.objectContaining({ sourceWorkflowId: active.id, newWorkflowId: clone.id }));
  });

  it('refuses to clone a draft (409)', async () => {
    const draft = await createDraft(context.api, token);
    expect((await call('POST', `/api/workflows/${draft.id}/create-version`)).status).toBe(409);
  });

  it('publishing a clone with deprecatePreviousVersionId deprecates the source in the same operation', async () => {
    const v1 = await createActive(context.api, token);
    const clone = (await call('POST', `/api/workflows/${v1.id}/create-version`)).body.newWorkflow;
    const response = await call('POST', `/api/workflows/${clone.id}/publish`, { deprecatePreviousVersionId: v1.id });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expect.objectContaining({ status: 'active', version: 2 }));
    expect((await call('GET', `/api/workflows/${v1.id}`)).body.status).toBe('deprecated');
    const [deprecation] = await auditOf('workflow.deprecated', v1.id);
    expect(deprecation?.metadata).toEqual(expect.objectContaining({ workflowId: v1.id, replacedBy: clone.id }));
  });

  it('refuses deprecatePreviousVersionId naming a draft of the same workflow (409), changing nothing', async () => {
    const v1 = await createActive(context.api, token);
    const cloneOf = async () => (await call('POST', `/api/workflows/${v1.id}/create-version`)).body.newWorkflow;
    const [draftToDeprecate, draft] = [await cloneOf(), await cloneOf()];
    const response = await call('POST', `/api/workflows/${draft.id}/publish`, {
      deprecatePreviousVersionId: draftToDeprecate.id,
    });
    expect(response.status).toBe(409);
    expect((await call('GET', `/api/workflows/${draft.id}`)).body).toEqual(
      expect.objectContaining({ status: 'draft', version: 1 }),
    );
  });
});

describe('publish of a new version (spec 9 and 3.1)', () => {
  const versionOf = async (source: { id: string }) =>
    (await call('POST', `/api/workflows/${source.id}/create-version`)).body.newWorkflow;

  it('says the source is still active and names it when published without deprecating it', async () => {
    const v1 = await createActive(context.api, token);
    const v2 = await versionOf(v1);
    const response = await call('POST', `/api/workflows/${v2.id}/publish`, {});
    expect(response.status).toBe(200);
    expect(response.body).toEqual(
      expect.objectContaining({
        status: 'active',
        version: 2,
        otherActiveVersions: [{ id: v1.id, version: 1, href: `/api/workflows/${v1.id}` }],
        notice: expect.stringContaining(`version 1 (${v1.id})`),
      }),
    );
    expect((await call('GET', `/api/workflows/${v1.id}`)).body.status).toBe('active');
    // Deprecating the source is what the answer offers; a later version then has nothing to name.
    expect((await call('POST', `/api/workflows/${v1.id}/deprecate`, {})).status).toBe(200);
    const v3 = await versionOf(v2);
    const next = await call('POST', `/api/workflows/${v3.id}/publish`, { deprecatePreviousVersionId: v2.id });
    expect([next.status, next.body.otherActiveVersions, next.body.notice]).toEqual([200, [], undefined]);
  });

  it('publishes when deprecatePreviousVersionId names a version that is already deprecated, leaving it be', async () => {
    const v1 = await createActive(context.api, token);
    expect((await call('POST', `/api/workflows/${v1.id}/deprecate`, {})).status).toBe(200);
    const v2 = await versionOf(v1);
    const response = await call('POST', `/api/workflows/${v2.id}/publish`, { deprecatePreviousVersionId: v1.id });
    expect([response.status, response.body.status, response.body.otherActiveVersions]).toEqual([200, 'active', []]);
    expect((await call('GET', `/api/workflows/${v1.id}`)).body.status).toBe('deprecated');
    expect(await auditOf('workflow.deprecated', v1.id)).toHaveLength(1);
    const [published] = await auditOf('workflow.published', v2.id);
    expect(published?.metadata).toEqual(expect.objectContaining({ deprecatedWorkflowId: null }));
  });

  it('refuses deprecatePreviousVersionId naming another workflow (400), deprecating and publishing nothing', async () => {
    const unrelated = await createActive(context.api, token);
    const v1 = await createActive(context.api, token);
    const v2 = await versionOf(v1);
    const response = await call('POST', `/api/workflows/${v2.id}/publish`, {
      deprecatePreviousVersionId: unrelated.id,
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('is not a version of this workflow');
    expect((await call('GET', `/api/workflows/${unrelated.id}`)).body.status).toBe('active');
    expect((await call('GET', `/api/workflows/${v2.id}`)).body.status).toBe('draft');
  });
});

describe('delete, restore and permanent delete', () => {
  it('hides a soft-deleted workflow from the default list and get, shows it with includeDeleted, restores it', async () => {
    const draft = await createDraft(context.api, token, approvalDefinition({ name: 'Soft delete me' }));
    expect((await call('DELETE', `/api/workflows/${draft.id}`)).status).toBe(200);
    expect((await call('GET', `/api/workflows/${draft.id}`)).status).toBe(404);
    expect((await call('GET', '/api/workflows?search=Soft%20delete%20me')).body.total).toBe(0);
    expect((await call('GET', '/api/workflows?search=Soft%20delete%20me&includeDeleted=true')).body.total).toBe(1);
    expect((await call('POST', `/api/workflows/${draft.id}/restore`)).status).toBe(200);
    expect((await call('GET', `/api/workflows/${draft.id}`)).status).toBe(200);
    expect(await auditOf('workflow.deleted', draft.id)).toHaveLength(1);
    expect(await auditOf('workflow.restored', draft.id)).toHaveLength(1);
  });

  it('deletes permanently only after a soft delete, and clears sourceWorkflowId on clones', async () => {
    const source = await createActive(context.api, token);
    const clone = (await call('POST', `/api/workflows/${source.id}/create-version`)).body.newWorkflow;
    expect((await call('DELETE', `/api/workflows/${source.id}/permanent`)).status).toBe(409);
    await call('DELETE', `/api/workflows/${source.id}`);
    expect((await call('DELETE', `/api/workflows/${source.id}/permanent`)).status).toBe(200);
    expect((await call('GET', `/api/workflows/${source.id}?includeDeleted=true`)).status).toBe(404);
    const reloaded = (await call('GET', `/api/workflows/${clone.id}`)).body;
    expect(reloaded.sourceWorkflowId).toBeNull();
    expect(reloaded.previousVersion).toBeNull();
    expect(await auditOf('workflow.permanently_deleted', source.id)).toHaveLength(1);
  });

  it('keeps a workflow restored while it was being deleted permanently (409)', async () => {
    const draft = await createDraft(context.api, token, approvalDefinition({ name: 'Restored meanwhile' }));
    await call('DELETE', `/api/workflows/${draft.id}`);
    // The restore is written and not committed: the permanent delete reads the workflow deleted,
    // then waits on the row, and meets the restore once it commits.
    const answer = await requestAcrossUncommittedWrite(
      context.database.db,
      (tx) =>
        tx.workflowDefinition.update({
          where: { id: draft.id },
          data: { deletedAt: null, revision: { increment: 1 } },
        }),
      () => call('DELETE', `/api/workflows/${draft.id}/permanent`),
      '%DELETE FROM%workflow_definitions%',
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain('at the same time');
    expect((await call('GET', `/api/workflows/${draft.id}`)).status).toBe(200);
    expect(await auditOf('workflow.permanently_deleted', draft.id)).toHaveLength(0);
  });
});

describe('list filters', () => {
  it('filters by status (including deprecated), category and search, paginated', async () => {
    const marker = `Filter ${Date.now()}`;
    const active = await createActive(
      context.api,
      token,
      approvalDefinition({ name: `${marker} A`, category: 'group' }),
    );
    await call('POST', `/api/workflows/${active.id}/deprecate`, {});
    await createDraft(context.api, token, approvalDefinition({ name: `${marker} B`, category: 'group' }));
    const search = encodeURIComponent(marker);
    const deprecated = await call('GET', `/api/workflows?search=${search}&status=deprecated`);
    expect(deprecated.body.data.map((item: { name: string }) => item.name)).toEqual([`${marker} A`]);
    const drafts = await call('GET', `/api/workflows?search=${search}&status=draft&category=group`);
    expect(drafts.body.data.map((item: { name: string }) => item.name)).toEqual([`${marker} B`]);
    const paged = await call('GET', `/api/workflows?search=${search}&pageSize=1&sortBy=name&sortOrder=asc`);
    expect(paged.body).toEqual(expect.objectContaining({ total: 2, totalPages: 2, pageSize: 1 }));
    expect((await call('GET', '/api/workflows?status=archived')).status).toBe(400);
  });

  it('lists the next versions of a workflow with sourceWorkflowId (the version chain forward)', async () => {
    const v1 = await createActive(context.api, token);
    const clone = (await call('POST', `/api/workflows/${v1.id}/create-version`)).body.newWorkflow;
    await createActive(context.api, token);
    const next = await call('GET', `/api/workflows?sourceWorkflowId=${v1.id}`);
    expect(next.status).toBe(200);
    expect(next.body.data.map((item: { id: string }) => item.id)).toEqual([clone.id]);
    const invalid = await call('GET', '/api/workflows?sourceWorkflowId=v1');
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toContain('sourceWorkflowId must be a UUID');
  });

  it('lists every version of a workflow with versionsOf (the whole version chain), from any of them', async () => {
    const v1 = await createActive(context.api, token);
    const v2 = (await call('POST', `/api/workflows/${v1.id}/create-version`)).body.newWorkflow;
    expect((await call('POST', `/api/workflows/${v2.id}/publish`, {})).status).toBe(200);
    const v3 = (await call('POST', `/api/workflows/${v2.id}/create-version`)).body.newWorkflow;
    await createActive(context.api, token);
    const chainOf = async (id: string) =>
      (await call('GET', `/api/workflows?versionsOf=${id}&sortBy=createdAt&sortOrder=asc`)).body.data.map(
        (item: { id: string }) => item.id,
      );
    expect(await chainOf(v1.id)).toEqual([v1.id, v2.id, v3.id]);
    expect(await chainOf(v3.id)).toEqual([v1.id, v2.id, v3.id]);
    expect(await chainOf('00000000-0000-4000-8000-000000000000')).toEqual([]);
    expect((await call('GET', '/api/workflows?versionsOf=v1')).body.message).toContain('versionsOf must be a UUID');
  });
});

describe('diff between versions', () => {
  it('shows what a new version changed, and refuses unrelated workflows', async () => {
    const v1 = await createActive(context.api, token);
    const clone = (await call('POST', `/api/workflows/${v1.id}/create-version`)).body.newWorkflow;
    const edited = approvalDefinition({ name: v1.name });
    edited.steps[1]!.config = { ...edited.steps[1]!.config, timeout: '24h' };
    edited.onError = 'retry';
    await call('PUT', `/api/workflows/${clone.id}`, edited);
    const diff = await call('GET', `/api/workflows/${clone.id}/diff?against=${v1.id}`);
    expect(diff.status).toBe(200);
    expect(diff.body.steps.changed).toEqual([{ id: 'manager_approval', changes: ['config.timeout'] }]);
    expect(diff.body.fields).toEqual([{ field: 'onError', from: 'stop', to: 'retry' }]);

    const unrelated = await createDraft(context.api, token);
    expect((await call('GET', `/api/workflows/${clone.id}/diff?against=${unrelated.id}`)).status).toBe(400);
  });
});

describe('generated docs', () => {
  it('serves Markdown with every section, and a Mermaid flowchart', async () => {
    const draft = await createDraft(context.api, token);
    const markdown = await call('GET', `/api/workflows/${draft.id}/docs`);
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get('content-type')).toContain('text/markdown');
    expect(markdown.text).toContain('# Simple approval');
    expect(markdown.text).toContain('```mermaid');
    expect(markdown.text).toContain(`/api/workflows/${draft.id}/start`);
    const mermaid = await call('GET', `/api/workflows/${draft.id}/docs?format=mermaid`);
    expect(mermaid.text.startsWith('flowchart TD')).toBe(true);
  });
});

describe('POST /api/workflows/validate is a dry run', () => {
  it('reports findings in lenient and strict mode and saves nothing', async () => {
    const before = await context.database.db.workflowDefinition.count();
    const incomplete = { name: 'x', steps: [{ id: 'a', name: 'A', type: 'start', config: {}, transitions: [] }] };
    const lenient = await call('POST', '/api/workflows/validate', incomplete);
    expect(lenient.body).toEqual({
      valid: true,
      errors: [],
      warnings: [],
      errorCount: 0,
      warningCount: 0,
      subjectVariableError: null,
    });
    const strict = await call('POST', '/api/workflows/validate', {
      ...incomplete,
      strict: true,
      subjectVariable: 'nobody',
    });
    expect(strict.body.valid).toBe(false);
    expect(strict.body.errors.map((item: { code: string }) => item.code)).toContain('missing_end');
    expect(strict.body.subjectVariableError.code).toBe('subject_variable_undeclared');
    expect(await context.database.db.workflowDefinition.count()).toBe(before);
  });

  it('reports a property a definition does not have, or one of the wrong type, as a finding, as its description admits', async () => {
    const found = await call('POST', '/api/workflows/validate', { name: 'x', steps: [], colour: 'blue' });
    expect([found.status, found.body.valid, found.body.errors]).toEqual([
      200,
      false,
      [expect.objectContaining({ code: 'invalid_shape', message: expect.stringContaining('colour') })],
    ]);
    const { paths, components } = (await call('GET', '/api/docs/json')).body;
    const body = paths['/api/workflows/validate'].post.requestBody.content['application/json'].schema;
    const schema = body.$ref ? components.schemas[body.$ref.split('/').pop()] : body;
    expect(schema.additionalProperties).not.toBe(false);
    expect(schema.required ?? []).toEqual([]);
    // `strict` belongs to the request, not to the definition: a wrong one is refused.
    const wrongFlag = await call('POST', '/api/workflows/validate', { name: 'x', steps: [], strict: {} });
    expect([wrongFlag.status, wrongFlag.body.message]).toEqual([400, 'strict must be true or false']);
    // Nor does it constrain the definition's own fields: one of the wrong type is a finding too.
    expect(Object.keys(schema.properties)).toEqual(['strict']);
    const wrongType = await call('POST', '/api/workflows/validate', { name: 'x', steps: [], debugLogging: {} });
    expect([wrongType.status, wrongType.body.errors]).toEqual([
      200,
      [expect.objectContaining({ code: 'invalid_shape', path: 'debugLogging' })],
    ]);
  });
});

describe('authoring aids: the step types and the flowchart of an unsaved draft', () => {
  it('lists every step type with its outcomes and the JSON Schema of its config', async () => {
    const response = await call('GET', '/api/workflows/step-types');
    expect(response.status).toBe(200);
    const approval = response.body.stepTypes.find((type: { type: string }) => type.type === 'approval');
    expect(approval.outcomes).toEqual(['approved', 'rejected', 'timeout', 'error']);
    expect(approval.configSchema.required).toEqual(['approvers']);
    expect(approval.configSchema.properties.approvers.type).toBe('array');
    expect(response.body.stepTypes.map((type: { type: string }) => type.type)).toContain('connector');
    expect((await context.api.request('GET', '/api/workflows/step-types')).status).toBe(401);
  });

  it('draws the flowchart of steps that are not stored, unfinished ones included, and refuses steps without an id', async () => {
    const before = await context.database.db.workflowDefinition.count();
    const steps = [start('ask'), step('ask', 'approval', {}, { approved: 'done', rejected: 'nowhere' }), end('done')];
    const response = await call('POST', '/api/workflows/flowchart', { name: 'Unsaved', steps });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.text.split('\n')).toEqual([
      'flowchart TD',
      '  s1(["start"])',
      '  s2["ask"]',
      '  s3(["done"])',
      '  s4["nowhere (missing step)"]',
      '  s1 -->|"success"| s2',
      '  s2 -->|"approved"| s3',
      '  s2 -->|"rejected"| s4',
    ]);
    expect(await context.database.db.workflowDefinition.count()).toBe(before);

    const refused = await call('POST', '/api/workflows/flowchart', { steps: [{ name: 'No id', type: 'end' }] });
    expect([refused.status, refused.body.message]).toEqual([400, 'Invalid body: steps.0.id: each step needs an id']);
    expect((await context.api.request('POST', '/api/workflows/flowchart', { body: { steps } })).status).toBe(401);
  });
});
