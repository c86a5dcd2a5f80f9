import { beforeAll, describe, expect, it } from '@jest/globals';
import { createDatabase } from '../../src/db/client.js';
import { startTestApp, useTestApp } from '../support/app.js';
import { testDatabaseUrl } from '../support/database.js';
import { createUserWithToken } from '../support/users.js';

const context = useTestApp({ env: { BODY_LIMIT_BYTES: '2048' } });
let adminToken: string;
let requestorToken: string;

beforeAll(async () => {
  adminToken = (await createUserWithToken(context.database.db, ['admin'])).token;
  requestorToken = (await createUserWithToken(context.database.db, ['requestor'])).token;
});

const errorShape = (statusCode: number, error: string, code: string) =>
  expect.objectContaining({ statusCode, error, code, message: expect.any(String) });

describe('every error has one JSON shape { statusCode, error, message, details? }', () => {
  it('400 for a body that fails validation, with the zod issues in details', async () => {
    const response = await context.api.request('POST', '/api/auth/tokens', {
      token: adminToken,
      body: { name: '', permissions: ['no:such'] },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errorShape(400, 'Bad Request', 'validation_failed'));
    const paths = response.body.details.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'permissions.0']));
    expect(response.body.details[0]).toEqual(
      expect.objectContaining({ location: 'body', message: expect.any(String) }),
    );
  });

  it('400, not 500, for malformed JSON', async () => {
    const response = await context.api.request('POST', '/api/auth/tokens', {
      token: adminToken,
      rawBody: '{"name": "x", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errorShape(400, 'Bad Request', 'invalid_json'));
  });

  it('401 without credentials and with an unknown token', async () => {
    const missing = await context.api.request('GET', '/api/audit-logs');
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual(errorShape(401, 'Unauthorized', 'unauthenticated'));
    const unknown = await context.api.request('GET', '/api/audit-logs', {
      token: 'fgt_0123456789ab_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(unknown.status).toBe(401);
    const malformed = await context.api.request('GET', '/api/audit-logs', { headers: { authorization: 'Basic abc' } });
    expect(malformed.status).toBe(401);
  });

  it('403 naming the missing permission when authenticated but not allowed', async () => {
    const response = await context.api.request('GET', '/api/audit-logs', { token: requestorToken });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(errorShape(403, 'Forbidden', 'forbidden'));
    expect(response.body.message).toContain('audit:read');
  });

  it('404 for an unknown route and for a missing resource', async () => {
    const route = await context.api.request('GET', '/api/no-such-thing', { token: adminToken });
    expect(route.status).toBe(404);
    expect(route.body).toEqual(errorShape(404, 'Not Found', 'not_found'));
    const resource = await context.api.request('DELETE', '/api/auth/tokens/00000000-0000-4000-8000-000000000000', {
      token: adminToken,
    });
    expect(resource.status).toBe(404);
    expect(resource.body.message).toBe('API token not found');
  });

  it('409 when a write conflicts with existing data', async () => {
    const body = { name: 'deploy bot', permissions: ['workflow:read'] };
    expect((await context.api.request('POST', '/api/auth/tokens', { token: adminToken, body })).status).toBe(201);
    const again = await context.api.request('POST', '/api/auth/tokens', { token: adminToken, body });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(errorShape(409, 'Conflict', 'conflict'));
  });

  it('413 for a body over the configured limit', async () => {
    const response = await context.api.request('POST', '/api/auth/tokens', {
      token: adminToken,
      body: { name: 'x'.repeat(4096), permissions: ['workflow:read'] },
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual(errorShape(413, 'Payload Too Large', 'payload_too_large'));
    expect(response.body.message).toContain('2048');
  });

  it('415 for a non-JSON body where JSON is required', async () => {
    const response = await context.api.request('POST', '/api/auth/tokens', {
      token: adminToken,
      rawBody: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.status).toBe(415);
    expect(response.body).toEqual(errorShape(415, 'Unsupported Media Type', 'unsupported_media_type'));
  });
});

describe('500s reveal nothing and are traceable by request id', () => {
  it('answers a generic message, echoes x-request-id, and logs the cause under that id', async () => {
    // An app whose database does not exist: every query fails inside Prisma.
    const brokenDb = createDatabase(testDatabaseUrl('database_that_does_not_exist'));
    const broken = await startTestApp({ db: brokenDb });
    try {
      const response = await broken.request('GET', '/api/audit-logs', {
        token: adminToken,
        headers: { 'x-request-id': 'trace-me-123' },
      });
      expect(response.status).toBe(500);
      expect(response.body).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        code: 'internal',
        message: 'Internal server error',
      });
      expect(response.headers.get('x-request-id')).toBe('trace-me-123');
      expect(response.text).not.toMatch(/database_that_does_not_exist|prisma|SELECT|at .*\.ts/i);
      const logged = broken.logs.find((line) => line.requestId === 'trace-me-123');
      expect(logged).toEqual(expect.objectContaining({ level: 50, msg: 'request failed' }));
      expect(JSON.stringify(logged)).toContain('database_that_does_not_exist');
    } finally {
      await broken.close();
      await brokenDb.$disconnect();
    }
  });

  it('gives every response a request id, generated when the client sends none', async () => {
    const response = await context.api.request('GET', '/api/health');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
