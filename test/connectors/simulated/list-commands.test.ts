import { describe, expect, it } from '@jest/globals';
import { DEFAULT_LIST_PAGE_SIZE, type ConnectorHandler } from '../../../src/connectors/handler.js';
import { generateDirectory } from '../../../src/connectors/simulated/directory-data.js';
import { createTestActiveDirectoryConnector } from '../../../src/connectors/simulated/active-directory-connector.js';
import { createTestLdapConnector } from '../../../src/connectors/simulated/ldap-connector.js';
import { call, callData, manualClock, walkList } from './call-handler.js';

const directory = generateDirectory({ users: 1200, groups: 40, seed: 11 });
const engineers = directory.people.filter((person) => person.department === 'Engineering');

/** The two directory connectors, each with a way to change one user and to create one. */
const connectors: {
  name: string;
  create: (now: () => Date) => ConnectorHandler;
  changeUser: (handler: ConnectorHandler) => Promise<void>;
  createUser: (handler: ConnectorHandler) => Promise<void>;
}[] = [
  {
    name: 'test-ldap',
    create: (now) => createTestLdapConnector({ directory, now }).handler,
    changeUser: async (handler) => {
      await callData(handler, 'modify', {
        dn: 'uid=jdoe,ou=people,dc=example,dc=test',
        changes: [{ operation: 'replace', attribute: 'title', values: 'Principal Engineer' }],
      });
    },
    createUser: async (handler) => {
      await callData(handler, 'add', {
        dn: 'uid=nnew,ou=people,dc=example,dc=test',
        attributes: { objectClass: 'inetOrgPerson', cn: 'Nora New', sn: 'New', mail: 'nora.new@example.test' },
      });
    },
  },
  {
    name: 'test-activedirectory',
    create: (now) => createTestActiveDirectoryConnector({ directory, now }).handler,
    changeUser: async (handler) => {
      await callData(handler, 'disableAccount', { username: 'jdoe' });
    },
    createUser: async (handler) => {
      await callData(handler, 'createAccount', { username: 'nnew', firstName: 'Nora', lastName: 'New' });
    },
  },
];

describe.each(connectors)('$name list commands page through the directory', ({ create, changeUser, createUser }) => {
  it('walks every user exactly once with a small page size, reaching the total', async () => {
    const handler = create(() => new Date());
    const { resources, pageSizes, totalEstimate } = await walkList(handler, 'listUsers', { pageSize: 7 });
    expect(totalEstimate).toBe(directory.people.length);
    expect(resources).toHaveLength(directory.people.length);
    expect(new Set(resources.map((resource) => resource.externalId)).size).toBe(directory.people.length);
    expect(pageSizes.slice(0, -1).every((size) => size === 7)).toBe(true);
    expect(pageSizes.at(-1)).toBe(directory.people.length % 7 || 7);
    expect(new Set(resources.map((resource) => resource.email))).toEqual(
      new Set(directory.people.map((person) => person.email)),
    );
  });

  it('walks every group, with the group name as display name', async () => {
    const { resources, totalEstimate } = await walkList(
      create(() => new Date()),
      'listGroups',
      { pageSize: 3 },
    );
    expect(totalEstimate).toBe(directory.groups.length);
    expect(resources.map((resource) => resource.displayName)).toEqual(directory.groups.map((group) => group.name));
  });

  it('walks the job roles of the directory, one record per title with its department', async () => {
    const { resources, totalEstimate } = await walkList(
      create(() => new Date()),
      'listRoles',
      { pageSize: 10 },
    );
    expect(totalEstimate).toBe(resources.length);
    expect(new Set(resources.map((resource) => resource.externalId)).size).toBe(resources.length);
    expect(resources).toContainEqual({
      externalId: 'role-software-engineer',
      displayName: 'Software Engineer',
      email: null,
      attributes: { title: 'Software Engineer', department: 'Engineering' },
    });
    const titles = new Set(resources.map((resource) => resource.displayName));
    expect(directory.people.filter((person) => !titles.has(person.title))).toEqual([]);
  });

  it('returns 500 records per page by default and omits nextCursor on the last page', async () => {
    const handler = create(() => new Date());
    const first = await call(handler, 'listUsers');
    expect(first.payload?.resources).toHaveLength(DEFAULT_LIST_PAGE_SIZE);
    expect(first.payload?.nextCursor).toEqual(expect.any(String));
    const last = await call(handler, 'listGroups');
    expect(last.payload?.resources).toHaveLength(directory.groups.length);
    expect(last.payload).not.toHaveProperty('nextCursor');
  });

  it('describes each user with identity, email and directory attributes', async () => {
    const { resources } = await walkList(
      create(() => new Date()),
      'listUsers',
      { filter: { email: 'john.doe@example.test' } },
    );
    const jdoe = directory.people.find((person) => person.username === 'jdoe')!;
    expect(resources).toEqual([
      {
        externalId: jdoe.guid,
        displayName: 'John Doe',
        email: 'john.doe@example.test',
        attributes: expect.objectContaining({ department: 'Engineering', title: jdoe.title, enabled: true }),
      },
    ]);
  });

  it('returns only the records matching a filter', async () => {
    const { resources, totalEstimate } = await walkList(
      create(() => new Date()),
      'listUsers',
      {
        pageSize: 50,
        filter: { department: 'engineering' },
      },
    );
    expect(totalEstimate).toBe(engineers.length);
    expect(resources.map((resource) => resource.email)).toEqual(engineers.map((person) => person.email));
  });

  it('returns only the record modified after modifiedSince', async () => {
    const clock = manualClock('2030-01-01T00:00:00.000Z');
    const handler = create(clock.now);
    clock.set('2030-01-01T00:00:05.000Z');
    await changeUser(handler);
    const { resources, totalEstimate } = await walkList(handler, 'listUsers', {
      modifiedSince: '2030-01-01T00:00:01+00:00',
    });
    expect(resources.map((resource) => resource.email)).toEqual(['john.doe@example.test']);
    expect(totalEstimate).toBe(1);
    expect((await walkList(handler, 'listUsers', { modifiedSince: '2030-01-01T00:00:05.000Z' })).resources).toEqual([]);
  });

  it('neither skips nor repeats records when a user is created between two pages', async () => {
    const handler = create(() => new Date());
    const first = await call(handler, 'listUsers', { pageSize: 600 });
    await createUser(handler);
    const second = await call(handler, 'listUsers', { pageSize: 600, cursor: first.payload?.nextCursor });
    const third = await call(handler, 'listUsers', { pageSize: 600, cursor: second.payload?.nextCursor });
    const resources = [...first.payload!.resources, ...second.payload!.resources, ...third.payload!.resources];
    expect(new Set(resources.map((resource) => resource.externalId)).size).toBe(directory.people.length + 1);
    expect(resources.at(-1)?.displayName).toBe('Nora New');
    expect(third.payload).not.toHaveProperty('nextCursor');
  });

  it('fails gracefully for a cursor it did not issue or a timestamp that is not one', async () => {
    const handler = create(() => new Date());
    expect(await call(handler, 'listUsers', { cursor: 'garbage' })).toEqual({
      success: false,
      error: "cursor 'garbage' was not issued by this connector",
      code: 'invalid_parameters',
    });
    expect(await call(handler, 'listUsers', { modifiedSince: 'last tuesday' })).toMatchObject({
      success: false,
      code: 'invalid_parameters',
    });
    expect(await call(handler, 'listUsers', { filter: { department: { nested: true } } })).toMatchObject({
      success: false,
      code: 'invalid_parameters',
    });
  });
});

describe('list commands page through 200,000 users', () => {
  it('walks a 200,000-user directory in pages of 5,000', async () => {
    const large = generateDirectory({ users: 200_000, groups: 100 });
    const { resources, totalEstimate } = await walkList(
      createTestActiveDirectoryConnector({ directory: large }).handler,
      'listUsers',
      { pageSize: 5000 },
    );
    expect(totalEstimate).toBe(200_000);
    expect(resources).toHaveLength(200_000);
  });
});
