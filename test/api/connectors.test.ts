import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';
import { approvalDefinition, createActive } from '../support/workflows.js';

const SECRET = 'sup3r-s3cret-value-for-tests';
let upstream: http.Server;
let upstreamUrl: string;
const seenAuthorization: string[] = [];

beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    seenAuthorization.push(request.headers.authorization ?? '');
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

const context = useTestApp({ env: { CONNECTOR_ALLOWED_NETWORKS: '127.0.0.1/32' } });
let admin: string;

beforeAll(async () => {
  admin = (await createUserWithToken(context.database.db, ['admin'])).token;
});

const call = (method: string, path: string, body?: unknown) =>
  context.api.request(method, path, { token: admin, body });

describe('the simulated connectors are registered automatically', () => {
  it('lists test-ldap, test-db and test-activedirectory as built-in connectors that pass their test', async () => {
    const listed = await call('GET', '/api/connectors?search=test-');
    const byName = Object.fromEntries(listed.body.data.map((item: { name: string }) => [item.name, item]));
    for (const name of ['test-ldap', 'test-db', 'test-activedirectory']) {
      expect(byName[name]).toEqual(
        expect.objectContaining({ type: name, executionModel: 'built_in', enabled: true, managedBySystem: true }),
      );
      const tested = await call('POST', `/api/connectors/${byName[name].id}/test`);
      expect(tested.body).toEqual({ success: true, latencyMs: expect.any(Number) });
    }
    expect(byName['test-ldap'].configSchema.commands.listUsers.syncCapable).toBe(true);
    expect((await call('DELETE', `/api/connectors/${byName['test-db'].id}`)).status).toBe(409);
  });
});

describe('secrets are encrypted at rest and never returned, audited or logged', () => {
  it('stores a secret sealed, shows only its name, and uses it for calls', async () => {
    const created = await call('POST', '/api/connectors', {
      name: 'crm',
      type: 'http',
      config: { baseUrl: upstreamUrl },
      secrets: { bearerToken: SECRET },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual(
      expect.objectContaining({
        secretKeys: ['bearerToken'],
        executionModel: 'built_in',
        config: { baseUrl: upstreamUrl },
      }),
    );

    const tested = await call('POST', `/api/connectors/${created.body.id}/test`);
    expect(tested.body.success).toBe(true);
    expect(seenAuthorization).toContain(`Bearer ${SECRET}`);

    const row = await context.database.db.connector.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(row.sealedSecrets).toMatch(/^v1:/);
    const everything = [
      JSON.stringify(row),
      created.text,
      (await call('GET', `/api/connectors/${created.body.id}`)).text,
      (await call('GET', '/api/connectors')).text,
      JSON.stringify(await context.database.db.auditLog.findMany()),
      JSON.stringify(context.api.logs),
    ].join('\n');
    expect(everything).not.toContain(SECRET);
  });

  it('merges secret changes and removes a secret set to null', async () => {
    const created = await call('POST', '/api/connectors', {
      name: 'erp',
      type: 'http',
      secrets: { apiKey: 'a', bearerToken: 'b' },
    });
    const updated = await call('PUT', `/api/connectors/${created.body.id}`, {
      secrets: { apiKey: null, basicPassword: 'c' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.secretKeys).toEqual(['basicPassword', 'bearerToken']);
  });

  it('refuses a secret without a name (400), which no export could list', async () => {
    const created = await call('POST', '/api/connectors', {
      name: 'unnamed-secret',
      type: 'http',
      secrets: { '': 'a' },
    });
    expect([created.status, created.body.code]).toEqual([400, 'validation_failed']);
    const kept = await call('POST', '/api/connectors', {
      name: 'named-secret',
      type: 'http',
      secrets: { apiKey: 'a' },
    });
    const updated = await call('PUT', `/api/connectors/${kept.body.id}`, { secrets: { '': 'b' } });
    expect([updated.status, updated.body.code]).toEqual([400, 'validation_failed']);
    expect((await call('GET', `/api/connectors/${kept.body.id}`)).body.secretKeys).toEqual(['apiKey']);
  });
});

describe('stored secrets go only where they were stored for', () => {
  it('refuses a config naming a new origin unless every secret is sent again', async () => {
    const elsewhereSaw: string[] = [];
    const elsewhere = http.createServer((request, response) => {
      elsewhereSaw.push(request.headers.authorization ?? '');
      response.end('{}');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    try {
      const created = await call('POST', '/api/connectors', {
        name: 'repointed',
        type: 'http',
        config: { baseUrl: upstreamUrl },
        secrets: { bearerToken: SECRET, apiKey: 'second-secret-value' },
      });
      const path = `/api/connectors/${created.body.id}`;

      const repointed = await call('PUT', path, {
        config: { baseUrl: elsewhereUrl },
        secrets: { apiKey: 'only-one-of-them' },
      });
      expect(repointed.status).toBe(400);
      expect(repointed.body.message).toContain(elsewhereUrl);
      expect(repointed.body.details).toEqual({ origins: [elsewhereUrl], secrets: ['bearerToken'] });
      expect((await call('GET', path)).body.config).toEqual({ baseUrl: upstreamUrl });
      await call('POST', `${path}/test`);
      expect(elsewhereSaw).toEqual([]);

      // The same origin needs nothing again; a new one with every secret sent again is stored.
      expect((await call('PUT', path, { config: { baseUrl: `${upstreamUrl}/v2` } })).status).toBe(200);
      const resent = await call('PUT', path, {
        config: { baseUrl: elsewhereUrl },
        secrets: { bearerToken: 'token-for-elsewhere', apiKey: null },
      });
      expect(resent.status).toBe(200);
      expect(resent.body.secretKeys).toEqual(['bearerToken']);
      await call('POST', `${path}/test`);
      expect(elsewhereSaw).toEqual(['Bearer token-for-elsewhere']);
    } finally {
      elsewhere.closeAllConnections();
      await new Promise((resolve) => elsewhere.close(resolve));
    }
  });
});

describe('connector URLs are read once, the way the handlers read them', () => {
  let elsewhere: http.Server;
  let elsewhereUrl: string;
  const elsewhereSaw: string[] = [];

  beforeAll(async () => {
    elsewhere = http.createServer((request, response) => {
      elsewhereSaw.push(request.headers.authorization ?? '');
      response.end('{}');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    elsewhere.closeAllConnections();
    await new Promise((resolve) => elsewhere.close(resolve));
  });

  const withSecret = async (name: string) => {
    const created = await call('POST', '/api/connectors', {
      name,
      type: 'http',
      config: { baseUrl: upstreamUrl },
      secrets: { bearerToken: SECRET },
    });
    expect(created.status).toBe(201);
    return `/api/connectors/${created.body.id}`;
  };

  // Each is read by the URL parser as the other server; a pattern such as ^https?:// sees no URL.
  const disguises: Array<[string, (url: string) => string]> = [
    ['a leading space', (url) => ` ${url}`],
    ['no slashes after the scheme', (url) => url.replace('http://', 'http:')],
    ['a tab inside the host', (url) => url.replace('127.0.0.1', '127.0.\t0.1')],
    ['a leading line break', (url) => `\n${url}`],
    ['an upper-case scheme and a trailing space', (url) => `${url.replace('http', 'HTTP')} `],
  ];

  it.each(disguises)(
    'refuses a baseUrl elsewhere written with %s unless the secrets are sent again',
    async (_, disguise) => {
      const path = await withSecret(`disguised-${elsewhereSaw.length}-${Math.random().toString(36).slice(2, 8)}`);
      const repointed = await call('PUT', path, { config: { baseUrl: disguise(elsewhereUrl) } });
      expect(repointed.status).toBe(400);
      expect(repointed.body.details).toEqual({ origins: [elsewhereUrl], secrets: ['bearerToken'] });
      expect((await call('GET', path)).body.config).toEqual({ baseUrl: upstreamUrl });

      const listed = await call('PUT', path, {
        config: { baseUrl: upstreamUrl, allowedOrigins: [disguise(elsewhereUrl)] },
      });
      expect(listed.status).toBe(400);
      expect(listed.body.details.origins).toEqual([elsewhereUrl]);
      await call('POST', `${path}/test`);
      expect(elsewhereSaw).toEqual([]);
    },
  );

  it('refuses an idp-admin baseUrl elsewhere written with a leading space unless the client secret is sent again', async () => {
    const created = await call('POST', '/api/connectors', {
      name: 'keycloak-disguised',
      type: 'idp-admin',
      config: { baseUrl: 'https://keycloak.example.com', realm: 'staff', clientId: 'flowgate' },
      secrets: { clientSecret: SECRET },
    });
    expect(created.status).toBe(201);
    const repointed = await call('PUT', `/api/connectors/${created.body.id}`, {
      config: { baseUrl: ' https://evil.example.com', realm: 'staff', clientId: 'flowgate' },
    });
    expect(repointed.status).toBe(400);
    expect(repointed.body.details).toEqual({ origins: ['https://evil.example.com'], secrets: ['clientSecret'] });
  });

  it("stores each URL setting in the parser's form", async () => {
    const created = await call('POST', '/api/connectors', {
      name: 'normalised-urls',
      type: 'http',
      config: {
        baseUrl: ` ${upstreamUrl.replace('http', 'HTTP')}/v1 `,
        allowedOrigins: ['HTTPS://Files.Example.com:443/'],
        healthUrl: '/health',
        timeoutNote: ' kept as written ',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.config).toEqual({
      baseUrl: `${upstreamUrl}/v1`,
      allowedOrigins: ['https://files.example.com'],
      healthUrl: '/health',
      timeoutNote: ' kept as written ',
    });
    const audit = await context.database.db.auditLog.findFirstOrThrow({
      where: { action: 'connector.created', targetId: created.body.id },
    });
    expect(audit.metadata).toEqual(
      expect.objectContaining({ destinations: [upstreamUrl, 'https://files.example.com'].sort() }),
    );
  });

  it.each([
    ['http', { baseUrl: 'not a url' }, 'config.baseUrl'],
    ['http', { baseUrl: 'ftp://files.example.com' }, 'config.baseUrl'],
    ['http', { baseUrl: 'https://user:pass@api.example.com' }, 'config.baseUrl'],
    [
      'http',
      { allowedOrigins: ['https://files.example.com', 'https://x.example.com/path'] },
      'config.allowedOrigins[1]',
    ],
    ['http', { allowedOrigins: 'https://files.example.com' }, 'config.allowedOrigins'],
    ['http', { healthUrl: 'mailto:ops@example.com' }, 'config.healthUrl'],
    ['idp-admin', { baseUrl: 'keycloak.example.com', realm: 'r', clientId: 'c' }, 'config.baseUrl'],
  ])(
    'refuses a %s config %j that the URL parser cannot read as its handler would: 400 naming %s',
    async (type, config, field) => {
      const created = await call('POST', '/api/connectors', {
        name: `bad-url-${Math.random().toString(36).slice(2, 8)}`,
        type,
        config,
      });
      expect([created.status, created.body.code, created.body.details]).toEqual([400, 'validation_failed', { field }]);
      expect(created.body.message).toContain(field);
      const path = await withSecret(`bad-url-update-${Math.random().toString(36).slice(2, 8)}`);
      if (type === 'http') {
        const updated = await call('PUT', path, { config });
        expect([updated.status, updated.body.details]).toEqual([400, { field }]);
      }
    },
  );

  it('refuses a URL setting given as a secret, where the handler would read it unchecked', async () => {
    const path = await withSecret('url-in-secrets');
    const response = await call('PUT', path, { secrets: { baseUrl: elsewhereUrl } });
    expect([response.status, response.body.details]).toEqual([400, { field: 'secrets.baseUrl' }]);
    await call('POST', `${path}/test`);
    expect(elsewhereSaw).toEqual([]);
  });

  it('counts any URL with a host, in config or in a secret, for handlers that declare no URL settings', async () => {
    const created = await call('POST', '/api/connectors', {
      name: 'directory-elsewhere',
      type: 'test-ldap',
      config: { server: 'ldaps://dc.example.com:636' },
      secrets: { bindPassword: SECRET },
    });
    expect(created.status).toBe(201);
    const path = `/api/connectors/${created.body.id}`;
    const moved = await call('PUT', path, { config: { server: '\tldaps://evil.example.com:636' } });
    expect(moved.status).toBe(400);
    expect(moved.body.details).toEqual({ origins: ['ldaps://evil.example.com:636'], secrets: ['bindPassword'] });

    // A URL in a secret is named by the secret, never by its value.
    const hidden = await call('PUT', path, { secrets: { endpoint: 'https:hidden.example.com/hook' } });
    expect(hidden.status).toBe(400);
    expect(hidden.body.details).toEqual({ origins: [], secretSettings: ['endpoint'], secrets: ['bindPassword'] });
    expect(hidden.text).not.toContain('hidden.example.com');
  });

  it('audits where the connector connects after a change, what is new, and which secrets changed, never their values', async () => {
    const path = await withSecret('audited-destinations');
    const moved = await call('PUT', path, {
      config: { baseUrl: ` ${elsewhereUrl}` },
      secrets: { bearerToken: 'token-for-elsewhere-audited' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.config).toEqual({ baseUrl: elsewhereUrl });
    const audit = await context.database.db.auditLog.findFirstOrThrow({
      where: { action: 'connector.updated', targetId: path.split('/').pop() },
    });
    expect(audit.metadata).toEqual(
      expect.objectContaining({
        destinations: [elsewhereUrl],
        destinationsAdded: [elsewhereUrl],
        changedSecretNames: ['bearerToken'],
      }),
    );
    expect(JSON.stringify(audit)).not.toContain('token-for-elsewhere-audited');
  });
});

describe('creating a connector checks its handler', () => {
  it.each([
    [{ name: 'x1', type: 'nope' }, 'No connector handler named "nope"'],
    [{ name: 'x2', type: 'http', executionModel: 'custom' }, 'executionModel must be built_in'],
    [{ name: 'x3', type: 'http', configSchema: { commands: { teleport: {} } } }, 'does not implement: teleport'],
    [{ name: 'x5', type: 'http', configSchema: { commands: { toString: {} } } }, 'does not implement: toString'],
    [{ name: 'bad name!', type: 'http' }, 'name must be'],
    [{ name: ' padded', type: 'http' }, 'name must be'],
    [
      { name: 'x4', type: 'http', configSchema: { commands: { request: { parameters: { type: 'nope' } } } } },
      'must be a JSON Schema',
    ],
  ])('refuses %j with 400', async (body, message) => {
    const response = await call('POST', '/api/connectors', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
  });

  it('refuses a duplicate name with 409', async () => {
    await call('POST', '/api/connectors', { name: 'dup', type: 'delay' });
    expect((await call('POST', '/api/connectors', { name: 'dup', type: 'delay' })).status).toBe(409);
  });

  it('lists the handlers it can run', async () => {
    const handlers = await call('GET', '/api/connectors/handlers');
    expect(handlers.body.map((handler: { name: string }) => handler.name)).toEqual(
      expect.arrayContaining(['http', 'delay', 'idp-admin', 'test-ldap', 'test-db', 'test-activedirectory']),
    );
  });

  it('describes the settings of built-in handlers, with the secret ones named, and the parameters of each command', async () => {
    const handlers = await call('GET', '/api/connectors/handlers');
    const byName = new Map(handlers.body.map((handler: { name: string }) => [handler.name, handler]));
    const ldap = byName.get('ldap') as Record<string, any>;
    expect(ldap.settings.secrets).toEqual(['bindPassword']);
    expect(ldap.settings.schema.required).toEqual(['url', 'baseDn']);
    expect(ldap.settings.schema.properties.flavour).toMatchObject({
      enum: ['openldap', 'active_directory', 'generic'],
      default: 'generic',
    });
    expect(ldap.commands.createUser).toMatchObject({ writes: true, parameters: { type: 'object' } });
    expect(ldap.commands.search.writes).toBe(false);
    const scim = byName.get('scim') as Record<string, any>;
    expect(scim.settings.secrets).toEqual(['bearerToken', 'clientSecret', 'password']);
    expect(scim.settings.schema.properties.authentication.enum).toEqual(['bearer', 'oauth2', 'basic']);
    // Handlers that do not describe their settings say so.
    expect((byName.get('delay') as Record<string, unknown>).settings).toBeNull();
  });
});

describe('a disabled connector refuses every call', () => {
  it('fails its test while disabled and passes again once enabled', async () => {
    const created = await call('POST', '/api/connectors', { name: 'pause-me', type: 'delay' });
    expect((await call('PUT', `/api/connectors/${created.body.id}`, { enabled: false })).body.enabled).toBe(false);
    const refused = await call('POST', `/api/connectors/${created.body.id}/test`);
    expect(refused.body).toEqual({
      success: false,
      latencyMs: expect.any(Number),
      error: 'Connector pause-me is disabled',
    });
    await call('PUT', `/api/connectors/${created.body.id}`, { enabled: true });
    expect((await call('POST', `/api/connectors/${created.body.id}/test`)).body.success).toBe(true);
  });
});

describe('the SSRF guard protects connector calls', () => {
  it('refuses a private destination that is not allow-listed', async () => {
    const created = await call('POST', '/api/connectors', {
      name: 'metadata',
      type: 'http',
      config: { baseUrl: 'http://169.254.169.254/latest' },
    });
    const tested = await call('POST', `/api/connectors/${created.body.id}/test`);
    expect(tested.body.success).toBe(false);
    expect(tested.body.error).toMatch(/refused|not allowed/i);
  });
});

describe('a connector in use cannot be deleted', () => {
  it('refuses while an active workflow uses it, allows it once that workflow is deprecated', async () => {
    const created = await call('POST', '/api/connectors', { name: 'directory-x', type: 'delay' });
    const definition = approvalDefinition();
    definition.steps[1] = {
      id: 'manager_approval',
      name: 'Wait',
      type: 'connector',
      config: { connector: 'directory-x', command: 'wait', parameters: { duration: '1s' } },
      transitions: [
        { on: 'success', goto: 'notify_approved' },
        { on: 'error', goto: 'notify_rejected' },
      ],
    };
    const active = await createActive(context.api, admin, definition);
    const refused = await call('DELETE', `/api/connectors/${created.body.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Simple approval');
    await call('POST', `/api/workflows/${active.id}/deprecate`, {});
    expect((await call('DELETE', `/api/connectors/${created.body.id}`)).status).toBe(200);
  });
});

describe('connector routes check their permissions', () => {
  it('refuses a requestor', async () => {
    const { token } = await createUserWithToken(context.database.db, ['requestor']);
    expect((await context.api.request('GET', '/api/connectors', { token })).status).toBe(403);
    expect(
      (await context.api.request('POST', '/api/connectors', { token, body: { name: 'n', type: 'http' } })).status,
    ).toBe(403);
  });
});
