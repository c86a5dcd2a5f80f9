import { describe, expect, it } from '@jest/globals';
import { Connection } from '@temporalio/client';
import { clientWithCallDeadline, transactionAroundTemporalCall } from '../../src/temporal/client.js';

describe('the Temporal call deadline of a client on an existing connection (the worker builds its client so)', () => {
  it('is the one given, and a transaction around its calls outlasts it', async () => {
    const connection = Connection.lazy({ address: '127.0.0.1:1' });
    try {
      const slow = clientWithCallDeadline(connection, 'default', 20_000);
      expect(transactionAroundTemporalCall(slow)).toEqual({ timeout: 22_000 });
      // Another connection keeps its own.
      const other = Connection.lazy({ address: '127.0.0.1:1' });
      expect(transactionAroundTemporalCall(clientWithCallDeadline(other, 'default', 3_000))).toEqual({
        timeout: 5_000,
      });
      await other.close();
    } finally {
      await connection.close();
    }
  });
});
