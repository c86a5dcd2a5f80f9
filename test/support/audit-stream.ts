import { afterAll, beforeAll } from '@jest/globals';
import { startRsyslog, type RunningRsyslog } from '../../scripts/local/rsyslog.js';
import { sealAuditEntries } from '../../src/audit/audit-chain.js';
import type { Database } from '../../src/db/client.js';

/**
 * A real rsyslogd over TLS for a test file's audit sinks (scripts/local/rsyslog.ts), and the audit
 * entries sealed every half second, as the service's worker seals them every five, so streams
 * have something to send soon. `database` is read once the stack is up.
 */
export function useAuditStream(database: () => Database): { rsyslog: () => RunningRsyslog } {
  let rsyslog: RunningRsyslog | undefined;
  let sealing: NodeJS.Timeout | undefined;
  beforeAll(async () => {
    rsyslog = await startRsyslog();
    sealing = setInterval(() => void sealAuditEntries(database()).catch(() => undefined), 500);
  });
  afterAll(async () => {
    clearInterval(sealing);
    await rsyslog?.stop();
  });
  return {
    rsyslog: () => {
      if (!rsyslog) throw new Error('rsyslogd is started in beforeAll');
      return rsyslog;
    },
  };
}
