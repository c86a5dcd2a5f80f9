import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { MAX_JSON_DEPTH } from '../../src/api/middleware/input-limits.js';
import { MAX_KEY_TEXT_LENGTH } from '../../src/domain/common.js';
import { MAX_PAGE } from '../../src/domain/pagination.js';
import { useTestApp } from '../support/app.js';
import { createUserWithToken } from '../support/users.js';
import { createDraft } from '../support/workflows.js';

const context = useTestApp();
let token: string;
let userId: string;

beforeAll(async () => {
  const admin = await createUserWithToken(context.database.db, ['admin']);
  token = admin.token;
  userId = admin.user.id;
});

const NUL = '\u0000';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** Text that compresses badly, as real long values do (a repeated letter fits any index). */
function incompressibleText(length: number): string {
  let text = '';
  for (let index = 0; text.length < length; index += 1) text += ((index * 2654435761) % 1e9).toString(36);
  return text.slice(0, length);
}

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 1; level < depth; level += 1) value = { child: value };
  return { child: value };
}

const expectInvalid = (
  response: { status: number; body: any },
  issue: { location: string; path?: string; code?: string },
) => {
  expect(response.status).toBe(400);
  expect(response.body).toEqual(
    expect.objectContaining({ statusCode: 400, code: 'validation_failed', message: expect.any(String) }),
  );
  expect(response.body.details).toEqual(expect.arrayContaining([expect.objectContaining(issue)]));
};

describe('the NUL character is refused at the edge, wherever it is (PostgreSQL text cannot hold it)', () => {
  it('in a query-string search term', async () => {
    const response = await context.api.request('GET', '/api/workflows?search=a%00b', { token });
    expectInvalid(response, { location: 'query', path: 'search', code: 'nul_character' });
  });

  it('in an audit-log filter', async () => {
    const response = await context.api.request('GET', '/api/audit-logs?action=a%00b', { token });
    expectInvalid(response, { location: 'query', path: 'action', code: 'nul_character' });
  });

  it('in a path segment', async () => {
    const response = await context.api.request('GET', '/api/docs/assets/swagger%00ui.css');
    expectInvalid(response, { location: 'path', code: 'nul_character' });
  });

  it('in a create body, a nested value and an object key', async () => {
    const name = await context.api.request('POST', '/api/groups', { token, body: { name: `a${NUL}b` } });
    expectInvalid(name, { location: 'body', path: 'name', code: 'nul_character' });
    const organization = await context.api.request('POST', '/api/organizations', {
      token,
      body: { name: 'Acme', contacts: [{ name: `x${NUL}` }] },
    });
    expectInvalid(organization, { location: 'body', path: 'contacts.0.name', code: 'nul_character' });
    const key = await context.api.request('PATCH', `/api/users/${userId}/profile`, {
      token,
      body: { custom: { [`k${NUL}`]: 'v' } },
    });
    expectInvalid(key, { location: 'body', path: 'custom.k\ufffd', code: 'nul_character' });
    expect(await context.database.db.userGroup.count({ where: { name: { startsWith: 'a' } } })).toBe(0);
  });

  it('in run variables and task values', async () => {
    const draft = await createDraft(context.api, token);
    const start = await context.api.request('POST', `/api/workflows/${draft.id}/start`, {
      token,
      body: { variables: { requester: `someone${NUL}` } },
    });
    expectInvalid(start, { location: 'body', path: 'variables.requester', code: 'nul_character' });
    expect(await context.database.db.workflowRun.count()).toBe(0);
    const task = await context.api.request('POST', `/api/tasks/${MISSING_ID}/complete`, {
      token,
      body: { values: { answer: NUL } },
    });
    expectInvalid(task, { location: 'body', path: 'values.answer', code: 'nul_character' });
  });
});

describe('an unpaired surrogate (JSON can spell it, jsonb cannot store it) is refused in a body', () => {
  it('in a value, a nested value and an object key, with the key named as storable text', async () => {
    const project = await context.api.request('POST', '/api/projects', { token, body: { name: 'p\ud800x' } });
    expectInvalid(project, { location: 'body', path: 'name', code: 'unpaired_surrogate' });
    const organization = await context.api.request('POST', '/api/organizations', {
      token,
      body: { name: 'Acme', contacts: [{ name: 'low \udc00 first' }] },
    });
    expectInvalid(organization, { location: 'body', path: 'contacts.0.name', code: 'unpaired_surrogate' });
    const key = await context.api.request('PATCH', `/api/users/${userId}/profile`, {
      token,
      body: { custom: { ['k\ud83d']: 'v' } },
    });
    expectInvalid(key, { location: 'body', path: 'custom.k\ufffd', code: 'unpaired_surrogate' });
    expect(await context.database.db.project.count({ where: { name: { startsWith: 'p' } } })).toBe(0);
  });

  it('accepts a surrogate pair (an emoji), which is well-formed text', async () => {
    const created = await context.api.request('POST', '/api/projects', {
      token,
      body: { name: 'Launch \ud83d\ude80' },
    });
    expect([created.status, created.body.name]).toEqual([201, 'Launch 🚀']);
  });
});

describe(`page is at most ${MAX_PAGE}, so every offset stays a safe integer`, () => {
  it('refuses a page number past the limit with a message naming it', async () => {
    const response = await context.api.request('GET', '/api/audit-logs?page=99999999999999999999', { token });
    expectInvalid(response, { location: 'query', path: 'page' });
    expect(response.body.message).toContain(`page must be at most ${MAX_PAGE}`);
  });

  it('answers the last allowed page with an empty list', async () => {
    const response = await context.api.request('GET', `/api/auth/tokens?page=${MAX_PAGE}&pageSize=100`, { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expect.objectContaining({ data: [], page: MAX_PAGE }));
  });
});

describe(`indexed text (emails, search terms) is at most ${MAX_KEY_TEXT_LENGTH} characters`, () => {
  it('refuses a 5,000-character email local part with 400, not an index error', async () => {
    const response = await context.api.request('POST', '/api/users', {
      token,
      body: { email: `${incompressibleText(5000)}@example.com` },
    });
    expectInvalid(response, { location: 'body', path: 'email' });
    expect(response.body.message).toContain(`at most ${MAX_KEY_TEXT_LENGTH} characters`);
  });

  it('refuses an over-long search term and accepts one at the limit', async () => {
    const over = await context.api.request('GET', `/api/users?search=${'x'.repeat(MAX_KEY_TEXT_LENGTH + 1)}`, {
      token,
    });
    expectInvalid(over, { location: 'query', path: 'search' });
    const at = await context.api.request('GET', `/api/users?search=${'x'.repeat(MAX_KEY_TEXT_LENGTH)}`, { token });
    expect(at.status).toBe(200);
  });
});

describe(`JSON bodies nest at most ${MAX_JSON_DEPTH} levels`, () => {
  it('refuses profile custom attributes nested 5,000 levels deep', async () => {
    // Built as text: JSON.stringify itself cannot nest that deep.
    const response = await context.api.request('PATCH', `/api/users/${userId}/profile`, {
      token,
      rawBody: `{"custom":${'{"a":'.repeat(5000)}1${'}'.repeat(5001)}`,
      headers: { 'content-type': 'application/json' },
    });
    expectInvalid(response, { location: 'body', code: 'too_deep' });
    expect(response.body.message).toContain(`more than ${MAX_JSON_DEPTH} levels`);
  });

  it('refuses deep run variables and connector config, and accepts a body exactly at the limit', async () => {
    const draft = await createDraft(context.api, token);
    const start = await context.api.request('POST', `/api/workflows/${draft.id}/start`, {
      token,
      body: { variables: { requester: nested(MAX_JSON_DEPTH) } },
    });
    expectInvalid(start, { location: 'body', code: 'too_deep' });
    const connector = await context.api.request('POST', '/api/connectors', {
      token,
      body: { name: 'deep', type: 'http', config: nested(100) },
    });
    expectInvalid(connector, { location: 'body', code: 'too_deep' });
    // The profile body is level 1 and `custom` level 2: this fills the levels exactly.
    const atLimit = await context.api.request('PATCH', `/api/users/${userId}/profile`, {
      token,
      body: { custom: nested(MAX_JSON_DEPTH - 2) },
    });
    expect(atLimit.status).toBe(200);
  });
});

describe('bodies are UTF-8 JSON and nothing else', () => {
  it('refuses bytes that are not UTF-8 with 400 instead of storing U+FFFD', async () => {
    const latin1Bytes = Buffer.concat([Buffer.from('{"name":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
    const response = await context.api.request('POST', '/api/groups', {
      token,
      rawBody: latin1Bytes,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      expect.objectContaining({ code: 'invalid_json', message: 'Request body is not valid UTF-8' }),
    );
    expect(await context.database.db.userGroup.count({ where: { name: { startsWith: 'caf' } } })).toBe(0);
  });

  it('refuses a charset other than UTF-8 with 415 and accepts charset=utf-8', async () => {
    const latin1 = await context.api.request('POST', '/api/groups', {
      token,
      rawBody: JSON.stringify({ name: 'latin group' }),
      headers: { 'content-type': 'application/json; charset=latin1' },
    });
    expect(latin1.status).toBe(415);
    expect(latin1.body).toEqual(expect.objectContaining({ code: 'unsupported_media_type' }));
    expect(latin1.body.message).toContain('charset=latin1');
    const utf8 = await context.api.request('POST', '/api/groups', {
      token,
      rawBody: JSON.stringify({ name: 'utf-8 group' }),
      headers: { 'content-type': 'application/json; charset=UTF-8' },
    });
    expect(utf8.status).toBe(201);
  });

  it('refuses a compressed body with 415', async () => {
    const response = await context.api.request('POST', '/api/groups', {
      token,
      rawBody: JSON.stringify({ name: 'zipped' }),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(response.status).toBe(415);
    expect(response.body.message).toContain('gzip');
  });

  it('refuses a query string that is not percent-encoded UTF-8', async () => {
    const response = await context.api.request('GET', '/api/users?search=caf%E9', { token });
    expectInvalid(response, { location: 'query', path: 'search', code: 'invalid_encoding' });
  });

  it('refuses a JSON scalar where an object is expected', async () => {
    const response = await context.api.request('POST', '/api/groups', {
      token,
      rawBody: '"just a string"',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expect.objectContaining({ code: 'invalid_json' }));
  });
});

describe('requests for a missing record are 404 wherever the lookup happens', () => {
  it('editing the variables of a run that does not exist', async () => {
    const response = await context.api.request('PUT', `/api/runs/${MISSING_ID}`, {
      token,
      body: { variables: {} },
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(expect.objectContaining({ code: 'not_found' }));
  });
});

describe('a method the path does not serve is 405 with Allow', () => {
  it('answers PATCH on a list route with 405 and the methods it takes', async () => {
    const response = await context.api.request('PATCH', '/api/groups', { token, body: {} });
    expect(response.status).toBe(405);
    expect(response.body).toEqual(expect.objectContaining({ statusCode: 405, code: 'method_not_allowed' }));
    expect(response.headers.get('allow')?.split(', ')).toEqual(expect.arrayContaining(['GET', 'POST']));
  });

  it('treats a fixed path as that route even where a parameter route would match it', async () => {
    const response = await context.api.request('PUT', '/api/connectors/handlers', { token, body: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')?.split(', ')).toEqual(expect.arrayContaining(['GET']));
    const listed = await context.api.request('GET', '/api/connectors/handlers', { token });
    expect(listed.status).toBe(200);
    const options = await context.api.request('OPTIONS', '/api/connectors/handlers');
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')?.split(', ').sort()).toEqual(['GET', 'HEAD']);
  });

  it('answers OPTIONS with 204 and Allow, and an unknown path still with 404', async () => {
    const options = await context.api.request('OPTIONS', '/api/groups/00000000-0000-4000-8000-000000000000');
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')?.split(', ')).toEqual(expect.arrayContaining(['GET', 'PUT', 'DELETE']));
    expect((await context.api.request('GET', '/api/no-such-route', { token })).status).toBe(404);
  });
});

describe('a request line over 16 KiB is refused by the HTTP parser with 431 and the error body', () => {
  it('answers 431 for an oversized query string, before any middleware', async () => {
    const response = await fetch(`${context.api.baseUrl}/api/workflows?search=${'x'.repeat(20_000)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      statusCode: 431,
      error: 'Request Header Fields Too Large',
      code: 'headers_too_large',
      message: 'The request line and headers exceed 16 KiB',
    });
  });
});

describe('a request target that is not a URL is a 400, never a 500', () => {
  /** The status line and body of `GET <target>` sent as it is, which fetch would not send. */
  function getRaw(target: string): Promise<{ statusLine: string; body: string }> {
    const { hostname, port } = new URL(context.api.baseUrl);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () =>
        socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
      );
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('error', reject);
      socket.on('end', () => {
        const [head = '', body = ''] = answer.split('\r\n\r\n');
        resolve({ statusLine: head.split('\r\n')[0]!, body });
      });
    });
  }

  it.each(['http://[/api/health', 'http://[/scim/v2/Users', 'http://[/'])('GET %s', async (target) => {
    const { statusLine, body } = await getRaw(target);
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(body)).toEqual(
      expect.objectContaining({ statusCode: 400, message: 'The request target is not a URL' }),
    );
    expect((await getRaw('/api/health')).statusLine).toBe('HTTP/1.1 200 OK');
  });
});
