import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { useTestApp, type TestResponse } from '../support/app.js';
import { createScimClient, scimRequest, unique } from '../support/scim.js';
import { createUserWithToken } from '../support/users.js';

// No input gives a 5xx: whatever a SCIM client sends is a SCIM 4xx error with a detail.
const context = useTestApp();
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const SEARCH = 'urn:ietf:params:scim:api:messages:2.0:SearchRequest';

async function newClient() {
  const { token } = await createUserWithToken(context.database.db, ['admin']);
  return createScimClient(context.api, token);
}

async function newUser(token: string) {
  const email = `${unique('user')}@example.test`;
  const response = await scimRequest(context.api, 'POST', '/Users', token, { userName: email });
  expect(response.status).toBe(201);
  return { id: response.body.id as string, email };
}

/** Random hex: incompressible, so PostgreSQL cannot squeeze a long value under its index row limit. */
const noise = (length: number) =>
  randomBytes(Math.ceil(length / 2))
    .toString('hex')
    .slice(0, length);

function expectScimError(response: TestResponse, status: number, scimType: string, detail?: string | RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/scim+json');
  expect(response.body).toEqual(
    expect.objectContaining({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: String(status),
      scimType,
      ...(detail === undefined ? {} : { detail: typeof detail === 'string' ? detail : expect.stringMatching(detail) }),
    }),
  );
}

describe('a User resource must name an email address (invalidValue)', () => {
  it('refuses a PUT whose userName is not an address and that has no email, changing nothing', async () => {
    const client = await newClient();
    const { id, email } = await newUser(client.token);
    const response = await scimRequest(context.api, 'PUT', `/Users/${id}`, client.token, { userName: 'not-an-email' });
    expectScimError(
      response,
      400,
      'invalidValue',
      'userName, a work email or a primary email must be an email address',
    );
    const identity = await context.database.db.scimIdentity.findUniqueOrThrow({ where: { userId: id } });
    expect(identity.userName).toBe(email);
  });

  it('refuses a PATCH that leaves the user without an email address', async () => {
    const client = await newClient();
    const { id } = await newUser(client.token);
    const response = await scimRequest(context.api, 'PATCH', `/Users/${id}`, client.token, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'userName', value: 'jdoe' }],
    });
    expectScimError(response, 400, 'invalidValue');
  });

  it.each([['x'], [['x']], [[{ value: 'a@example.test' }, 'b']]])(
    'refuses emails: %p on POST (values of emails are objects)',
    async (emails) => {
      const client = await newClient();
      const response = await scimRequest(context.api, 'POST', '/Users', client.token, {
        userName: `${unique('emails')}@example.test`,
        emails,
      });
      expectScimError(response, 400, 'invalidValue', 'Each value of emails must be an object');
      expect(await context.database.db.scimIdentity.count({ where: { clientId: client.id } })).toBe(0);
    },
  );
});

describe('the NUL character is refused before it reaches PostgreSQL', () => {
  it.each([
    ['/Users', 'userName eq "a\\u0000b@example.test"'],
    ['/Users', 'emails[type eq "wo\\u0000rk"].value eq "a@example.test"'],
    ['/Groups', 'displayName eq "a\\u0000b"'],
  ])('GET %s?filter=%s is 400 invalidFilter', async (route, filter) => {
    const client = await newClient();
    const response = await scimRequest(
      context.api,
      'GET',
      `${route}?filter=${encodeURIComponent(filter)}`,
      client.token,
    );
    expectScimError(response, 400, 'invalidFilter', 'Filter values must not contain the NUL character (U+0000)');
  });

  it('refuses NUL in the attributes of POST and PATCH of users and groups with 400 invalidValue', async () => {
    const client = await newClient();
    const { id } = await newUser(client.token);
    const nul = 'a\u0000b';
    const requests: Array<[string, string, unknown]> = [
      ['POST', '/Users', { userName: `${nul}@example.test` }],
      ['POST', '/Users', { userName: `${unique('nul')}@example.test`, title: nul }],
      ['POST', '/Users', { userName: `${unique('nul')}@example.test`, name: { givenName: nul } }],
      [
        'PATCH',
        `/Users/${id}`,
        { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'displayName', value: nul }] },
      ],
      ['PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'add', value: { nickName: nul } }] }],
      ['POST', '/Groups', { displayName: nul }],
      ['POST', '/Groups', { displayName: unique('group'), externalId: nul }],
    ];
    for (const [method, route, body] of requests) {
      const response = await scimRequest(context.api, method, route, client.token, body);
      expectScimError(response, 400, 'invalidValue', /must not contain the NUL character/);
    }
    expect(await context.database.db.scimIdentity.count({ where: { clientId: client.id } })).toBe(1);
    expect(await context.database.db.scimGroup.count({ where: { clientId: client.id } })).toBe(0);
  });
});

describe('an unpaired surrogate is refused before it reaches PostgreSQL (jsonb cannot store it)', () => {
  it('in attributes of POST and PATCH, and in filter values, with 400', async () => {
    const client = await newClient();
    const { id } = await newUser(client.token);
    const half = 'a\ud800b';
    const requests: Array<[string, string, unknown]> = [
      ['POST', '/Users', { userName: `${unique('half')}@example.test`, name: { givenName: half } }],
      ['PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'title', value: half }] }],
      ['POST', '/Groups', { displayName: unique('group'), externalId: '\udfff' }],
    ];
    for (const [method, route, body] of requests) {
      const response = await scimRequest(context.api, method, route, client.token, body);
      expectScimError(response, 400, 'invalidValue', /must be valid Unicode text/);
    }
    const filter = await scimRequest(
      context.api,
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "a\\ud800b@example.test"')}`,
      client.token,
    );
    expectScimError(filter, 400, 'invalidFilter', /^Filter values must be valid Unicode text/);
    expect(await context.database.db.scimIdentity.count({ where: { clientId: client.id } })).toBe(1);
    expect(await context.database.db.scimGroup.count({ where: { clientId: client.id } })).toBe(0);
  });
});

describe('startIndex and count of any size', () => {
  it.each(['1000000000000000000000', '2147483648', '99999999999999999999999999999999'])(
    'startIndex=%s is 400 invalidValue',
    async (startIndex) => {
      const client = await newClient();
      for (const route of ['/Users', '/Groups']) {
        const response = await scimRequest(context.api, 'GET', `${route}?startIndex=${startIndex}`, client.token);
        expectScimError(response, 400, 'invalidValue', 'startIndex must be at most 2147483647');
      }
      const search = await scimRequest(context.api, 'POST', '/Users/.search', client.token, {
        schemas: [SEARCH],
        startIndex: Number(startIndex),
      });
      expect(search.status).toBe(400);
    },
  );

  it('answers the largest startIndex with an empty page, and caps a huge count at 200', async () => {
    const client = await newClient();
    await newUser(client.token);
    const last = await scimRequest(context.api, 'GET', '/Users?startIndex=2147483647', client.token);
    expect(last.status).toBe(200);
    expect(last.body).toEqual(expect.objectContaining({ totalResults: 1, startIndex: 2147483647, itemsPerPage: 0 }));
    for (const count of ['1000000000000000000000', '-1000000000000000000000']) {
      const response = await scimRequest(context.api, 'GET', `/Users?count=${count}`, client.token);
      expect(response.status).toBe(200);
    }
  });
});

describe('indexed texts are at most 255 characters (400 invalidValue)', () => {
  it('refuses a 3,000-character userName and a 5,000-character email local part', async () => {
    const client = await newClient();
    const longUserName = await scimRequest(context.api, 'POST', '/Users', client.token, {
      userName: `${noise(3000)}@example.test`,
    });
    expectScimError(longUserName, 400, 'invalidValue', 'userName is at most 255 characters');
    const longEmail = await scimRequest(context.api, 'POST', '/Users', client.token, {
      userName: unique('jdoe'),
      emails: [{ value: `${noise(5000)}@example.test`, type: 'work' }],
    });
    expectScimError(longEmail, 400, 'invalidValue', 'emails.value is at most 255 characters');
    expect(await context.database.db.scimIdentity.count({ where: { clientId: client.id } })).toBe(0);
  });

  it('refuses long externalIds and displayNames of users and groups, on POST, PUT and PATCH', async () => {
    const client = await newClient();
    const { id, email } = await newUser(client.token);
    const requests: Array<[string, string, unknown, string]> = [
      ['POST', '/Users', { userName: `${unique('u')}@example.test`, externalId: noise(4000) }, 'externalId'],
      ['PUT', `/Users/${id}`, { userName: email, displayName: noise(256) }, 'displayName'],
      [
        'PATCH',
        `/Users/${id}`,
        { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'externalId', value: noise(300) }] },
        'externalId',
      ],
      ['POST', '/Groups', { displayName: noise(3000) }, 'displayName'],
      ['POST', '/Groups', { displayName: unique('group'), externalId: noise(4000) }, 'externalId'],
    ];
    for (const [method, route, body, attribute] of requests) {
      const response = await scimRequest(context.api, method, route, client.token, body);
      expectScimError(response, 400, 'invalidValue', `${attribute} is at most 255 characters`);
    }
  });

  it('cuts a display name made from a long name to 255 characters, keeping the whole name', async () => {
    const client = await newClient();
    const formatted = noise(10_000);
    for (const name of [{ formatted }, { givenName: noise(3_000), familyName: noise(3_000) }]) {
      const response = await scimRequest(context.api, 'POST', '/Users', client.token, {
        userName: `${unique('long-name')}@example.test`,
        name,
      });
      expect(response.status).toBe(201);
      expect(response.body.name).toEqual(name);
      const user = await context.database.db.user.findUniqueOrThrow({ where: { id: response.body.id } });
      expect(user.displayName).toHaveLength(255);
    }
  });

  it('accepts exactly 255 characters', async () => {
    const client = await newClient();
    const userName = `${noise(255 - '@example.test'.length)}@example.test`;
    const user = await scimRequest(context.api, 'POST', '/Users', client.token, {
      userName,
      externalId: noise(255),
      displayName: noise(255),
    });
    expect(user.status).toBe(201);
    const group = await scimRequest(context.api, 'POST', '/Groups', client.token, {
      displayName: noise(255),
      externalId: noise(255),
    });
    expect(group.status).toBe(201);
  });
});

describe('deeply nested JSON', () => {
  const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('answers 5,000 levels of nesting in any SCIM body without a 5xx', async () => {
    const client = await newClient();
    const { id } = await newUser(client.token);
    // [method, route, body, status]: unknown sub-attributes are dropped, so a deep `name` is accepted.
    const requests: Array<[string, string, string, number]> = [
      ['POST', '/Users', `{"userName":"${unique('deep')}@example.test","name":${nested(5000)}}`, 201],
      ['POST', '/Users', `{"userName":"${unique('deep')}@example.test","emails":${arrays(5000)}}`, 400],
      ['POST', '/Users', arrays(5000), 400],
      ['PATCH', `/Users/${id}`, `{"schemas":["${PATCH_OP}"],"Operations":[{"op":"add","value":${nested(5000)}}]}`, 400],
      ['POST', '/Groups', `{"displayName":"deep","members":${arrays(5000)}}`, 400],
      ['POST', '/Users/.search', `{"schemas":["${SEARCH}"],"filter":${nested(5000)}}`, 400],
    ];
    for (const [method, route, rawBody, status] of requests) {
      const response = await context.api.request(method, `/scim/v2${route}`, {
        token: client.token,
        rawBody,
        headers: { 'content-type': 'application/scim+json' },
      });
      expect([route, response.status]).toEqual([route, status]);
      if (status === 400) expect(response.body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
    }
  });
});
