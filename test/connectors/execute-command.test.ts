import { describe, expect, it } from '@jest/globals';
import { executeConnectorCommand, type RunnableConnector } from '../../src/connectors/execute-command.js';
import type { ConnectorHandler } from '../../src/connectors/handler.js';

function handlerWith(execute: ConnectorHandler['execute']): ConnectorHandler {
  return {
    name: 'probe',
    version: '1',
    description: 'probe',
    defaultCommand: 'ping',
    commands: {
      ping: {
        description: 'ping',
        idempotent: true,
        parameters: {
          type: 'object',
          properties: { count: { type: 'integer', minimum: 1, default: 1 } },
          additionalProperties: false,
        },
      },
    },
    execute,
  };
}

const connector = (overrides: Partial<RunnableConnector> = {}): RunnableConnector => ({
  name: 'probe-1',
  enabled: true,
  commands: { ping: {} },
  connection: { token: 'secret' },
  secrets: ['secret'],
  ...overrides,
});

const call = (parameters: Record<string, unknown> = {}, timeoutMs = 1000) => ({
  command: 'ping',
  parameters,
  variables: {},
  stepId: 's1',
  instanceId: 'run-1',
  timeoutMs,
});

describe('the execution layer turns every outcome into a result', () => {
  it('validates parameters against the schema before the handler runs, filling defaults', async () => {
    let received: unknown;
    const handler = handlerWith(async (request) => {
      received = request.config.parameters;
      return { success: true, data: { pong: true } };
    });
    expect(await executeConnectorCommand(handler, connector(), call())).toEqual(
      expect.objectContaining({ success: true, data: { pong: true } }),
    );
    expect(received).toEqual({ count: 1 });
    const refused = await executeConnectorCommand(handler, connector(), call({ count: 0, extra: 1 }));
    expect(refused).toEqual(expect.objectContaining({ success: false, code: 'invalid_parameters' }));
    expect(refused.error).toContain('count must be >= 1');
  });

  it('reports a disabled connector, a missing handler and an unknown command', async () => {
    const handler = handlerWith(async () => ({ success: true }));
    expect((await executeConnectorCommand(handler, connector({ enabled: false }), call())).code).toBe(
      'connector_disabled',
    );
    expect((await executeConnectorCommand(undefined, connector(), call())).code).toBe('handler_missing');
    expect((await executeConnectorCommand(handler, connector({ commands: {} }), call())).code).toBe('unknown_command');
    // A name every object answers to is no command either.
    for (const command of ['constructor', 'toString', '__proto__']) {
      const result = await executeConnectorCommand(handler, connector(), { ...call(), command });
      expect([command, result.code]).toEqual([command, 'unknown_command']);
    }
  });

  it('turns a throwing handler into a failure result', async () => {
    const result = await executeConnectorCommand(
      handlerWith(async () => {
        throw new Error('boom');
      }),
      connector(),
      call(),
    );
    expect(result).toEqual(
      expect.objectContaining({ success: false, code: 'handler_error', error: 'probe-1.ping failed: boom' }),
    );
  });

  it('stops waiting after the timeout and aborts the handler', async () => {
    let aborted = false;
    const handler = handlerWith(
      (_request, { signal }) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            resolve({ success: false, error: 'aborted' });
          });
        }),
    );
    const result = await executeConnectorCommand(handler, connector(), call({}, 50));
    expect(result).toEqual(expect.objectContaining({ success: false, code: 'timeout' }));
    expect(aborted).toBe(true);
  });

  it('stops as cancelled and aborts the handler when the caller gives the call up', async () => {
    let aborted = false;
    const handler = handlerWith(
      (_request, { signal }) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            resolve({ success: true, data: { late: true } });
          });
        }),
    );
    const caller = new AbortController();
    setTimeout(() => caller.abort(), 20);
    const result = await executeConnectorCommand(handler, connector(), { ...call({}, 5_000), signal: caller.signal });
    expect(result).toEqual(expect.objectContaining({ success: false, code: 'cancelled' }));
    expect(aborted).toBe(true);

    let ran = false;
    const given = handlerWith(async (_request, { signal }) => {
      ran = !signal.aborted;
      return { success: true };
    });
    expect(await executeConnectorCommand(given, connector(), { ...call(), signal: AbortSignal.abort() })).toEqual(
      expect.objectContaining({ success: false, code: 'cancelled' }),
    );
    expect(ran).toBe(false);
  });
});

describe('the execution layer scrubs the connector secrets from every result', () => {
  const SECRET = 'tok/echoed+back=1';
  const secretConnector = () => connector({ connection: { token: SECRET }, secrets: [SECRET] });

  it('a successful result that echoes the secret in nested data and header values', async () => {
    const handler = handlerWith(async (request) => {
      const token = String(request.config.connection.token);
      return {
        success: true,
        data: {
          headers: { authorization: `Bearer ${token}`, 'x-encoded': encodeURIComponent(token) },
          body: { echoed: [{ note: `got ${Buffer.from(token).toString('base64')} here` }] },
        },
      };
    });
    const result = await executeConnectorCommand(handler, secretConnector(), call());
    expect(result).toEqual(
      expect.objectContaining({
        success: true,
        data: {
          headers: { authorization: 'Bearer [REDACTED]', 'x-encoded': '[REDACTED]' },
          body: { echoed: [{ note: 'got [REDACTED] here' }] },
        },
      }),
    );
  });

  it('a failure result and a throwing handler', async () => {
    const failing = handlerWith(async (request) => ({
      success: false,
      error: `denied for ${String(request.config.connection.token)}`,
      data: { sent: request.config.connection.token },
    }));
    const failed = await executeConnectorCommand(failing, secretConnector(), call());
    expect(failed).toEqual(
      expect.objectContaining({ success: false, error: 'denied for [REDACTED]', data: { sent: '[REDACTED]' } }),
    );

    const throwing = handlerWith(async (request) => {
      throw new Error(`cannot use ${String(request.config.connection.token)}`);
    });
    const thrown = await executeConnectorCommand(throwing, secretConnector(), call());
    expect(thrown.error).toBe('probe-1.ping failed: cannot use [REDACTED]');
  });
});
