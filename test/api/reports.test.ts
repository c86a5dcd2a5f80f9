import { beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { CONCURRENT_REPORTS } from '../../src/services/reports/lib/bounded-report.js';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';

// The numbers are checked against generated data in test/services/reports.test.ts; this file
// checks the HTTP edge: access, query validation and the response shape.

// The statement deadline of reports is the API's query timeout: short here, so a blocked report ends soon.
const REPORT_TIMEOUT_MS = 1_000;
const context = useTestApp({ env: { DATABASE_QUERY_TIMEOUT_MS: String(REPORT_TIMEOUT_MS) } });
let adminToken: string;
let requestorToken: string;
let resourceManagerToken: string;

beforeAll(async () => {
  const { db } = context.database;
  adminToken = (await createUserWithToken(db, ['admin'])).token;
  requestorToken = (await createUserWithToken(db, ['requestor'])).token;
  resourceManagerToken = (await createUserWithToken(db, ['resource_manager'])).token;
  const run = await db.workflowRun.create({
    data: {
      definitionId: '11111111-1111-4111-a111-111111111111',
      definitionName: 'Access request',
      definitionVersion: 1,
      definitionSnapshot: {},
      temporalWorkflowId: 'run-reports-http',
      status: 'completed',
      startedAt: new Date('2025-03-01T10:00:00Z'),
      completedAt: new Date('2025-03-01T10:00:02Z'),
    },
  });
  const approval = await db.approval.create({
    data: {
      runId: run.id,
      sequence: 1,
      stepId: 'approve',
      stepName: 'Approve',
      status: 'approved',
      approverUserIds: [],
      approverRoles: ['approver'],
      requiredApprovals: 1,
      mode: 'any',
      createdAt: new Date('2025-03-01T10:00:00Z'),
      decidedAt: new Date('2025-03-01T10:00:01Z'),
    },
  });
  const approver = await createUserWithToken(db, ['approver']);
  await db.approvalDecision.create({
    data: {
      approvalId: approval.id,
      userId: approver.user.id,
      decision: 'approve',
      decidedAt: new Date('2025-03-01T10:00:01Z'),
    },
  });
});

const get = (path: string, token = adminToken) => context.api.request('GET', `/api/reports/${path}`, { token });

describe('GET /api/reports/* answer report:read holders with the report', () => {
  it('workflow-stats: per definition and overall', async () => {
    const response = await get('workflow-stats?from=2025-03-01T00:00:00Z&to=2025-03-02T00:00:00Z');
    expect(response.status).toBe(200);
    const entry = {
      total: 1,
      byStatus: { pending: 0, running: 0, waiting: 0, completed: 1, failed: 0, cancelled: 0 },
      successRate: 1,
      medianDurationMs: 2000,
      p95DurationMs: 2000,
    };
    expect(response.body).toEqual({
      overall: entry,
      perDefinition: [
        { definitionId: '11111111-1111-4111-a111-111111111111', definitionName: 'Access request', ...entry },
      ],
    });
  });

  it('sla-compliance: approvals, tasks, overall and per definition', async () => {
    const response = await get('sla-compliance?defaultSlaHours=0.5');
    expect(response.status).toBe(200);
    const met = { met: 1, missed: 0, open: 0, rate: 1 };
    const none = { met: 0, missed: 0, open: 0, rate: null };
    expect(response.body).toEqual({
      defaultSlaHours: 0.5,
      approvals: met,
      tasks: none,
      overall: met,
      perDefinition: [
        {
          definitionId: '11111111-1111-4111-a111-111111111111',
          definitionName: 'Access request',
          approvals: met,
          tasks: none,
        },
      ],
    });
  });

  it('approver-performance: one entry per approver', async () => {
    const response = await get('approver-performance?to=2025-03-02T00:00:00Z');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      approvers: [
        {
          userId: expect.any(String),
          email: expect.stringContaining('@example.test'),
          decided: 1,
          approved: 1,
          rejected: 0,
          medianTimeToDecideMs: 1000,
          pending: 0,
        },
      ],
    });
  });
});

describe('approver-performance shows emails only to user:read holders', () => {
  it('a resource manager (report:read, no user:read) sees the approvers by id, with email null', async () => {
    const asAdmin = await get('approver-performance?to=2025-03-02T00:00:00Z');
    const asManager = await get('approver-performance?to=2025-03-02T00:00:00Z', resourceManagerToken);
    expect(asManager.status).toBe(200);
    const approvers = asAdmin.body.approvers as Array<Record<string, unknown>>;
    expect(approvers[0]!.email).toEqual(expect.stringContaining('@example.test'));
    expect(asManager.body).toEqual({ approvers: approvers.map((approver) => ({ ...approver, email: null })) });
  });
});

describe('a report is bounded in the database, not only in the API', () => {
  /** The report statements PostgreSQL is running or holding for this database right now. */
  async function reportBackends(admin: pg.Client): Promise<number> {
    const { rows } = await admin.query<{ count: string }>(
      `SELECT count(*) FROM pg_stat_activity
       WHERE datname = current_database() AND state = 'active' AND query LIKE '%FROM approvals%'
         AND pid <> pg_backend_pid()`,
    );
    return Number(rows[0]!.count);
  }

  it('a report blocked past the deadline is stopped by PostgreSQL (503), and only a few run at once', async () => {
    const locker = new pg.Client({ connectionString: context.database.url });
    const watcher = new pg.Client({ connectionString: context.database.url });
    await locker.connect();
    await watcher.connect();
    try {
      // A lock no report can get past, as a long scan would hold its backend.
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE approvals IN ACCESS EXCLUSIVE MODE');
      const reports = Array.from({ length: CONCURRENT_REPORTS + 2 }, () => get('approver-performance'));
      let mostAtOnce = 0;
      const watching = (async () => {
        for (let index = 0; index < 20; index += 1) {
          mostAtOnce = Math.max(mostAtOnce, await reportBackends(watcher));
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      const answers = await Promise.all(reports);
      await watching;
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.body.message).toMatch(/shorter window/);
      }
      expect(mostAtOnce).toBeGreaterThan(0);
      expect(mostAtOnce).toBeLessThanOrEqual(CONCURRENT_REPORTS);
      // Nothing is left waiting in the database once the callers have their answers.
      expect(await reportBackends(watcher)).toBe(0);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
      await watcher.end();
    }
    expect((await get('approver-performance')).status).toBe(200);
  });
});

describe('reports need report:read', () => {
  it.each(['workflow-stats', 'sla-compliance', 'approver-performance'])(
    'refuses a requestor %s with 403',
    async (path) => {
      const response = await get(path, requestorToken);
      expect(response.status).toBe(403);
    },
  );

  it('refuses a request without credentials with 401', async () => {
    expect((await context.api.request('GET', '/api/reports/workflow-stats')).status).toBe(401);
  });
});

describe('report queries are validated', () => {
  it.each([
    ['workflow-stats?from=yesterday', 'from must be an ISO 8601 timestamp'],
    ['workflow-stats?from=0000-01-01T00:00:00Z', 'from must be in the years 0001 to 9999 (UTC)'],
    ['sla-compliance?to=0001-01-01T00:00:00%2B01:00', 'to must be in the years 0001 to 9999 (UTC)'],
    ['approver-performance?from=2025-03-02T00:00:00Z&to=2025-03-01T00:00:00Z', 'from must be before to'],
    ['sla-compliance?defaultSlaHours=0', 'defaultSlaHours must be a positive number'],
    ['sla-compliance?defaultSlaHours=-3', 'defaultSlaHours must be a positive number'],
    ['sla-compliance?defaultSlaHours=5371689402', 'defaultSlaHours must be at most 87600'],
    ['sla-compliance?defaultSlaHours=87600.5', 'defaultSlaHours must be at most 87600'],
  ])('GET %s answers 400', async (path, message) => {
    const response = await get(path);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    expect(response.text).toContain(message);
  });

  it('refuses timestamps before the year 1 on the other routes that take them, and takes the year 1', async () => {
    for (const route of ['/api/audit-logs', '/api/runs']) {
      const refused = await context.api.request('GET', `${route}?from=0000-12-31T23:59:59Z`, { token: adminToken });
      expect({ route, status: refused.status, message: refused.body.message }).toEqual({
        route,
        status: 400,
        message: expect.stringContaining('from must be in the years 0001 to 9999 (UTC)'),
      });
      expect(
        (await context.api.request('GET', `${route}?from=0001-01-01T00:00:00Z`, { token: adminToken })).status,
      ).toBe(200);
    }
  });

  it('takes defaultSlaHours as the number its description says, exponent forms included', async () => {
    const parameter = (await context.api.request('GET', '/api/docs/json')).body.paths[
      '/api/reports/sla-compliance'
    ].get.parameters.find((candidate: { name: string }) => candidate.name === 'defaultSlaHours');
    expect(parameter.schema).toMatchObject({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 87600 });
    const tiny = await get('sla-compliance?defaultSlaHours=1e-05');
    expect([tiny.status, tiny.body.defaultSlaHours]).toEqual([200, 0.00001]);
    expect((await get('sla-compliance?defaultSlaHours=2.5E3')).body.defaultSlaHours).toBe(2500);
  });

  it('accepts the largest defaultSlaHours (87600, ten years)', async () => {
    const response = await get('sla-compliance?defaultSlaHours=87600');
    expect(response.status).toBe(200);
    expect(response.body.defaultSlaHours).toBe(87600);
  });
});
