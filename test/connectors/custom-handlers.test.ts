import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { loadCustomHandlers } from '../../src/connectors/custom-handlers.js';
import { executeConnectorCommand } from '../../src/connectors/execute-command.js';
import { HandlerRegistry } from '../../src/connectors/registry.js';
import { projectRoot } from '../../src/config/project-root.js';

const samplePath = path.join(projectRoot(), 'src', 'connectors', 'samples', 'ticket-queue-handler.ts');

describe('custom handlers are loaded from module paths at start', () => {
  it('registers the sample handler and runs its commands through the execution layer', async () => {
    const [handler] = await loadCustomHandlers([samplePath]);
    const registry = new HandlerRegistry().register(handler!, 'custom');
    expect(registry.get('ticket-queue')?.origin).toBe('custom');

    const connector = {
      name: 'helpdesk',
      enabled: true,
      commands: { createTicket: {}, test: {} },
      connection: {},
      secrets: [],
    };
    const base = { variables: {}, stepId: 's1', instanceId: 'run-1', timeoutMs: 1000 };
    const created = await executeConnectorCommand(handler, connector, {
      ...base,
      command: 'createTicket',
      parameters: { key: 'T-1', title: 'New laptop', requester: 'ada' },
    });
    expect(created).toEqual(
      expect.objectContaining({
        success: true,
        data: { ticket: expect.objectContaining({ id: 'T-1', status: 'open' }) },
      }),
    );
    const invalid = await executeConnectorCommand(handler, connector, {
      ...base,
      command: 'createTicket',
      parameters: { key: 'T-2' },
    });
    expect(invalid).toEqual(expect.objectContaining({ success: false, code: 'invalid_parameters' }));
  });

  it('refuses a module that does not export a handler', async () => {
    const notAHandler = path.join(projectRoot(), 'src', 'connectors', 'handler.ts');
    await expect(loadCustomHandlers([notAHandler])).rejects.toThrow(/lacks a name/);
  });

  it('refuses a handler declaring a URL setting of a kind the service cannot check', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'flowgate-handler-'));
    try {
      const file = path.join(folder, 'odd-urls.mjs');
      await writeFile(
        file,
        `export default { name: 'odd-urls', version: '1', defaultCommand: 'x', commands: {},
           urlSettings: { endpoint: 'hostname' }, execute: async () => ({ success: true }) };`,
      );
      await expect(loadCustomHandlers([file])).rejects.toThrow(
        /lacks urlSettings whose kinds are url, urlOrPath, origins, ldapServers/,
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
