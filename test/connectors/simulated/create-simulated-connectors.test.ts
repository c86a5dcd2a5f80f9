import { describe, expect, it } from '@jest/globals';
import { Ajv } from 'ajv';
import formats from 'ajv-formats';
import { LIST_COMMAND_PARAMETERS } from '../../../src/connectors/list-command-parameters.js';
import { createSimulatedConnectorHandlers } from '../../../src/connectors/simulated/index.js';
import { call, callData } from './call-handler.js';

const SPEC_COMMANDS: Record<string, { defaultCommand: string; commands: string[] }> = {
  'test-ldap': {
    defaultCommand: 'search',
    commands: ['test', 'search', 'bind', 'add', 'modify', 'delete', 'listUsers', 'listGroups', 'listRoles'],
  },
  'test-db': { defaultCommand: 'query', commands: ['test', 'query', 'insert', 'update', 'delete', 'list-tables'] },
  'test-activedirectory': {
    defaultCommand: 'findUser',
    commands: [
      'test',
      'findUser',
      'findGroup',
      'authenticate',
      'getGroupMembers',
      'enableAccount',
      'disableAccount',
      'addToGroup',
      'removeFromGroup',
      'resetPassword',
      'listUsers',
      'listGroups',
      'listRoles',
      'checkGroupMembership',
      'checkAccountExists',
      'createAccount',
    ],
  },
};

const { handlers, reset } = createSimulatedConnectorHandlers();

describe('the simulated connectors offer the commands of spec 2.6', () => {
  it('registers test-ldap, test-activedirectory and test-db', () => {
    expect(handlers.map((handler) => handler.name)).toEqual(['test-ldap', 'test-activedirectory', 'test-db']);
  });

  it.each(handlers.map((handler) => [handler.name, handler] as const))(
    '%s has the commands and default command of the table',
    (name, handler) => {
      expect(Object.keys(handler.commands)).toEqual(SPEC_COMMANDS[name]!.commands);
      expect(handler.defaultCommand).toBe(SPEC_COMMANDS[name]!.defaultCommand);
      expect(handler.version).toMatch(/^\d+\.\d+\.\d+$/);
    },
  );

  it('describes every command with a JSON Schema that compiles, and only the list commands are sync-capable', () => {
    // `required` inside anyOf/oneOf (one of these parameters) is standard JSON Schema that strictRequired flags.
    const ajv = new Ajv({ strict: true, strictRequired: false, allowUnionTypes: true });
    formats.default(ajv);
    for (const handler of handlers)
      for (const [name, spec] of Object.entries(handler.commands)) {
        expect(spec.description).not.toBe('');
        expect(typeof spec.idempotent).toBe('boolean');
        expect(() => ajv.compile(spec.parameters)).not.toThrow();
        const isList = ['listUsers', 'listGroups', 'listRoles'].includes(name);
        expect(spec.syncCapable ?? false).toBe(isList);
        if (isList) expect(spec.parameters).toBe(LIST_COMMAND_PARAMETERS);
      }
  });

  it('marks reads and repeatable changes idempotent, creations not', () => {
    const idempotent = (connector: string, command: string) =>
      handlers.find((handler) => handler.name === connector)!.commands[command]!.idempotent;
    expect(idempotent('test-ldap', 'search')).toBe(true);
    expect(idempotent('test-ldap', 'add')).toBe(false);
    expect(idempotent('test-activedirectory', 'addToGroup')).toBe(true);
    expect(idempotent('test-activedirectory', 'createAccount')).toBe(false);
    expect(idempotent('test-db', 'insert')).toBe(false);
    expect(idempotent('test-db', 'update')).toBe(true);
  });

  it('passes every connector test', async () => {
    for (const handler of handlers) expect(await callData(handler, 'test')).toMatchObject({ connected: true });
  });

  it('runs the default command when none is named', async () => {
    const ad = handlers[1]!;
    expect(await call(ad, '', { username: 'jdoe' })).toMatchObject({ success: true, data: { sAMAccountName: 'jdoe' } });
  });

  it('fails for an unknown command', async () => {
    expect(await call(handlers[0]!, 'teleport')).toEqual({
      success: false,
      error: expect.stringMatching(/^Unknown command 'teleport' for test-ldap/),
      code: 'unknown_command',
    });
  });
});

describe('simulateFailure makes any command fail at once (spec 2.6)', () => {
  const cases = handlers.flatMap((handler) =>
    Object.keys(handler.commands).map((command) => [handler.name, command, handler] as const),
  );

  it.each(cases)('%s %s fails with the connector name when it is true', async (name, command, handler) => {
    expect(await call(handler, command, {}, true)).toEqual({
      success: false,
      error: `Simulated failure (${name} connector)`,
      code: 'simulated_failure',
    });
  });

  it.each(handlers.map((handler) => [handler.name, handler] as const))(
    '%s fails with the given message when it is a non-empty string',
    async (_name, handler) => {
      expect(await call(handler, handler.defaultCommand, {}, 'Directory is down for maintenance')).toEqual({
        success: false,
        error: 'Directory is down for maintenance',
        code: 'simulated_failure',
      });
    },
  );

  it.each(handlers.map((handler) => [handler.name, handler] as const))(
    '%s runs normally when it is false or an empty string',
    async (_name, handler) => {
      for (const setting of [false, '', undefined])
        expect(await call(handler, 'test', {}, setting)).toMatchObject({ success: true, data: { connected: true } });
    },
  );

  it('is checked before anything else, even an unknown command or bad parameters', async () => {
    const [ldap] = handlers;
    expect(await call(ldap!, 'teleport', {}, true)).toMatchObject({ error: 'Simulated failure (test-ldap connector)' });
    expect(await call(ldap!, 'search', { filter: '((' }, 'down')).toMatchObject({ error: 'down' });
  });

  it('changes nothing', async () => {
    const ad = handlers[1]!;
    await call(ad, 'disableAccount', { username: 'jdoe' }, true);
    expect(await callData(ad, 'checkAccountExists', { username: 'jdoe' })).toMatchObject({ enabled: true });
  });
});

describe('one reset restores every simulated connector', () => {
  it('undoes changes in all three connectors', async () => {
    const [ldap, ad, db] = handlers;
    await callData(ldap!, 'delete', { dn: 'uid=jdoe,ou=people,dc=example,dc=test' });
    await callData(ad!, 'disableAccount', { username: 'jdoe' });
    await callData(db!, 'delete', { table: 'accounts', where: {} });
    reset();
    expect(await callData(ldap!, 'search', { filter: '(uid=jdoe)' })).toMatchObject({ count: 1 });
    expect(await callData(ad!, 'checkAccountExists', { username: 'jdoe' })).toMatchObject({ enabled: true });
    expect((await callData(db!, 'query', { table: 'accounts' })).rowCount).toBeGreaterThan(0);
  });

  it('shows the same people in LDAP and AD', async () => {
    const [ldap, ad] = handlers;
    const ldapUsers = await call(ldap!, 'listUsers');
    const adUsers = await call(ad!, 'listUsers');
    const identities = (resources: { externalId: string; email: string | null }[] = []) =>
      resources.map(({ externalId, email }) => ({ externalId, email }));
    expect(identities(ldapUsers.payload?.resources)).toEqual(identities(adUsers.payload?.resources));
  });
});
