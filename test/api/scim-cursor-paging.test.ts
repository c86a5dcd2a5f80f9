import { describe, expect, it } from '@jest/globals';
import { useTestApp } from '../support/app.js';
import { createScimClient, scimRequest, unique } from '../support/scim.js';
import { createUserWithToken } from '../support/users.js';

// Cursor paging of /Users and /Groups (RFC 9865) beside startIndex paging (docs/scim.md "Lists").
const context = useTestApp();
const SEARCH = 'urn:ietf:params:scim:api:messages:2.0:SearchRequest';

async function newClient() {
  const { token } = await createUserWithToken(context.database.db, ['admin']);
  return { admin: token, ...(await createScimClient(context.api, token)) };
}

async function createUsers(token: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const email = `${unique('paged')}@example.test`;
    const response = await scimRequest(context.api, 'POST', '/Users', token, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: email,
      externalId: unique('ext'),
    });
    expect(response.status).toBe(201);
    ids.push(response.body.id);
  }
  return ids;
}

/** Every page of `route` by cursor, `count` at a time. */
async function walk(route: string, token: string, count: number, extra = '') {
  const pages: Array<Record<string, any>> = [];
  let cursor = '';
  for (;;) {
    const response = await scimRequest(
      context.api,
      'GET',
      `${route}?cursor=${encodeURIComponent(cursor)}&count=${count}${extra}`,
      token,
    );
    expect(response.status).toBe(200);
    pages.push(response.body);
    if (!response.body.nextCursor) return pages;
    expect(response.body.nextCursor).toMatch(/^[A-Za-z0-9._~-]+$/);
    cursor = response.body.nextCursor;
    expect(pages.length).toBeLessThan(50);
  }
}

describe('the ServiceProviderConfig announces both paging methods (RFC 9865 4)', () => {
  it('names cursor and index paging, index by default, and the page sizes', async () => {
    const client = await newClient();
    const response = await scimRequest(context.api, 'GET', '/ServiceProviderConfig', client.token);
    expect(response.body.pagination).toEqual({
      cursor: true,
      index: true,
      defaultPaginationMethod: 'index',
      defaultPageSize: 100,
      maxPageSize: 200,
    });
  });
});

describe('GET /Users and /Groups by cursor', () => {
  it('walks every user once, in creation order, with nextCursor until the last page', async () => {
    const client = await newClient();
    const ids = await createUsers(client.token, 5);
    const pages = await walk('/Users', client.token, 2);
    expect(pages.map((page) => page.itemsPerPage)).toEqual([2, 2, 1]);
    expect(pages.flatMap((page) => page.Resources.map((user: { id: string }) => user.id))).toEqual(ids);
    for (const page of pages) {
      expect(page).toMatchObject({ totalResults: 5 });
      expect(page).not.toHaveProperty('startIndex');
    }
  });

  it('answers an empty first page without a nextCursor for a client without users', async () => {
    const client = await newClient();
    const response = await scimRequest(context.api, 'GET', '/Users?cursor=', client.token);
    expect(response.body).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 0,
      itemsPerPage: 0,
      Resources: [],
    });
  });

  it('neither skips nor repeats a user when one before the cursor is deleted meanwhile', async () => {
    const client = await newClient();
    const ids = await createUsers(client.token, 4);
    const first = await scimRequest(context.api, 'GET', '/Users?cursor=&count=2', client.token);
    expect(first.body.Resources.map((user: { id: string }) => user.id)).toEqual(ids.slice(0, 2));
    const deleted = await context.api.request('DELETE', `/api/users/${ids[0]}`, { token: client.admin });
    expect(deleted.status).toBe(200);
    const [added] = await createUsers(client.token, 1);
    const rest = await scimRequest(context.api, 'GET', `/Users?cursor=${first.body.nextCursor}&count=10`, client.token);
    expect(rest.body.Resources.map((user: { id: string }) => user.id)).toEqual([...ids.slice(2), added]);
    expect(rest.body).not.toHaveProperty('nextCursor');
  });

  it('pages a filtered list, and groups without their members', async () => {
    const client = await newClient();
    const [id] = await createUsers(client.token, 2);
    const user = await scimRequest(context.api, 'GET', `/Users/${id}`, client.token);
    const filter = encodeURIComponent(`userName eq "${user.body.userName}"`);
    const filtered = await walk('/Users', client.token, 1, `&filter=${filter}`);
    expect(filtered.flatMap((page) => page.Resources.map((found: { id: string }) => found.id))).toEqual([id]);

    const names = [unique('cursor-group'), unique('cursor-group'), unique('cursor-group')];
    for (const displayName of names) {
      const created = await scimRequest(context.api, 'POST', '/Groups', client.token, {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
        displayName,
        members: [{ value: id }],
      });
      expect(created.status).toBe(201);
    }
    const groups = await walk('/Groups', client.token, 2, '&excludedAttributes=members');
    const listed = groups.flatMap((page) => page.Resources);
    expect(listed.map((group: { displayName: string }) => group.displayName)).toEqual(names);
    expect(listed[0]).not.toHaveProperty('members');
  });

  it('takes the cursor in a SearchRequest body too', async () => {
    const client = await newClient();
    const ids = await createUsers(client.token, 3);
    const search = (body: Record<string, unknown>) =>
      scimRequest(context.api, 'POST', '/Users/.search', client.token, { schemas: [SEARCH], ...body });
    const first = await search({ cursor: '', count: 2 });
    expect(first.status).toBe(200);
    const second = await search({ cursor: first.body.nextCursor, count: 2 });
    expect([...first.body.Resources, ...second.body.Resources].map((user: { id: string }) => user.id)).toEqual(ids);
    expect(second.body).not.toHaveProperty('nextCursor');
  });
});

describe('cursors this server did not issue for the list are 400 (RFC 9865 3)', () => {
  it('refuses a made-up cursor, and one issued for another filter, with invalidCursor', async () => {
    const client = await newClient();
    await createUsers(client.token, 2);
    for (const cursor of ['not-a-cursor', 'e30', 'a'.repeat(2000), '%25%00']) {
      const response = await scimRequest(context.api, 'GET', `/Users?cursor=${cursor}`, client.token);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ status: '400', scimType: 'invalidCursor' });
    }
    const first = await scimRequest(context.api, 'GET', '/Users?cursor=&count=1', client.token);
    const other = await scimRequest(
      context.api,
      'GET',
      `/Users?cursor=${first.body.nextCursor}&filter=${encodeURIComponent('userName eq "x@example.test"')}`,
      client.token,
    );
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ scimType: 'invalidCursor', detail: expect.stringContaining('another filter') });
  });

  it('refuses a cursor together with a startIndex with invalidValue', async () => {
    const client = await newClient();
    const response = await scimRequest(context.api, 'GET', '/Users?cursor=&startIndex=1', client.token);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ scimType: 'invalidValue', detail: expect.stringContaining('not both') });
  });
});
