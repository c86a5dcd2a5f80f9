import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { executeConnectorCommand } from '../../../src/connectors/execute-command.js';
import type { ConnectorHandler, LinkedUserRecord } from '../../../src/connectors/handler.js';
import { createDatabase, type Database } from '../../../src/db/client.js';
import { linkedUserRecords } from '../../../src/services/sync/linked-user-record.js';
import { useRunStack } from '../../support/run-stack.js';
import { hasStatus, waitForRun } from '../../support/runs.js';
import { createSyncDirectory, upstreamUsers, type SyncDirectory } from '../../support/sync-directory.js';
import { refusedPort } from '../../support/unreachable-database.js';
import { createUserWithToken } from '../../support/users.js';
import { createActive, definition, end, start, step } from '../../support/workflows.js';

// ExecutionContext.linkedUserRecord: a command names a person by Flowgate user id, and the handler
// finds the record of its connector that the user's sync match links (issue 44, "People in
// commands"), in run steps and in entitlement provisioning alike.

const stack = useRunStack();
let admin: string;
const domain = 'linked.test';

/** What the handler's `whoIs` command was given by the execution context, call by call. */
interface Observed {
  connector: string;
  userId: string;
  offered: boolean;
  record: LinkedUserRecord | undefined;
}
const observed: Observed[] = [];

/**
 * A directory (its listUsers is the sync tests' directory) with a `whoIs` command that asks the
 * context for the record `userId` is linked to, and fails `not_linked` without one, as the `ldap`
 * handler does for a person it cannot find.
 */
function linkedRecordDirectory(name: string): SyncDirectory {
  const directory = createSyncDirectory(name, ['listUsers']);
  const listUsers = directory.handler;
  const handler: ConnectorHandler = {
    ...listUsers,
    commands: {
      ...listUsers.commands,
      whoIs: {
        description: 'The record the user is linked to',
        idempotent: true,
        parameters: {
          type: 'object',
          properties: { userId: { type: 'string' } },
          required: ['userId'],
          additionalProperties: false,
        },
      },
    },
    async execute(request, context) {
      if (request.config.command !== 'whoIs') return listUsers.execute(request, context);
      const userId = String(request.config.parameters.userId);
      const record = await context.linkedUserRecord?.(userId);
      observed.push({
        connector: String(request.config.connection.label),
        userId,
        offered: context.linkedUserRecord !== undefined,
        record,
      });
      if (!record) return { success: false, error: `User ${userId} has no linked record`, code: 'not_linked' };
      return { success: true, data: { externalId: record.externalId, attributes: record.attributes } };
    },
  };
  directory.handler = handler;
  return directory;
}

const call = (method: string, path: string, body?: unknown) => stack.api.request(method, path, { token: admin, body });

/** A connector named `name` on `directory`, whose `label` setting names it in `observed`. */
async function connectorOn(directory: SyncDirectory, name: string): Promise<string> {
  const created = await call('POST', '/api/connectors', {
    name,
    type: directory.handler.name,
    executionModel: 'custom',
    config: { label: name },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** A user of `email`, as a login or the admin would have left it. */
async function userOf(email: string) {
  return stack.database.db.user.create({ data: { email, activeEmail: email, roles: ['requestor'] } });
}

let people: string;
let ada: { id: string };
let bob: { id: string };
let carol: { id: string };

beforeAll(async () => {
  admin = (await createUserWithToken(stack.database.db, ['admin'])).token;
  const directory = linkedRecordDirectory('linked-directory');
  directory.records.user = upstreamUsers(3, domain);
  directory.records.user[0]!.attributes = { department: 'Engineering', dn: 'CN=User 1,OU=Staff,DC=linked,DC=test' };
  // u3's email names nobody: only a person can link it.
  directory.records.user[2]!.email = `nobody@${domain}`;
  stack.api.connectors.registry.register(directory.handler, 'custom');
  const other = linkedRecordDirectory('other-directory');
  other.records.user = upstreamUsers(3, domain);
  stack.api.connectors.registry.register(other.handler, 'custom');

  ada = await userOf(`user1@${domain}`);
  bob = await userOf(`bob@${domain}`);
  carol = await userOf(`carol@${domain}`);

  people = await connectorOn(directory, 'linked-people');
  expect((await call('PUT', `/api/connectors/${people}/sync-config/user`, { syncAllUsers: true })).status).toBe(201);
  const pass = await call('POST', `/api/connectors/${people}/sync-config/user/trigger`);
  expect(pass.body.status).toBe('success');
  // carol is linked to u3 by a person: manual_override.
  const u3 = await stack.database.db.syncMatch.findFirstOrThrow({ where: { connectorId: people, externalId: 'u3' } });
  const linked = await call('POST', `/api/connectors/${people}/sync-matches/${u3.id}/resolve`, {
    action: 'link',
    userId: carol.id,
  });
  expect(linked.body.matchStatus).toBe('manual_override');
  // The other connector holds the same records, never synced: nobody is linked there.
  await connectorOn(other, 'other-people');
});

describe('a run step gets the record its user is linked to on the step connector', () => {
  /** Runs a published workflow whose one step asks `connector` who `userId` is; answers the step output. */
  async function runWhoIs(connector: string, userId: string, status: string) {
    const workflow = await createActive(
      stack.api,
      admin,
      definition(
        `who is ${connector} ${userId}`,
        [
          start('who'),
          step(
            'who',
            'connector',
            { connector, command: 'whoIs', parameters: { userId: '{{person}}' } },
            { success: 'end' },
          ),
          end(),
        ],
        { variables: [{ name: 'person', type: 'string', required: true }] },
      ),
    );
    const started = await call('POST', `/api/workflows/${workflow.id}/start`, { variables: { person: userId } });
    expect(started.status).toBe(201);
    await waitForRun(stack.api, admin, started.body.id, hasStatus(status));
    const { steps } = (await call('GET', `/api/runs/${started.body.id}/steps`)).body;
    return steps.find((entry: { stepId: string }) => entry.stepId === 'who');
  }

  it('a matched user: the handler receives the record of the sync match', async () => {
    const before = observed.length;
    const output = await runWhoIs('linked-people', ada.id, 'completed');
    expect(observed.slice(before)).toEqual([
      {
        connector: 'linked-people',
        userId: ada.id,
        offered: true,
        record: {
          externalId: 'u1',
          attributes: { department: 'Engineering', dn: 'CN=User 1,OU=Staff,DC=linked,DC=test' },
        },
      },
    ]);
    expect(JSON.stringify(output)).toContain('CN=User 1,OU=Staff,DC=linked,DC=test');
  });

  it('a user linked by a person (manual_override) is found too', async () => {
    const before = observed.length;
    await runWhoIs('linked-people', carol.id, 'completed');
    expect(observed.slice(before)).toEqual([
      expect.objectContaining({ record: expect.objectContaining({ externalId: 'u3' }) }),
    ]);
  });

  it('a user without a match gets undefined, and the handler says not_linked', async () => {
    const before = observed.length;
    const output = await runWhoIs('linked-people', bob.id, 'failed');
    expect(observed.slice(before)).toEqual([
      { connector: 'linked-people', userId: bob.id, offered: true, record: undefined },
    ]);
    expect(JSON.stringify(output)).toContain('not_linked');
  });

  it("another connector never answers with this connector's records", async () => {
    const before = observed.length;
    await runWhoIs('other-people', ada.id, 'failed');
    expect(observed.slice(before)).toEqual([
      { connector: 'other-people', userId: ada.id, offered: true, record: undefined },
    ]);
  });

  it('an id that is no UUID names nobody', async () => {
    const before = observed.length;
    await runWhoIs('linked-people', 'user1@linked.test', 'failed');
    expect(observed.slice(before)).toEqual([expect.objectContaining({ record: undefined })]);
  });

  it('an unlinked match links nobody', async () => {
    const match = await stack.database.db.syncMatch.findFirstOrThrow({
      where: { connectorId: people, externalId: 'u1' },
    });
    expect((await call('POST', `/api/connectors/${people}/sync-matches/${match.id}/unlink`)).status).toBe(200);
    const before = observed.length;
    await runWhoIs('linked-people', ada.id, 'failed');
    expect(observed.slice(before)).toEqual([expect.objectContaining({ userId: ada.id, record: undefined })]);
    // Linked again for the tests after this one.
    expect(
      (
        await call('POST', `/api/connectors/${people}/sync-matches/${match.id}/resolve`, {
          action: 'link',
          userId: ada.id,
        })
      ).status,
    ).toBe(200);
  });
});

describe("an entitlement's provisioning names the person by {{user.id}}", () => {
  let roleId: string;

  beforeAll(async () => {
    const whoIs = { command: 'whoIs', parameters: { userId: '{{user.id}}' } };
    const entitlement = await call('POST', '/api/entitlements', {
      name: 'linked-account',
      connector: 'linked-people',
      provisionConfig: whoIs,
      deprovisionConfig: whoIs,
    });
    expect(entitlement.status).toBe(201);
    const role = await call('POST', '/api/roles', { name: 'Linked account holder', entitlements: ['linked-account'] });
    expect(role.status).toBe(201);
    roleId = role.body.id;
  });

  it('granting the role hands the handler the record the user is linked to', async () => {
    const before = observed.length;
    const granted = await call('POST', `/api/roles/${roleId}/assignments`, { userId: ada.id });
    expect(granted.status).toBe(200);
    expect(granted.body.status).toBe('granted');
    expect(observed.slice(before)).toEqual([
      expect.objectContaining({ userId: ada.id, offered: true, record: expect.objectContaining({ externalId: 'u1' }) }),
    ]);
  });

  it('a user with no linked record: the handler gets undefined and the grant fails', async () => {
    const before = observed.length;
    const granted = await call('POST', `/api/roles/${roleId}/assignments`, { userId: bob.id });
    expect(granted.body.status).toBe('failed');
    expect(JSON.stringify(granted.body.results)).toContain(`User ${bob.id} has no linked record`);
    expect(observed.slice(before)).toEqual([expect.objectContaining({ userId: bob.id, record: undefined })]);
  });
});

describe('a database failure in the lookup is an error result, never an exception for the handler', () => {
  let unreachable: Database;

  beforeAll(async () => {
    unreachable = createDatabase(`postgresql://flowgate:secret@127.0.0.1:${await refusedPort()}/flowgate`);
  });
  afterAll(() => unreachable.$disconnect());

  it('the call ends linked_record_unavailable, and the handler sees its signal aborted', async () => {
    let handlerSaw: unknown;
    let signalAborted = false;
    const handler: ConnectorHandler = {
      name: 'lookup-probe',
      version: '1',
      description: 'asks for a linked record',
      defaultCommand: 'whoIs',
      commands: { whoIs: { description: 'who', idempotent: true, parameters: { type: 'object' } } },
      async execute(_request, context) {
        try {
          const record = await context.linkedUserRecord!(ada.id);
          return { success: true, data: { record: record ?? null } };
        } catch (error) {
          handlerSaw = error;
          signalAborted = context.signal.aborted;
          return { success: false, error: 'the handler gave up' };
        }
      },
    };
    const result = await executeConnectorCommand(
      handler,
      {
        name: 'probe',
        enabled: true,
        commands: { whoIs: {} },
        connection: {},
        secrets: [],
        linkedUserRecord: linkedUserRecords(unreachable, people),
      },
      { command: 'whoIs', parameters: {}, variables: {}, stepId: 's', instanceId: 'test', timeoutMs: 10_000 },
    );
    expect(result).toEqual(
      expect.objectContaining({
        success: false,
        code: 'linked_record_unavailable',
        error: `probe.whoIs could not read the sync match of user ${ada.id} (the database failed)`,
      }),
    );
    expect(signalAborted).toBe(true);
    expect((handlerSaw as Error).name).toBe('AbortError');
  });
});
