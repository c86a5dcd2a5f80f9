import { runInNewContext } from 'node:vm';
import { describe, expect, it } from '@jest/globals';
import { ConnectorError, isConnectorError } from '../../src/connectors/connector-error.js';
import { failureFromError } from '../../src/connectors/builtin/handler-results.js';
import { assertPublicDestination } from '../../src/connectors/builtin/network-guard.js';

describe('the connector layer has one error type, told apart by its code', () => {
  it('recognises a ConnectorError by name and code, also one built in another realm', () => {
    expect(isConnectorError(new ConnectorError('not_found', 'gone'))).toBe(true);
    const foreign = runInNewContext(
      'const error = new Error("gone"); error.name = "ConnectorError"; error.code = "not_found"; error',
    );
    expect(foreign instanceof Error).toBe(false);
    expect(isConnectorError(Object.setPrototypeOf(foreign, Error.prototype))).toBe(true);
    expect(isConnectorError(new Error('plain'))).toBe(false);
  });

  it('the SSRF guard refuses with a ConnectorError that becomes a failure result with its code', async () => {
    const refused = await assertPublicDestination(new URL('http://127.0.0.1/')).catch((error: unknown) => error);
    expect(isConnectorError(refused)).toBe(true);
    expect(failureFromError(refused, [])).toEqual({
      success: false,
      code: 'destination_refused',
      error: expect.stringContaining('127.0.0.1'),
    });
  });

  it('keeps the data of a failure that carries details', () => {
    const error = new ConnectorError('conflict', 'taken', { data: { existingId: 'u1' } });
    expect(failureFromError(error, [])).toEqual({
      success: false,
      code: 'conflict',
      error: 'taken',
      data: { existingId: 'u1' },
    });
  });
});
