import { beforeAll, describe, expect, it } from '@jest/globals';
import { MAX_LISTED_FINDINGS } from '../../src/services/workflows/listed-findings.js';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';
import { approvalDefinition, createDraft } from '../support/workflows.js';

// Answers stay small however large the definitions: lists carry summaries, and a validation
// answer lists a bounded number of findings with the totals.

const context = useTestApp();
let admin: string;

beforeAll(async () => {
  admin = (await createUserWithToken(context.database.db, ['admin'])).token;
});

/** A definition with `count` steps that each lack a name: one `invalid_shape` error apiece. */
function brokenDefinition(name: string, count: number) {
  const steps = Array.from({ length: count }, (_, index) => ({
    id: `s${index}`,
    type: 'end',
    config: {},
    transitions: [],
  }));
  return { ...approvalDefinition({ name }), steps };
}

describe('GET /api/workflows lists summaries', () => {
  it('leaves out variables and steps, which GET /api/workflows/:id gives', async () => {
    const draft = await createDraft(context.api, admin, approvalDefinition({ name: 'summary-listed' }));
    const list = await context.api.request('GET', '/api/workflows?search=summary-listed', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    const [summary] = list.body.data;
    expect(summary).not.toHaveProperty('steps');
    expect(summary).not.toHaveProperty('variables');
    expect(summary).toEqual(
      expect.objectContaining({
        id: draft.id,
        name: 'summary-listed',
        status: 'draft',
        version: draft.version,
        revision: draft.revision,
        category: draft.category,
        trigger: draft.trigger,
        previousVersion: null,
      }),
    );
    const { steps, variables, ...rest } = draft;
    expect(summary).toEqual(rest);

    const one = await context.api.request('GET', `/api/workflows/${draft.id}`, { token: admin });
    expect(one.body.steps).toEqual(steps);
    expect(one.body.variables).toEqual(variables);
  });
});

describe('a validation answer lists at most MAX_LISTED_FINDINGS findings, with the totals', () => {
  it('POST /api/workflows/validate', async () => {
    const response = await context.api.request('POST', '/api/workflows/validate', {
      token: admin,
      body: brokenDefinition('many-findings', 1000),
    });
    expect(response.status).toBe(200);
    expect(response.body.valid).toBe(false);
    expect(response.body.errors).toHaveLength(MAX_LISTED_FINDINGS);
    expect(response.body.errorCount).toBeGreaterThanOrEqual(1000);
    expect(response.body.warningCount).toEqual(expect.any(Number));
    expect(response.text.length).toBeLessThan(100_000);
  });

  it('the 400 of a create that fails validation', async () => {
    const response = await context.api.request('POST', '/api/workflows', {
      token: admin,
      body: brokenDefinition('many-findings-create', 1000),
    });
    expect(response.status).toBe(400);
    expect(response.body.details.errors).toHaveLength(MAX_LISTED_FINDINGS);
    expect(response.body.details.errorCount).toBeGreaterThanOrEqual(1000);
    expect(response.text.length).toBeLessThan(100_000);
  });

  it('lists every finding of a definition with few', async () => {
    const response = await context.api.request('POST', '/api/workflows/validate', {
      token: admin,
      body: brokenDefinition('few-findings', 3),
    });
    expect(response.body.errors.length).toBe(response.body.errorCount);
    expect(response.body.errorCount).toBeGreaterThanOrEqual(3);
  });
});
