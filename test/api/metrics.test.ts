import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { startTestApp, useTestApp } from '../support/app.js';
import { createScimClient } from '../support/scim.js';
import { createUserWithToken } from '../support/users.js';

const METRICS_TOKEN = 'metrics-token-for-tests-only-0123456789';
const context = useTestApp({ env: { METRICS_TOKEN } });

const scrape = () => context.api.request('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });

/** The value of the sample `name{labels}` in a Prometheus text exposition, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('answers only the holder of METRICS_TOKEN, not an API token or another bearer', async () => {
    const { token: adminToken } = await createUserWithToken(context.database.db, ['admin']);
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${adminToken}`, `Basic ${METRICS_TOKEN}`]) {
      const response = await context.api.request('GET', '/metrics', {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    }
    const answered = await scrape();
    expect(answered.status).toBe(200);
    expect(answered.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests by route template and status, never by raw path', async () => {
    const { token } = await createUserWithToken(context.database.db, ['admin']);
    const missingRun = randomUUID();
    expect((await context.api.request('GET', `/api/runs/${missingRun}`, { token })).status).toBe(404);
    expect((await context.api.request('GET', '/api/no-such-route', { token })).status).toBe(404);
    expect((await context.api.request('GET', '/api/health')).status).toBe(200);
    const text = (await scrape()).text;
    expect(sample(text, 'flowgate_http_requests_total', { method: 'GET', route: '/api/runs/:id', status: '404' })).toBe(
      1,
    );
    expect(sample(text, 'flowgate_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(sample(text, 'flowgate_http_requests_total', { route: '/api/health', status: '200' })).toBe(1);
    expect(sample(text, 'flowgate_http_request_duration_seconds_count', { route: '/api/health', status: '200' })).toBe(
      1,
    );
    expect(text).not.toContain(missingRun);
  });

  it('counts inbound SCIM requests by client, method and status', async () => {
    const { token: adminToken } = await createUserWithToken(context.database.db, ['admin']);
    const client = await createScimClient(context.api, adminToken);
    const before =
      sample((await scrape()).text, 'flowgate_scim_requests_total', { client: client.name, status: '200' }) ?? 0;
    const listed = await context.api.request('GET', '/scim/v2/Users', { token: client.token });
    expect(listed.status).toBe(200);
    await context.api.request('GET', '/scim/v2/Users', { token: 'scim_wrong' });
    const text = (await scrape()).text;
    expect(sample(text, 'flowgate_scim_requests_total', { client: client.name, method: 'GET', status: '200' })).toBe(
      before + 1,
    );
    expect(
      sample(text, 'flowgate_scim_requests_total', { client: 'none', method: 'GET', status: '401' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('reports the work waiting and the database pool', async () => {
    const text = (await scrape()).text;
    for (const gauge of [
      'flowgate_approvals_pending',
      'flowgate_approvals_overdue',
      'flowgate_approvals_pending_oldest_seconds',
      'flowgate_tasks_open',
      'flowgate_tasks_overdue',
    ])
      expect(sample(text, gauge)).toBe(0);
    expect(sample(text, 'flowgate_runs_open', { status: 'waiting' })).toBe(0);
    expect(sample(text, 'flowgate_runs_waiting_oldest_seconds')).toBe(0);
    expect(sample(text, 'flowgate_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    for (const operation of ['flowgate_connector_calls_total', 'flowgate_sync_passes_total'])
      expect(text).toContain(`# TYPE ${operation} counter`);
  });

  it('counts a waiting run, and an approval of it that is past its due date', async () => {
    const { db } = context.database;
    const { token } = await createUserWithToken(db, ['admin']);
    const draft = await context.api.request('POST', '/api/workflows', {
      token,
      body: {
        name: 'Metrics waiting',
        steps: [{ id: 'start', name: 'start', type: 'start', config: {}, transitions: [] }],
      },
    });
    expect(draft.status).toBe(201);
    const hourAgo = new Date(Date.now() - 3_600_000);
    const run = await db.workflowRun.create({
      data: {
        definitionId: draft.body.id,
        definitionName: 'Metrics waiting',
        definitionVersion: 1,
        definitionSnapshot: {},
        temporalWorkflowId: `metrics-${randomUUID()}`,
        status: 'waiting',
        startedAt: hourAgo,
      },
    });
    await db.approval.create({
      data: {
        runId: run.id,
        sequence: 1,
        stepId: 'approve',
        stepName: 'approve',
        approverUserIds: [],
        approverRoles: ['approver'],
        requiredApprovals: 1,
        mode: 'any',
        dueAt: hourAgo,
        createdAt: hourAgo,
      },
    });
    const text = (await scrape()).text;
    expect(sample(text, 'flowgate_runs_open', { status: 'waiting' })).toBe(1);
    expect(sample(text, 'flowgate_runs_waiting_oldest_seconds')).toBeGreaterThanOrEqual(3600);
    expect(sample(text, 'flowgate_approvals_pending')).toBe(1);
    expect(sample(text, 'flowgate_approvals_overdue')).toBe(1);
    expect(sample(text, 'flowgate_approvals_pending_oldest_seconds')).toBeGreaterThanOrEqual(3600);
    await db.workflowRun.delete({ where: { id: run.id } });
  });

  it('answers 404 when METRICS_TOKEN is not set', async () => {
    const off = await startTestApp({ db: context.database.db });
    try {
      const response = await off.request('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(response.status).toBe(404);
      expect(response.body.message).toMatch(/METRICS_TOKEN is not set/);
    } finally {
      await off.close();
    }
  });
});
