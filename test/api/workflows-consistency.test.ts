import { beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';
import { approvalDefinition, createActive, createDraft } from '../support/workflows.js';

const context = useTestApp();
let token: string;

beforeAll(async () => {
  token = (await createUserWithToken(context.database.db, ['admin'])).token;
});

const call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  context.api.request(method, path, { token, body, headers });

describe('publish with deprecatePreviousVersionId is all or nothing', () => {
  it('rolls back the publish when deprecating the previous version fails', async () => {
    const v1 = await createActive(context.api, token);
    const clone = (await call('POST', `/api/workflows/${v1.id}/create-version`)).body.newWorkflow;

    // A real failure between the two writes: the database refuses the second one.
    const client = new pg.Client({ connectionString: context.database.url });
    await client.connect();
    await client.query(`
      CREATE FUNCTION refuse_deprecation() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'deprecation refused for the test'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse_deprecation BEFORE UPDATE ON workflow_definitions
        FOR EACH ROW WHEN (OLD.id = '${v1.id}' AND NEW.status = 'deprecated') EXECUTE FUNCTION refuse_deprecation();
    `);
    try {
      const response = await call('POST', `/api/workflows/${clone.id}/publish`, { deprecatePreviousVersionId: v1.id });
      expect(response.status).toBe(500);
      const [cloneAfter, v1After] = await Promise.all([
        call('GET', `/api/workflows/${clone.id}`),
        call('GET', `/api/workflows/${v1.id}`),
      ]);
      expect(cloneAfter.body).toEqual(
        expect.objectContaining({ status: 'draft', version: v1.version, revision: clone.revision }),
      );
      expect(v1After.body.status).toBe('active');
      expect(
        await context.database.db.auditLog.count({ where: { action: 'workflow.published', targetId: clone.id } }),
      ).toBe(0);
    } finally {
      await client.query(
        'DROP TRIGGER refuse_deprecation ON workflow_definitions; DROP FUNCTION refuse_deprecation();',
      );
      await client.end();
    }
    const retried = await call('POST', `/api/workflows/${clone.id}/publish`, { deprecatePreviousVersionId: v1.id });
    expect(retried.status).toBe(200);
  });
});

describe('two writers of one workflow cannot both win', () => {
  it('lets exactly one of several simultaneous publishes succeed, incrementing the version once', async () => {
    const draft = await createDraft(context.api, token);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', `/api/workflows/${draft.id}/publish`, {})),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await call('GET', `/api/workflows/${draft.id}`)).body.version).toBe(1);
    expect(
      await context.database.db.auditLog.count({ where: { action: 'workflow.published', targetId: draft.id } }),
    ).toBe(1);
  });

  it('lets exactly one of simultaneous updates made from the same revision succeed', async () => {
    const draft = await createDraft(context.api, token);
    const responses = await Promise.all(
      ['first', 'second', 'third'].map((description) =>
        call('PUT', `/api/workflows/${draft.id}`, approvalDefinition({ description }), {
          'if-match': `"${draft.revision}"`,
        }),
      ),
    );
    // The losers were read before the winner wrote (409, the race) or after (412, a stale If-Match).
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(1).every((status) => status === 409 || status === 412)).toBe(true);
    const winner = responses.find((response) => response.status === 200)!.body.description;
    const stored = (await call('GET', `/api/workflows/${draft.id}`)).body;
    expect(stored).toEqual(expect.objectContaining({ description: winner, revision: draft.revision + 1 }));
  });

  it('refuses an update whose If-Match revision is stale with 412, writing nothing', async () => {
    const draft = await createDraft(context.api, token);
    await call('PUT', `/api/workflows/${draft.id}`, approvalDefinition({ description: 'newer' }));
    for (const method of ['PUT', 'PATCH']) {
      const stale = await call(method, `/api/workflows/${draft.id}`, approvalDefinition({ description: 'older' }), {
        'if-match': `"${draft.revision}"`,
      });
      expect([stale.status, stale.body.code]).toEqual([412, 'precondition_failed']);
      expect(stale.body.message).toContain('changed since you read it');
    }
    const stored = await call('GET', `/api/workflows/${draft.id}`);
    expect([stored.body.description, stored.body.revision]).toEqual(['newer', draft.revision + 1]);
  });
});
