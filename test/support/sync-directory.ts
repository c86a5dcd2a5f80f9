import { expect } from '@jest/globals';
import { type CommandSpec, type ConnectorHandler, type ListedResource } from '../../src/connectors/handler.js';
import { LIST_COMMAND_PARAMETERS } from '../../src/connectors/list-command-parameters.js';
import type { AppUnderTest } from './app.js';

export type SyncType = 'user' | 'group' | 'role';

const COMMAND_TYPES: Record<string, SyncType> = { listUsers: 'user', listGroups: 'group', listRoles: 'role' };

export interface UpstreamRecord extends ListedResource {
  /** ISO timestamp of the last change, compared with `modifiedSince`. */
  modifiedAt: string;
}

/**
 * An upstream directory for sync tests: its records, page size and failures are set by the
 * test, and every list request it received is kept. It speaks the list-command contract of
 * sync item 4 (offset cursors, `modifiedSince`), as any connector handler does.
 */
export interface SyncDirectory {
  handler: ConnectorHandler;
  records: Record<SyncType, UpstreamRecord[]>;
  pageSize: number;
  /** The list request (1-based, counted across passes) that fails with `failureMessage`. */
  failOnRequest?: number;
  failureMessage: string;
  /** How long each list request takes. */
  delayMs: number;
  requests: Array<{ command: string; parameters: Record<string, unknown> }>;
}

const spec = (description: string): CommandSpec => ({
  description,
  idempotent: true,
  syncCapable: true,
  parameters: LIST_COMMAND_PARAMETERS,
});

export function createSyncDirectory(name: string, commands = ['listUsers', 'listGroups', 'listRoles']): SyncDirectory {
  const directory: SyncDirectory = {
    records: { user: [], group: [], role: [] },
    pageSize: 2,
    failureMessage: 'Upstream directory unavailable',
    delayMs: 0,
    requests: [],
    handler: {
      name,
      version: '1.0.0',
      description: 'Upstream directory of the sync tests',
      defaultCommand: commands[0]!,
      commands: Object.fromEntries(commands.map((command) => [command, spec(`${command} of the test directory`)])),
      async execute(request) {
        const { command, parameters } = request.config;
        directory.requests.push({ command, parameters });
        if (directory.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, directory.delayMs));
        if (directory.requests.length === directory.failOnRequest)
          return { success: false, error: directory.failureMessage };
        const since = typeof parameters.modifiedSince === 'string' ? parameters.modifiedSince : undefined;
        const all = directory.records[COMMAND_TYPES[command]!].filter(
          (record) => since === undefined || Date.parse(record.modifiedAt) > Date.parse(since),
        );
        const offset = typeof parameters.cursor === 'string' ? Number(parameters.cursor) : 0;
        const size = Math.min(directory.pageSize, Number(parameters.pageSize ?? directory.pageSize));
        const page = all.slice(offset, offset + size);
        const next = offset + size < all.length ? String(offset + size) : undefined;
        return {
          success: true,
          payload: {
            resources: page.map(({ modifiedAt: _modifiedAt, ...resource }) => resource),
            ...(next ? { nextCursor: next } : {}),
            totalEstimate: all.length,
          },
        };
      },
    },
  };
  return directory;
}

/** `count` user records `u1`, `u2`, ... with emails at `domain`. */
export function upstreamUsers(count: number, domain = 'example.test', modifiedAt = '2024-01-01T00:00:00.000Z') {
  return Array.from({ length: count }, (_, index) => ({
    externalId: `u${index + 1}`,
    displayName: `User ${index + 1}`,
    email: `user${index + 1}@${domain}`,
    attributes: { department: 'Engineering', memberOf: [] as string[] },
    modifiedAt,
  }));
}

let directories = 0;

/**
 * A connector (created through the API with `token`) on a fresh upstream directory of the
 * test's own, holding `users` user records from `upstreamUsers`.
 */
export async function connectorOnDirectory(
  api: AppUnderTest['api'],
  token: string,
  users = 5,
): Promise<{ directory: SyncDirectory; connectorId: string }> {
  directories += 1;
  const name = `sync-directory-${directories}`;
  const directory = createSyncDirectory(name);
  directory.records.user = upstreamUsers(users);
  api.connectors.registry.register(directory.handler, 'custom');
  const created = await api.request('POST', '/api/connectors', {
    token,
    body: { name: `directory-${directories}`, type: name, executionModel: 'custom' },
  });
  expect(created.status).toBe(201);
  return { directory, connectorId: created.body.id };
}
