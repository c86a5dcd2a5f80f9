import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';

// No worker polls this file's task queue: the sinks' streams are started in Temporal but never
// run here (test/audit/audit-sink-delivery.test.ts delivers to real receivers).
const context = useTestApp({
  env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32', TEMPORAL_TASK_QUEUE: `audit-sinks-api-${randomUUID()}` },
});

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

async function admin() {
  return createUserWithToken(context.database.db, ['admin']);
}

describe('audit sinks are managed by admins under /api/audit-sinks', () => {
  it('creates an https sink with a generated secret shown once, sealed at rest, absent from every answer and the audit', async () => {
    const { token, user } = await admin();
    const call = (method: string, path: string, body?: unknown) => context.api.request(method, path, { token, body });
    const name = unique('Splunk HEC');
    const created = await call('POST', '/api/audit-sinks', {
      name,
      kind: 'https',
      config: { url: 'https://127.0.0.1:8088/services/collector/raw', caCertificate: PEM },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual(
      expect.objectContaining({
        name,
        kind: 'https',
        enabled: true,
        hasSecret: true,
        createdBy: user.id,
        lastError: null,
      }),
    );
    const secret = created.body.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const id = created.body.id as string;

    const row = await context.database.db.auditSink.findUniqueOrThrow({ where: { id } });
    expect(row.sealedSecrets).toMatch(/^v1:/);
    expect(JSON.stringify({ ...row, cursorSeq: String(row.cursorSeq) })).not.toContain(secret);
    for (const answer of [await call('GET', `/api/audit-sinks/${id}`), await call('GET', '/api/audit-sinks')]) {
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(secret);
      expect(answer.text).not.toContain(row.sealedSecrets!);
    }
    expect((await call('GET', `/api/audit-sinks/${id}`)).body).toEqual(
      expect.objectContaining({ id, hasSecret: true, cursorSeq: expect.stringMatching(/^\d+$/), backlog: 0 }),
    );
    const listed = await call('GET', '/api/audit-sinks?sortBy=name&sortOrder=asc');
    expect(listed.body.data.map((sink: { name: string }) => sink.name)).toContain(name);

    // A secret chosen by the administrator is taken as given and shown nowhere either.
    const chosen = 'c'.repeat(40);
    const rotated = await call('PATCH', `/api/audit-sinks/${id}`, { secret: chosen });
    expect(rotated.status).toBe(200);
    expect(rotated.text).not.toContain(chosen);
    const audit = await context.database.db.auditLog.findMany({ where: { targetType: 'audit_sink', targetId: id } });
    expect(audit.map((entry) => entry.action).sort()).toEqual(['audit_sink.created', 'audit_sink.updated']);
    expect(JSON.stringify(audit)).not.toContain(secret);
    expect(JSON.stringify(audit)).not.toContain(chosen);
    expect(audit.find((entry) => entry.action === 'audit_sink.updated')!.metadata).toEqual(
      expect.objectContaining({ changed: ['secret'] }),
    );
    expect(audit.every((entry) => entry.actorId === user.id)).toBe(true);
  });

  it('creates, renames, disables and deletes a syslog sink, each change audited', async () => {
    const { token } = await admin();
    const call = (method: string, path: string, body?: unknown) => context.api.request(method, path, { token, body });
    const created = await call('POST', '/api/audit-sinks', {
      name: unique('rsyslog'),
      kind: 'syslog',
      startAt: 'beginning',
      config: { host: '127.0.0.1', serverName: 'localhost', caCertificate: PEM },
    });
    expect(created.status).toBe(201);
    expect(created.body.config).toEqual({ host: '127.0.0.1', port: 6514, serverName: 'localhost', caCertificate: PEM });
    expect(created.body).toEqual(expect.objectContaining({ hasSecret: false, cursorSeq: '0' }));
    expect(created.body.secret).toBeUndefined();
    const id = created.body.id as string;

    const name = unique('SIEM');
    const updated = await call('PATCH', `/api/audit-sinks/${id}`, {
      name,
      enabled: false,
      config: { host: 'localhost', port: 10514 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual(
      expect.objectContaining({ name, enabled: false, config: { host: 'localhost', port: 10514 } }),
    );

    const deleted = await call('DELETE', `/api/audit-sinks/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: `Audit sink ${name} deleted`, id });
    expect((await call('GET', `/api/audit-sinks/${id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/audit-sinks/${id}`)).status).toBe(404);
    const actions = await context.database.db.auditLog.findMany({
      where: { targetType: 'audit_sink', targetId: id },
      orderBy: { createdAt: 'asc' },
    });
    expect(actions.map((entry) => entry.action)).toEqual([
      'audit_sink.created',
      'audit_sink.updated',
      'audit_sink.deleted',
    ]);
    expect(actions[1]!.metadata).toEqual(
      expect.objectContaining({ changed: ['config', 'enabled', 'name'], enabled: { from: true, to: false } }),
    );
  });

  it('answers every bad input with a 4xx that says what is wrong', async () => {
    const { token } = await admin();
    const call = (method: string, path: string, body?: unknown) => context.api.request(method, path, { token, body });
    const syslog = { name: unique('bad'), kind: 'syslog', config: { host: '127.0.0.1' } };
    const cases: Array<[string, string, unknown, number, RegExp]> = [
      ['POST', '/api/audit-sinks', { ...syslog, kind: 'kafka' }, 400, /kind/],
      ['POST', '/api/audit-sinks', { ...syslog, config: {} }, 400, /config\.host/],
      ['POST', '/api/audit-sinks', { ...syslog, config: { host: '127.0.0.1', port: 70000 } }, 400, /config\.port/],
      ['POST', '/api/audit-sinks', { ...syslog, config: { host: '127.0.0.1', caCertificate: 'x' } }, 400, /PEM/],
      ['POST', '/api/audit-sinks', { ...syslog, name: '  ' }, 400, /blank/],
      ['POST', '/api/audit-sinks', { ...syslog, secret: 's'.repeat(40) }, 400, /secret/],
      ['POST', '/api/audit-sinks', { ...syslog, config: { host: 'not a host!' } }, 400, /host/],
      // The SSRF guard: private and link-local addresses are refused unless allow-listed.
      ['POST', '/api/audit-sinks', { ...syslog, config: { host: '10.1.2.3' } }, 400, /10\.1\.2\.3 is not allowed/],
      ['POST', '/api/audit-sinks', { ...syslog, config: { host: '169.254.169.254' } }, 400, /link-local/],
      [
        'POST',
        '/api/audit-sinks',
        { name: unique('http'), kind: 'https', config: { url: 'http://127.0.0.1/collect' } },
        400,
        /https URL/,
      ],
      [
        'POST',
        '/api/audit-sinks',
        { name: unique('short'), kind: 'https', config: { url: 'https://127.0.0.1/c' }, secret: 'short' },
        400,
        /at least 32/,
      ],
      [
        'POST',
        '/api/audit-sinks',
        { name: unique('creds'), kind: 'https', config: { url: 'https://user:pw@127.0.0.1/c' } },
        400,
        /credentials/,
      ],
      // An empty URL is refused as not a URL, not a server error from the credentials check.
      ['POST', '/api/audit-sinks', { name: unique('empty'), kind: 'https', config: { url: '' } }, 400, /https URL/],
      ['GET', '/api/audit-sinks/not-a-uuid', undefined, 400, /UUID/],
      ['GET', `/api/audit-sinks/${randomUUID()}`, undefined, 404, /Audit sink not found/],
      ['PATCH', `/api/audit-sinks/${randomUUID()}`, { enabled: false }, 404, /Audit sink not found/],
      ['POST', `/api/audit-sinks/${randomUUID()}/test`, undefined, 404, /Audit sink not found/],
    ];
    for (const [method, path, body, status, message] of cases) {
      const answer = await call(method, path, body);
      expect([method, path, JSON.stringify(body), answer.status]).toEqual([method, path, JSON.stringify(body), status]);
      expect(answer.body.message).toMatch(message);
    }

    const created = await call('POST', '/api/audit-sinks', syslog);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const again = await call('POST', '/api/audit-sinks', syslog);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already exists/);
    const updates: Array<[unknown, RegExp]> = [
      [{ secret: 'x'.repeat(40) }, /only https sinks/],
      [{ config: { url: 'https://127.0.0.1/' } }, /config\.host/],
      [{ config: { host: '10.0.0.1' } }, /not allowed/],
      [{ kind: 'https' }, /kind/],
      [{ cursorSeq: '5' }, /cursorSeq/],
    ];
    for (const [body, message] of updates) {
      const answer = await call('PATCH', `/api/audit-sinks/${id}`, body);
      expect([JSON.stringify(body), answer.status]).toEqual([JSON.stringify(body), 400]);
      expect(answer.body.message).toMatch(message);
    }
    expect((await call('GET', `/api/audit-sinks/${id}`)).body.config).toEqual({ host: '127.0.0.1', port: 6514 });
  });

  it('is refused to everyone but admins, and to tokens without audit_sink:manage', async () => {
    const { token: adminToken } = await admin();
    const created = await context.api.request('POST', '/api/audit-sinks', {
      token: adminToken,
      body: { name: unique('guarded'), kind: 'syslog', config: { host: '127.0.0.1' } },
    });
    const id = created.body.id as string;
    const narrow = await createUserWithToken(context.database.db, ['admin'], ['audit:read']);
    const routes: Array<[string, string, unknown]> = [
      ['GET', '/api/audit-sinks', undefined],
      ['POST', '/api/audit-sinks', { name: unique('x'), kind: 'syslog', config: { host: '127.0.0.1' } }],
      ['GET', `/api/audit-sinks/${id}`, undefined],
      ['PATCH', `/api/audit-sinks/${id}`, { enabled: false }],
      ['POST', `/api/audit-sinks/${id}/test`, undefined],
      ['DELETE', `/api/audit-sinks/${id}`, undefined],
    ];
    for (const role of ['requestor', 'approver', 'resource_manager'] as const) {
      const { token } = await createUserWithToken(context.database.db, [role]);
      for (const [method, path, body] of routes) {
        const answer = await context.api.request(method, path, { token, body });
        expect([role, method, path, answer.status]).toEqual([role, method, path, 403]);
      }
    }
    for (const [method, path, body] of routes) {
      expect((await context.api.request(method, path, { token: narrow.token, body })).status).toBe(403);
      expect((await context.api.request(method, path, { body })).status).toBe(401);
    }
    expect(await context.database.db.auditSink.findUnique({ where: { id } })).toEqual(
      expect.objectContaining({ enabled: true }),
    );
  });

  it('lists every status of its routes in the API description', async () => {
    const description = (await context.api.request('GET', '/api/docs/json')).body;
    const statuses = (path: string, method: string) => Object.keys(description.paths[path][method].responses).sort();
    expect(statuses('/api/audit-sinks', 'post')).toEqual(expect.arrayContaining(['201', '400', '401', '403', '409']));
    expect(statuses('/api/audit-sinks/{id}', 'patch')).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409']),
    );
    expect(statuses('/api/audit-sinks/{id}', 'delete')).toEqual(expect.arrayContaining(['200', '401', '403', '404']));
    expect(statuses('/api/audit-sinks/{id}/test', 'post')).toEqual(expect.arrayContaining(['200', '404']));
  });
});
